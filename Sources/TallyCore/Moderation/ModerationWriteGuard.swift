import Synchronization
import TallySQLite

/// The authorizer every moderation and sync write runs under.
///
/// tally's own statements write only moderation's tables. A trigger in the
/// database (imported with a vote page's export) runs inside those statements
/// with tally's rights, so a trigger `AFTER UPDATE ON suggestions … DELETE FROM
/// votes` would wipe the votes through a plain `notes approve`. SQLite consults
/// the authorizer for every write a trigger body makes while the statement is
/// compiled and names the innermost trigger in its 4th argument
/// (https://sqlite.org/c3ref/set_authorizer.html), so the write is refused before
/// anything runs, and the decision fails whole.
///
/// A trigger may only do what cannot change anyone's data: read, check (RAISE),
/// and update the vote page's own extra columns of `suggestions` (an `updated_at`
/// that a bookkeeping trigger maintains). Everything else — any write to `votes`,
/// `survey_options`, `moderation_log`, another table, or to a column tally or the
/// contract owns — is refused, naming the trigger.
final class ModerationWriteGuard: @unchecked Sendable {
    /// The guard installed on each connection, for a nested `run` to read its refusal.
    private static let active = Mutex<[ObjectIdentifier: ModerationWriteGuard]>([:])

    /// The first write refused in the current statement: the trigger and what it would do.
    private(set) var refused: (trigger: String, write: String)?

    /// Columns of `suggestions` that the contract or tally's migrations define.
    static let ownedSuggestionColumns: Set<String> = [
        "id", "session_id", "content", "status", "created_at", "reviewed_by", "reviewed_at", "review_reason",
        "version", "promoted_option_id",
    ]

    /// Runs `body` with the guard installed on `db`; a refused write becomes
    /// `ModerationError.triggerWrites`. Inside another guarded run (a pull replaying
    /// decisions), the outer guard stays in place and reports the refusal.
    static func run<T>(on db: Connection, _ body: () throws -> T) throws -> T {
        let key = ObjectIdentifier(db)
        if db.hasAuthorizer {
            // Nested (a pull's replay inside the pull's guard): the outer guard's refusal is this
            // body's, named here, so the caller can keep going (the pull makes it a conflict).
            guard let outer = active.withLock({ $0[key] }) else { return try body() }
            do {
                return try body()
            } catch let error as SQLiteError {
                if let refused = outer.refused {
                    outer.refused = nil
                    throw ModerationError.triggerWrites(trigger: refused.trigger, write: refused.write)
                }
                throw error
            }
        }
        let guardian = ModerationWriteGuard()
        db.setAuthorizer { guardian.decide($0) }
        active.withLock { $0[key] = guardian }
        defer {
            active.withLock { $0[key] = nil }
            db.setAuthorizer(nil)
        }
        do {
            return try body()
        } catch let error as SQLiteError {
            if let refused = guardian.refused {
                throw ModerationError.triggerWrites(trigger: refused.trigger, write: refused.write)
            }
            throw error
        }
    }

    /// The policy; see the type's comment.
    func decide(_ request: AuthorizerRequest) -> AuthorizerDecision {
        guard let trigger = request.trigger else { return .allow }
        let table = request.first ?? ""
        let write: String
        switch request.kind {
        case .insert: write = "INSERT INTO \(table)"
        case .delete: write = "DELETE FROM \(table)"
        case .update:
            let column = request.second ?? ""
            if table == "suggestions", !Self.ownedSuggestionColumns.contains(column) { return .allow }
            write = "UPDATE \(table) SET \(column)"
        case .read, .select, .function, .recursive: return .allow
        default: write = "\(request.kind) \(table)"
        }
        if refused == nil { refused = (trigger, write) }
        return .deny
    }
}

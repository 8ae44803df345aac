import TallySQLite

/// What the imported file's triggers will do when tally itself writes: record a
/// decision (UPDATE suggestions, INSERT moderation_log), promote a note (INSERT
/// survey_options) or apply a migration (INSERT d1_migrations).
///
/// Real exports carry the vote page's own audit and bookkeeping triggers, so
/// they are imported. Two findings matter before the first decision:
/// - a trigger that writes to another table (tally's writes would change data
///   tally does not own): listed in the import summary;
/// - a trigger that runs `RAISE(IGNORE)`: it would make tally's write vanish
///   without an error, so the import is refused.
///
/// Nothing is matched in the trigger's text and nothing runs: each trigger is
/// compiled alone (the table's other triggers dropped inside a savepoint that
/// is rolled back) into the statement tally would run. SQLite's authorizer
/// reports the tables its program writes, and `EXPLAIN` shows `RAISE(IGNORE)`
/// as the opcode `Halt` with P2 = 4 (OE_Ignore, https://sqlite.org/opcode.html#Halt).
enum TriggerAudit {
    /// One way tally writes to a table.
    struct Write: Equatable, Sendable {
        let table: String
        /// The columns an UPDATE sets; nil for an INSERT.
        let updates: [String]?
        /// What tally is doing, for messages ("records a decision").
        let purpose: String

        var statement: String {
            guard let updates else { return "INSERT INTO \(DumpImporter.quoted(table)) DEFAULT VALUES" }
            let sets = updates.map { "\(DumpImporter.quoted($0)) = \(DumpImporter.quoted($0))" }
            return "UPDATE \(DumpImporter.quoted(table)) SET " + sets.joined(separator: ", ") + " WHERE 0"
        }

        var event: String { updates == nil ? "INSERT" : "UPDATE" }
    }

    /// Every write tally makes to a vote page's database (ModerationStore.write, Migrator.migrate).
    static let tallysWrites: [Write] = [
        Write(
            table: "suggestions",
            updates: ["status", "reviewed_by", "reviewed_at", "review_reason", "version", "promoted_option_id"],
            purpose: "records a decision"),
        Write(table: "moderation_log", updates: nil, purpose: "records a decision"),
        Write(table: "survey_options", updates: nil, purpose: "promotes a note"),
        Write(table: "d1_migrations", updates: nil, purpose: "applies a migration"),
    ]

    /// What one trigger does when one of tally's writes fires it.
    struct Finding: Equatable, Sendable {
        let trigger: String
        let write: Write
        /// Tables its program (with the triggers it fires in turn) writes, other than `write.table`.
        let writesElsewhere: [String]
        /// True when its program can end in `RAISE(IGNORE)`.
        let ignoresRows: Bool
    }

    /// The findings for every trigger on a table tally writes, in table and trigger order.
    /// Runs inside the caller's transaction and leaves the database as it was.
    static func findings(in db: Connection) throws -> [Finding] {
        var findings: [Finding] = []
        for write in tallysWrites {
            let triggers = try db.query(
                "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = ? ORDER BY name",
                [.text(write.table)]
            ).compactMap { $0[0].string }
            guard !triggers.isEmpty else { continue }
            for trigger in triggers {
                if let finding = try probe(trigger, among: triggers, write: write, in: db) { findings.append(finding) }
            }
        }
        return findings
    }

    /// Compiles `write` with `trigger` as the table's only trigger; nil when the write does not fire it.
    private static func probe(_ trigger: String, among all: [String], write: Write, in db: Connection) throws
        -> Finding?
    {
        final class Seen {
            var fired = false
            var written: [String] = []
        }
        let seen = Seen()
        var ignores = false
        // Nested in the import's transaction, this is a SAVEPOINT; throwing rolls the drops back.
        struct Undo: Error {}
        do {
            try db.transaction {
                for other in all where other != trigger { try db.execute("DROP TRIGGER \(DumpImporter.quoted(other))") }
                db.setAuthorizer { request in
                    guard let inside = request.trigger else { return .allow }
                    if inside == trigger { seen.fired = true }
                    switch request.kind {
                    case .insert, .update, .delete:
                        if let table = request.first, table != write.table, !seen.written.contains(table) {
                            seen.written.append(table)
                        }
                    default: break
                    }
                    return .allow
                }
                defer { db.setAuthorizer(nil) }
                for row in try db.query("EXPLAIN " + write.statement) {
                    if row[1].string == "Halt", row[3].int64 == 4 { ignores = true }
                }
                throw Undo()
            }
        } catch is Undo {}
        guard seen.fired || ignores else { return nil }
        return Finding(trigger: trigger, write: write, writesElsewhere: seen.written.sorted(), ignoresRows: ignores)
    }
}

import TallySQLite

/// Why a pull or push refused to act. Whatever the case, nothing was changed.
package enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The last pulled data shows D1 lacks tally's migrations, which the pushed SQL needs.
    case remoteLacksMigrations([String])
    /// Another process holds the database's write lock (a moderator deciding, another pull).
    case locked(String)
    /// What was pulled (named as the user gave it: the file, or the wrangler command) holds tally's local
    /// tables, so it is a copy of a local database, not D1's data.
    case exportHoldsLocalTables(String)
    /// The copy's sync ledger was written by a newer tally (a layout this build does not know).
    case newerLedger(path: String, version: Int64)
    /// A decision on a note whose open conflict this copy still shows on the local side (a push
    /// found it and no pull has brought D1's note since): deciding now would build on a decision
    /// D1 did not take.
    case conflictNotPulled(SyncDecision)
    /// A decision on a note this copy still shows with a decision of its own that was taken back (withdrawn
    /// or discarded) and no pull has brought D1's note since: D1 will never hold the one it would build on.
    case droppedNotPulled(SyncDecision)
    /// The decision was sent to D1 and the answer was not read (`SyncState.sent`): D1 may hold it, so
    /// it can be neither withdrawn nor discarded until a push or pull has read D1.
    case outcomeUnknown(SyncDecision)
    /// What was pulled (`source`, as the user named it) holds no votes while the copy holds `copy`: taken,
    /// the copy's votes would be gone. Only `--discard-votes` takes it.
    case noVotes(copy: Int64, source: String)
    /// The copy came from the D1 database `copy`; the pull asked `asked`. Only `--switch-database` takes it.
    /// `pushing`: said by a push (nothing was sent), else by a pull.
    case otherDatabase(copy: String, asked: String, pushing: Bool = false)

    /// True for the cases the command line reports as a conflict (exit code 3).
    package var isConflict: Bool {
        switch self {
        case .conflictNotPulled, .droppedNotPulled: return true
        default: return false
        }
    }

    /// What went wrong and what to do.
    package var description: String {
        switch self {
        case .remoteLacksMigrations(let names):
            return "the last pulled data shows that D1 lacks tally's migration(s) \(names.joined(separator: ", ")), "
                + "so D1 would refuse the decisions (no such column: reviewed_by / no such table: moderation_log); "
                + "nothing was pushed. Apply them to D1 first: in wrangler.toml, under [[d1_databases]], set "
                + "migrations_dir = \"<path to tally>/migrations\", run `wrangler d1 migrations apply DB --remote`, "
                + "then `tally pull` and push again (see docs/sync.md)"
        case .locked(let path):
            return "\(path) is locked by another process (a moderator deciding, or another pull) for longer than "
                + "the busy timeout; nothing was changed; try again when it is done"
        case .exportHoldsLocalTables(let path):
            return "\(path) holds tally's local sync tables, so it is a dump of a local copy, not an export of D1 "
                + "(a table or view named tally_sync_*, in any letter case); "
                + "nothing was changed. Pull from D1 itself (`tally pull --wrangler DB`); if D1 really holds "
                + "tally_sync_* tables, drop them there: they belong only in a local copy"
        case .newerLedger(let path, let version):
            return "\(path) was last written by a newer tally (its sync ledger has layout \(version); this tally "
                + "knows \(SyncLedger.version) and older); nothing was changed. Use that newer tally"
        case .conflictNotPulled(let mine):
            let theirs = mine.remote.map { "D1 holds \($0.summary()) instead" } ?? (mine.detail ?? "D1 did not take it")
            return "note \(mine.noteID) is in conflict with D1: your \(mine.summary()) was not applied there "
                + "(\(theirs)), and this copy still shows your decision, not D1's note; nothing was changed. "
                + "Run `tally pull` first, then decide again on the note as D1 has it, or drop yours with "
                + "`tally notes discard \(mine.noteID)`"
        case .droppedNotPulled(let mine):
            return "note \(mine.noteID): this copy still shows your \(mine.summary()), which was taken back (withdrawn "
                + "or discarded) and will never be on D1, so a decision now would be made on top of it and D1 could "
                + "not take it; nothing was changed. Run `tally pull` first (it brings the note as D1 has it), then "
                + "decide on the note as it is"
        case .outcomeUnknown(let mine):
            return "note \(mine.noteID): your \(mine.summary()) was sent to D1 and its answer was not read (the "
                + "answer was lost, wrangler timed out or printed nothing readable, or tally was stopped), so D1 may "
                + "hold it; it cannot be withdrawn or dropped while that is unknown; nothing was changed. "
                + "`tally pull` (or the next `tally push --wrangler DB`) reads D1 and settles it; then decide again "
                + "on the note if you still want to"
        case .noVotes(let copy, let source):
            return "what was pulled (\(source)) holds no votes, but the copy holds \(copy); pulling it would "
                + "remove them all, so nothing was changed. If D1's votes were really removed (a new survey, a "
                + "reset), pull again with --discard-votes: the copy then holds D1's data without votes. Otherwise check the name of the "
                + "database or export (is it the vote page's D1?)"
        case .otherDatabase(let copy, let asked, let pushing):
            let (mine, other) = (MessageText.quoted(copy), MessageText.quoted(asked))
            let switching =
                "the data becomes \(other)'s, your decisions D1 has not confirmed are replayed onto it (a note "
                + "\(other) lacks makes a conflict that the next pull of the right database re-examines), and later "
                + "pulls and pushes go to \(other) only"
            if pushing {
                return "this copy came from the D1 database \(mine), not \(other); nothing was sent. Push to its "
                    + "own: `tally push --wrangler \(mine)`. To make it \(other)'s copy instead, first "
                    + "`tally pull --wrangler \(other) --switch-database`: \(switching)"
            }
            return "this copy came from the D1 database \(mine), not \(other); nothing was fetched or changed. "
                + "Pull its own: `tally pull --wrangler \(mine)`. To make it \(other)'s copy instead, add "
                + "--switch-database: \(switching)"
        }
    }
}

extension SyncError {
    /// Runs `body`; SQLite's busy or locked (past the connection's busy timeout) becomes
    /// `SyncError.locked(path)`, so no caller of the sync API sees a raw SQLite error for a lock
    /// (as `ModerationStore` does with `ModerationError.databaseBusy`). The transaction was rolled back.
    static func lockedIfBusy<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isBusy {
            throw SyncError.locked(path)
        }
    }
}

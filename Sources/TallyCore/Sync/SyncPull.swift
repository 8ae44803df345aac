import Foundation
import TallySQLite

/// `tally pull`: the local database becomes D1's data (an export) plus every
/// local decision D1 has not seen yet, replayed through the one write path.
///
/// Order of events, and why:
/// 1. The old database's write lock is taken (`BEGIN IMMEDIATE`) and held to the
///    end, so no decision can slip in after its ledger was read; a moderator
///    deciding meanwhile waits, and afterwards finds the file moved and stops
///    (`ModerationError.databaseReplaced`) instead of writing into a file nobody reads.
/// 2. The export is imported into a temporary file (`DumpImporter`, all checks);
///    the ledger is carried over and each decision is settled against D1's log:
///    the same decision there → confirmed; another decision at its version →
///    conflict; no trace → replayed with its own moderator, time and reason at
///    the version it acted on (the compare-and-set refuses it, as a conflict,
///    when the note moved on D1).
/// 3. The temporary file is renamed into place (`DatabaseFile.build`): after any
///    failure or kill the database is the old one or the new one, whole.
package struct SyncPull {
    /// What a pull did.
    package struct Outcome: Sendable, Equatable {
        package let summary: ImportSummary
        /// Where the data came from.
        package let origin: SyncOrigin
        /// Decisions found in D1's data as they were made here.
        package let confirmed: Int
        /// Decisions D1's data lacks, replayed onto it (those D1 had confirmed included).
        package let replayed: Int
        /// Conflicts found by this pull.
        package let newConflicts: [SyncDecision]
        /// Pushed decisions of which D1 shows no trace (replayed, still pushed).
        package let pushedWithoutTrace: Int
        /// Decisions D1 had confirmed that this export lacks (D1 restored from a backup, an older
        /// export, another database's): replayed onto its data and marked pushed again.
        package let confirmedMissing: Int
        /// The copy's votes given up because D1 holds none (only with `discardsVotes`).
        package var votesDiscarded: Int64 = 0
        /// The D1 database the copy came from, when this pull (`switchesDatabase`) read another.
        package var switchedFrom: String?
        /// Open conflicts whose reason no longer holds on this data: replayed (not yet on D1) or confirmed.
        package var conflictsCleared: [SyncDecision] = []
        /// Confirmed decisions whose note D1 now holds otherwise than it was decided on (text, author or
        /// time changed there after the decision) and that the copy did not show so before
        /// (`SyncDecision.changedAfter` holds D1's text).
        package var changedAfter: [SyncDecision] = []
    }

    /// The importer (progress and interruption are the caller's).
    package var importer: DumpImporter
    /// Whether data without votes may replace a copy that holds some (`--discard-votes`); without it
    /// such a pull is refused (`SyncError.noVotes`): a thin answer must never empty the copy.
    package var discardsVotes = false
    /// Whether a pull may read another D1 database than the one the copy came from (`--switch-database`);
    /// without it such a pull is refused (`SyncError.otherDatabase`).
    package var switchesDatabase = false

    /// A pull with this importer.
    package init(importer: DumpImporter) { self.importer = importer }

    /// Pulls `exportPath` into `target` (created when absent); `watermarks` (a pull through D1's
    /// query API) are recorded with the origin, and `database`, the D1 database read (nil for an export
    /// file: the copy keeps the name it had, as tally cannot tell which D1 a file is from).
    /// Throws `SyncError.locked` when another process holds `target`'s write lock past the busy timeout,
    /// `SyncError.otherDatabase` when `database` is not the one the copy came from (unless `switchesDatabase`).
    package func run(
        exportPath: String, target: String, source: String, at time: Instant, watermarks: [SyncWatermark] = [],
        database: String? = nil
    ) throws -> Outcome {
        try SyncError.lockedIfBusy(target) {
            try runUnlessBusy(
                exportPath: exportPath, target: target, source: source, at: time, watermarks: watermarks,
                database: database)
        }
    }

    /// The D1 database the copy at `target` came from, read without a lock (nil when unknown), checked
    /// against `database` before anything is fetched; the pull checks it again under its lock.
    package func checkDatabase(_ database: String, target: String) throws {
        guard FileManager.default.fileExists(atPath: target) else { return }
        let db = try Connection(path: target, mode: .readOnly)
        try check(database, against: try SyncLedger(db).origin()?.database)
    }

    /// The rule: a copy that came from `previous` is pulled from `database` only when they are the same,
    /// or with `switchesDatabase`. A copy pulled before tally kept the name takes any.
    private func check(_ database: String?, against previous: String?) throws {
        guard let database, let previous, database != previous, !switchesDatabase else { return }
        throw SyncError.otherDatabase(copy: previous, asked: database)
    }

    private func runUnlessBusy(
        exportPath: String, target: String, source: String, at time: Instant, watermarks: [SyncWatermark],
        database: String?
    ) throws -> Outcome {
        let reader = try DumpReader(path: exportPath, statementLimit: importer.statementLimit)
        // The hash is of the very bytes imported, read once: a second read could see another file
        // (replaced meanwhile) or nothing at all (a FIFO, which the second open waited on forever).
        let hash = SHA256()
        reader.onRead = { hash.update($0.bindMemory(to: UInt8.self)) }
        if DumpImporter.sameFile(exportPath, target) {
            throw DumpError.cannotRead(path: exportPath, reason: "it is the database to write; choose another --db")
        }
        var old: Connection?
        var carried: [SyncDecision] = []
        var previousDatabase: String?
        if FileManager.default.fileExists(atPath: target) {
            let db = try Self.lockCurrentFile(target)
            old = db
            // A copy made before the ledger (every logged decision's fate unknown: unpushed), or by an
            // older tally, is read as this build's ledger would hold it. Inside the held transaction,
            // which is rolled back: the old file is replaced, or stays as it was.
            let ledger = SyncLedger(db)
            try ledger.create()
            carried = try ledger.decisions()
            previousDatabase = try ledger.origin()?.database
            try check(database, against: previousDatabase)
        }
        let drafts = try old.map { try Self.promotionDrafts(carried, in: $0) } ?? [:]
        defer { if let old, !old.isAutocommit { try? old.execute("ROLLBACK") } }
        let outcome = try DatabaseFile.build(at: target, replace: true) { db in
            try importer.prepareConnection(db)
            return try db.transaction(.exclusive) {
                let summary = try importer.importInto(db, from: reader)
                // Named as SQLite names them: case-insensitively, a table or a view (`"TALLY_SYNC_DECISIONS"`
                // is the same name to SQLite, and would make every later decision fail).
                let placeholders = Array(repeating: "?", count: SyncLedger.tables.count).joined(separator: ", ")
                let clash = try db.scalar(
                    "SELECT count(*) FROM sqlite_schema WHERE type IN ('table', 'view') "
                        + "AND lower(name) IN (\(placeholders))", SyncLedger.tables.map { .text($0) })
                if let count = clash?.int64, count > 0 { throw SyncError.exportHoldsLocalTables(source) }
                // The import read the export to its end (`importInto` stops only there or by throwing).
                let origin = SyncOrigin(
                    pulledAt: time.d1Text, source: source, sha256: SHA256.hex(hash.finalize()),
                    missingMigrations: summary.migrationsApplied, watermarks: watermarks,
                    database: database ?? previousDatabase)
                let discarded = try old.map { try Self.votesLost(from: $0, to: db) } ?? 0
                if discarded > 0, !discardsVotes { throw SyncError.noVotes(copy: discarded, source: source) }
                let ledger = SyncLedger(db)
                try ledger.createEmpty()
                try ledger.setOrigin(origin)
                let switched = database.flatMap { asked in previousDatabase.map { $0 != asked } ?? false } ?? false
                var outcome = try ModerationWriteGuard.run(on: db) {
                    try carry(
                        carried, drafts: drafts, into: db, summary: summary, origin: origin,
                        switchedTo: switched ? database : nil)
                }
                outcome.votesDiscarded = discarded
                if switched { outcome.switchedFrom = previousDatabase }
                return outcome
            }
        }
        return outcome
    }

    /// How many votes the copy `old` holds when the new data `new` holds none (0 otherwise).
    static func votesLost(from old: Connection, to new: Connection) throws -> Int64 {
        func hasVotes(_ db: Connection) throws -> Bool {
            try db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'votes'")?.int64 == 1
        }
        guard try hasVotes(old) else { return 0 }
        if try hasVotes(new), try new.scalar("SELECT EXISTS (SELECT 1 FROM votes)")?.int64 == 1 { return 0 }
        return try old.scalar("SELECT count(*) FROM votes")?.int64 ?? 0
    }

    /// Opens `target` and takes its write lock. Another pull (or `import --replace`) may have
    /// renamed a new file into place while this one waited for the lock: the file it holds is then
    /// no longer the copy, and decisions made in the new one since would be thrown away by this
    /// pull's rename. So it opens the copy again until the file it locked is the current one.
    static func lockCurrentFile(_ target: String) throws -> Connection {
        while true {
            let db = try DatabaseFile.openForWriting(target)
            try db.execute("BEGIN IMMEDIATE")
            if !db.hasMoved { return db }
            try db.execute("ROLLBACK")
        }
    }

    /// Enters every carried decision into the new data's ledger, settling it against D1's log.
    private func carry(
        _ carried: [SyncDecision], drafts: [Int64: OptionDraft], into db: Connection, summary: ImportSummary,
        origin: SyncOrigin, switchedTo: String?
    )
        throws -> Outcome
    {
        let store = try ModerationStore(db)
        let ledger = SyncLedger(db)
        var confirmed = 0
        var replayed = 0
        var withoutTrace = 0
        var confirmedMissing = 0
        var conflictSeqs: [Int64] = []
        // Each note's earliest open conflict: a later decision on the note was made on top of it.
        var refused: [Int64: SyncDecision] = [:]
        // Open conflicts whose reason no longer holds on this data.
        var cleared: [SyncDecision] = []
        var changedSeqs: [Int64] = []
        // A decision D1 holds, entered as confirmed; the note it was made on is compared with D1's now:
        // one changed there after the decision is recorded with D1's text, and said once.
        func confirm(_ decision: SyncDecision, logID: Int64) throws {
            try ledger.insert(copying: decision, state: .confirmed, remote: nil, why: nil, logID: logID)
            let seq = db.lastInsertRowID
            // A key of layout 3 kept only by its fixed digest cannot be compared (`hasDigest`).
            guard let seen = decision.seen, !seen.hasDigest, let now = try SeenNote.current(decision.noteID, in: db),
                now.key != seen.key
            else { return }
            try ledger.setChanged(seq, to: now.content)
            if decision.changedAfter != now.content { changedSeqs.append(seq) }
        }
        func conflict(_ decision: SyncDecision, remote: SyncRemoteDecision?, why: SyncConflictWhy) throws {
            try ledger.insert(copying: decision, state: .conflict, remote: remote, why: why, logID: nil)
            // One that was open before keeps being one, with its reason as this data gives it: not new.
            if decision.state != .conflict { conflictSeqs.append(db.lastInsertRowID) }
            if refused[decision.noteID] == nil { refused[decision.noteID] = decision }
        }
        for decision in carried {
            let remote = try store.history(of: decision.noteID).first { $0.version == decision.version }
            // The state it is replayed in when D1's data lacks it.
            var replayedState = decision.state
            switch decision.state {
            case .conflict
            where decision.detail != nil && decision.conflictReason.map(Self.reexamined.contains) ?? true:
                // Examined again like an unpushed one, so its reason is this data's (a pull of another
                // database said "deleted there"; the right one's holds the note): still a conflict, with the
                // reason found now, or replayed (in this copy, sent by the next push), or confirmed.
                replayedState = .unpushed
            case .settled, .dropped, .conflict:
                if decision.state == .conflict, refused[decision.noteID] == nil { refused[decision.noteID] = decision }
                try ledger.insert(
                    copying: decision, state: decision.state, remote: decision.remote,
                    why: decision.detail.map { SyncConflictWhy(decision.conflictReason, $0) },
                    logID: remote.flatMap { decision.isSame(as: $0) ? $0.id : nil })
                continue
            case .confirmed:
                if let remote, decision.isSame(as: remote) {
                    try confirm(decision, logID: remote.id)
                    continue
                }
                // D1 held it once; this export does not. Kept "confirmed", the copy would show the note
                // without it and nothing would ever send it again. It is settled below like a pushed one.
                replayedState = .pushed
                if remote == nil { confirmedMissing += 1 }
            case .sent:
                // Its push's answer was never read; D1's data now says: held (confirmed below), or no
                // trace at all, so D1 did not apply it and it waits to be sent again.
                replayedState = .unpushed
            case .unpushed, .pushed:
                break
            }
            if let remote {
                if decision.isSame(as: remote) {
                    try confirm(decision, logID: remote.id)
                    confirmed += 1
                    if decision.state == .conflict { cleared.append(decision) }
                } else {
                    let why = SyncDecision.decidedOnD1(decision.version)
                    try conflict(decision, remote: SyncRemoteDecision(remote), why: why)
                }
                continue
            }
            if let earlier = refused[decision.noteID], earlier.version < decision.version {
                // Replayed, it could land on another moderator's decision that has the same state.
                try conflict(decision, remote: nil, why: SyncDecision.madeAfter(earlier))
                continue
            }
            if decision.seen == nil {
                // Never unguarded: without the note it was made on, nothing can say it is still that note.
                try conflict(decision, remote: nil, why: SyncDecision.notRecorded(decision.noteID))
                continue
            }
            guard let request = decision.request(option: drafts[decision.seq] ?? .verbatim) else {
                try conflict(decision, remote: nil, why: SyncDecision.notReplayable)
                continue
            }
            do {
                _ = try store.decide(request, replaying: true)
                // decide entered it as unpushed; it keeps the state it had.
                try ledger.set(db.lastInsertRowIDOfLedger(), state: replayedState, pushID: decision.pushID)
                if decision.state == .pushed { withoutTrace += 1 }
                if decision.state == .conflict { cleared.append(decision) }
                replayed += 1
            } catch let error as ModerationError {
                if case .databaseReplaced = error { throw error }
                let latest = try store.history(of: decision.noteID).last
                var why = SyncDecision.refusedByRule(error.description)
                switch error {
                case .noteNotFound:
                    // "See the ids with notes list" would not help: the note is gone from D1's data.
                    why =
                        switchedTo.map { SyncDecision.notInSwitchedDatabase(decision.noteID, $0) }
                        ?? SyncDecision.deletedOnD1(decision.noteID)
                case .noteChanged(let id, let seen, let found):
                    why = SyncDecision.changedOnD1(id, seen: seen, found: found)
                case .triggerWrites(let trigger, let write):
                    // The trigger came with D1's data: dropping it in the copy lasts until the next pull,
                    // so the pull goes on, and this decision waits as a conflict that says so.
                    why = SyncDecision.triggerOnD1(trigger, write, decision.noteID)
                default: break
                }
                try conflict(decision, remote: latest.map(SyncRemoteDecision.init), why: why)
            }
        }
        let entered = try ledger.decisions()
        return Outcome(
            summary: summary, origin: origin, confirmed: confirmed, replayed: replayed,
            newConflicts: entered.filter { conflictSeqs.contains($0.seq) }, pushedWithoutTrace: withoutTrace,
            confirmedMissing: confirmedMissing, conflictsCleared: cleared,
            changedAfter: entered.filter { changedSeqs.contains($0.seq) })
    }

    /// The kinds of open conflict every pull examines again against the data it brings: those D1's
    /// data decides (another decision at its version, the note deleted or changed, a trigger, a refusal
    /// by another rule, a decision on top of one of these). The others are this copy's own (a decision
    /// that cannot be written or replayed, one held back for its note unrecorded): no pull changes them.
    static let reexamined: Set<SyncConflictReason> = [
        .decidedOnD1, .deletedOnD1, .changedOnD1, .madeAfterRefused, .triggerOnD1,
    ]
}

extension Connection {
    /// The ledger's newest entry (the one `decide` just wrote).
    fileprivate func lastInsertRowIDOfLedger() throws -> Int64 {
        try scalar("SELECT max(seq) FROM tally_sync_decisions")?.int64 ?? 0
    }
}

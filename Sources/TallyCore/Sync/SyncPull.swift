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
    }

    /// The importer (progress and interruption are the caller's).
    package var importer: DumpImporter

    /// A pull with this importer.
    package init(importer: DumpImporter) { self.importer = importer }

    /// Pulls `exportPath` into `target` (created when absent); `watermarks` (a pull through D1's
    /// query API) are recorded with the origin.
    /// Throws `SyncError.locked` when another process holds `target`'s write lock past the busy timeout.
    package func run(
        exportPath: String, target: String, source: String, at time: Instant, watermarks: [SyncWatermark] = []
    ) throws -> Outcome {
        try SyncError.lockedIfBusy(target) {
            try runUnlessBusy(
                exportPath: exportPath, target: target, source: source, at: time, watermarks: watermarks)
        }
    }

    private func runUnlessBusy(
        exportPath: String, target: String, source: String, at time: Instant, watermarks: [SyncWatermark]
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
        if FileManager.default.fileExists(atPath: target) {
            let db = try Self.lockCurrentFile(target)
            old = db
            // A copy made before the ledger (every logged decision's fate unknown: unpushed), or by an
            // older tally, is read as this build's ledger would hold it. Inside the held transaction,
            // which is rolled back: the old file is replaced, or stays as it was.
            let ledger = SyncLedger(db)
            try ledger.create()
            carried = try ledger.decisions()
        }
        let drafts = try old.map { try Self.promotionDrafts(carried, in: $0) } ?? [:]
        defer { if let old, !old.isAutocommit { try? old.execute("ROLLBACK") } }
        let outcome = try DatabaseFile.build(at: target, replace: true) { db in
            try importer.prepareConnection(db)
            return try db.transaction(.exclusive) {
                let summary = try importer.importInto(db, from: reader)
                for table in SyncLedger.tables where summary.tables.contains(where: { $0.name == table }) {
                    throw SyncError.exportHoldsLocalTables(source)
                }
                // The import read the export to its end (`importInto` stops only there or by throwing).
                let origin = SyncOrigin(
                    pulledAt: time.d1Text, source: source, sha256: SHA256.hex(hash.finalize()),
                    missingMigrations: summary.migrationsApplied, watermarks: watermarks)
                let ledger = SyncLedger(db)
                try ledger.createEmpty()
                try ledger.setOrigin(origin)
                return try ModerationWriteGuard.run(on: db) {
                    try carry(carried, drafts: drafts, into: db, summary: summary, origin: origin)
                }
            }
        }
        return outcome
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
        origin: SyncOrigin
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
        func conflict(_ decision: SyncDecision, remote: SyncRemoteDecision?, why: SyncConflictWhy) throws {
            try ledger.insert(copying: decision, state: .conflict, remote: remote, why: why, logID: nil)
            conflictSeqs.append(db.lastInsertRowID)
            if refused[decision.noteID] == nil { refused[decision.noteID] = decision }
        }
        for decision in carried {
            let remote = try store.history(of: decision.noteID).first { $0.version == decision.version }
            // The state it is replayed in when D1's data lacks it.
            var replayedState = decision.state
            switch decision.state {
            case .settled, .dropped, .conflict:
                if decision.state == .conflict, refused[decision.noteID] == nil { refused[decision.noteID] = decision }
                try ledger.insert(
                    copying: decision, state: decision.state, remote: decision.remote,
                    why: decision.detail.map { SyncConflictWhy(decision.conflictReason, $0) },
                    logID: remote.flatMap { decision.isSame(as: $0) ? $0.id : nil })
                continue
            case .confirmed:
                if let remote, decision.isSame(as: remote) {
                    try ledger.insert(copying: decision, state: .confirmed, remote: nil, why: nil, logID: remote.id)
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
                    try ledger.insert(copying: decision, state: .confirmed, remote: nil, why: nil, logID: remote.id)
                    confirmed += 1
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
                replayed += 1
            } catch let error as ModerationError {
                if case .databaseReplaced = error { throw error }
                let latest = try store.history(of: decision.noteID).last
                var why = SyncDecision.refusedByRule(error.description)
                switch error {
                case .noteNotFound:
                    // "See the ids with notes list" would not help: the note is gone from D1's data.
                    why = SyncDecision.deletedOnD1(decision.noteID)
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
        let conflicts = try ledger.decisions().filter { conflictSeqs.contains($0.seq) }
        return Outcome(
            summary: summary, origin: origin, confirmed: confirmed, replayed: replayed, newConflicts: conflicts,
            pushedWithoutTrace: withoutTrace, confirmedMissing: confirmedMissing)
    }
}

extension Connection {
    /// The ledger's newest entry (the one `decide` just wrote).
    fileprivate func lastInsertRowIDOfLedger() throws -> Int64 {
        try scalar("SELECT max(seq) FROM tally_sync_decisions")?.int64 ?? 0
    }
}

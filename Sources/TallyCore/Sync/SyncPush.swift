import TallySQLite

/// `tally push`: the decisions D1 has not confirmed, as guarded SQL D1 accepts
/// (`DecisionSQL`, as `notes export-sql` writes it), chosen by the ledger, and
/// the verification query that says per decision whether it took effect.
public struct SyncPush {
    /// What to send.
    public struct Plan: Sendable, Equatable {
        /// The decisions, in the order they were made.
        public let decisions: [SyncDecision]
        /// The guarded statements, then the verification SELECT(s): the file `push --output` writes.
        public let text: String
        /// The verification SELECT(s) alone, one per line (for `wrangler d1 execute --command`).
        public let verification: String
    }

    /// Decisions per verification SELECT, so one statement stays far below D1's 100 KB.
    static let verificationChunk = 50

    /// The ledger's database.
    public let db: Connection

    /// A push over `db`.
    public init(_ db: Connection) { self.db = db }

    /// The plan, or nil when there is nothing to push: the unpushed decisions, and with
    /// `again` also the pushed ones D1 has not confirmed (sending them again is safe:
    /// the guarded SQL changes nothing where it already took effect).
    ///
    /// - Throws: `SyncError.remoteLacksMigrations` when the last pull showed D1 without tally's migrations.
    public func plan(again: Bool = false) throws -> Plan? {
        let ledger = SyncLedger(db)
        let decisions = try ledger.decisions(where: again ? "state IN ('unpushed', 'pushed')" : "state = 'unpushed'")
        guard !decisions.isEmpty else { return nil }
        if let origin = try ledger.origin(), !origin.missingMigrations.isEmpty {
            throw SyncError.remoteLacksMigrations(origin.missingMigrations)
        }
        let store = try ModerationStore(db)
        var entries: [ModerationLogEntry] = []
        for decision in decisions {
            guard let id = decision.logID, let entry = try store.logEntry(id), decision.isSame(as: entry) else {
                throw DecisionSQLError.cannotExport(
                    entry: decision.logID ?? 0, note: decision.noteID,
                    why: "the local moderation_log no longer holds it; run `tally pull` to settle it first")
            }
            entries.append(entry)
        }
        var script = try store.decisionScript(
            entries: entries,
            header: [
                "tally push: \(decisions.count) decision(s) D1 has not confirmed yet, as guarded SQL.",
                "Apply with: wrangler d1 execute <DATABASE> --remote --file <this file>",
                "Each statement applies only to the state it expects, so applying the file again changes nothing.",
                "The SELECT at the end returns one row per decision: applied = 1 when D1 holds it.",
            ]
        ).text
        let verification = Self.verification(for: decisions)
        script += "\n-- Verification: one row per decision.\n" + verification
        return Plan(decisions: decisions, text: script, verification: verification)
    }

    /// One SELECT per chunk of decisions: for each, the decision D1's log holds at
    /// its version and whether it is this one.
    static func verification(for decisions: [SyncDecision]) -> String {
        var lines: [String] = []
        var start = 0
        while start < decisions.count {
            let chunk = decisions[start..<min(decisions.count, start + verificationChunk)]
            let rows = chunk.map { decision in
                "SELECT \(decision.noteID) AS note, \(decision.version) AS version, "
                    + "\(DecisionSQL.literal(decision.action)) AS action, "
                    + "\(DecisionSQL.literal(decision.moderator)) AS moderator, "
                    + "\(DecisionSQL.literal(decision.createdAt)) AS created_at"
            }.joined(separator: " UNION ALL ")
            lines.append(
                "SELECT d.note AS note, d.version AS version, "
                    + "(m.action IS d.action AND m.moderator IS d.moderator "
                    + "AND m.created_at IS d.created_at) AS applied, "
                    + "m.action AS remote_action, m.to_status AS remote_to_status, m.moderator AS remote_moderator, "
                    + "m.created_at AS remote_created_at FROM (\(rows)) d LEFT JOIN moderation_log m "
                    + "ON m.suggestion_id = d.note AND m.version = d.version;")
            start += verificationChunk
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row of the verification's answer.
    public struct Answer: Sendable, Equatable {
        /// The note.
        public let note: Int64
        /// The version the decision produced.
        public let version: Int64
        /// D1's log holds this very decision.
        public let applied: Bool
        /// The decision D1's log holds at that version instead, if any.
        public let remote: SyncRemoteDecision?

        /// An answer row; see the properties.
        public init(note: Int64, version: Int64, applied: Bool, remote: SyncRemoteDecision?) {
            self.note = note
            self.version = version
            self.applied = applied
            self.remote = remote
        }
    }

    /// What D1 answered, entered in the ledger in one transaction: applied →
    /// confirmed; another decision at that version → conflict; no trace → stays pushed.
    /// Returns the new conflicts.
    public func apply(_ answers: [Answer], to decisions: [SyncDecision]) throws
        -> (confirmed: Int, conflicts: [SyncDecision])
    {
        let ledger = SyncLedger(db)
        var confirmed = 0
        var conflictSeqs: [Int64] = []
        try SyncError.lockedIfBusy(db.path) {
            try ModerationWriteGuard.run(on: db) {
                try db.transaction(.immediate) {
                    try ledger.refuseIfReplaced()
                    for decision in decisions {
                        let answer = answers.first { $0.note == decision.noteID && $0.version == decision.version }
                        guard let answer else { continue }
                        if answer.applied {
                            try ledger.set(decision.seq, state: .confirmed)
                            confirmed += 1
                        } else if let remote = answer.remote {
                            try ledger.set(
                                decision.seq, state: .conflict, remote: remote,
                                detail: "D1 holds another decision at version \(decision.version)")
                            conflictSeqs.append(decision.seq)
                        }
                    }
                }
            }
        }
        return (confirmed, try ledger.decisions().filter { conflictSeqs.contains($0.seq) })
    }
}

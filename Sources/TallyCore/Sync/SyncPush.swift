import TallySQLite

/// `tally push`: the decisions D1 has not confirmed, as guarded SQL D1 accepts
/// (`DecisionSQL`, as `notes export-sql` writes it), chosen by the ledger, and
/// the verification query that says per decision whether it took effect.
package struct SyncPush {
    /// What to send.
    package struct Plan: Sendable, Equatable {
        /// The decisions, in the order they were made.
        package let decisions: [SyncDecision]
        /// The guarded statements, then the verification SELECT(s): the file `push --output` writes.
        package let text: String
        /// The verification SELECTs, each one `wrangler d1 execute --command` argument.
        package let verification: [String]
        /// The guarded statements for D1's query API (`push --wrangler`), one request each: as many whole
        /// decisions as fit one argument (`requestBytes`, statements joined by `requestJoint`), each
        /// decision's statements in one request, in the order the decisions were made.
        package let requests: [Request]
        /// The decisions that cannot be sent, now conflicts saying why (`SyncDecision.detail`).
        package let refused: [SyncDecision]
    }

    /// Some decisions and their guarded statements, sent as one `--command`.
    package struct Request: Sendable, Equatable {
        /// The decisions, in the order they were made.
        package let decisions: [SyncDecision]
        /// Their statements, each without its final `;` (the request joins them with `requestJoint`).
        package let statements: [String]
    }

    /// The longest single argument Linux passes to a program (`MAX_ARG_STRLEN`): 128 KiB, the
    /// terminating NUL included. wrangler takes `--command`'s SQL as an argument; a longer one fails
    /// before wrangler runs (E2BIG).
    package static let argumentLimit = 128 * 1024
    /// What separates the statements of one `--command`.
    package static let requestJoint = ";\n"
    /// The most bytes one request's SQL may have: one argument, less its NUL. Every statement in it is
    /// within D1's statement limit already (`DecisionSQL` refuses a longer one).
    package static let requestBytes = argumentLimit - 1

    /// The most bytes one verification SELECT may have: D1 refuses a statement over 100,000
    /// bytes, and Linux a single command-line argument over 128 KiB (`MAX_ARG_STRLEN`, where
    /// wrangler would not even start); one SELECT is sent per `--command`, so the smaller one holds.
    package static let verificationBytes = DecisionSQL.maximumStatementBytes

    /// The ledger's database.
    package let db: Connection

    /// A push over `db`.
    package init(_ db: Connection) { self.db = db }

    /// The plan, or nil when there is nothing to push: the unpushed decisions, and with
    /// `again` also the pushed ones D1 has not confirmed (sending them again is safe:
    /// the guarded SQL changes nothing where it already took effect).
    ///
    /// A decision whose SQL cannot be written (its log entry changed in this copy, or a value SQL
    /// cannot carry) never holds up the others: it becomes a conflict saying why, in the plan's
    /// `refused`, with every later decision on its note; `tally notes discard` drops it.
    ///
    /// - Throws: `SyncError.remoteLacksMigrations` when the last pull showed D1 without tally's migrations.
    package func plan(again: Bool = false) throws -> Plan? {
        let ledger = SyncLedger(db)
        let candidates = try ledger.decisions(where: again ? "state IN ('unpushed', 'pushed')" : "state = 'unpushed'")
        guard !candidates.isEmpty else { return nil }
        if let origin = try ledger.origin() {
            // Only what the decisions' SQL needs: a D1 without tally's indexes takes them as well.
            let needed = Migration.neededByDecisions(origin.missingMigrations)
            if !needed.isEmpty { throw SyncError.remoteLacksMigrations(needed) }
        }
        let store = try ModerationStore(db)
        var decisions: [SyncDecision] = []
        var entries: [ModerationLogEntry] = []
        var seen: [Int64: SeenNote] = [:]
        var refusals: [(SyncDecision, SyncConflictWhy)] = []
        var refusedNotes: [Int64: SyncDecision] = [:]
        for decision in candidates {
            if let earlier = refusedNotes[decision.noteID] {
                refusals.append((decision, SyncDecision.madeAfter(earlier, which: "cannot be sent")))
                continue
            }
            do {
                let (entry, read) = try sendable(decision, in: store)
                entries.append(entry)
                seen[entry.id] = read
                decisions.append(decision)
            } catch let error as DecisionSQLError {
                refusals.append((decision, SyncDecision.cannotSend(decision.noteID, error.reason)))
                refusedNotes[decision.noteID] = decision
            }
        }
        let refused = try hold(refusals)
        // One key for this push's guards and its verification, drawn now (`DigestKey`).
        let key = DigestKey.fresh()
        let script = try store.decisionScript(
            entries: entries,
            header: [
                "tally push: \(decisions.count) decision(s) D1 has not confirmed yet, as guarded SQL.",
                "Apply with: wrangler d1 execute <DATABASE> --remote --file <this file>",
                "Each statement applies only to the state it expects, so applying the file again changes nothing.",
                "The SELECT at the end returns one row per decision: applied = 1 when D1 holds it.",
            ], seen: seen, key: key
        )
        let checks = try decisions.map { try $0.seen?.check(key: key, in: db) }
        let verification = Self.verification(for: decisions, checks: checks, key: key)
        let text =
            script.text + "\n-- Verification: one row per decision.\n" + verification.joined(separator: "\n") + "\n"
        return Plan(
            decisions: decisions, text: text, verification: verification,
            requests: Self.requests(decisions, script.byDecision), refused: refused)
    }

    /// The log entry and the note a decision was made on. Throws `DecisionSQLError` when its SQL
    /// cannot be written (any other error is the database's, and stops the push).
    private func sendable(_ decision: SyncDecision, in store: ModerationStore) throws
        -> (ModerationLogEntry, SeenNote)
    {
        func refuse(_ why: String) -> DecisionSQLError {
            .cannotExport(entry: decision.logID ?? 0, note: decision.noteID, why: why)
        }
        guard let id = decision.logID, let entry = try store.logEntry(id), decision.isSame(as: entry) else {
            throw refuse("the local moderation_log no longer holds it as it was made (changed or deleted in this copy)")
        }
        // Never pushed unguarded (an older tally's ledger is upgraded to hold it, or holds it back).
        guard let read = decision.seen else { throw refuse("the note it was decided on is not recorded") }
        guard !read.hasDigest else {
            throw refuse(
                "the note it was decided on is recorded only by the fixed digest an older tally kept, which another "
                    + "text can match, and this copy no longer holds its bytes")
        }
        _ = try store.decisionScript(entries: [entry], header: [], seen: [entry.id: read])
        return (entry, read)
    }

    /// Enters the decisions that cannot be sent as conflicts saying why, in one transaction; returns them so.
    private func hold(_ refusals: [(SyncDecision, SyncConflictWhy)]) throws -> [SyncDecision] {
        guard !refusals.isEmpty else { return [] }
        let ledger = SyncLedger(db)
        try ledger.write {
            for (decision, why) in refusals {
                try ledger.set(decision.seq, state: .conflict, why: why, pushID: decision.pushID)
            }
        }
        let seqs = Set(refusals.map(\.0.seq))
        return try ledger.decisions().filter { seqs.contains($0.seq) }
    }

    /// The decisions' statements packed into requests of at most `requestBytes` (see `Plan.requests`).
    static func requests(_ decisions: [SyncDecision], _ byDecision: [[String]]) -> [Request] {
        let joint = requestJoint.utf8.count
        let groups = zip(decisions, byDecision).map { decision, statements in
            (decision, statements.map { $0.hasSuffix(";") ? String($0.dropLast()) : $0 })
        }
        return packed(groups, limit: requestBytes, joint: joint) { group in
            group.1.reduce(0) { $0 + $1.utf8.count } + joint * max(0, group.1.count - 1)
        }.map { Request(decisions: $0.map(\.0), statements: $0.flatMap(\.1)) }
    }

    /// `items` in order, in as few runs as fit: a run's bytes are `frame`, each item's `bytes`, and
    /// `joint` between two items, at most `limit`. An item over the limit alone still gets a run of
    /// its own (D1 or the OS refuses it then, and the push says so). The one sizer of push's requests.
    static func packed<Item>(_ items: [Item], limit: Int, frame: Int = 0, joint: Int, bytes: (Item) -> Int)
        -> [[Item]]
    {
        var runs: [[Item]] = []
        var run: [Item] = []
        var total = frame
        for item in items {
            let added = bytes(item) + (run.isEmpty ? 0 : joint)
            if !run.isEmpty, total + added > limit {
                runs.append(run)
                run = []
                total = frame
            }
            total += bytes(item) + (run.isEmpty ? 0 : joint)
            run.append(item)
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }

    /// SELECTs of at most `verificationBytes` each, as many decisions in each as fit: for each
    /// decision, the decision D1's log holds at its version and whether it is this one, and
    /// whether D1's note is still the one it was decided on (its text only when it is not).
    /// A decision whose row alone does not fit still gets a SELECT of its own (D1 then refuses
    /// it, and the push says the check failed; the next pull settles the decision).
    /// `checks` are the decisions' notes under `key`, in order.
    static func verification(for decisions: [SyncDecision], checks: [SeenNote.Check?], key digestKey: DigestKey)
        -> [String]
    {
        func select(_ rows: [(String, SeenNote.Check?)]) -> String {
            // A column is read by its digest where a note of this SELECT is long there.
            let long = SeenNote.columns.indices.map { index in rows.contains { $0.1?.long[index] == true } }
            let key = SeenNote.Check.expression("s.", key: digestKey, long: long)
            return "SELECT d.note AS note, d.version AS version, "
                + "(m.action IS d.action AND m.moderator IS d.moderator "
                + "AND m.created_at IS d.created_at) AS applied, "
                + "m.action AS remote_action, m.to_status AS remote_to_status, m.moderator AS remote_moderator, "
                + "m.created_at AS remote_created_at, (s.id IS NOT NULL) AS note_present, "
                + "((\(key)) IS d.seen) AS same_note, "
                + "CASE WHEN (\(key)) IS d.seen THEN NULL ELSE s.content END AS remote_content "
                + "FROM (\(rows.map(\.0).joined(separator: " UNION ALL "))) d LEFT JOIN moderation_log m "
                + "ON m.suggestion_id = d.note AND m.version = d.version LEFT JOIN suggestions s ON s.id = d.note;"
        }
        let rows = zip(decisions, checks).map { decision, check in
            ("SELECT \(decision.noteID) AS note, \(decision.version) AS version, "
                + "\(DecisionSQL.literal(decision.action)) AS action, "
                + "\(DecisionSQL.literal(decision.moderator)) AS moderator, "
                + "\(DecisionSQL.literal(decision.createdAt)) AS created_at, "
                + "\(check.map { DecisionSQL.literal($0.expected) } ?? "NULL") AS seen", check)
        }
        // The frame is measured as if every column were read by its digest: the most a SELECT adds.
        let widest = (
            "", SeenNote.Check(expected: "", long: SeenNote.columns.map { _ in true }, digestKey: digestKey)
        )
        return packed(
            rows, limit: verificationBytes, frame: select([widest]).utf8.count, joint: " UNION ALL ".utf8.count,
            bytes: { $0.0.utf8.count }
        ).map(select)
    }

    /// One row of the verification's answer.
    package struct Answer: Sendable, Equatable {
        package let note: Int64
        /// The version the decision produced.
        package let version: Int64
        /// D1's log holds this very decision.
        package let applied: Bool
        /// The decision D1's log holds at that version instead, if any.
        package let remote: SyncRemoteDecision?
        /// D1's note, against the one the decision was made on.
        package let remoteNote: RemoteNote

        /// An answer row; see the properties.
        package init(
            note: Int64, version: Int64, applied: Bool, remote: SyncRemoteDecision?, remoteNote: RemoteNote = .same
        ) {
            self.note = note
            self.version = version
            self.applied = applied
            self.remote = remote
            self.remoteNote = remoteNote
        }
    }

    /// D1's note, as the verification query saw it.
    package enum RemoteNote: Sendable, Equatable {
        /// The note the decision was made on (same text, author session and creation time).
        case same
        /// Another text, author or creation time under the same id: D1's text.
        case changed(String)
        /// No note with this id.
        case missing
    }

    /// What D1 answered, entered in the ledger in one transaction: applied →
    /// confirmed; another decision at that version, a note deleted or changed on D1, or a
    /// decision made after one of these on the same note → conflict, saying which; no trace
    /// on the very note it was made on → stays pushed. Returns the new conflicts.
    package func apply(_ answers: [Answer], to decisions: [SyncDecision]) throws
        -> (confirmed: Int, conflicts: [SyncDecision])
    {
        let ledger = SyncLedger(db)
        var confirmed = 0
        var conflictSeqs: [Int64] = []
        try ledger.write {
            // The notes' earliest decision D1 did not take: a later one on the note depended on it.
            var refused: [Int64: SyncDecision] = [:]
            for decision in try ledger.decisions(where: "state = 'conflict'")
            where refused[decision.noteID] == nil {
                refused[decision.noteID] = decision
            }
            for decision in decisions {
                let answer = answers.first { $0.note == decision.noteID && $0.version == decision.version }
                guard let answer else { continue }
                if answer.applied {
                    try ledger.set(decision.seq, state: .confirmed)
                    confirmed += 1
                    continue
                }
                let why: SyncConflictWhy
                if answer.remote != nil {
                    why = SyncDecision.decidedOnD1(decision.version)
                } else if answer.remoteNote == .missing {
                    why = SyncDecision.deletedOnD1(decision.noteID)
                } else if case .changed(let text) = answer.remoteNote {
                    why = SyncDecision.changedOnD1(decision.noteID, seen: decision.seen?.content ?? "", found: text)
                } else if let earlier = refused[decision.noteID], earlier.version < decision.version {
                    why = SyncDecision.madeAfter(earlier)
                } else {
                    continue
                }
                try ledger.set(decision.seq, state: .conflict, remote: answer.remote, why: why)
                conflictSeqs.append(decision.seq)
                if refused[decision.noteID] == nil { refused[decision.noteID] = decision }
            }
        }
        return (confirmed, try ledger.decisions().filter { conflictSeqs.contains($0.seq) })
    }
}

import TallySQLite

/// Reads notes and their history, and writes every moderation decision.
///
/// `decide` is the one write path: every change to a note — approve, reject,
/// reopen, promote, from any command — goes through it, so the state machine,
/// the compare-and-set and the log entry can never drift apart.
package final class ModerationStore {
    /// The database. Decisions need a writable connection; reads work on a read-only one.
    package let db: Connection

    /// Wraps a connection after checking that the moderation schema is there.
    ///
    /// - Throws: `ModerationError.schemaMissing` when the database was not migrated.
    package init(_ db: Connection) throws {
        self.db = db
        try checkSchema()
    }

    // `decide`, the one write path, is in Sync/ModerationStore+Decide.swift: it writes the decision
    // (`decideLocked`, below) and its sync ledger entry in one transaction, and the ledger is Sync's.

    /// The checks and writes of `decide`, inside its transaction.
    func decideLocked(_ request: DecisionRequest) throws -> Decision {
        guard let note = try note(request.noteID) else { throw ModerationError.noteNotFound(request.noteID) }
        guard let state = note.state else { throw ModerationError.unknownStatus(note) }
        // A decision applies only to the note its moderator read: same text, author and creation
        // time, compared by the seen key that the push's SQL compares on D1 (or by its digest).
        if let now = try SeenNote.current(note.id, in: db) {
            if let seen = request.seen, now.key != seen.key {
                throw ModerationError.noteChanged(noteID: note.id, seen: seen.content, found: now.content)
            }
            if let digest = request.seenDigest, now.digest != digest {
                throw ModerationError.noteChanged(noteID: note.id, seen: nil, found: now.content)
            }
        }
        // Promoting a promoted note asks for what is already so, whatever version was seen:
        // not a race to report, and never a second option.
        if request.action == .promote, state == .promoted {
            let promotion = try history(of: note.id).last { $0.action == ModerationAction.promote.rawValue }
            throw ModerationError.alreadyPromoted(note: note, promotion: promotion)
        }
        let stateMoved = request.actedOnState.map { $0 != state } ?? false
        if note.version != request.actedOnVersion || stateMoved {
            let history = try history(of: note.id)
            var unseen =
                request.actedOnVersion > note.version
                ? Array(history.suffix(1)) : history.filter { $0.version > request.actedOnVersion }
            // Same version, another state: the decision that made that version is the one not seen
            // (another copy's, brought by a pull), not a change "outside tally".
            if unseen.isEmpty, stateMoved, let last = history.last, last.version == note.version,
                last.to == state.rawValue
            {
                unseen = [last]
            }
            throw conflict(request, found: note, decisions: unseen)
        }
        guard let target = state.applying(request.action) else {
            throw try refusal(of: request, note: note, state: state)
        }
        return try write(request, note: note, state: state, target: target)
    }

    /// Why an action that the state machine does not allow is refused.
    ///
    /// When the latest decision moved the note out of a state where this action
    /// applied, the moderator most likely acted on the note as it was before
    /// that decision: that is a conflict (someone decided first), not a misuse.
    private func refusal(of request: DecisionRequest, note: Note, state: NoteState) throws -> ModerationError {
        let history = try history(of: note.id)
        let last = history.last.flatMap { $0.version == note.version ? $0 : nil }
        if request.action == .reopen, state == .promoted {
            let promotion = history.last { $0.action == ModerationAction.promote.rawValue }
            return .promotedCannotReopen(note: note, promotion: promotion)
        }
        if let last, let from = NoteState(rawValue: last.from), request.action.sources.contains(from) {
            return conflict(request, found: note, decisions: [last])
        }
        return .illegalTransition(action: request.action, note: note, lastDecision: last)
    }

    /// The request refused as a conflict: the note was found in another state than the one acted on.
    private func conflict(_ request: DecisionRequest, found note: Note, decisions: [ModerationLogEntry])
        -> ModerationError
    {
        .conflict(
            ModerationConflict(
                noteID: note.id, action: request.action, actedOnVersion: request.actedOnVersion, found: note,
                decisions: decisions))
    }

    /// The writes of one allowed decision; runs inside `decide`'s transaction.
    private func write(_ request: DecisionRequest, note: Note, state: NoteState, target: NoteState) throws -> Decision {
        let at = request.time.d1Text
        var optionID = note.promotedOptionID
        if request.action == .promote {
            // The note's text becomes the option verbatim unless the moderator edited the label.
            let label = request.option.label?.text
            if label == nil { try checkPromotable(note.id) }
            try db.execute(
                "INSERT INTO survey_options (content, section, created_at) VALUES (?, ?, ?)",
                [.text(label ?? note.content), .text(request.option.section.rawValue), .text(at)])
            optionID = db.lastInsertRowID
        }
        try db.execute(
            """
            UPDATE suggestions
               SET status = ?, reviewed_by = ?, reviewed_at = ?, review_reason = ?,
                   version = version + 1, promoted_option_id = ?
             WHERE id = ? AND status = ? AND version = ? AND promoted_option_id IS ?
            """,
            [
                .text(target.storedStatus), .text(request.moderator.name), .text(at), SQLValue(request.reason?.text),
                SQLValue(optionID), .integer(note.id), .text(note.status), .integer(note.version),
                SQLValue(note.promotedOptionID),
            ])
        // The write lock is ours, so the row cannot have moved since it was read;
        // the compare-and-set still refuses to write over anything unexpected.
        guard db.changes == 1 else {
            throw conflict(request, found: note, decisions: [])
        }
        let version = note.version + 1
        try db.execute(
            """
            INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason,
                                        created_at, version, option_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(note.id), .text(request.action.rawValue), .text(state.rawValue), .text(target.rawValue),
                .text(request.moderator.name), SQLValue(request.reason?.text), .text(at), .integer(version),
                SQLValue(request.action == .promote ? optionID : nil),
            ])
        let entryID = db.lastInsertRowID
        guard let after = try self.note(note.id), let entry = try logEntry(entryID) else {
            fatalError("a note and its log entry written in this transaction must be readable in it")
        }
        return Decision(before: note, after: after, entry: entry)
    }

    /// Refuses a promotion whose option could not hold the note's exact text:
    /// a BLOB, text with NUL, or bytes that are not UTF-8 would reach the option
    /// cut at the NUL or with replacement characters.
    private func checkPromotable(_ id: Int64) throws {
        let row = try db.query(
            "SELECT typeof(content), CAST(content AS BLOB) FROM suggestions WHERE id = ?", [.integer(id)])
        guard let row = row.first else { return }
        let type = row[0].string ?? ""
        guard type == "text" else {
            throw ModerationError.unpromotableText(noteID: id, why: "is a \(type) value, not text")
        }
        let bytes: [UInt8]
        switch row[1] {
        case .blob(let stored): bytes = stored
        default: bytes = []
        }
        if bytes.contains(0) {
            throw ModerationError.unpromotableText(noteID: id, why: "holds a NUL character (SQL text would end there)")
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            throw ModerationError.unpromotableText(noteID: id, why: "holds bytes that are not valid UTF-8")
        }
    }
}

/// A decision that was written: the note before and after, and its log entry.
package struct Decision: Sendable, Equatable {
    /// The note as it was.
    package let before: Note
    /// The note as it is now.
    package let after: Note
    /// The entry appended to `moderation_log`.
    package let entry: ModerationLogEntry
}

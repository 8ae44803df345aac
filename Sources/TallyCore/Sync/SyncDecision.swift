import TallySQLite

/// One decision in the local sync ledger (`tally_sync_decisions`).
///
/// Its identity across the round trip to D1 is the log entry's
/// (note, version, action, moderator, time): `DecisionSQL` writes exactly those
/// values, so D1's `moderation_log` holds them verbatim once the push took effect.
package struct SyncDecision: Sendable, Equatable {
    /// The ledger's own order.
    package let seq: Int64
    package let noteID: Int64
    /// The note's version this decision produced (the moderator acted on `version - 1`).
    package let version: Int64
    /// approve, reject, reopen or promote.
    package let action: String
    /// The state before.
    package let from: String
    /// The state after.
    package let to: String
    package let moderator: String
    package let reason: String?
    /// When, as D1 text (UTC).
    package let createdAt: String
    /// The local `moderation_log` row holding it, when it is in the local data.
    package let logID: Int64?
    /// Where it stands.
    package let state: SyncState
    /// The push that carried it.
    package let pushID: Int64?
    /// For a conflict: the decision D1 holds instead, when there is one.
    package let remote: SyncRemoteDecision?
    /// For a conflict: why it was not applied, in words.
    package let detail: String?
    /// The note it was made on; nil only for a decision of an older ledger whose note is gone.
    package let seen: SeenNote?
    /// For a conflict: its kind, as stored (`conflict_kind`); nil for another moderation rule's refusal.
    package let conflictReason: SyncConflictReason?
    /// D1's text of the note when a pull found it changed there after this decision was taken (the
    /// text decided on is `seen`'s); nil while D1's note is the one decided on.
    package let changedAfter: String?
    /// For a withdrawn or dropped decision: who took it back (nil when unknown: dropped before tally kept it,
    /// or from the command line without a name) and when, as D1 text (UTC).
    package let droppedBy: String?
    package let droppedAt: String?

    /// The columns `init(row:)` reads, in order.
    static let columns = """
        seq, note_id, version, action, from_status, to_status, moderator, reason, created_at, log_id, state, push_id, \
        remote_action, remote_to_status, remote_moderator, remote_created_at, remote_version, detail, seen_key, \
        seen_content, conflict_kind, changed_content, dropped_by, dropped_at
        """

    /// `columns` over a ledger made before `conflict_kind` existed (layouts 2 and 3), read without upgrading it.
    static let columnsBeforeKind = columns.replacingOccurrences(
        of: "conflict_kind, changed_content, dropped_by, dropped_at",
        with: "'\(legacyKind)' AS conflict_kind, NULL AS changed_content, NULL AS dropped_by, NULL AS dropped_at")

    /// What `columnsBeforeKind` reads as the kind: the ledger keeps it only in its words, read as the
    /// upgrade would read them (a read-only command does not upgrade the ledger).
    static let legacyKind = "?"

    /// `columns` over a ledger made before `seen_key` existed (layout 1), read without upgrading it.
    static let columnsBeforeSeen = columnsBeforeKind.replacingOccurrences(
        of: "seen_key, seen_content", with: "NULL AS seen_key, NULL AS seen_content")

    init(row: Row) {
        seq = row[0].int64 ?? 0
        noteID = row[1].int64 ?? 0
        version = row[2].int64 ?? 0
        action = row[3].storedText ?? ""
        from = row[4].storedText ?? ""
        to = row[5].storedText ?? ""
        moderator = row[6].storedText ?? ""
        reason = row[7].storedText
        createdAt = row[8].storedText ?? ""
        logID = row[9].int64
        // Only tally writes the ledger; an unknown state is kept outstanding rather than dropped.
        state = SyncState(rawValue: row[10].storedText ?? "") ?? .conflict
        pushID = row[11].int64
        if let action = row[12].storedText {
            remote = SyncRemoteDecision(
                action: action, to: row[13].storedText ?? "", moderator: row[14].storedText ?? "",
                createdAt: row[15].storedText ?? "", version: row[16].int64 ?? 0)
        } else {
            remote = nil
        }
        detail = row[17].storedText
        seen = row[18].storedText.map { SeenNote(key: $0, content: row[19].storedText ?? "") }
        if state == .conflict {
            // A ledger of an older layout, read without upgrading it, has the kind only in its words.
            let kind = row[20].storedText
            conflictReason =
                kind == Self.legacyKind
                ? detail.flatMap(SyncConflictReason.init(detail:)) : kind.flatMap(SyncConflictReason.init(rawValue:))
        } else {
            conflictReason = nil
        }
        changedAfter = row[21].storedText
        droppedBy = row[22].storedText
        droppedAt = row[23].storedText
    }

    /// True when D1 refused it: a push or pull recorded it as a conflict, whether it is still open, settled by
    /// deciding again or dropped since. The ledger keeps a decision's `detail` only while its last answer from D1
    /// was a conflict (`SyncLedger.set` clears it for any other state; settling and dropping keep it), so its
    /// presence is the record, whatever its words.
    package var refusedByD1: Bool { detail != nil }

    /// True when `entry` (a row of some copy's `moderation_log`) is this very decision.
    package func isSame(as entry: ModerationLogEntry) -> Bool {
        entry.noteID == noteID && entry.version == version && entry.action == action && entry.moderator == moderator
            && entry.createdAt == createdAt
    }

    /// The request that makes this decision again on other data: same moderator,
    /// time and reason (so it keeps its identity), acting on the version before it.
    /// `option` is the option a promotion created on the copy it was made in (its edited label
    /// and section travel with it; the ledger holds only the log entry's fields).
    func request(option: OptionDraft = .verbatim) -> DecisionRequest? {
        guard let action = ModerationAction(rawValue: action), let moderator = try? Moderator(moderator),
            let time = StoredTimestamp.parse(createdAt)
        else { return nil }
        let reason = self.reason.flatMap { try? ModerationReason($0) }
        return DecisionRequest(
            noteID: noteID, action: action, moderator: moderator, reason: reason, actedOnVersion: version - 1,
            actedOnState: NoteState(rawValue: from), time: time, option: option, seen: seen)
    }

    /// "approve by 'mod-a' at 2026-09-24 01:55:00 UTC (version 1)", the time in `zone` when given.
    package func summary(in zone: Zone? = nil) -> String {
        "\(action) by \(MessageText.quoted(moderator)) at \(MessageText.time(createdAt, in: zone)) (version \(version))"
    }
}

/// The decision D1 holds where a local one conflicts.
package struct SyncRemoteDecision: Sendable, Equatable {
    /// approve, reject, reopen or promote.
    package let action: String
    /// The state it produced.
    package let to: String
    package let moderator: String
    /// When, as D1 text (UTC).
    package let createdAt: String
    /// The note's version it produced.
    package let version: Int64

    /// A remote decision; see the properties.
    package init(action: String, to: String, moderator: String, createdAt: String, version: Int64) {
        self.action = action
        self.to = to
        self.moderator = moderator
        self.createdAt = createdAt
        self.version = version
    }

    /// The log entry's fields.
    init(_ entry: ModerationLogEntry) {
        self.init(
            action: entry.action, to: entry.to, moderator: entry.moderator, createdAt: entry.createdAt,
            version: entry.version)
    }

    /// "reject by 'mod-b' at 2026-09-24 01:55:00 UTC (version 1)", the time in `zone` when given.
    package func summary(in zone: Zone? = nil) -> String {
        "\(action) by \(MessageText.quoted(moderator)) at \(MessageText.time(createdAt, in: zone)) (version \(version))"
    }
}

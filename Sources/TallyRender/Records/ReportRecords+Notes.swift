import TallyCore

/// The notes' figures and the anomalies.
extension ReportRecords {
    /// `suggestions`: `notes_summary`, `notes` and `notes_promoted` rows per status, an `approved` row per approved
    /// note (its author's session on the first note of each session's group, once, as JSON has it; on an internal
    /// report, `changed_after_decision` when D1's note was changed after this copy's decision), a `promoted` row
    /// per promotion; and a `moderation_record` row when the database has no moderation history.
    mutating func addSuggestions(_ suggestions: ReportModel.Suggestions) {
        add(["suggestions", "total"], .int(suggestions.total), row("notes_summary", label: "total"), .value)
        add(["suggestions", "by_status"], .array([]))
        for (index, status) in suggestions.statuses.enumerated() {
            func at(_ key: String) -> [Step] { ["suggestions", "by_status", .index(index), .key(key)] }
            let row = row("notes")
            let promoted = self.row("notes_promoted", label: status.status)
            add(at("status"), .string(status.status), row, .label)
            add(at("notes"), .int(status.notes), row, .value)
            add(at("promoted"), .int(status.promoted), promoted, .value)
            add(at("sessions"), .int(status.sessions), row, .sessions)
        }
        add(
            ["suggestions", "approved"], .int(suggestions.approvedCount), row("notes_summary", label: "approved"),
            .value)
        add(["suggestions", "approved_by_session"], .array([]))
        for (number, group) in suggestions.approvedGroups.enumerated() {
            let path: [Step] = ["suggestions", "approved_by_session", .index(number)]
            let rows = group.notes.map { _ in row("approved") }
            add(path + ["session"], session(group.session), rows.first, .session)
            add(path + ["notes"], .array([]))
            for (index, note) in group.notes.enumerated() {
                let at = path + ["notes", .index(index)]
                add(at + ["id"], .integer(note.id), rows[index], .id)
                add(at + ["content"], .string(note.content), rows[index], .label)
                add(at + ["created_at"], time(note.createdAt), rows[index], .time)
                add(
                    at + ["promoted_option_id"], note.promotedOptionID.map(JSONValue.integer) ?? .null, rows[index],
                    .value)
                // For moderators only, and only when so: the text shown is not the one decided on.
                if showsSessions, let changed = note.changedAfterDecision {
                    let said =
                        "changed on D1 after the decision (\(changed.action) by \(changed.moderator)); the text "
                        + "decided on: \(changed.decidedContent)"
                    add(
                        at + ["changed_after_decision", "action"], .string(changed.action), rows[index], .detail,
                        field: .text(said))
                    add(at + ["changed_after_decision", "moderator"], .string(changed.moderator))
                    add(at + ["changed_after_decision", "decided_content"], .string(changed.decidedContent))
                }
            }
        }
        add(["suggestions", "promoted"], .array([]))
        for (index, promotion) in suggestions.promotions.enumerated() {
            func at(_ key: String) -> [Step] { ["suggestions", "promoted", .index(index), .key(key)] }
            let row = row("promoted")
            add(at("note_id"), .integer(promotion.note.id), row, .value)
            add(at("option_id"), promotion.note.promotedOptionID.map(JSONValue.integer) ?? .null, row, .id)
            add(at("content"), .text(promotion.option?.content), row, .label)
            add(at("votable_since"), time(promotion.option?.createdAt), row, .time)
            add(at("voters"), .int(promotion.option?.voters), row, .sessions)
            add(at("votes"), .int(promotion.option?.votes), row, .votes)
        }
        if !suggestions.moderationRecord {
            // Only then, so a migrated database's CSV stays as it was.
            let row = row(
                "moderation_record",
                [
                    .detail: .text(
                        "the database has only the vote page's tables: no promotion links or moderation history")
                ])
            add(["suggestions", "moderation_record"], .string("not_available"), row, .label)
        }
    }

    /// `anomalies[]`: an `anomaly` row each, then its examples' rows (`detail`: the table, and `: text` when the
    /// example has text).
    mutating func addAnomalies(_ anomalies: [ReportFigures.Anomaly]) {
        add(["anomalies"], .array([]))
        for (number, anomaly) in anomalies.enumerated() {
            let path: [Step] = ["anomalies", .index(number)]
            let row = row("anomaly")
            add(path + ["kind"], .string(anomaly.kind.rawValue), row, .label)
            add(path + ["count"], .int(anomaly.total), row, .value)
            add(path + ["examples"], .array([]))
            for (index, example) in anomaly.examples.enumerated() {
                let at = path + ["examples", .index(index)]
                let row = self.row("anomaly_example", label: anomaly.kind.rawValue)
                add(
                    at + ["table"], .string(example.table), row, .detail,
                    field: .text(example.text.map { "\(example.table): \($0)" } ?? example.table))
                add(at + ["row_id"], example.rowID.map(JSONValue.integer) ?? .null, row, .id)
                add(at + ["session"], session(example.session), row, .session)
                add(at + ["option_id"], example.optionID.map(JSONValue.integer) ?? .null, row, .value)
                add(at + ["text"], .text(example.text))
                add(at + ["at"], time(example.at), row, .time)
                add(at + ["votes"], .int(example.count), row, .votes)
            }
        }
    }
}

import TallySQLite

extension SyncPull {
    /// The options the carried promotions created in the old copy, by ledger seq, as drafts a
    /// replay recreates: a label the moderator edited, or a section other than community, would
    /// otherwise come back as the note's text in the community section after a pull.
    static func promotionDrafts(_ carried: [SyncDecision], in old: Connection) throws -> [Int64: OptionDraft] {
        var drafts: [Int64: OptionDraft] = [:]
        for decision in carried where decision.action == ModerationAction.promote.rawValue {
            guard let logID = decision.logID else { continue }
            let rows = try old.query(
                """
                SELECT o.content, o.section, s.content FROM moderation_log l
                  JOIN survey_options o ON o.id = l.option_id JOIN suggestions s ON s.id = l.suggestion_id
                 WHERE l.id = ?
                """, [.integer(logID)])
            guard let row = rows.first, let content = row[0].storedText else { continue }
            let section = OptionDraft.Section(rawValue: row[1].storedText ?? "") ?? .community
            let label = content == row[2].storedText ? nil : try? OptionLabel(content)
            drafts[decision.seq] = OptionDraft(label: label, section: section)
        }
        return drafts
    }
}

import TallySQLite

extension SyncLedger {
    /// The options this copy's own promotions made that D1 has not confirmed (unsent, sent, in conflict,
    /// settled or withdrawn), by the number this copy gave them. A promotion takes the copy's next free number
    /// (`INTEGER PRIMARY KEY`, SQLite's largest rowid plus one), which D1 gives only by chance: D1 numbers the
    /// option when the promotion gets there, and a pull that replays this copy's unsent promotions numbers
    /// them again (after an undo of an earlier one, #9 became #8). A promotion is matched to its log entry by
    /// the identity D1 keeps (note, version, action, moderator, time), as `SyncDecision.isSame` does.
    package func optionsNotOnD1() throws -> Set<Int64> {
        guard try exists() else { return [] }
        let rows = try db.query(
            """
            SELECT l.option_id FROM moderation_log l
              JOIN tally_sync_decisions d
                ON d.note_id = l.suggestion_id AND d.version = l.version AND d.action = l.action
               AND d.moderator = l.moderator AND d.created_at = l.created_at
             WHERE l.action = 'promote' AND l.option_id IS NOT NULL AND d.state <> 'confirmed'
            """)
        return Set(try rows.compactMap { try $0.value("option_id", of: "moderation_log").int64 })
    }
}

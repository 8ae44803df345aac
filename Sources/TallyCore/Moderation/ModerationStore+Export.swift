import TallySQLite

extension ModerationStore {
    /// The recorded decisions as SQL for D1 (see `DecisionSQL`), in log order.
    ///
    /// - Parameter since: only decisions recorded at or after this instant.
    package func decisionScript(since: Instant? = nil) throws -> DecisionScript {
        var entries = try log()
        if let since {
            entries = try entries.filter { entry throws(DecisionSQLError) in
                guard let time = entry.time else {
                    throw .unreadableTime(entry: entry.id, note: entry.noteID, stored: entry.createdAt)
                }
                return time >= since
            }
        }
        var header = [
            "tally notes export-sql: moderation decisions to apply to the production D1 database.",
            "\(entries.count) decision(s) from moderation_log"
                + (since.map { ", recorded at or after \($0)." } ?? ", all of them."),
            "Apply with: wrangler d1 execute <DATABASE> --remote --file <this file>",
            "Each statement applies only to the state it expects, so applying the file again changes nothing.",
            "No BEGIN/COMMIT (D1 rejects them): each statement commits on its own.",
        ]
        if entries.isEmpty { header.append("Nothing to apply.") }
        return try decisionScript(entries: entries, header: header)
    }

    /// The given log entries as SQL for D1, with the options and guards they need. `seen` gives
    /// the note each entry was decided on, by entry id (the sync ledger's record); an entry without
    /// one is guarded by the note as this copy holds it (which no decision changes).
    /// `key` is the check's (`SeenNote.check`): drawn fresh for each script unless given.
    func decisionScript(
        entries: [ModerationLogEntry], header: [String], seen: [Int64: SeenNote] = [:],
        key: DigestKey = .fresh()
    ) throws -> DecisionScript {
        var options: [Int64: DecisionSQL.OptionRow] = [:]
        for optionID in Set(entries.compactMap(\.optionID)) {
            let row = try db.query(
                "SELECT content, section, created_at FROM survey_options WHERE id = ?", [.integer(optionID)]
            ).first
            if let row {
                options[optionID] = DecisionSQL.OptionRow(
                    content: row[0].storedText ?? "", section: row[1].storedText ?? "",
                    createdAt: row[2].storedText ?? "")
            }
        }
        var guards: [Int64: DecisionSQL.Guard] = [:]
        for entry in entries {
            guard let read = try seen[entry.id] ?? SeenNote.current(entry.noteID, in: db) else { continue }
            let previous = try history(of: entry.noteID).last { $0.version == entry.version - 1 }
            guards[entry.id] = DecisionSQL.Guard(
                seen: read, previous: previous, check: try read.check(key: key, in: db))
        }
        return try DecisionSQL.script(entries: entries, options: options, guards: guards, header: header)
    }
}

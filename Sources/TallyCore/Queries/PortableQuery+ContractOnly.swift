extension PortableQuery {
    /// The first line of the stand-ins `contractOnly()` puts after the params block; a filled
    /// file that has it there was printed in that form (`isContractOnly`).
    static let contractOnlyMarker =
        "-- Contract-only form (tally sql --contract-only): this database has only the vote page's own"

    /// The lines `contractOnly()` inserts: the marker, why, and one common table expression per
    /// object of tally's moderation record. A name in WITH is found before a table of the same
    /// name, so the rest of the query reads the stand-ins unchanged; `main.suggestions` (a
    /// schema-qualified name is never a WITH name) is the table itself.
    static let contractOnlyStandIns: [String] = {
        let contract = SchemaContract.tables.first { $0.name == "suggestions" }!.columns
        let log = CanonicalLayout.log.columns.map { "NULL AS \($0)" }
        // Five columns a line, lined up under the first, so the stand-in reads at a glance.
        let head = "moderation_log AS (SELECT "
        let logLines = stride(from: 0, to: log.count, by: 5).map { start in
            (start == 0 ? head : String(repeating: " ", count: head.count))
                + log[start..<min(start + 5, log.count)].joined(separator: ", ")
                + (start + 5 < log.count ? "," : "")
        }
        return [
            contractOnlyMarker,
            "-- tables, so tally's moderation record is stood in for, in this query only: notes without",
            "-- promotion links (promoted_option_id) and an empty moderation history (moderation_log).",
            "suggestions AS (SELECT " + contract.joined(separator: ", ")
                + ", NULL AS promoted_option_id FROM main.suggestions),",
        ] + logLines + [String(repeating: " ", count: "moderation_log AS (".count) + "WHERE 0)"]
    }()

    /// Whether the query reads tally's own moderation record: `moderation_log`, or the link from
    /// a promoted note to its option (`suggestions.promoted_option_id`). A vote page's own
    /// database (the schema contract only) has neither, and such a query fails there with
    /// `no such table` or `no such column` unless run in its contract-only form.
    package var readsModerationRecord: Bool {
        sql.split(separator: "\n").contains { line in
            !line.drop(while: { $0 == " " }).hasPrefix("--")
                && (line.contains("moderation_log") || line.contains("promoted_option_id"))
        }
    }

    /// Whether this text is the contract-only form (`contractOnly()`, then possibly filled).
    package var isContractOnly: Bool {
        let lines = sql.split(separator: "\n", omittingEmptySubsequences: false)
        return parametersEnd + 1 < lines.count && lines[parametersEnd + 1] == PortableQuery.contractOnlyMarker
    }

    /// The query for a database with only the schema contract's tables, such as a D1 database
    /// tally's migrations were never applied to: after the params block, stand-ins named like
    /// the moderation record's objects give every note a NULL promotion link and the log no
    /// rows — what the local report reads from such a file (`SchemaCheck.prepare`), so the
    /// results render the same, with the moderation record shown as not available. The params
    /// block is unchanged, so `filled` works on it as on the shipped file. A query that does
    /// not read the moderation record, or is already in this form, is returned as it is.
    package func contractOnly() -> PortableQuery {
        guard readsModerationRecord, !isContractOnly else { return self }
        var lines = sql.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // `),` when more common table expressions follow the params block, `)` when the SELECT does.
        let moreFollow = lines[parametersEnd].hasPrefix("),")
        var standIns = PortableQuery.contractOnlyStandIns
        if moreFollow { standIns[standIns.count - 1] += "," }
        lines[parametersEnd] = ")," + lines[parametersEnd].dropFirst(moreFollow ? 2 : 1)
        lines.insert(contentsOf: standIns, at: parametersEnd + 1)
        return PortableQuery(
            name: name, summary: summary, sql: lines.joined(separator: "\n"), parameters: parameters,
            parametersEnd: parametersEnd)
    }
}

/// Why a report cannot be made from this database with these parameters.
package enum AnalysisError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Tables or columns the report reads are missing (names as `table` and `table.column`).
    case schemaMismatch(missingTables: [String], missingColumns: [String])
    /// `--as-of` is before the first vote: nothing had happened yet.
    case asOfBeforeFirstVote(asOf: Instant, firstVote: Instant, zone: Zone)
    /// `--as-of` is before the last vote: "days since the last vote" would be negative.
    case asOfBeforeLastVote(asOf: Instant, lastVote: Instant, zone: Zone)
    /// `votes.session_id` does not come back in byte order, so sessions cannot be read one at a time.
    case sessionOrder(String)

    package var description: String {
        switch self {
        case .schemaMismatch(let tables, let columns):
            var missing: [String] = []
            if !tables.isEmpty { missing.append("missing table(s): " + tables.joined(separator: ", ")) }
            if !columns.isEmpty { missing.append("missing column(s): " + columns.joined(separator: ", ")) }
            return "the database does not have what the report reads: " + missing.joined(separator: "; ")
                + ". Is this a vote page database? `tally migrate --db FILE` adds the columns moderation needs; "
                + "`tally init` creates a new database"
        case .asOfBeforeFirstVote(let asOf, let first, let zone):
            return "--as-of \(zone.format(asOf, seconds: true)) is before the first vote "
                + "(\(zone.format(first, seconds: true))); give a time at or after the last vote"
        case .asOfBeforeLastVote(let asOf, let last, let zone):
            return "--as-of \(zone.format(asOf, seconds: true)) is before the last vote "
                + "(\(zone.format(last, seconds: true))); give a later --as-of, or add --through with the same "
                + "time to count only the votes cast until then"
        case .sessionOrder(let detail):
            return "votes.session_id is not returned in byte order (\(detail)); the column must hold text "
                + "with SQLite's default BINARY collation"
        }
    }
}

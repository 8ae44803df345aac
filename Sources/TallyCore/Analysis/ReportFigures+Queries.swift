import TallySQLite

extension ReportFigures {
    /// The queries a report is made of, one per figure group. `fingerprint` gives the data
    /// fingerprint's counts; `notes` (the rows the local fingerprint hashes) is not needed,
    /// since query results carry no hash.
    package static let queryNames = [
        "tally", "totals", "excluded", "activity", "timeline", "concentration", "suggestions", "approved", "anomalies",
        "fingerprint", "choices",
    ]

    /// Reads the figures from the results of the portable queries, keyed by query
    /// name (`tally`, `totals`, …): the rows the `sqlite3` shell or
    /// `wrangler d1 execute --json` returns for each file of `queries/`.
    package init(queryResults: [String: [Row]]) throws(QueryResultError) {
        func rows(_ name: String) throws(QueryResultError) -> [Row] {
            guard let rows = queryResults[name] else { throw .missingResult(query: name) }
            return rows
        }
        self.init(
            options: try ReportFigures.options(from: rows("tally")),
            totals: try ReportFigures.totals(from: rows("totals")),
            exclusions: try ReportFigures.exclusions(from: rows("excluded")),
            days: try ReportFigures.days(from: rows("activity")),
            timeline: try ReportFigures.timeline(from: rows("timeline")),
            usage: try ReportFigures.usage(from: rows("concentration")),
            statuses: try ReportFigures.statuses(from: rows("suggestions")),
            approved: try ReportFigures.approved(from: rows("approved")),
            anomalies: try ReportFigures.anomalies(from: rows("anomalies")),
            fingerprint: try ReportFigures.fingerprint(from: rows("fingerprint")),
            choices: try ReportFigures.choices(from: rows("choices")))
    }

    /// `choices.sql` rows: `options` and `votable` (ascending ids joined by commas, '' for none) and `sessions`.
    package static func choices(from rows: [Row]) throws(QueryResultError) -> [ChoicePattern] {
        let patterns = try QueryRow.map("choices", rows) { r throws(QueryResultError) in
            func ids(_ column: String) throws(QueryResultError) -> [Int64] {
                let text = try r.text(column)
                var ids: [Int64] = []
                for part in text.split(separator: ",", omittingEmptySubsequences: false) where !text.isEmpty {
                    guard let id = Int64(part) else {
                        throw QueryResultError.badValue(
                            query: "choices", row: r.index, column: column,
                            expected: "option ids joined by commas, or an empty text")
                    }
                    ids.append(id)
                }
                return ids
            }
            return ChoicePattern(
                optionIDs: try ids("options"), votable: try ids("votable"), sessions: try r.int("sessions"))
        }
        return ChoicePattern.canonical(patterns)
    }

    /// `tally.sql` rows.
    package static func options(from rows: [Row]) throws(QueryResultError) -> [Option] {
        try QueryRow.map("tally", rows) { r throws(QueryResultError) in
            Option(
                id: try r.int64("id"), content: try r.text("content"), section: try r.text("section"),
                createdAt: try r.instantOrNil("created_at"), voters: try r.int("voters"),
                votes: try r.int("votes"), votersAll: try r.int("voters_all"), votesAll: try r.int("votes_all"))
        }
    }

    /// `totals.sql` rows (one).
    package static func totals(from rows: [Row]) throws(QueryResultError) -> Totals {
        guard rows.count == 1 else { throw .rowCount(query: "totals", expected: 1, got: rows.count) }
        let r = QueryRow(query: "totals", index: 0, row: rows[0])
        return Totals(
            votersAll: try r.int("voters_all"), votesAll: try r.int("votes_all"), voters: try r.int("voters"),
            votes: try r.int("votes"), firstVoteAll: try r.instantOrNil("first_vote_all"),
            lastVoteAll: try r.instantOrNil("last_vote_all"))
    }

    /// `excluded.sql` rows.
    package static func exclusions(from rows: [Row]) throws(QueryResultError) -> Exclusions {
        var listed: [ExcludedSession] = []
        var total = 0
        for (index, row) in rows.enumerated() {
            let r = QueryRow(query: "excluded", index: index, row: row)
            listed.append(
                ExcludedSession(
                    session: try r.text("session_id"), firstVote: try r.instantOrNil("first_vote"),
                    votes: try r.int("votes"), beforeCutoff: try r.int("before_cutoff") != 0,
                    named: try r.int("named") != 0))
            total = try r.int("listed_total")
        }
        return Exclusions(listed: listed, total: total)
    }

    /// `activity.sql` rows.
    package static func days(from rows: [Row]) throws(QueryResultError) -> [Day] {
        try QueryRow.map("activity", rows) { r throws(QueryResultError) in
            Day(date: try r.date("day"), votes: try r.int("votes"), voters: try r.int("voters"))
        }
    }

    /// `timeline.sql` rows (one).
    package static func timeline(from rows: [Row]) throws(QueryResultError) -> Timeline {
        guard rows.count == 1 else { throw .rowCount(query: "timeline", expected: 1, got: rows.count) }
        let r = QueryRow(query: "timeline", index: 0, row: rows[0])
        var gap: Gap?
        if let start = try r.instantOrNil("gap_start"), let end = try r.instantOrNil("gap_end") {
            gap = Gap(start: start, end: end)
        }
        return Timeline(
            firstVote: try r.instantOrNil("first_vote"), lastVote: try r.instantOrNil("last_vote"), longestGap: gap)
    }

    /// `concentration.sql` rows.
    package static func usage(from rows: [Row]) throws(QueryResultError) -> [Usage] {
        try QueryRow.map("concentration", rows) { r throws(QueryResultError) in
            Usage(
                votesUsed: try r.int("votes_used"), sessions: try r.int("sessions"),
                stackingSessions: try r.int("stacking_sessions"))
        }
    }

    /// `suggestions.sql` rows.
    package static func statuses(from rows: [Row]) throws(QueryResultError) -> [StatusCount] {
        try QueryRow.map("suggestions", rows) { r throws(QueryResultError) in
            StatusCount(
                status: try r.textOrNil("status") ?? "", notes: try r.int("notes"), promoted: try r.int("promoted"),
                sessions: try r.int("sessions"))
        }
    }

    /// `approved.sql` rows.
    package static func approved(from rows: [Row]) throws(QueryResultError) -> [ApprovedNote] {
        try QueryRow.map("approved", rows) { r throws(QueryResultError) in
            ApprovedNote(
                id: try r.int64("id"), session: try r.textOrNil("session_id"), content: try r.text("content"),
                createdAt: try r.instantOrNil("created_at"), promotedOptionID: try r.int64OrNil("promoted_option_id"),
                sessionNotes: try r.int("session_notes"))
        }
    }

    /// `anomalies.sql` rows: grouped by kind, in code order.
    package static func anomalies(from rows: [Row]) throws(QueryResultError) -> [Anomaly] {
        var result: [Anomaly] = []
        for (index, row) in rows.enumerated() {
            let r = QueryRow(query: "anomalies", index: index, row: row)
            let code = try r.text("kind")
            guard let kind = AnomalyKind(rawValue: code) else {
                throw .badValue(
                    query: "anomalies", row: index, column: "kind",
                    expected: "one of " + AnomalyKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let example = AnomalyExample(
                table: try r.text("table_name"), rowID: try r.int64OrNil("row_id"),
                session: try r.textOrNil("session_id"),
                optionID: try r.int64OrNil("option_id"), text: try r.textOrNil("text"), at: try r.instantOrNil("at"),
                count: try r.int64OrNil("count").map { Int($0) })
            if let last = result.indices.last, result[last].kind == kind {
                result[last].examples.append(example)
            } else {
                result.append(Anomaly(kind: kind, total: try r.int("total"), examples: [example]))
            }
        }
        return result.sorted { $0.kind < $1.kind }
    }

    /// `fingerprint.sql` rows: one per table, in `DataFingerprint`'s order. The fingerprint
    /// has the counts, highest ids and the latest time of the four tables, and no hash.
    package static func fingerprint(from rows: [Row]) throws(QueryResultError) -> DataFingerprint {
        let names = ["votes", "survey_options", "suggestions", "moderation_log"]
        guard rows.count == names.count else {
            throw .rowCount(query: "fingerprint", expected: names.count, got: rows.count)
        }
        var tables: [DataFingerprint.Table] = []
        var latest: Instant?
        for (index, row) in rows.enumerated() {
            let r = QueryRow(query: "fingerprint", index: index, row: row)
            guard try r.text("table_name") == names[index] else {
                throw .badValue(query: "fingerprint", row: index, column: "table_name", expected: "'\(names[index])'")
            }
            tables.append(
                DataFingerprint.Table(
                    name: names[index], rows: try r.int("row_count"), highestID: try r.int64OrNil("highest_id")))
            if let time = try r.instantOrNil("latest") { latest = max(latest ?? time, time) }
        }
        return DataFingerprint(countedOnD1: tables, latest: latest)
    }
}

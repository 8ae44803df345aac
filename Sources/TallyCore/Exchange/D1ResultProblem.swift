/// One value in the results D1 returned that no database can produce (a negative
/// count, an option with more voters than the whole poll, the same day twice).
/// The files come from outside — edited by hand, mixed up between runs, cut —
/// so `tally report --from-d1-json` checks them before rendering anything.
public struct D1ResultProblem: Equatable, Sendable, CustomStringConvertible {
    /// The result file.
    public let file: String
    /// The query it answers (`tally`, `totals`, …).
    public let query: String
    /// The row, counted from 1 as a person reads the results; nil for a whole result.
    public let row: Int?
    /// The column.
    public let column: String
    /// The value found, as text.
    public let value: String
    /// What would be accepted.
    public let accepted: String

    /// A problem as found.
    public init(file: String, query: String, row: Int?, column: String, value: String, accepted: String) {
        self.file = file
        self.query = query
        self.row = row
        self.column = column
        self.value = value
        self.accepted = accepted
    }

    public var description: String {
        let place = row.map { "row \($0), " } ?? ""
        return "\(file) (query \(query)), \(place)\(column) = \(value): expected \(accepted)"
    }
}

extension D1JSONResults {
    /// Every impossible value in `figures`, read from these files, in query order.
    func problems(in figures: ReportFigures) -> [D1ResultProblem] {
        var problems: [D1ResultProblem] = []
        // `row` is an index here (0 for the one row of totals and timeline); messages count from 1.
        func add(_ query: String, _ row: Int?, _ column: String, _ value: CustomStringConvertible, _ accepted: String) {
            problems.append(
                D1ResultProblem(
                    file: files[query] ?? query + ".json", query: query, row: row.map { $0 + 1 }, column: column,
                    value: value.description, accepted: accepted))
        }
        func count(_ query: String, _ row: Int?, _ column: String, _ value: Int) {
            if value < 0 { add(query, row, column, value, "a count, 0 or more") }
        }
        func atMost(
            _ query: String, _ row: Int?, _ column: String, _ value: Int, _ limit: Int, _ what: String
        ) {
            if value >= 0, value > limit { add(query, row, column, value, "at most \(limit), \(what)") }
        }

        let totals = figures.totals
        for (column, value) in [
            ("voters", totals.voters), ("votes", totals.votes), ("voters_all", totals.votersAll),
            ("votes_all", totals.votesAll),
        ] {
            count("totals", 0, column, value)
        }
        atMost("totals", 0, "voters", totals.voters, totals.votes, "its votes (a voter casts at least one)")
        atMost("totals", 0, "voters_all", totals.votersAll, totals.votesAll, "its votes_all")
        atMost("totals", 0, "voters", totals.voters, totals.votersAll, "voters_all (exclusions only remove)")
        atMost("totals", 0, "votes", totals.votes, totals.votesAll, "votes_all (exclusions only remove)")
        if let first = totals.firstVoteAll, let last = totals.lastVoteAll, first > last {
            add("totals", 0, "first_vote_all", first, "no later than last_vote_all")
        }

        var optionIDs: Set<Int64> = []
        var votesInRanking = 0
        for (index, option) in figures.options.enumerated() {
            if !optionIDs.insert(option.id).inserted { add("tally", index, "id", option.id, "each option once") }
            for (column, value) in [
                ("voters", option.voters), ("votes", option.votes), ("voters_all", option.votersAll),
                ("votes_all", option.votesAll),
            ] {
                count("tally", index, column, value)
            }
            atMost("tally", index, "voters", option.voters, option.votes, "the option's votes")
            atMost("tally", index, "voters_all", option.votersAll, option.votesAll, "the option's votes_all")
            atMost("tally", index, "voters", option.voters, option.votersAll, "the option's voters_all")
            atMost("tally", index, "votes", option.votes, option.votesAll, "the option's votes_all")
            atMost("tally", index, "voters", option.voters, totals.voters, "the voters of the whole poll (totals)")
            atMost("tally", index, "voters_all", option.votersAll, totals.votersAll, "voters_all of totals")
            votesInRanking += max(0, option.votes)
        }
        if votesInRanking > totals.votes, totals.votes >= 0 {
            add("tally", nil, "votes (sum of all rows)", votesInRanking, "at most \(totals.votes), the votes of totals")
        }

        var days: Set<String> = []
        var votesByDay = 0
        for (index, day) in figures.days.enumerated() {
            let text = day.date.dateText
            if !days.insert(text).inserted { add("activity", index, "day", text, "each day once") }
            count("activity", index, "votes", day.votes)
            count("activity", index, "voters", day.voters)
            atMost("activity", index, "voters", day.voters, day.votes, "the day's votes")
            atMost("activity", index, "voters", day.voters, totals.voters, "the voters of the whole poll (totals)")
            votesByDay += max(0, day.votes)
        }
        if votesByDay > totals.votes, totals.votes >= 0 {
            add("activity", nil, "votes (sum of all rows)", votesByDay, "at most \(totals.votes), the votes of totals")
        }

        var used: Set<Int> = []
        for (index, usage) in figures.usage.enumerated() {
            if !used.insert(usage.votesUsed).inserted {
                add("concentration", index, "votes_used", usage.votesUsed, "each number of votes once")
            }
            if usage.votesUsed < 1 { add("concentration", index, "votes_used", usage.votesUsed, "1 or more") }
            count("concentration", index, "sessions", usage.sessions)
            count("concentration", index, "stacking_sessions", usage.stackingSessions)
            atMost("concentration", index, "stacking_sessions", usage.stackingSessions, usage.sessions, "its sessions")
            atMost("concentration", index, "sessions", usage.sessions, totals.votersAll, "voters_all of totals")
        }

        for (index, session) in figures.exclusions.listed.enumerated() {
            count("excluded", index, "votes", session.votes)
        }
        if figures.exclusions.total < figures.exclusions.listed.count {
            add(
                "excluded", nil, "listed_total", figures.exclusions.total,
                "at least \(figures.exclusions.listed.count), the rows listed")
        }

        var statuses: Set<String> = []
        for (index, status) in figures.statuses.enumerated() {
            if !statuses.insert(status.status).inserted {
                add("suggestions", index, "status", status.status, "each once")
            }
            count("suggestions", index, "notes", status.notes)
            count("suggestions", index, "promoted", status.promoted)
            count("suggestions", index, "sessions", status.sessions)
            atMost("suggestions", index, "promoted", status.promoted, status.notes, "the status's notes")
            atMost("suggestions", index, "sessions", status.sessions, status.notes, "the status's notes")
        }

        for anomaly in figures.anomalies where anomaly.total < anomaly.examples.count {
            add(
                "anomalies", nil, "total (\(anomaly.kind.rawValue))", anomaly.total,
                "at least \(anomaly.examples.count), the examples listed")
        }

        if let first = figures.timeline.firstVote, let last = figures.timeline.lastVote, first > last {
            add("timeline", 0, "first_vote", first, "no later than last_vote")
        }
        if let gap = figures.timeline.longestGap, gap.start > gap.end {
            add("timeline", 0, "gap_start", gap.start, "no later than gap_end")
        }
        if let fingerprint = figures.fingerprint {
            for (index, table) in fingerprint.tables.enumerated() {
                count("fingerprint", index, "row_count", table.rows)
            }
        }
        return problems
    }
}

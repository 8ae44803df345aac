import TallySQLite

/// Makes the weekly tallies: one report at every week boundary (each week's end is the
/// next week's start, so N weeks need N + 1 reports), and the moderation decisions of each
/// week from `moderation_log`. The votes of all N + 1 reports are counted in one pass
/// (`VoteScan` with every boundary); the rest of each report (options, notes, the fingerprint's other
/// tables) is read per week, as a report reads it.
///
/// A week's report is as of the week's end and counts the votes cast before it
/// (`through` = one millisecond before the end), never the wall clock: running it
/// again, any day, on the same data gives the same figures, and rows added after a
/// week's end leave that week's report alone.
package struct WeeklyAnalyzer: Sendable {
    /// The weeks.
    package let calendar: WeekCalendar
    /// Exclusions and vote budget; the zone, as-of and through are set per week.
    package let parameters: ReportParameters

    /// - Parameters:
    ///   - parameters: the report parameters of every week but their `asOf` and `through`
    ///     (which are the week's); their zone is replaced by the calendar's.
    package init(calendar: WeekCalendar, parameters: ReportParameters) {
        self.calendar = calendar
        var parameters = parameters
        parameters.zone = calendar.zone
        self.parameters = parameters
    }

    /// The parameters of the report as it stood just before `instant`: as of `instant`,
    /// counting what came before.
    func parameters(before instant: Instant) -> ReportParameters {
        var parameters = self.parameters
        parameters.asOf = instant
        parameters.through = Instant(millis: instant.millis - 1)
        return parameters
    }

    /// The report as it stood just before `instant`, made by a whole report of its own (the
    /// reference the one-pass tallies are tested against), read from `snapshot`.
    func report(before instant: Instant, in snapshot: ReadSnapshot) throws -> ReportModel {
        try Analyzer(parameters: parameters(before: instant)).report(in: snapshot)
    }

    /// Every week finished by `through`, oldest first; all reports from one pass over the votes,
    /// all read from one committed state of the database: a week's pages never mix two states,
    /// and neither do two weeks of one run.
    package func tallies(from db: Connection, through: Instant) throws -> [WeeklyTally] {
        try ReadSnapshot.read(db) { try talliesAndFirstVote(in: $0, through: through).tallies }
    }

    /// `tallies(from:through:)` read from `snapshot`, and the first readable vote up to the last
    /// week's end (nil when there is none, or no finished week): the first vote in the whole data
    /// whenever it is not nil, which is what `tally weekly` checks the launch date against without
    /// another pass.
    package func talliesAndFirstVote(in snapshot: ReadSnapshot, through: Instant) throws -> (
        tallies: [WeeklyTally], firstVote: Instant?
    ) {
        let weeks = calendar.finishedWeeks(through: through)
        guard let first = weeks.first else { return ([], nil) }
        let (reports, firstVote) = try reports(before: [first.start] + weeks.map(\.end), in: snapshot)
        return (try tallies(weeks, reports: reports, from: snapshot.connection), firstVote)
    }

    /// `tallies(from:through:)` made from a pass with one boundary per week (a whole report at
    /// every week boundary), all from one snapshot: the reference of `WeeklyOnePassTests`.
    func talliesByReports(from db: Connection, through: Instant) throws -> [WeeklyTally] {
        let weeks = calendar.finishedWeeks(through: through)
        guard let first = weeks.first else { return [] }
        return try ReadSnapshot.read(db) { snapshot in
            let reports = try ([first.start] + weeks.map(\.end)).map { try report(before: $0, in: snapshot) }
            return try tallies(weeks, reports: reports, from: snapshot.connection)
        }
    }

    /// The weeks from the reports at their boundaries (`reports[0]` before the first week).
    private func tallies(_ weeks: [Week], reports: [ReportModel], from db: Connection) throws -> [WeeklyTally] {
        let decisions = try WeeklyAnalyzer.decisions(from: db).sorted(by: WeeklyAnalyzer.byTime)
        return weeks.enumerated().map { index, week in
            WeeklyTally(
                week: week, launch: calendar.launch, report: reports[index + 1], previous: reports[index],
                decisions: decisions.filter { $0.entry.time.map(week.contains) ?? false })
        }
    }

    /// Decisions in the order they were made: by time, then by log id.
    static func byTime(_ a: WeekDecision, _ b: WeekDecision) -> Bool {
        let (x, y) = (a.entry.time ?? Instant(millis: .min), b.entry.time ?? Instant(millis: .min))
        return x != y ? x < y : a.entry.id < b.entry.id
    }

    /// Every logged decision with its note's text, in log order. Entries whose time cannot be
    /// read belong to no week.
    static func decisions(from db: Connection) throws -> [WeekDecision] {
        try Analyzer.provideLogTable(db)
        let columns = ModerationLogEntry.columns.split(separator: ",").map {
            "l." + $0.trimmingCharacters(in: .whitespaces)
        }.joined(separator: ", ")
        return try db.query(
            "SELECT \(columns), CAST(s.content AS TEXT) AS note_content FROM moderation_log l "
                + "LEFT JOIN suggestions s ON s.id = l.suggestion_id ORDER BY l.id"
        ).map { row in
            WeekDecision(
                entry: try ModerationLogEntry(row: row),
                noteContent: try row.value("note_content", of: "suggestions").string)
        }
    }
}

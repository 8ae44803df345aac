import TallySQLite

/// Makes the weekly tallies: one report at every week boundary (each week's end is the
/// next week's start, so N weeks take N + 1 passes over the votes), and the moderation
/// decisions of each week from `moderation_log`.
///
/// A week's report is as of the week's end and counts the votes cast before it
/// (`through` = one millisecond before the end), never the wall clock: running it
/// again, any day, on the same data gives the same figures, and rows added after a
/// week's end leave that week's report alone.
public struct WeeklyAnalyzer: Sendable {
    /// The weeks.
    public let calendar: WeekCalendar
    /// Exclusions and vote budget; the zone, as-of and through are set per week.
    public let parameters: ReportParameters

    /// - Parameter parameters: the report parameters of every week but their `asOf` and `through`
    ///   (which are the week's); their zone is replaced by the calendar's.
    public init(calendar: WeekCalendar, parameters: ReportParameters) {
        self.calendar = calendar
        var parameters = parameters
        parameters.zone = calendar.zone
        self.parameters = parameters
    }

    /// The report as it stood just before `instant`: as of `instant`, counting what came before.
    public func report(before instant: Instant, from db: Connection) throws -> ReportModel {
        try ReadSnapshot.read(db, readers: readers(db)) { try report(before: instant, in: $0) }
    }

    /// The report as it stood just before `instant`, read from `snapshot`.
    public func report(before instant: Instant, in snapshot: ReadSnapshot) throws -> ReportModel {
        var parameters = self.parameters
        parameters.asOf = instant
        parameters.through = Instant(millis: instant.millis - 1)
        return try Analyzer(parameters: parameters).report(in: snapshot)
    }

    /// Every week finished by `through`, oldest first, all read from one committed state of the
    /// database: a week's pages never mix two states, and neither do two weeks of one run.
    public func tallies(from db: Connection, through: Instant) throws -> [WeeklyTally] {
        try ReadSnapshot.read(db, readers: readers(db)) { try tallies(in: $0, through: through) }
    }

    /// How many parallel readers a snapshot for this run should have (as `Analyzer` chooses).
    public func readers(_ db: Connection) throws -> Int {
        try SchemaCheck.verify(db)
        return try Analyzer(parameters: parameters).partitionCount(db)
    }

    /// Every week finished by `through`, oldest first, read from `snapshot`.
    public func tallies(in snapshot: ReadSnapshot, through: Instant) throws -> [WeeklyTally] {
        let weeks = calendar.finishedWeeks(through: through)
        guard let first = weeks.first else { return [] }
        var previous = try report(before: first.start, in: snapshot)
        let decisions = try WeeklyAnalyzer.decisions(from: snapshot.connection)
        var tallies: [WeeklyTally] = []
        for week in weeks {
            let report = try report(before: week.end, in: snapshot)
            tallies.append(
                WeeklyTally(
                    week: week, launch: calendar.launch, report: report, previous: previous,
                    decisions: decisions.filter { $0.entry.time.map(week.contains) ?? false }.sorted(
                        by: WeeklyAnalyzer.byTime)))
            previous = report
        }
        return tallies
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

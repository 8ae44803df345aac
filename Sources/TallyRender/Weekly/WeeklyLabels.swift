import TallyCore

/// Every word of the weekly pages (`week-NN.md`, `index.md`) and of the charts, in
/// one language. Like `ReportLabels`, sentences are functions of already formatted
/// pieces (numbers, dates, escaped user text), so each language orders them its own way.
public struct WeeklyLabels: Sendable {
    /// `Week 1: 2026-09-19 to 2026-09-25`.
    public let weekTitle: @Sendable (_ number: Int, _ first: String, _ last: String) -> String
    /// The week's exact start and end, and that the tally counts every vote before the end.
    public let weekSpan: @Sendable (_ number: Int, _ start: String, _ end: String, _ zone: String) -> String
    /// The heading of the week's own figures.
    public let thisWeekHeading: String
    /// Counted votes cast during the week and voters whose first vote it was.
    public let thisWeek: @Sendable (_ votes: Int, _ newVoters: Int) -> String
    /// Votes and new sessions of excluded sessions during the week (only when there are some).
    public let excludedThisWeek: @Sendable (_ votes: Int, _ sessions: Int) -> String
    /// The heading of the changes: since the previous week, or since before launch for week 1.
    public let changesHeading: @Sendable (_ previousWeek: Int?) -> String
    /// Item: counted voters then and now.
    public let votersChange: @Sendable (_ before: Int, _ after: Int) -> String
    /// Item: counted votes then and now.
    public let votesChange: @Sendable (_ before: Int, _ after: Int) -> String
    /// Item: options added during the week (names already quoted and escaped, with their ids), or none.
    public let optionsAdded: @Sendable (_ options: [(name: String, id: Int64)]) -> String
    /// The heading of the notes decided during the week.
    public let decisionsHeading: String
    /// When no note was decided.
    public let noDecisions: String
    /// When the database has no moderation history (only the vote page's tables).
    public let decisionsUnavailable: String
    /// Why rejected notes show no text.
    public let rejectedWithoutText: String
    /// Column: when.
    public let whenColumn: String
    /// Column: the note.
    public let noteColumn: String
    /// Column: the decision.
    public let decisionColumn: String
    /// A decision in words (`approve`, `reject`, `reopen`, `promote` with its option, or another action as stored).
    public let decision: @Sendable (_ action: String, _ optionID: Int64?) -> String
    /// The heading of a section's rank changes.
    public let movesHeading: @Sendable (_ sectionHeading: String) -> String
    /// When a section had no counted votes at the week's start.
    public let noEarlierRanking: String
    /// Column: voters gained during the week.
    public let votersGainedColumn: String
    /// Column: places moved.
    public let moveColumn: String
    /// A move in places: gained (positive), lost (negative), none; nil for a new option.
    public let move: @Sendable (_ places: Int?) -> String

    /// A ranking chart's title (with the section heading).
    public let rankingChartTitle: @Sendable (_ sectionHeading: String, _ week: Int) -> String
    /// A ranking chart's description: what is drawn, then each option in words.
    public let rankingChartDescription:
        @Sendable (_ counted: Int, _ until: String, _ options: [(name: String, voters: Int, low: Int, high: Int)]) ->
            String
    /// A ranking chart's axis.
    /// Lines of plain text (one per element; the second explains the thin line of each bar).
    public let rankingAxis: @Sendable (_ counted: Int) -> [String]
    /// The daily chart's title.
    public let dailyChartTitle: @Sendable (_ week: Int) -> String
    /// The daily chart's description with each day's votes.
    public let dailyChartDescription: @Sendable (_ zone: String, _ days: [(date: String, votes: Int)]) -> String
    /// The daily chart's axis.
    public let dailyAxis: String
    /// A column label for a local date: the date and its weekday (0 = Monday).
    public let dayLabel: @Sendable (_ month: Int, _ day: Int, _ weekday: Int) -> String

    /// The index page's title.
    public let indexTitle: String
    /// How weeks are counted.
    public let indexIntro: @Sendable (_ launch: String, _ zone: String) -> String
    /// One line per week: link text, then the totals at its end and the week's own figures.
    public let indexLine:
        @Sendable (_ title: String, _ link: String, _ voters: Int, _ votes: Int, _ newVoters: Int, _ weekVotes: Int) ->
            String
}

import TallyCore

/// Every word of the weekly pages (`week-NN.md`, `index.md`) and of the charts, in
/// one language. Like `ReportLabels`, sentences are functions of already formatted
/// pieces (numbers, dates, escaped user text), so each language orders them its own way.
package struct WeeklyLabels: Sendable {
    /// `Week 1: 2026-09-19 to 2026-09-25`.
    package let weekTitle: @Sendable (_ number: Int, _ first: String, _ last: String) -> String
    /// The week's exact start and end, and that the tally counts every vote before the end.
    package let weekSpan: @Sendable (_ number: Int, _ start: String, _ end: String, _ zone: String) -> String
    /// The heading of the week's own figures.
    package let thisWeekHeading: String
    /// Counted votes cast during the week and voters whose first vote it was.
    package let thisWeek: @Sendable (_ votes: Int, _ newVoters: Int) -> String
    /// Votes and new sessions of excluded sessions during the week (only when there are some).
    package let excludedThisWeek: @Sendable (_ votes: Int, _ sessions: Int) -> String
    /// The heading of the changes: since the previous week, or since before launch for week 1.
    package let changesHeading: @Sendable (_ previousWeek: Int?) -> String
    /// Item: counted voters then and now.
    package let votersChange: @Sendable (_ before: Int, _ after: Int) -> String
    /// Item: counted votes then and now.
    package let votesChange: @Sendable (_ before: Int, _ after: Int) -> String
    /// Item: options added during the week (names already quoted and escaped, with their ids), or none.
    package let optionsAdded: @Sendable (_ options: [(name: String, id: Int64)]) -> String
    /// The heading of the notes decided during the week.
    package let decisionsHeading: String
    /// When no note was decided.
    package let noDecisions: String
    /// When the database has no moderation history (only the vote page's tables).
    package let decisionsUnavailable: String
    /// Why rejected notes show no text.
    package let rejectedWithoutText: String
    /// Columns of the decisions: when, the note, the decision.
    package let whenColumn, noteColumn, decisionColumn: String
    /// A decision in words (`approve`, `reject`, `reopen`, `promote` with its option, or another action as stored).
    package let decision: @Sendable (_ action: String, _ optionID: Int64?) -> String
    /// The heading of a section's rank changes.
    package let movesHeading: @Sendable (_ sectionHeading: String) -> String
    /// When a section had no counted votes at the week's start.
    package let noEarlierRanking: String
    /// Columns of the moves: voters gained during the week, places moved.
    package let votersGainedColumn, moveColumn: String
    /// A move in places: gained (positive), lost (negative), none; nil for a new option.
    package let move: @Sendable (_ places: Int?) -> String

    /// A ranking chart's title (with the section heading).
    package let rankingChartTitle: @Sendable (_ sectionHeading: String, _ week: Int) -> String
    /// A ranking chart's description: what is drawn, then each option in words.
    package let rankingChartDescription:
        @Sendable (_ counted: Int, _ until: String, _ options: [(name: String, voters: Int, low: Int, high: Int)]) ->
            String
    /// A ranking chart's axis.
    /// Lines of plain text (one per element; the second explains the thin line of each bar).
    package let rankingAxis: @Sendable (_ counted: Int) -> [String]
    /// The daily chart's title.
    package let dailyChartTitle: @Sendable (_ week: Int) -> String
    /// The daily chart's description with each day's votes.
    package let dailyChartDescription: @Sendable (_ zone: String, _ days: [(date: String, votes: Int)]) -> String
    /// The daily chart's axis.
    package let dailyAxis: String
    /// A column label for a local date: the date and its weekday (0 = Monday).
    package let dayLabel: @Sendable (_ month: Int, _ day: Int, _ weekday: Int) -> String

    /// A time zone as the language's readers name it (`ReportLanguage.zoneName`).
    package let zoneName: @Sendable (_ identifier: String) -> String

    /// The index page's title.
    package let indexTitle: String
    /// How weeks are counted.
    package let indexIntro: @Sendable (_ launch: String, _ zone: String) -> String
    /// One line per week: link text, then the totals at its end and the week's own figures.
    package let indexLine:
        @Sendable (_ title: String, _ link: String, _ voters: Int, _ votes: Int, _ newVoters: Int, _ weekVotes: Int) ->
            String
}

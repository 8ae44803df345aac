/// One finished week: the cumulative tally at its end, the tally at its start (the
/// previous week's end), and what changed in between. Plain values; renderers turn
/// it into `week-NN.md` and `week-NN.json`.
package struct WeeklyTally: Sendable, Equatable {
    package let week: Week
    /// The launch date the weeks are counted from.
    package let launch: CivilDateTime
    /// Every vote cast before the week's end, as of the week's end.
    package let report: ReportModel
    /// Every vote cast before the week's start (the previous week's end; before launch for week 1).
    package let previous: ReportModel
    /// Moderation decisions recorded during the week, in the order they were made.
    package let decisions: [WeekDecision]

    /// Counted votes cast during the week.
    package var votes: Int { report.totals.votes - previous.totals.votes }
    /// Counted voters whose first vote was during the week.
    package var newVoters: Int { report.totals.voters - previous.totals.voters }
    /// All votes cast during the week, excluded sessions included.
    package var votesWithExcluded: Int { report.totals.votesAll - previous.totals.votesAll }
    /// All sessions whose first vote was during the week, excluded ones included.
    package var newSessionsWithExcluded: Int { report.totals.votersAll - previous.totals.votersAll }

    /// True when nothing happened during the week that its page would report: no vote (counted or excluded), no note
    /// decided, the same options at its end as at its start. Its page then says so in one sentence and links the
    /// last week that had news, instead of repeating the standing tally as if it were new.
    package var isQuiet: Bool {
        votesWithExcluded == 0 && newSessionsWithExcluded == 0 && decisions.isEmpty
            && Set(report.sections.flatMap(\.options).map(\.id)) == Set(previous.sections.flatMap(\.options).map(\.id))
    }

    /// Options that exist at the week's end but did not at its start, by id.
    package var optionsAdded: [ReportModel.RankedOption] {
        let before = Set(previous.sections.flatMap(\.options).map(\.id))
        return report.sections.flatMap(\.options).filter { !before.contains($0.id) }.sorted { $0.id < $1.id }
    }

    /// Each section's options at the week's end with their rank at its start.
    package func rankMoves(in section: ReportModel.Section) -> [RankMove] {
        let before = Dictionary(
            previous.sections.flatMap(\.options).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return section.options.map { option in
            RankMove(option: option, previousRank: before[option.id]?.rank, previousVoters: before[option.id]?.voters)
        }
    }

    /// True when the section had counted votes at the week's start, so ranks can be compared.
    package func hadRanking(_ section: ReportModel.Section) -> Bool {
        previous.sections.first { $0.name == section.name }.map { !$0.leaders.isEmpty } ?? false
    }

    /// The week's seven local days with their counted votes and voters (zero days included).
    package var days: [ReportFigures.Day] {
        let byDate = Dictionary(
            report.activity.days.map { ($0.date.dayNumber, $0) }, uniquingKeysWith: { first, _ in first })
        return week.days.map { date in byDate[date.dayNumber] ?? ReportFigures.Day(date: date, votes: 0, voters: 0) }
    }
}

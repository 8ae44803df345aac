import TallyCore

/// `week-NN.md`, result first: the title, the tally at the week's end (headline, then each section's
/// ranking chart and table), the week's own figures and what changed since the week before, the rest of
/// the report, and last "How this was counted" (the week's span, the method, exclusions, settings, data
/// fingerprint). Charts are linked relative to the page, so the folder can be moved or published as it is.
/// A pure function of the tally and the language.
package enum WeeklyMarkdown {
    /// The page of one language's edition, ending in a newline: its charts named as that edition writes them and,
    /// with `languageLinks` (the HTML page draws its own), links to the same week in the other languages under the
    /// title. `title` (the `title` setting) stands before the week's heading; with `png` (`--png`) the images are
    /// the charts' PNG copies; with `fullRanking` (the HTML page) the ranking tables have every column. A quiet week's
    /// page (`WeeklyTally.isQuiet`) is one sentence after the title, linking week `lastNews` (the latest earlier week
    /// that was not quiet), whose page shows the tally that still stands. `navigation` (`WeeklySite.navigation`: the
    /// index, the previous, next and newest week, the vote page) stands under the title (unless `navigationOnTop` is
    /// false: the HTML page draws it above the title, smaller) and, on a page with a tally, again at its end.
    package static func render(
        _ tally: WeeklyTally, edition: LanguageEdition, title: String? = nil, png: Bool = false,
        languageLinks: Bool = true, fullRanking: Bool = false, lastNews: Int? = nil, navigation: String? = nil,
        navigationOnTop: Bool = true
    ) -> String {
        func image(_ title: String, _ file: String) -> String {
            WeeklyMarkdown.image(title, png ? ReportChartSet.pngName(file) : file)
        }
        let language = edition.language
        let l = language
        let week = tally.week
        let zone = tally.report.parameters.zone
        let t = ReaderTimes(tally.report, l)
        var blocks: [String] = []
        let weekTitle = l.weekTitle(week.number, t.date(week.firstDay), t.date(week.lastDay))
        blocks.append("# " + MarkdownReport.heading(title, weekTitle, titled: l.titled))
        if languageLinks { blocks += edition.markdownLinks(WeeklyFiles.markdown(week.number)) }
        blocks += MarkdownReport.internalNotice(tally.report, l)
        if let navigation, navigationOnTop { blocks.append(navigation) }
        if tally.isQuiet {
            let link = lastNews.map { (number: $0, link: edition.name(WeeklyFiles.markdown($0))) }
            blocks.append(l.quietWeek(link, tally.report.totals.voters, tally.report.totals.votes))
            return MarkdownReport.document(blocks)
        }

        var changes = ["## \(l.thisWeekHeading)"]
        var summary = l.thisWeek(tally.votes, tally.newVoters)
        let excludedVotes = tally.votesWithExcluded - tally.votes
        if excludedVotes > 0 {
            summary +=
                l.sentenceGap + l.excludedThisWeek(excludedVotes, tally.newSessionsWithExcluded - tally.newVoters)
        }
        changes.append(summary)
        changes.append(
            ReportCharts.drawsDaily(tally.days)
                ? image(
                    ReportCharts.dailyAlt(tally.days, title: l.weekDailyChartTitle(week.number), language: l, times: t),
                    edition.name(WeeklyFiles.dailyChart(week.number)))
                : l.noDailyChartThisWeek)

        // Week 1 has no earlier week: "0 → 15 (+15)" and "nobody had voted before" would only repeat the tally, so
        // its notes decided stand under "This week" and the comparison starts with week 2.
        if week.number > 1 {
            changes += comparison(tally, l)
        }
        changes += decisions(tally, zone: zone, l)

        let charts = MarkdownReport.ChartBlocks(
            ranking: { section, position in
                guard ReportCharts.drawsRanking(section) else {
                    return l.noRankingChart(MarkdownReport.sectionHeading(section, l))
                }
                return image(
                    ReportCharts.rankingAlt(
                        section,
                        title: l.weekRankingChartTitle(MarkdownReport.plainSectionHeading(section, l), week.number),
                        language: l),
                    edition.name(WeeklyFiles.rankingChart(week.number, section: section, position: position)))
            }, daily: nil)
        let span = l.weekSpan(week.number, t.date(week.firstDay), t.date(week.lastDay))
        blocks += MarkdownReport.body(
            tally.report, language: language, selection: fullRanking ? .all.withFullRanking : .all, charts: charts,
            between: changes, method: [span])
        if let navigation { blocks.append(navigation) }
        return MarkdownReport.document(blocks)
    }

    /// "Changes since week N" (a week after the first): the counted voters and votes then and now, the options added,
    /// and each section's moves.
    static func comparison(_ tally: WeeklyTally, _ l: ReportLanguage) -> [String] {
        var changes = ["## " + l.changesHeading(tally.week.number - 1)]
        let added = tally.optionsAdded.map { MarkdownReport.quoted($0.content, l) }
        changes.append(
            [
                "- " + l.votersChange(tally.previous.totals.voters, tally.report.totals.voters),
                "- " + l.votesChange(tally.previous.totals.votes, tally.report.totals.votes),
                "- " + l.optionsAdded(added),
            ].joined(separator: "\n"))
        for section in tally.report.sections {
            changes.append("### " + l.movesHeading(MarkdownReport.sectionName(section, l)))
            guard tally.hadRanking(section) else {
                changes.append(l.noEarlierRanking)
                continue
            }
            var table = MarkdownTable([
                (l.rank, .right), (l.option, .left), (l.voters, .right), (l.votersGainedColumn, .right),
                (l.moveColumn, .left),
            ])
            for move in tally.rankMoves(in: section) {
                table.add([
                    MarkdownReport.rank(move.option), ReportText.cell(move.option.content),
                    l.number(move.option.voters),
                    signed(move.votersGained), l.move(move.placesGained),
                ])
            }
            changes.append(table.rendered())
        }
        return changes
    }

    /// An image linked relative to the page; the alt text (plain text) is the chart's title and numbers.
    static func image(_ title: String, _ file: String) -> String {
        MarkdownText.image(alt: title, path: file)
    }

    /// The notes decided during the week, each by its text (a public page shows no number: `#6` would read as an
    /// option, "note 6" beside "option 6" as two numberings). A rejected note's text is not repeated: the page is
    /// meant to be published, and a rejection is often of text that should not be. The moderators' page
    /// (`--internal`) adds the note's and the option's numbers.
    static func decisions(_ tally: WeeklyTally, zone: Zone, _ l: ReportLanguage) -> [String] {
        var blocks = ["### \(l.decisionsHeading)"]
        // Without tally's columns there is no history: "none decided" would be a claim the data cannot make.
        guard tally.report.suggestions.moderationRecord else { return blocks + [l.decisionsUnavailable] }
        guard !tally.decisions.isEmpty else { return blocks + [l.noDecisions] }
        var table = MarkdownTable([(l.whenColumn, .left), (l.noteColumn, .left), (l.decisionColumn, .left)])
        var withheld = false
        let numbers = tally.report.parameters.audience.showsIdentifiers
        for decision in tally.decisions {
            let entry = decision.entry
            let shown = entry.action != "reject" && !(entry.action == "reopen" && entry.from == "rejected")
            withheld = withheld || !shown
            let text = shown ? decision.noteContent.map(ReportText.cell) : nil
            let note =
                numbers
                ? l.noteReference(entry.noteID) + (text.map { " " + $0 } ?? "") : text ?? l.withheldNote
            table.add([
                entry.time.map(ReaderTimes(tally.report, l).time) ?? "—", note,
                l.decision(MarkdownText.cell(entry.action), numbers ? entry.optionID : nil),
            ])
        }
        blocks.append(table.rendered())
        if withheld { blocks.append(l.rejectedWithoutText) }
        return blocks
    }
}

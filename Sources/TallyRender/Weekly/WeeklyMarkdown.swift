import TallyCore

/// `week-NN.md`: the week's own figures, what changed since the week before, the charts
/// (linked relative to the page, so the folder can be moved or published as it is), then
/// the whole cumulative report at the week's end, which ends with the parameters and the
/// data fingerprint. A pure function of the tally and the language.
public enum WeeklyMarkdown {
    /// The page, ending in a newline.
    public static func render(_ tally: WeeklyTally, language: ReportLanguage) -> String {
        let l = language.labels
        let w = language.weeklyLabels
        let week = tally.week
        let zone = tally.report.parameters.zone
        var blocks: [String] = []
        blocks.append("# " + w.weekTitle(week.number, week.firstDay.dateText, week.lastDay.dateText))
        blocks += MarkdownReport.internalNotice(tally.report, l.blog)
        blocks.append(w.weekSpan(week.number, zone.format(week.start), zone.format(week.end), zone.identifier))

        blocks.append("## \(w.thisWeekHeading)")
        var summary = w.thisWeek(tally.votes, tally.newVoters)
        let excludedVotes = tally.votesWithExcluded - tally.votes
        if excludedVotes > 0 {
            summary +=
                l.sentenceGap + w.excludedThisWeek(excludedVotes, tally.newSessionsWithExcluded - tally.newVoters)
        }
        blocks.append(summary)
        blocks.append(
            ReportCharts.drawsDaily(tally.days)
                ? image(w.dailyChartTitle(week.number), WeeklyFiles.dailyChart(week.number))
                : l.blog.noDailyChartThisWeek)

        blocks.append("## " + w.changesHeading(week.number > 1 ? week.number - 1 : nil))
        let added = tally.optionsAdded.map { (name: MarkdownReport.quoted($0.content, l), id: $0.id) }
        blocks.append(
            [
                "- " + w.votersChange(tally.previous.totals.voters, tally.report.totals.voters),
                "- " + w.votesChange(tally.previous.totals.votes, tally.report.totals.votes),
                "- " + w.optionsAdded(added),
            ].joined(separator: "\n"))
        for section in tally.report.sections {
            blocks.append("### " + w.movesHeading(MarkdownReport.sectionHeading(section, l)))
            guard tally.hadRanking(section) else {
                blocks.append(w.noEarlierRanking)
                continue
            }
            var table = MarkdownTable([
                (l.rank, .right), (l.option, .left), (l.blog.voters, .right), (w.votersGainedColumn, .right),
                (w.moveColumn, .left),
            ])
            for move in tally.rankMoves(in: section) {
                table.add([
                    MarkdownReport.rank(move.option), ReportText.cell(move.option.content),
                    l.blog.number(move.option.voters),
                    signed(move.votersGained), w.move(move.placesGained),
                ])
            }
            blocks.append(table.rendered())
        }
        blocks += decisions(tally, zone: zone, w, l.blog)

        blocks.append("## \(w.chartsHeading)")
        let charts = tally.report.sections.enumerated().map { position, section in
            let heading = MarkdownReport.sectionHeading(section, l)
            guard ReportCharts.drawsRanking(section) else { return l.blog.noRankingChart(heading) }
            return image(
                w.rankingChartTitle(heading, week.number),
                WeeklyFiles.rankingChart(week.number, section: section, position: position + 1))
        }
        blocks.append(charts.joined(separator: "\n\n"))

        blocks.append("## " + w.tallyHeading(week.number))
        blocks += MarkdownReport.body(tally.report, language: language).map(nestedOneLevel)
        return MarkdownReport.document(blocks)
    }

    /// A report block one heading level deeper, so the whole tally sits under the page's H2
    /// "The tally at the end of week N" and a blog's table of contents comes out nested.
    static func nestedOneLevel(_ block: String) -> String {
        block.hasPrefix("#") ? "#" + block : block
    }

    /// An image linked relative to the page; the alt text is the chart's title, escaped.
    static func image(_ title: String, _ file: String) -> String {
        "![\(MarkdownText.cell(title))](\(file))"
    }

    /// The notes decided during the week. A rejected note's text is not repeated: the page is
    /// meant to be published, and a rejection is often of text that should not be.
    static func decisions(_ tally: WeeklyTally, zone: Zone, _ w: WeeklyLabels, _ b: BlogLabels) -> [String] {
        var blocks = ["### \(w.decisionsHeading)"]
        // Without tally's columns there is no history: "none decided" would be a claim the data cannot make.
        guard tally.report.suggestions.moderationRecord else { return blocks + [w.decisionsUnavailable] }
        guard !tally.decisions.isEmpty else { return blocks + [w.noDecisions] }
        var table = MarkdownTable([(w.whenColumn, .left), (w.noteColumn, .left), (w.decisionColumn, .left)])
        var withheld = false
        for decision in tally.decisions {
            let entry = decision.entry
            let shown = entry.action != "reject" && !(entry.action == "reopen" && entry.from == "rejected")
            withheld = withheld || !shown
            let text = shown ? decision.noteContent.map { " " + ReportText.cell($0) } ?? "" : ""
            let note = b.noteReference(entry.noteID) + text
            table.add([
                entry.time.map { ReportText.time($0, zone) } ?? "—", note,
                w.decision(MarkdownText.cell(entry.action), entry.optionID),
            ])
        }
        blocks.append(table.rendered())
        if withheld { blocks.append(w.rejectedWithoutText) }
        return blocks
    }
}

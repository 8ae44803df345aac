import TallyCore

/// Every file the weekly tallies consist of, as names and contents: per week the
/// Markdown page, the JSON document and the charts, and the index of all weeks.
/// Pure functions, so the same tallies always give the same bytes.
public enum WeeklyPages {
    /// One file of the reports folder.
    public struct File: Sendable, Equatable {
        /// The name inside the folder.
        public let name: String
        /// The whole content.
        public let content: String
    }

    /// A week's files: `week-NN.md`, `week-NN.json`, the daily chart and one ranking chart per section
    /// (charts only when they have something to show: see `ReportCharts.drawsDaily`). `title` is the `title`
    /// setting: it heads the page and stands above each chart's own title.
    /// With `png` (`--png`) the page links the charts' PNG copies, which the caller writes.
    public static func files(
        _ tally: WeeklyTally, language: ReportLanguage, title pageTitle: String? = nil, png: Bool = false
    ) -> [File] {
        let number = tally.week.number
        return [
            File(
                name: WeeklyFiles.markdown(number),
                content: WeeklyMarkdown.render(tally, language: language, title: pageTitle, png: png)),
            File(name: WeeklyFiles.json(number), content: WeeklyJSON.render(tally)),
        ] + charts(tally, language: language, title: pageTitle)
    }

    /// A week's charts, as files; with `phone`, in the phone layout the HTML page shows on narrow screens.
    static func charts(_ tally: WeeklyTally, language: ReportLanguage, title pageTitle: String?, phone: Bool = false)
        -> [File]
    {
        let w = language.weeklyLabels
        let number = tally.week.number
        let zone = tally.report.parameters.zone
        let until = zone.format(tally.week.end)
        var files: [File] = []
        if ReportCharts.drawsDaily(tally.days) {
            files.append(
                File(
                    name: WeeklyFiles.dailyChart(number),
                    content: ReportCharts.daily(
                        tally.days, zone: zone, title: w.dailyChartTitle(number), labels: w, kicker: pageTitle,
                        phone: phone)))
        }
        for (position, section) in tally.report.sections.enumerated() where ReportCharts.drawsRanking(section) {
            let title = w.rankingChartTitle(MarkdownReport.plainSectionHeading(section, language.labels), number)
            files.append(
                File(
                    name: WeeklyFiles.rankingChart(number, section: section, position: position + 1),
                    content: ReportCharts.ranking(
                        section, model: tally.report, title: title, until: until, labels: w, kicker: pageTitle,
                        phone: phone)))
        }
        return files
    }

    /// `week-NN.html`: the week's page as one self-contained HTML file, its charts drawn inline.
    public static func html(_ tally: WeeklyTally, language: ReportLanguage, title pageTitle: String? = nil) -> File {
        let number = tally.week.number
        let week = tally.week
        let wide = charts(tally, language: language, title: pageTitle)
        let phone = charts(tally, language: language, title: pageTitle, phone: true)
        let title = plainTitle(
            pageTitle, language.weeklyLabels.weekTitle(number, week.firstDay.dateText, week.lastDay.dateText), language)
        return File(
            name: WeeklyFiles.html(number),
            content: HTMLPage.render(
                markdown: WeeklyMarkdown.render(tally, language: language, title: pageTitle), title: title,
                language: language,
                charts: Dictionary(
                    uniqueKeysWithValues: zip(wide, phone).map {
                        ($0.name, HTMLPage.Chart(svg: $0.content, phone: $1.content))
                    }
                ),
                link: WeeklyFiles.htmlLink))
    }

    /// `index.html`: the index as HTML, linking to the weeks' HTML pages.
    public static func htmlIndex(
        _ tallies: [WeeklyTally], calendar: WeekCalendar, language: ReportLanguage, title: String? = nil
    ) -> File {
        let markdown = index(tallies, calendar: calendar, language: language, title: title)
        return File(
            name: WeeklyFiles.htmlIndex,
            content: HTMLPage.render(
                markdown: markdown.content, title: plainTitle(title, language.weeklyLabels.indexTitle, language),
                language: language,
                link: WeeklyFiles.htmlLink))
    }

    /// `index.md`: one line per week, oldest first.
    public static func index(
        _ tallies: [WeeklyTally], calendar: WeekCalendar, language: ReportLanguage, title: String? = nil
    ) -> File {
        let w = language.weeklyLabels
        var blocks = [
            "# " + MarkdownReport.heading(title, w.indexTitle, titled: language.labels.blog.titled),
            w.indexIntro(calendar.launch.dateText, calendar.zone.identifier),
        ]
        let lines = tallies.map { tally in
            w.indexLine(
                w.weekTitle(tally.week.number, tally.week.firstDay.dateText, tally.week.lastDay.dateText),
                WeeklyFiles.markdown(tally.week.number), tally.report.totals.voters, tally.report.totals.votes,
                tally.newVoters, tally.votes)
        }
        blocks.append(lines.joined(separator: "\n"))
        return File(name: WeeklyFiles.index, content: MarkdownReport.document(blocks))
    }

    /// A page's plain-text title (the HTML `<title>`): the `title` setting before the page's own, if set.
    static func plainTitle(_ title: String?, _ page: String, _ language: ReportLanguage) -> String {
        title.map { language.labels.blog.titled($0, page) } ?? page
    }
}

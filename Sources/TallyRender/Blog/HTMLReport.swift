import TallyCore

/// The report as one self-contained HTML page (`report --format html`): the same parts as
/// the Markdown, through `HTMLPage`.
package enum HTMLReport {
    /// The page, ending in a newline; `title` (the `title` setting) replaces the language's heading;
    /// `alternates` are the same report in other languages; `voteURL` (`vote_url`) the vote page it links back to.
    package static func render(
        _ model: ReportModel, language: ReportLanguage = .english, selection: ReportSelection = .all,
        title: String? = nil, alternates: [HTMLPage.Alternate] = [], voteURL: WebAddress? = nil
    ) -> String {
        return HTMLPage.render(
            markdown: MarkdownReport.render(
                model, language: language, selection: svgLinks(selection), title: title, voteURL: voteURL),
            title: language.documentTitle(
                title ?? language.title, ReaderTimes(model, language).until(model.parameters.asOf)),
            language: language, charts: charts(model, language: language, selection: selection, title: title),
            alternates: alternates)
    }

    /// The selection with its charts linked as SVG, whatever `--png` says (the page draws the SVG inline), and
    /// its ranking tables in full (the page folds them into cards on a phone). The page always has its charts:
    /// without `--charts` they are linked by bare name, drawn inline and written nowhere.
    static func svgLinks(_ selection: ReportSelection) -> ReportSelection {
        selection.withCharts(in: selection.chartsFolder ?? ".").withFullRanking
    }

    /// The charts linked from the page, by link, so the page draws them inline and stays self-contained.
    static func charts(
        _ model: ReportModel, language: ReportLanguage, selection: ReportSelection, title: String?
    ) -> [String: HTMLPage.Chart] {
        let folder = svgLinks(selection).chartsFolder ?? "."
        let charts = ReportChartSet.charts(model, language: language, title: title)
        return Dictionary(
            uniqueKeysWithValues: charts.map {
                (
                    MarkdownText.linkDestination(ReportChartSet.link($0.name, folder: folder)),
                    HTMLPage.Chart(svg: $0.svg, phone: $0.phoneSVG)
                )
            })
    }
}

extension ReportLanguage {
    /// The page's `<title>` (what a shared link's preview shows): the report's title and its as-of time, as readers
    /// write it (`ReaderTimes.until`).
    fileprivate func documentTitle(_ title: String, _ asOf: String) -> String {
        pick("\(title) — as of \(asOf)", "\(title)｜統計至 \(asOf)")
    }
}

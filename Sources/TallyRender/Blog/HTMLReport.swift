import TallyCore

/// The report as one self-contained HTML page (`report --format html`): the same parts as
/// the Markdown, through `HTMLPage`.
public enum HTMLReport {
    /// The page, ending in a newline; `alternates` are the same report in other languages.
    public static func render(
        _ model: ReportModel, language: ReportLanguage = .english, selection: ReportSelection = .all,
        alternates: [HTMLPage.Alternate] = []
    ) -> String {
        let l = language.labels
        let zone = model.parameters.zone
        return HTMLPage.render(
            markdown: MarkdownReport.render(model, language: language, selection: selection),
            title: l.blog.documentTitle(l.title, ReportText.time(model.parameters.asOf, zone)), language: language,
            charts: charts(model, language: language, selection: selection), alternates: alternates)
    }

    /// The charts linked from the page, by link, so the page draws them inline and stays self-contained.
    static func charts(_ model: ReportModel, language: ReportLanguage, selection: ReportSelection) -> [String: String] {
        guard let folder = selection.chartsFolder else { return [:] }
        let charts = ReportChartSet.charts(model, language: language)
        return Dictionary(uniqueKeysWithValues: charts.map { (ReportChartSet.link($0.name, folder: folder), $0.svg) })
    }
}

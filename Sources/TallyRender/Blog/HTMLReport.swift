import TallyCore

/// The report as one self-contained HTML page (`report --format html`): the same parts as
/// the Markdown, through `HTMLPage`.
public enum HTMLReport {
    /// The page, ending in a newline.
    public static func render(
        _ model: ReportModel, language: ReportLanguage = .english, selection: ReportSelection = .all
    ) -> String {
        let l = language.labels
        let zone = model.parameters.zone
        return HTMLPage.render(
            markdown: MarkdownReport.render(model, language: language, selection: selection),
            title: l.blog.documentTitle(l.title, ReportText.time(model.parameters.asOf, zone)), language: language)
    }
}

import TallyCore

/// The image of `tally report --share FILE.png`: one 1200×630 card for a social feed (the size their link
/// previews use), readable as a thumbnail. The title, the leading section's top options as bars with their
/// voters, and a footer with the counted voters and the as-of time; every text at least 28 px. Drawn as SVG
/// here (a pure function of the model), rendered to PNG at the edge.
package enum ShareImage {
    /// The card's size in pixels.
    package static let width = 1200.0
    package static let height = 630.0
    /// At most this many options are drawn: more would not be readable at thumbnail size.
    package static let maximumBars = 5

    static let margin = 60.0
    static let labelSize = 32.0
    static let footerSize = 28.0

    /// The card; `title` is the `title` setting (the language's heading when nil); `until` the time shown as the
    /// card's "as of" (by default the time votes were counted until, or the as-of time).
    package static func svg(
        _ model: ReportModel, language: ReportLanguage, title: String? = nil, until shown: String? = nil
    ) -> String {
        let l = language.labels
        let zone = model.parameters.zone
        let until = shown ?? ReportText.time(model.parameters.through ?? model.parameters.asOf, zone)
        let counted = model.totals.voters
        let section = model.sections.first(where: ReportCharts.drawsRanking)
        let options = Array((section?.options ?? []).filter { $0.voters > 0 }.prefix(maximumBars))
        let heading = title ?? l.title
        let titleSize = SVGChart.textWidth(heading, size: 56) <= width - 2 * margin ? 56.0 : 44.0
        let inner = width - 2 * margin
        func fitted(_ text: String, size: Double) -> String {
            SVGChart.truncated(text, cells: Int(inner / (size * SVGChart.cellWidth)))
        }
        let described = options.map { "\($0.content): \(l.blog.number($0.voters))" }.joined(separator: "; ")
        var svg = SVGChart.header(
            width: width, height: height, title: heading,
            description: l.blog.shareFooter(counted, until) + " " + described)
        svg += SVGChart.text(fitted(heading, size: titleSize), x: margin, y: 96, size: titleSize, weight: "bold")
        if let section {
            svg += SVGChart.text(
                fitted(MarkdownReport.plainSectionHeading(section, l), size: footerSize), x: margin, y: 142,
                size: footerSize, fill: SVGChart.axisColour)
        }
        let rowHeight = 78.0
        // The bars share one scale, all counted voters, as the report's charts do; the count sits past the bar.
        let countRoom = SVGChart.textWidth(l.blog.number(counted), size: labelSize) + 24
        let scale = inner - countRoom
        for (index, option) in options.enumerated() {
            let top = 166 + rowHeight * Double(index)
            let length = max(4, scale * Double(option.voters) / Double(max(counted, 1)))
            svg += SVGChart.text(fitted(option.content, size: labelSize), x: margin, y: top + 32, size: labelSize)
            svg +=
                "  <rect x=\"\(SVGChart.n(margin))\" y=\"\(SVGChart.n(top + 42))\" width=\"\(SVGChart.n(length))\" "
                + "height=\"26\" rx=\"4\" fill=\"\(SVGChart.barColour)\"/>\n"
            svg += SVGChart.text(
                l.blog.number(option.voters), x: margin + length + 12, y: top + 66, size: labelSize, weight: "bold",
                fill: SVGChart.barColour)
        }
        svg += SVGChart.text(
            fitted(l.blog.shareFooter(counted, until), size: footerSize),
            x: margin, y: height - 28, size: footerSize, fill: SVGChart.axisColour)
        return svg + "</svg>\n"
    }
}

import TallyCore

/// The image of `tally report --share FILE.png`: one 1200×630 card for a social feed (the size their link
/// previews use), made to be read as a feed shows it, about 300 px wide. So it says little, large: the title, the
/// leading section's top three options as full-width bars with their voters, a tie for first said in words, and a
/// footer with the counted voters and the minute votes were counted until; every text at least 56 px (14 px at
/// 300 px wide). Text is measured as drawn (`DrawnWidth`) and shortened with an ellipsis when it would not fit; the
/// report the card goes with shows it whole. Drawn as SVG here (a pure function of the model), rendered to PNG at
/// the edge.
package enum ShareImage {
    /// The card's size in pixels.
    package static let width = 1200.0
    package static let height = 630.0
    /// At most this many options are drawn: at 300 px wide a fourth would not be readable.
    package static let maximumBars = 3

    static let margin = 60.0
    static let titleSize = 64.0
    /// Every other text: 14 px when the card is shown 300 px wide.
    package static let textSize = 56.0
    static let inner = width - 2 * margin

    /// The card and the texts it had to shorten (each in full), for the message that says so.
    package struct Card: Equatable {
        package let svg: String
        package let shortened: [String]
    }

    /// The card's SVG; see `card`.
    package static func svg(
        _ model: ReportModel, language: ReportLanguage, title: String? = nil, until: Instant? = nil,
        voteURL: WebAddress? = nil
    ) -> String {
        card(model, language: language, title: title, until: until, voteURL: voteURL).svg
    }

    /// The card; `title` is the `title` setting (the language's heading when nil); `until` the time shown as the
    /// card's "as of" (by default the time votes were counted until, or the as-of time), as the page's readers write
    /// it (`ReaderTimes.until`: a week's last day, or a moment to the minute without its offset). With `voteURL`
    /// (`vote_url`) a line above the footer names the vote page (`example.org/vote`), the rows of bars a little
    /// closer so every text keeps its size.
    package static func card(
        _ model: ReportModel, language: ReportLanguage, title: String? = nil, until: Instant? = nil,
        voteURL: WebAddress? = nil
    ) -> Card {
        let l = language
        let time = ReaderTimes(model, l).until(until ?? model.parameters.through ?? model.parameters.asOf)
        let counted = model.totals.voters
        let section = model.sections.first(where: ReportCharts.drawsRanking)
        let voted = (section?.options ?? []).filter { $0.voters > 0 }
        let options = Array(voted.prefix(maximumBars))
        let leaders = voted.filter { $0.voters == voted.first?.voters }.count
        let heading = title ?? l.title
        var shortened: [String] = []
        func fitted(_ text: String, size: Double, width: Double = inner) -> String {
            let shown = DrawnWidth.fitted(text, size: size, width: width)
            if shown != text { shortened.append(text) }
            return shown
        }
        let footer = l.shareFooter(counted, time)
        let described = options.map { "\($0.content): \(l.number($0.voters))" }.joined(separator: "; ")
        var svg = SVGChart.header(
            width: width, height: height, title: heading, description: footer + " " + described)
        let size = DrawnWidth.of(heading, size: titleSize) <= inner ? titleSize : textSize
        svg += SVGChart.text(fitted(heading, size: size), x: margin, y: 100, size: size, weight: "bold")
        if options.isEmpty {
            svg += SVGChart.text(
                fitted(l.shareNoVotes, size: titleSize), x: width / 2, y: 350, size: titleSize,
                anchor: "middle", weight: "bold", fill: SVGChart.barColour)
        } else if let section {
            // A tie for first is said in words (equal bars alone do not say it); otherwise which section this is.
            let line = leaders > 1 ? l.shareTie(leaders) : MarkdownReport.plainSectionHeading(section, l)
            svg += SVGChart.text(
                fitted(line, size: textSize), x: margin, y: 172, size: textSize,
                fill: leaders > 1 ? SVGChart.whiskerColour : SVGChart.axisColour)
        }
        // One row per option: its label and its voters on one line, a bar the card's width at 100% of the counted
        // voters under it (the scale the report's charts use).
        let (first, pitch, barHeight) = voteURL == nil ? (200.0, 120.0, 28.0) : (190.0, 100.0, 20.0)
        for (index, option) in options.enumerated() {
            let top = first + pitch * Double(index)
            let count = l.number(option.voters)
            let countWidth = DrawnWidth.of(count, size: textSize)
            svg += SVGChart.text(
                fitted(option.content, size: textSize, width: inner - countWidth - 32), x: margin, y: top + 52,
                size: textSize)
            svg += SVGChart.text(
                count, x: width - margin, y: top + 52, size: textSize, anchor: "end", weight: "bold",
                fill: SVGChart.barColour)
            let length = max(8, inner * Double(option.voters) / Double(max(counted, 1)))
            svg +=
                "  <rect x=\"\(SVGChart.n(margin))\" y=\"\(SVGChart.n(top + 68))\" width=\"\(SVGChart.n(length))\" "
                + "height=\"\(SVGChart.n(barHeight))\" rx=\"4\" fill=\"\(SVGChart.barColour)\"/>\n"
        }
        if let voteURL {
            svg += SVGChart.text(
                fitted(l.shareVote(voteURL.shown), size: textSize), x: margin, y: height - 90, size: textSize,
                weight: "bold", fill: SVGChart.barColour)
        }
        svg += SVGChart.text(
            fitted(footer, size: textSize), x: margin, y: height - 24, size: textSize, fill: SVGChart.axisColour)
        return Card(svg: svg + "</svg>\n", shortened: shortened)
    }
}

/// The share image's words.
extension ReportLanguage {
    /// The footer: the counted voters and the time votes were counted until, joined by a middle dot (U+00B7 in
    /// both languages; the katakana 「・」 is Japanese).
    fileprivate func shareFooter(_ voters: Int, _ until: String) -> String {
        pick("\(plural(voters, "voter")) · \(until)", "計入 \(number(voters)) 人 · 統計至 \(until)")
    }

    /// The line naming the vote page (`example.org/vote`).
    fileprivate func shareVote(_ address: String) -> String { pick("Vote: \(address)", "投票：\(address)") }

    /// A poll nobody has voted in yet.
    fileprivate var shareNoVotes: String { pick("No votes yet", "還沒有人投票") }

    /// When several options lead with the same voters.
    fileprivate func shareTie(_ options: Int) -> String {
        pick("Tied for first: \(options) options", "\(options) 個選項並列第一")
    }
}

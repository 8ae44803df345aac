/// The phone layouts of the charts, drawn inline by the HTML pages below 600 px (their CSS switches): at most
/// `phoneWidth` units wide, so on a 390 px phone (358 px of content) one unit is at least one CSS pixel and no
/// text is under 12 px. A ranking's labels stand above their bars; axis notes wrap. The title is not drawn (it
/// stays the SVG's `<title>`): on the page the section's heading stands right above, and a phone's first screen
/// must still reach the ranking table.
extension SVGChart {
    /// The widest phone chart, in SVG units.
    package static let phoneWidth = 340.0

    /// `text` in lines of at most `width` units at `size`: broken at spaces where there are some, else
    /// between characters (Chinese has no spaces).
    static func wrapped(_ text: String, width: Double, size: Double) -> [String] {
        let cells = max(4, Int(width / (size * cellWidth)))
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if DisplayWidth.of(candidate) <= cells {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for character in word {
                if DisplayWidth.of(line + String(character)) > cells {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        if !line.isEmpty { lines.append(line) }
        // No character stands alone on the last line (「這段」 broken before 「段」): it takes the previous line's last.
        if lines.count >= 2, lines[lines.count - 1].count == 1, let moved = lines[lines.count - 2].last,
            lines[lines.count - 2].count > 2, moved != " "
        {
            lines[lines.count - 2].removeLast()
            lines[lines.count - 1] = String(moved) + lines[lines.count - 1]
        }
        return lines
    }

    /// Horizontal bars for a phone: each label (cut past the width, the whole name in its `<title>`) above its
    /// bar, the count in or past the bar, the scale's ticks under the last bar, then the axis notes.
    package static func phoneBars(
        title: String, description: String, bars: [Bar], axisLabel: [String], maximum: Double? = nil,
        kicker _: String? = nil
    ) -> String {
        let width = phoneWidth
        let left = 12.0
        let plotWidth = width - left - 36
        let rowHeight = 36.0
        let top = 8.0
        let longest = bars.map { max($0.value, $0.high ?? 0) }.max() ?? 0
        let ticks = SVGChart.ticks(upTo: max(maximum ?? longest, longest))
        let scaleMax = ticks.last ?? 1
        func x(_ value: Double) -> Double { left + plotWidth * min(max(value, 0), scaleMax) / scaleMax }
        let axisY = top + rowHeight * Double(max(bars.count, 1)) + 2
        let notes = axisLabel.flatMap { wrapped($0, width: width - 24, size: 12) }
        let height = axisY + 22 + 14 * Double(notes.count) + 6

        var svg = header(width: width, height: height, title: title, description: description)
        svg += verticalGrid(ticks, top: top, axisY: axisY, x: x)
        let labelCells = Int((width - 2 * left) / (fontSize * cellWidth))
        for (index, bar) in bars.enumerated() {
            let rowTop = top + rowHeight * Double(index)
            svg += barLabel(bar, cells: labelCells, x: left, y: rowTop + 13)
            let barTop = rowTop + 17
            svg +=
                "  <rect x=\"\(n(left))\" y=\"\(n(barTop))\" width=\"\(n(x(bar.value) - left))\" height=\"17\" "
                + "fill=\"\(barColour)\"/>\n"
            svg += whiskerAndCount(bar, start: left, mid: barTop + 8.5, textY: barTop + 13, x: x)
        }
        svg += "  <path d=\"M\(n(left)) \(n(axisY))H\(n(left + plotWidth))\" stroke=\"\(axisColour)\" fill=\"none\"/>\n"
        for (index, note) in notes.enumerated() {
            svg += text(note, x: left, y: axisY + 35 + 14 * Double(index), size: 12)
        }
        return svg + "</svg>\n"
    }
}

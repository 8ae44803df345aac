/// Small, dependency-free SVG charts: horizontal bars with interval whiskers, and
/// columns. Output is deterministic (fixed decimals, no ids from randomness),
/// well-formed XML with every text escaped, and accessible: `role="img"`, a
/// `<title>` and a `<desc>` that states the data in words.
package enum SVGChart {
    /// One horizontal bar.
    package struct Bar: Sendable, Equatable {
        /// The label left of the bar, whole: the chart cuts it with an ellipsis past `labelLimit` cells and keeps
        /// the whole label as the cut text's `<title>`.
        package var label: String
        /// The bar's length in the chart's unit.
        package var value: Double
        /// Whisker ends in the same unit as `value` (e.g. a 95% interval), if any.
        package var low: Double?
        /// The upper whisker end.
        package var high: Double?
        /// The value as printed at the end of the bar.
        package var valueText: String
    }

    /// One vertical column.
    package struct Column: Sendable, Equatable {
        /// The label under the column.
        package var label: String
        /// The column's height in the chart's unit.
        package var value: Double
        /// The value as printed above the column.
        package var valueText: String
    }

    /// Fonts tried in order; CJK-capable ones first so Traditional Chinese labels render.
    package static let fontFamily =
        "'Noto Sans CJK TC', 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', 'WenQuanYi Micro Hei', "
        + "'Heiti TC', sans-serif"

    static let fontSize = 14.0
    /// The widest bar label drawn, in display cells; longer ones are cut with an ellipsis.
    static let labelLimit = 40
    static let barColour = "#4a78b5"
    static let whiskerColour = "#1d1d1d"
    static let gridColour = "#e3e3e3"
    static let axisColour = "#888888"
    /// Roughly how wide one display cell of text is, as a share of the font size.
    static let cellWidth = 0.6

    /// About how wide a text is drawn: East Asian wide characters count as two cells.
    static func textWidth(_ text: String, size: Double) -> Double {
        Double(DisplayWidth.of(text)) * size * cellWidth
    }

    /// Round tick values from 0 to at least `maximum`: steps of 1, 2 or 5 times a power of ten,
    /// at most six ticks, so a reader can read a bar's length off the grid.
    static func ticks(upTo maximum: Double) -> [Double] {
        let top = max(maximum, 1)
        var magnitude = 1.0
        while top / magnitude > 10 { magnitude *= 10 }
        var step = magnitude
        for factor in [0.1, 0.2, 0.5, 1.0, 2.0, 5.0] where (top / (magnitude * factor)).rounded(.up) <= 5 {
            step = max(1, magnitude * factor)
            break
        }
        let count = Int((top / step).rounded(.up))
        return (0...count).map { Double($0) * step }
    }

    /// How far a chart's content moves down for a page title (`kicker`) above the chart's own title.
    static func kickerRoom(_ kicker: String?) -> Double { kicker == nil ? 0 : 18 }

    /// The page title (the `title` setting) in small grey type above the chart's own title, if any.
    static func kickerText(_ kicker: String?) -> String {
        kicker.map { text($0, x: 12, y: 18, size: 12, fill: axisColour) } ?? ""
    }

    /// Horizontal bars, one per row, labels on the left, value at the bar's end, a light
    /// grid at round values. `maximum` fixes the scale (e.g. all counted voters), else the
    /// longest bar or whisker sets it. `kicker` (the page's title) stands above the chart's title.
    package static func horizontalBars(
        title: String, description: String, bars: [Bar], axisLabel: [String], maximum: Double? = nil,
        kicker: String? = nil
    ) -> String {
        // Labels longer than `labelLimit` cells are cut with an ellipsis; the rest get the room they need.
        let labelCells = min(labelLimit, bars.map { DisplayWidth.of($0.label) }.max() ?? 0)
        let labelWidth = max(80, Double(labelCells) * fontSize * cellWidth + 16)
        let plotWidth = 360.0
        let rowHeight = 30.0
        let lift = kickerRoom(kicker)
        let top = 48.0 + lift
        let longest = bars.map { max($0.value, $0.high ?? 0) }.max() ?? 0
        let ticks = SVGChart.ticks(upTo: max(maximum ?? longest, longest))
        let scaleMax = ticks.last ?? 1
        // The axis label is centred under the plot; the chart is wide enough for all of it.
        let width = max(
            labelWidth + plotWidth + 60, textWidth(title, size: 16) + 24, textWidth(kicker ?? "", size: 12) + 24,
            labelWidth + plotWidth / 2 + (axisLabel.map { textWidth($0, size: 12) }.max() ?? 0) / 2 + 12)
        let height = top + rowHeight * Double(max(bars.count, 1)) + 48 + 15 * Double(max(axisLabel.count - 1, 0))
        func x(_ value: Double) -> Double { labelWidth + plotWidth * min(max(value, 0), scaleMax) / scaleMax }
        let axisY = top + rowHeight * Double(max(bars.count, 1)) + 4

        var svg = header(width: width, height: height, title: title, description: description)
        svg += kickerText(kicker) + text(title, x: 12, y: 24 + lift, size: 16, weight: "bold")
        svg += verticalGrid(ticks, top: top, axisY: axisY, x: x)
        for (index, bar) in bars.enumerated() {
            let y = top + rowHeight * Double(index)
            svg += barLabel(bar, cells: labelCells, x: labelWidth - 8, y: y + 19, anchor: "end")
            svg +=
                "  <rect x=\"\(n(labelWidth))\" y=\"\(n(y + 6))\" width=\"\(n(x(bar.value) - labelWidth))\" "
                + "height=\"\(n(rowHeight - 12))\" fill=\"\(barColour)\"/>\n"
            svg += whiskerAndCount(bar, start: labelWidth, mid: y + rowHeight / 2, textY: y + 19, x: x)
        }
        svg +=
            "  <path d=\"M\(n(labelWidth)) \(n(axisY))H\(n(labelWidth + plotWidth))\" stroke=\"\(axisColour)\" fill=\"none\"/>\n"
        for (line, label) in axisLabel.enumerated() {
            svg += text(
                label, x: labelWidth + plotWidth / 2, y: axisY + 36 + 15 * Double(line), size: 12, anchor: "middle")
        }
        return svg + "</svg>\n"
    }

    /// Vertical columns, one per label (e.g. votes per local day), on a light grid at round
    /// values. Labels stand upright when they fit under their column, else they are slanted.
    /// `kicker` (the page's title) stands above the chart's title.
    package static func columns(
        title: String, description: String, columns: [Column], axisLabel: String, kicker: String? = nil
    ) -> String {
        let labelSize = 11.0
        let widestLabel = columns.map { textWidth($0.label, size: labelSize) }.max() ?? 0
        let columnWidth = max(24.0, min(84.0, max(widestLabel + 8, 640.0 / Double(max(columns.count, 1)))))
        let upright = widestLabel + 4 <= columnWidth
        let left = 48.0
        let lift = kickerRoom(kicker)
        let top = 56.0 + lift
        let plotHeight = 200.0
        let plotWidth = columnWidth * Double(max(columns.count, 1))
        let labelRoom = upright ? 24.0 : widestLabel * 0.75 + 16
        let width = max(
            left + plotWidth + 24, textWidth(title, size: 16) + 24, textWidth(kicker ?? "", size: 12) + 24, 320)
        let height = top + plotHeight + labelRoom + 16
        let ticks = SVGChart.ticks(upTo: columns.map(\.value).max() ?? 0)
        let scaleMax = ticks.last ?? 1
        let baseline = top + plotHeight
        func y(_ value: Double) -> Double { baseline - plotHeight * min(max(value, 0), scaleMax) / scaleMax }

        var svg = header(width: width, height: height, title: title, description: description)
        svg += kickerText(kicker) + text(title, x: 12, y: 24 + lift, size: 16, weight: "bold")
        svg += text(axisLabel, x: left, y: top - 14, size: 12, anchor: "middle")
        for tick in ticks {
            svg +=
                "  <line x1=\"\(n(left))\" y1=\"\(n(y(tick)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y(tick)))\" "
                + "stroke=\"\(tick == 0 ? axisColour : gridColour)\"/>\n"
            svg += text(NumberText.fixed(tick, decimals: 0), x: left - 6, y: y(tick) + 4, size: 12, anchor: "end")
        }
        for (index, column) in columns.enumerated() {
            let x = left + columnWidth * Double(index)
            let barTop = y(column.value)
            svg +=
                "  <rect x=\"\(n(x + 4))\" y=\"\(n(barTop))\" width=\"\(n(columnWidth - 8))\" "
                + "height=\"\(n(baseline - barTop))\" fill=\"\(barColour)\"/>\n"
            svg += text(column.valueText, x: x + columnWidth / 2, y: barTop - 4, size: labelSize, anchor: "middle")
            let labelX = x + columnWidth / 2
            if upright {
                svg += text(column.label, x: labelX, y: baseline + 16, size: labelSize, anchor: "middle")
            } else {
                svg +=
                    "  <text x=\"\(n(labelX))\" y=\"\(n(baseline + 14))\" font-size=\"\(n(labelSize))\" text-anchor=\"end\" "
                    + "transform=\"rotate(-45 \(n(labelX)) \(n(baseline + 14)))\">\(escape(column.label))</text>\n"
            }
        }
        svg += "  <path d=\"M\(n(left)) \(n(top))V\(n(baseline))\" stroke=\"\(axisColour)\" fill=\"none\"/>\n"
        return svg + "</svg>\n"
    }

    /// A line at each tick from `top` down to the axis at `axisY`, the tick's value under it.
    static func verticalGrid(_ ticks: [Double], top: Double, axisY: Double, x: (Double) -> Double) -> String {
        ticks.map { tick in
            "  <line x1=\"\(n(x(tick)))\" y1=\"\(n(top))\" x2=\"\(n(x(tick)))\" y2=\"\(n(axisY))\" "
                + "stroke=\"\(tick == 0 ? axisColour : gridColour)\"/>\n"
                + text(NumberText.fixed(tick, decimals: 0), x: x(tick), y: axisY + 16, size: 12, anchor: "middle")
        }.joined()
    }

    /// A bar's label cut to `cells`; a cut label keeps the whole name as its tooltip and accessible name (the
    /// `<desc>` lists it too).
    static func barLabel(_ bar: Bar, cells: Int, x: Double, y: Double, anchor: String? = nil) -> String {
        let label = text(truncated(bar.label, cells: cells), x: x, y: y, anchor: anchor)
        return DisplayWidth.of(bar.label) > cells
            ? "  <g><title>\(escape(bar.label))</title>\n  " + label + "  </g>\n" : label
    }

    /// A bar's whisker (when it has both ends) across `mid`, then its count at `textY`. The count sits inside
    /// its bar (which starts at `start`), in white, so it cannot be read as the whisker's end; only a bar too
    /// short to hold it has the count past the whisker, in the bar's colour.
    static func whiskerAndCount(
        _ bar: Bar, start: Double, mid: Double, textY: Double, x: (Double) -> Double
    ) -> String {
        var svg = ""
        if let low = bar.low, let high = bar.high {
            svg +=
                "  <path d=\"M\(n(x(low))) \(n(mid))H\(n(x(high)))M\(n(x(low))) \(n(mid - 6))V\(n(mid + 6))"
                + "M\(n(x(high))) \(n(mid - 6))V\(n(mid + 6))\" stroke=\"\(whiskerColour)\" stroke-width=\"1.5\" fill=\"none\"/>\n"
        }
        if x(bar.value) - start >= textWidth(bar.valueText, size: fontSize) + 8 {
            return svg + text(bar.valueText, x: start + 4, y: textY, weight: "bold", fill: "#ffffff")
        }
        return svg + text(bar.valueText, x: max(x(bar.value), x(bar.high ?? 0)) + 6, y: textY, fill: barColour)
    }

    static func header(width: Double, height: Double, title: String, description: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
        viewBox="0 0 \(n(width)) \(n(height))" role="img" aria-labelledby="chart-title chart-desc" \
        font-family="\(escape(fontFamily))" font-size="\(n(fontSize))">
          <title id="chart-title">\(escape(title))</title>
          <desc id="chart-desc">\(escape(description))</desc>
          <rect width="100%" height="100%" fill="#ffffff"/>

        """
    }

    static func text(
        _ content: String, x: Double, y: Double, size: Double? = nil, anchor: String? = nil, weight: String? = nil,
        fill: String? = nil
    ) -> String {
        var attributes = "x=\"\(n(x))\" y=\"\(n(y))\""
        if let fill { attributes += " fill=\"\(fill)\"" }
        if let size { attributes += " font-size=\"\(n(size))\"" }
        if let anchor { attributes += " text-anchor=\"\(anchor)\"" }
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        return "  <text \(attributes)>\(escape(content))</text>\n"
    }

    /// Cuts a label to a number of cells, marking the cut with an ellipsis.
    static func truncated(_ label: String, cells: Int) -> String {
        guard DisplayWidth.of(label) > cells else { return label }
        var result = ""
        var used = 0
        for character in label {
            let width = DisplayWidth.of(String(character))
            if used + width > cells - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// XML text and attribute escaping; control characters (not allowed in XML 1.0) become visible, and so do
    /// C1 controls and bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069), as the Markdown shows them,
    /// so a label cannot reorder the text drawn after it.
    package static func escape(_ text: String) -> String {
        HTMLText.escape(text, apostrophe: "&apos;", whitespace: " ")
    }

    /// A coordinate with one decimal, locale-free.
    static func n(_ value: Double) -> String { NumberText.fixed(value, decimals: 1) }
}

/// Small, dependency-free SVG charts: horizontal bars with interval whiskers, and
/// columns. Output is deterministic (fixed decimals, no ids from randomness),
/// well-formed XML with every text escaped, and accessible: `role="img"`, a
/// `<title>` and a `<desc>` that states the data in words.
public enum SVGChart {
    /// One horizontal bar.
    public struct Bar: Sendable, Equatable {
        public var label: String
        public var value: Double
        /// Whisker ends in the same unit as `value` (e.g. a 95% interval), if any.
        public var low: Double?
        public var high: Double?
        /// The value as printed at the end of the bar.
        public var valueText: String

        public init(label: String, value: Double, low: Double? = nil, high: Double? = nil, valueText: String) {
            self.label = label
            self.value = value
            self.low = low
            self.high = high
            self.valueText = valueText
        }
    }

    /// One vertical column.
    public struct Column: Sendable, Equatable {
        public var label: String
        public var value: Double
        public var valueText: String

        public init(label: String, value: Double, valueText: String) {
            self.label = label
            self.value = value
            self.valueText = valueText
        }
    }

    /// Fonts tried in order; CJK-capable ones first so Traditional Chinese labels render.
    public static let fontFamily =
        "'Noto Sans CJK TC', 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', 'WenQuanYi Micro Hei', "
        + "'Heiti TC', sans-serif"

    static let fontSize = 14.0
    static let barColour = "#4a78b5"
    static let whiskerColour = "#1d1d1d"

    /// Horizontal bars, one per row, labels on the left, value at the bar's end.
    public static func horizontalBars(
        title: String, description: String, bars: [Bar], axisLabel: String, maximum: Double? = nil
    ) -> String {
        let cell = fontSize * 0.6
        let labelWidth = min(420, max(80, Double(bars.map { DisplayWidth.of($0.label) }.max() ?? 0) * cell + 16))
        let plotWidth = 360.0
        let rowHeight = 30.0
        let top = 48.0
        let width = labelWidth + plotWidth + 90
        let height = top + rowHeight * Double(max(bars.count, 1)) + 44
        let top1 = bars.map { max($0.value, $0.high ?? 0) }.max() ?? 0
        let scaleMax = max(maximum ?? top1, 1)
        func x(_ value: Double) -> Double { labelWidth + plotWidth * min(max(value, 0), scaleMax) / scaleMax }

        var svg = header(width: width, height: height, title: title, description: description)
        svg += text(title, x: 12, y: 24, size: 16, weight: "bold")
        for (index, bar) in bars.enumerated() {
            let y = top + rowHeight * Double(index)
            svg += text(truncated(bar.label, cells: Int((labelWidth - 16) / cell)), x: labelWidth - 8, y: y + 19, anchor: "end")
            svg += "  <rect x=\"\(n(labelWidth))\" y=\"\(n(y + 6))\" width=\"\(n(x(bar.value) - labelWidth))\" "
                + "height=\"\(n(rowHeight - 12))\" fill=\"\(barColour)\"/>\n"
            if let low = bar.low, let high = bar.high {
                let mid = y + rowHeight / 2
                svg += "  <path d=\"M\(n(x(low))) \(n(mid))H\(n(x(high)))M\(n(x(low))) \(n(mid - 6))V\(n(mid + 6))"
                    + "M\(n(x(high))) \(n(mid - 6))V\(n(mid + 6))\" stroke=\"\(whiskerColour)\" stroke-width=\"1.5\" fill=\"none\"/>\n"
            }
            svg += text(bar.valueText, x: max(x(bar.value), x(bar.high ?? 0)) + 6, y: y + 19)
        }
        let axisY = top + rowHeight * Double(max(bars.count, 1)) + 4
        svg += "  <path d=\"M\(n(labelWidth)) \(n(top))V\(n(axisY))H\(n(labelWidth + plotWidth))\" stroke=\"#888\" fill=\"none\"/>\n"
        svg += text("0", x: labelWidth, y: axisY + 16, size: 12, anchor: "middle")
        svg += text(NumberText.fixed(scaleMax, decimals: 0), x: labelWidth + plotWidth, y: axisY + 16, size: 12, anchor: "middle")
        svg += text(axisLabel, x: labelWidth + plotWidth / 2, y: axisY + 34, size: 12, anchor: "middle")
        return svg + "</svg>\n"
    }

    /// Vertical columns, one per label (e.g. votes per local day).
    public static func columns(title: String, description: String, columns: [Column], axisLabel: String) -> String {
        let columnWidth = max(18.0, min(48.0, 640.0 / Double(max(columns.count, 1))))
        let left = 48.0
        let top = 48.0
        let plotHeight = 200.0
        let width = left + columnWidth * Double(max(columns.count, 1)) + 24
        let height = top + plotHeight + 96
        let scaleMax = max(columns.map(\.value).max() ?? 0, 1)
        let baseline = top + plotHeight

        var svg = header(width: max(width, 320), height: height, title: title, description: description)
        svg += text(title, x: 12, y: 24, size: 16, weight: "bold")
        for (index, column) in columns.enumerated() {
            let x = left + columnWidth * Double(index)
            let barHeight = plotHeight * max(column.value, 0) / scaleMax
            svg += "  <rect x=\"\(n(x + 3))\" y=\"\(n(baseline - barHeight))\" width=\"\(n(columnWidth - 6))\" "
                + "height=\"\(n(barHeight))\" fill=\"\(barColour)\"/>\n"
            svg += text(column.valueText, x: x + columnWidth / 2, y: baseline - barHeight - 4, size: 11, anchor: "middle")
            let labelX = x + columnWidth / 2
            svg += "  <text x=\"\(n(labelX))\" y=\"\(n(baseline + 14))\" font-size=\"11\" text-anchor=\"end\" "
                + "transform=\"rotate(-45 \(n(labelX)) \(n(baseline + 14)))\">\(escape(column.label))</text>\n"
        }
        svg += "  <path d=\"M\(n(left)) \(n(top))V\(n(baseline))H\(n(left + columnWidth * Double(max(columns.count, 1))))\" "
            + "stroke=\"#888\" fill=\"none\"/>\n"
        svg += text(NumberText.fixed(scaleMax, decimals: 0), x: left - 6, y: top + 4, size: 12, anchor: "end")
        svg += text("0", x: left - 6, y: baseline + 4, size: 12, anchor: "end")
        svg += text(axisLabel, x: 12, y: height - 10, size: 12)
        return svg + "</svg>\n"
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
        _ content: String, x: Double, y: Double, size: Double? = nil, anchor: String? = nil, weight: String? = nil
    ) -> String {
        var attributes = "x=\"\(n(x))\" y=\"\(n(y))\""
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

    /// XML text and attribute escaping; control characters (not allowed in XML 1.0) become visible.
    public static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\r", "\t": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += TerminalText.visibleScalar(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A coordinate with one decimal, locale-free.
    static func n(_ value: Double) -> String { NumberText.fixed(value, decimals: 1) }
}

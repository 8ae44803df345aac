/// A GitHub-Flavored Markdown table whose columns line up in a monospace
/// editor: cells are padded by display width (East Asian Width), so a row of
/// CJK text is as wide as a row of Latin text with the same cell count.
///
/// Cells are written as given: user text must already have gone through
/// `MarkdownText.cell`, which keeps it in one cell on one line.
public struct MarkdownTable: Sendable {
    /// How a column is aligned (GFM's `:---` and `---:`).
    public enum Alignment: Sendable {
        /// Text.
        case left
        /// Numbers.
        case right
    }

    /// Column headings, as written.
    public let headers: [String]
    /// One alignment per column.
    public let alignments: [Alignment]
    /// The rows added so far.
    public private(set) var rows: [[String]] = []

    /// A table with these columns (heading and alignment), no rows yet.
    public init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    /// Adds a row; it must have one cell per column.
    public mutating func add(_ cells: [String]) {
        precondition(cells.count == headers.count, "a table row needs one cell per column")
        rows.append(cells)
    }

    /// The table's lines, each ending in a newline.
    public func rendered() -> String {
        var widths = headers.map { max(3, DisplayWidth.of($0)) }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                alignments[index] == .right
                    ? DisplayWidth.padLeft(cell, to: widths[index]) : DisplayWidth.padRight(cell, to: widths[index])
            }
            return "| " + padded.joined(separator: " | ") + " |\n"
        }
        var text = line(headers)
        text +=
            "|"
            + widths.enumerated().map { index, width in
                alignments[index] == .right
                    ? " " + String(repeating: "-", count: width - 1) + ": "
                    : " :" + String(repeating: "-", count: width - 1) + " "
            }.joined(separator: "|") + "|\n"
        for row in rows { text += line(row) }
        return text
    }
}

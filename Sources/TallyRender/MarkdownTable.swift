/// A GitHub-Flavored Markdown table whose columns line up in a monospace
/// editor: cells are padded by display width (East Asian Width), so a row of
/// CJK text is as wide as a row of Latin text with the same cell count.
///
/// Cells are written as given: user text must already have gone through
/// `MarkdownText.cell`, which keeps it in one cell on one line.
package struct MarkdownTable: Sendable {
    /// How a column is aligned (GFM's `:---` and `---:`).
    package enum Alignment: Sendable {
        /// Text.
        case left
        /// Numbers.
        case right
    }

    /// Column headings, as written.
    package let headers: [String]
    /// One alignment per column.
    package let alignments: [Alignment]
    package private(set) var rows: [[String]] = []

    /// A table with these columns (heading and alignment), no rows yet.
    package init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    /// Adds a row; it must have one cell per column.
    package mutating func add(_ cells: [String]) {
        precondition(cells.count == headers.count, "a table row needs one cell per column")
        rows.append(cells)
    }

    /// Columns are padded to at most this many cells: a cell wider than that (an option's whole long name) sticks
    /// out of its column in an editor rather than pad every other row of the table with hundreds of spaces.
    package static let paddingLimit = 60

    /// The table's lines, each ending in a newline.
    package func rendered() -> String {
        // Each cell's width is measured once and the lines are written into one string: the
        // weekly pages' ledgers (1,000 rows each, 104 pages) made this a visible share of a run.
        let headerWidths = headers.map(DisplayWidth.of)
        let rowWidths = rows.map { $0.map(DisplayWidth.of) }
        var widths = headerWidths.map { max(3, min($0, Self.paddingLimit)) }
        for row in rowWidths {
            for (index, width) in row.enumerated() { widths[index] = max(widths[index], min(width, Self.paddingLimit)) }
        }
        var text = ""
        func line(_ cells: [String], _ cellWidths: [Int]) {
            text += "| "
            for (index, cell) in cells.enumerated() {
                if index > 0 { text += " | " }
                let missing = widths[index] - cellWidths[index]
                if alignments[index] == .right {
                    if missing > 0 { text += String(repeating: " ", count: missing) }
                    text += cell
                } else {
                    text += cell
                    if missing > 0 { text += String(repeating: " ", count: missing) }
                }
            }
            text += " |\n"
        }
        line(headers, headerWidths)
        text +=
            "|"
            + widths.enumerated().map { index, width in
                alignments[index] == .right
                    ? " " + String(repeating: "-", count: width - 1) + ": "
                    : " :" + String(repeating: "-", count: width - 1) + " "
            }.joined(separator: "|") + "|\n"
        for (row, cellWidths) in zip(rows, rowWidths) { line(row, cellWidths) }
        return text
    }
}

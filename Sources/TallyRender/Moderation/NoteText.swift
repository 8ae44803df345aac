import TallyCore

/// How note text (a visitor's words, verbatim in storage) is shown on a
/// terminal or in plain text: control characters made visible so they cannot
/// move the cursor, change colours or forge lines; newlines shown as `↵` where
/// the note must stay on one line.
package enum NoteText {
    /// The text on one line: line breaks (LF, CR, CR LF) as `↵`, control
    /// characters (tab included) as visible symbols, cut to `maximumCells`
    /// terminal cells ending in `…` when longer.
    package static func oneLine(_ text: String, maximumCells: Int? = nil) -> String {
        var pieces: [(text: String, cells: Int)] = []
        var total = 0
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n", previousWasCR { continue }
            let piece = scalar == "\n" || scalar == "\r" ? "↵" : TerminalText.visibleScalar(scalar)
            let cells = DisplayWidth.of(piece)
            pieces.append((piece, cells))
            total += cells
        }
        guard let maximumCells, total > maximumCells else { return pieces.map(\.text).joined() }
        var result = ""
        var cells = 0
        for piece in pieces {
            if cells + piece.cells > maximumCells - 1 { break }
            result += piece.text
            cells += piece.cells
        }
        return result + "…"
    }

    /// The text as an indented block: its own line breaks kept, every other
    /// control character (tab included) made visible.
    package static func block(_ text: String, indent: String) -> String {
        var lines: [String] = [""]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n", previousWasCR { continue }
            if scalar == "\n" || scalar == "\r" {
                lines.append("")
            } else {
                lines[lines.count - 1] += TerminalText.visibleScalar(scalar)
            }
        }
        return lines.map { indent + $0 }.joined(separator: "\n")
    }
}

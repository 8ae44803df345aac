import Foundation

/// The real CommonMark renderer as an oracle for the Markdown tally writes: `cmark-gfm -e table`
/// (Debian package `cmark-gfm`), the GitHub-Flavored dialect blogs paste into.
package enum CommonMark {
    /// What a renderer made of one Markdown document.
    package struct Rendering {
        /// The HTML `cmark-gfm` wrote.
        package let html: String
        /// Literal `*` left in the rendered text (code spans left out) beyond those the Markdown escaped:
        /// each one is an emphasis marker a reader would see.
        package let strayAsterisks: Int
        /// Tables in the source (a `|` line followed by an alignment row) and `<table>`s in the HTML.
        package let sourceTables: Int
        package let renderedTables: Int
        /// Rows (header included) per source table, and `<tr>`s per rendered table, in order.
        package let sourceRows: [Int]
        package let renderedRows: [Int]
    }

    /// Renders `markdown` with `cmark-gfm -e table` and reads the result.
    package static func render(_ markdown: String) async throws -> Rendering {
        let html = try await ToolProcess.run("cmark-gfm", ["-e", "table"], input: markdown)
        return check(markdown: markdown, html: html)
    }

    /// Compares a Markdown document with the HTML made from it (by cmark-gfm or by tally's own HTML page).
    package static func check(markdown: String, html: String) -> Rendering {
        let tables = sourceTables(markdown)
        let rendered = html.components(separatedBy: "<table").dropFirst().map { table in
            (table.components(separatedBy: "</table>").first ?? "").components(separatedBy: "<tr").count - 1
        }
        return Rendering(
            html: html, strayAsterisks: asterisks(inText: html) - escapedAsterisks(markdown),
            sourceTables: tables.count, renderedTables: rendered.count, sourceRows: tables, renderedRows: rendered)
    }

    /// `*` in the text of `html`: code and style elements and tags removed.
    package static func asterisks(inText html: String) -> Int {
        var text = html
        for (start, end) in [("<code>", "</code>"), ("<style>", "</style>")] {
            while let open = text.range(of: start),
                let close = text.range(of: end, range: open.upperBound..<text.endIndex)
            {
                text.removeSubrange(open.lowerBound..<close.upperBound)
            }
        }
        var count = 0
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag, character == "*" {
                count += 1
            }
        }
        return count
    }

    /// `\*` in `markdown` outside code spans: the asterisks a reader is meant to see.
    static func escapedAsterisks(_ markdown: String) -> Int {
        let characters = Array(markdown)
        var count = 0
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "\\" where index + 1 < characters.count:
                if characters[index + 1] == "*" { count += 1 }
                index += 2
            case "`":
                let end = characters[(index + 1)...].firstIndex(of: "`")
                index = (end ?? index) + 1
            default: index += 1
            }
        }
        return count
    }

    /// The row count (header included) of each table in `markdown`.
    static func sourceTables(_ markdown: String) -> [Int] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var tables: [Int] = []
        var index = 0
        while index + 1 < lines.count {
            let next = lines[index + 1]
            if lines[index].hasPrefix("|"), next.hasPrefix("|"), next.allSatisfy({ "|:- ".contains($0) }) {
                var end = index + 2
                while end < lines.count, lines[end].hasPrefix("|") { end += 1 }
                tables.append(end - index - 1)
                index = end
            } else {
                index += 1
            }
        }
        return tables
    }
}

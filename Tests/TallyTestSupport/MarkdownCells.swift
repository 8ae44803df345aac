/// Reads GFM table rows the way a Markdown renderer does, to check that user
/// text never adds or removes a cell.
package enum MarkdownCells {
    /// The number of cells in a table row `| a | b |`: pipes not escaped by a backslash, minus one.
    package static func count(_ line: Substring) -> Int {
        var pipes = 0
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                pipes += 1
            }
        }
        return pipes - 1
    }

    /// Every table in a document as its rows' cell counts, table by table.
    package static func tables(in document: String) -> [[Int]] {
        var tables: [[Int]] = []
        var current: [Int] = []
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                current.append(count(line))
            } else if !current.isEmpty {
                tables.append(current)
                current = []
            }
        }
        if !current.isEmpty { tables.append(current) }
        return tables
    }
}

/// Reads CSV as RFC 4180 describes, to check what a spreadsheet would see in each cell.
package enum CSVCells {
    /// Records of fields, quotes and doubled quotes resolved.
    package static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.unicodeScalars.append("\"")
                        scalars = scalars.dropFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" && field.isEmpty {
                quoted = true
            } else if scalar == "," {
                record.append(field)
                field = ""
            } else if scalar == "\r" && scalars.first == "\n" {
                scalars = scalars.dropFirst()
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }
}

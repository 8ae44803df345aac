/// Writes CSV as RFC 4180 describes (https://www.rfc-editor.org/rfc/rfc4180):
/// fields separated by commas, records by CRLF, fields quoted when they hold a
/// comma, quote, CR or LF, quotes doubled.
///
/// Text cells are also made formula-safe: a spreadsheet runs a cell that starts
/// with `=`, `+`, `-`, `@`, tab or CR as a formula (OWASP "CSV injection"), so such
/// text cells get a leading `'`. Numbers are written as numbers and stay numbers.
///
/// A NUL in text (SQLite stores one in TEXT without complaint) is written as `␀` (U+2400, the
/// symbol Markdown and terminal output show too): spreadsheets and C-string readers cut the cell,
/// or the rest of the file, at a raw NUL byte, and a dropped NUL would hide that it is there.
package struct CSVWriter: Sendable {
    /// One field: text (user data, neutralised) or a number (written as is).
    package enum Field: Sendable, Equatable {
        case text(String)
        case integer(Int64)
        case number(Double, decimals: Int)
        case empty
    }

    private(set) package var output = ""

    package init() {}

    /// Appends one record.
    package mutating func row(_ fields: [Field]) {
        output += fields.map(CSVWriter.encode).joined(separator: ",")
        output += "\r\n"
    }

    /// Appends one record of text fields.
    package mutating func row(_ texts: [String]) {
        row(texts.map(Field.text))
    }

    /// One field as it appears in the file.
    package static func encode(_ field: Field) -> String {
        switch field {
        case .empty: return ""
        case .integer(let value): return String(value)
        case .number(let value, let decimals): return NumberText.fixed(value, decimals: decimals)
        case .text(let text): return quoteIfNeeded(neutralise(showingNUL(text)))
        }
    }

    /// Prefixes `'` to text a spreadsheet would run as a formula.
    package static func neutralise(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        switch first {
        case "=", "+", "-", "@", "\t", "\r": return "'" + text
        default: return text
        }
    }

    /// `text` with every NUL shown as `␀`, so no cell holds a raw NUL byte.
    static func showingNUL(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return text.replacingAll("\u{0}", with: "\u{2400}")
    }

    static func quoteIfNeeded(_ text: String) -> String {
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }
}

/// Number formatting that never depends on the machine's locale.
package enum NumberText {
    /// `value` with exactly `decimals` digits after the point, rounded half away from zero.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        let whole = Int64(scaled / scale)
        let fraction = Int64(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(whole) }
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        return "\(sign)\(whole).\(digits)"
    }

    /// A share as a percentage text, e.g. 0.6667 → `66.7%`.
    package static func percent(_ share: Double, decimals: Int = 1) -> String {
        fixed(share * 100, decimals: decimals) + "%"
    }
}

extension StringProtocol {
    /// The text without `character` at either end.
    func trimming(_ character: Character) -> String {
        var text = self[...]
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

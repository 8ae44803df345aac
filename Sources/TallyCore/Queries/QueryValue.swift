/// A value written into the `params` block of a portable query, as an SQL literal.
///
/// `wrangler d1 execute` cannot bind parameters, so the portable files carry
/// their values as literals; these are the only literal shapes they use.
package enum QueryValue: Sendable, Equatable, CustomStringConvertible {
    /// `NULL`: "none" for an optional parameter.
    case null
    case integer(Int64)
    /// A text, quoted in SQL.
    case text(String)

    /// The SQL literal: `NULL`, `42`, or `'text'` with quotes doubled (SQL's only escape).
    package var literal: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .text(let text):
            return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        }
    }

    package var description: String { literal }

    /// A text value holding a JSON array of strings (what `json_each` reads), e.g. `["a","b"]`.
    package static func jsonArray(_ items: [String]) -> QueryValue {
        .text("[" + items.map(jsonString).joined(separator: ",") + "]")
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Reads a literal as the params block spells it; nil when it is not one of the three shapes.
    package static func parse(literal text: String) -> QueryValue? {
        if text == "NULL" { return .null }
        if let number = Int64(text), text.first != "+" { return .integer(number) }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "'", scalars.last == "'" else { return nil }
        var result = String.UnicodeScalarView()
        var index = 1
        while index < scalars.count - 1 {
            let scalar = scalars[index]
            if scalar == "'" {
                // Inside the literal a quote must be doubled.
                guard index + 1 < scalars.count - 1, scalars[index + 1] == "'" else { return nil }
                index += 1
            }
            result.append(scalar)
            index += 1
        }
        return .text(String(result))
    }
}

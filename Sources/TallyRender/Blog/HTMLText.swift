/// HTML escaping for text and attribute values. Bidi overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069) and other control characters are shown as visible `\u{…}` / control pictures,
/// as the Markdown shows them, so user text can neither add markup nor reorder the text around it.
package enum HTMLText {
    /// Text safe inside an element or a double-quoted attribute.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default: result += TerminalText.visibleScalar(scalar)
            }
        }
        return result
    }
}

/// HTML escaping for text and attribute values. Bidi overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069) and other control characters are shown as visible `\u{…}` / control pictures,
/// as the Markdown shows them, so user text can neither add markup nor reorder the text around it.
package enum HTMLText {
    /// Text safe inside an element or a double-quoted attribute. `apostrophe` is the entity for `'`; with
    /// `whitespace` (an SVG label, which is one line) newline, CR and tab each become it, else newline and tab stay.
    package static func escape(_ text: String, apostrophe: String = "&#39;", whitespace: String? = nil) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += apostrophe
            // `where` binds to "\r" alone: without `whitespace` a CR falls to `default` and shows as ␍.
            case "\n", "\t",
                "\r" where whitespace != nil:
                result += whitespace ?? String(scalar)
            default: result += TerminalText.visibleScalar(scalar)
            }
        }
        return result
    }
}

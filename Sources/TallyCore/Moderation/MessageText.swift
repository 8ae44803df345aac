/// Quotes user text (names, reasons, stored values) inside error messages.
///
/// Messages go to a terminal: a control character in a name could move the
/// cursor or change colours, and a newline would forge a line of output. Here
/// such characters are spelled out (`\n`, `\u{1B}`), and long text is cut.
/// (Rendered output has its own rules, in TallyRender; this layer cannot use it.)
package enum MessageText {
    /// The text in single quotes, control characters spelled out, at most `limit` characters.
    package static func quoted(_ text: String, limit: Int = 80) -> String {
        var result = "'"
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                    || (0x2066...0x2069).contains(value)
                {
                    result += "\\u{\(String(value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }

    /// A stored UTC time (D1's text) as every moderation and sync message shows it: in `zone` with its
    /// offset (`2026-09-24 09:55:00 +08:00`), in UTC labelled so (`2026-09-24 01:55:00 UTC`) when `zone`
    /// is nil or UTC, and the stored text quoted when it is not a timestamp.
    package static func time(_ stored: String, in zone: Zone?) -> String {
        guard let instant = StoredTimestamp.parse(stored) else { return quoted(stored) }
        guard let zone, zone.identifier != Zone.utc.identifier else { return instant.description }
        return zone.format(instant, seconds: true)
    }
}

/// Makes user text safe inside GitHub-Flavored Markdown.
///
/// User text (option names, notes) must never become Markdown structure: a `|`
/// would split a table cell, a newline would end the row, a backslash could
/// escape our own delimiters, and `<b>` or backticks would format the post.
package enum MarkdownText {
    /// Escapes text for a GFM table cell: the cell stays one cell, on one line,
    /// and shows the text literally.
    ///
    /// - `|` → `\|` (GFM's table rule), `\` → `\\`
    /// - CR LF / LF / CR → `<br>` is *not* used (it would be HTML); newlines become
    ///   the visible two-character sequence `↵ ` so the row stays intact
    /// - Markdown punctuation that could format (`` ` * _ [ ] < > # ~ ``) is backslash-escaped
    /// - other control characters become visible (`\u{7}` → `␇`)
    package static func cell(_ text: String) -> String {
        // Printable ASCII with nothing to escape (session ids, times: nearly every cell) stays as
        // it is; checking the bytes is much quicker than rebuilding the text scalar by scalar.
        if text.utf8.allSatisfy(isPlainCellByte) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n":
                if !previousWasCR { result += "↵ " }
            case "\r":
                result += "↵ "
            case "|", "\\", "`", "*", "_", "[", "]", "<", ">", "#", "~", "!":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case "\t":
                result += " "
            default:
                result += TerminalText.visibleScalar(scalar)
            }
        }
        return result
    }

    /// Escapes text for running prose (a list item or paragraph): same rules as a cell,
    /// since a leading `#`, `-` or `1.` could otherwise start a heading or a list.
    package static func inline(_ text: String) -> String {
        var escaped = cell(text)
        if let first = escaped.first, first == "-" || first == "+" || first == "=" {
            escaped = "\\" + escaped
        }
        return escaped
    }

    /// An image: `alt` is plain text (a chart's title, never Markdown), escaped once here; `path` is a relative
    /// path made a link destination by `linkDestination`. Every image tally writes in Markdown is made here.
    package static func image(alt: String, path: String) -> String {
        "![\(cell(alt))](\(linkDestination(path)))"
    }

    /// A relative path as a CommonMark link destination that every renderer and browser reads back as the same
    /// path: every byte but unreserved URL characters and `/` is percent-encoded (UTF-8), so a space, a paren,
    /// `<`, `>`, `\\` (a `/` to browsers), `#`, `?`, `%` or `:` (a scheme) in a folder's name can neither end the
    /// link nor change what it points at. Callers refuse control characters first (`unlinkableCharacter`).
    package static func linkDestination(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// The first character of `path` a page cannot link to as written (a control character: a newline would
    /// end the Markdown link, and no reader could type the name), or nil.
    package static func unlinkableCharacter(_ path: String) -> Unicode.Scalar? {
        path.unicodeScalars.first { $0.properties.generalCategory == .control }
    }

    /// True for a printable ASCII byte that `cell` writes unchanged.
    private static func isPlainCellByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20...0x7E:
            switch byte {
            case UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "#"),
                UInt8(ascii: "~"), UInt8(ascii: "!"):
                return false
            default: return true
            }
        default: return false
        }
    }
}

/// Makes text safe to print on a terminal: control characters (which could move
/// the cursor, change colours or clear the screen) are shown as visible symbols.
package enum TerminalText {
    /// Text with every C0/C1 control character except newline and tab made visible (with `keepNewlines`, a
    /// CSV's CR LF line end stays one too).
    package static func visible(_ text: String, keepNewlines: Bool = true) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            if scalar == "\n", keepNewlines {
                result += "\n"
            } else if scalar == "\r", next == "\n", keepNewlines {
                result += "\r\n"
                next = scalars.next()
            } else if scalar == "\t" {
                result += "\t"
            } else {
                result += visibleScalar(scalar)
            }
        }
        return result
    }

    /// One scalar, made visible when it is a control character: C0 controls as the
    /// Unicode "control pictures" (␛ for ESC), DEL as ␡, C1 controls and bidi
    /// overrides as `\u{…}`.
    package static func visibleScalar(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: return String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "␡"
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: return String(scalar)
        }
    }
}

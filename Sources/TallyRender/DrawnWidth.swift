/// How wide text is drawn, in em, measured rather than estimated: the share image must fit its words at sizes where
/// 0.6 em a character (the charts' estimate) let `WWWW` and `ШШШШ` run off the card.
///
/// Measured with rsvg-convert (the renderer tally runs): each printable ASCII character drawn ten times between two
/// bars, in DejaVu Sans (the `sans-serif` of Debian without CJK fonts, the widest Latin tally may get) and WenQuanYi
/// Micro Hei (the CJK font `.ci/run` installs), regular and bold; the widest advance of the four, rounded up. Any
/// other character that a terminal draws one cell wide counts as 1.25 em (the widest measured: Cyrillic Ш in DejaVu
/// Sans Bold, 1.24); a wide one (CJK, fullwidth) as 1.0 em, what every CJK font draws (measured 1.00).
package enum DrawnWidth {
    /// U+0020 (space) through U+007E (`~`).
    static let ascii: [Double] = [
        0.35, 0.46, 0.53, 0.84, 0.70, 1.01, 0.88, 0.31, 0.46, 0.46, 0.56, 0.84, 0.38, 0.42, 0.38, 0.38,
        0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.40, 0.40, 0.84, 0.84, 0.84, 0.58,
        1.00, 0.78, 0.77, 0.74, 0.83, 0.69, 0.69, 0.83, 0.84, 0.38, 0.38, 0.78, 0.64, 1.00, 0.84, 0.85,
        0.74, 0.85, 0.77, 0.68, 0.71, 0.82, 0.78, 1.11, 0.78, 0.73, 0.73, 0.46, 0.38, 0.46, 0.84, 0.50,
        0.58, 0.68, 0.72, 0.60, 0.72, 0.68, 0.44, 0.72, 0.72, 0.35, 0.35, 0.67, 0.35, 1.05, 0.72, 0.69,
        0.72, 0.72, 0.50, 0.60, 0.48, 0.72, 0.66, 0.93, 0.65, 0.66, 0.59, 0.72, 0.56, 0.72, 0.84,
    ]
    static let narrow = 1.25
    static let wide = 1.0

    /// The width of `text` drawn at `size` px, at most.
    package static func of(_ text: String, size: Double) -> Double {
        text.reduce(0) { $0 + ems($1) } * size
    }

    /// `text`, or as much of it as fits in `width` px at `size` px followed by an ellipsis.
    package static func fitted(_ text: String, size: Double, width: Double) -> String {
        guard of(text, size: size) > width else { return text }
        let room = width / size - wide
        var used = 0.0
        var kept = ""
        for character in text {
            used += ems(character)
            if used > room { break }
            kept.append(character)
        }
        return kept.trimmingTrailingSpaces + "…"
    }

    private static func ems(_ character: Character) -> Double {
        if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            (0x20...0x7E).contains(scalar.value)
        {
            return ascii[Int(scalar.value) - 0x20]
        }
        switch DisplayWidth.of(String(character)) {
        case 0: return 0
        case 2: return wide
        default: return narrow
        }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// The person a decision is recorded under: a validated, non-blank name.
package struct Moderator: Sendable, Equatable, CustomStringConvertible {
    /// Why a name was refused.
    package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing was given.
        case empty
        /// Only spaces (or other white space) were given.
        case blank
        /// The name holds a control character (newline, escape …), which would
        /// corrupt every listing that shows it.
        case controlCharacter(UInt32)
        /// The name holds an invisible formatting character: a bidi control
        /// (U+202E reverses the text shown after it), a zero-width space, a
        /// line separator … which would make listings show something else than
        /// what is stored.
        case formattingCharacter(UInt32)
        /// Longer than `Moderator.maximumLength` characters.
        case tooLong(Int, limit: Int = Moderator.maximumLength)

        /// What is wrong with the name, to follow "the name …".
        package var description: String {
            switch self {
            case .empty: return "is empty"
            case .blank: return "is blank"
            case .controlCharacter(let value):
                return "contains a control character (\(Self.codePoint(value)); newline, tab, escape … are refused)"
            case .formattingCharacter(let value):
                return "contains the invisible formatting character \(Self.codePoint(value)) "
                    + "(bidi controls, zero-width and separator characters are refused)"
            case .tooLong(let count, let limit):
                return "is \(count) characters long; at most \(limit) are accepted"
            }
        }

        /// `U+000A`: how a refused character is named, since it cannot be shown.
        package static func codePoint(_ value: UInt32) -> String {
            let hex = String(value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// Longest accepted name, in characters. Names are repeated in every log
    /// entry and in the SQL sent to D1, so they are kept short.
    package static let maximumLength = 100

    /// The name as recorded: the given text without leading or trailing white space.
    package let name: String

    /// Validates a name: not empty, not blank, no control or invisible formatting characters, at most 100 characters.
    package init(_ text: String) throws(Problem) {
        name = try Moderator.oneLine(text, maximumLength: Moderator.maximumLength)
    }

    /// `text` trimmed (or whole, `keepingEnds`), once it is a non-blank single line without control or
    /// invisible formatting characters of at most `maximumLength` characters: the rule for every short
    /// text shown on one line (a moderator's name, an option's label, the `title` setting). A text kept
    /// whole is checked whole, so a line break at its end is refused rather than kept.
    package static func oneLine(_ text: String, maximumLength: Int, keepingEnds: Bool = false) throws(Problem)
        -> String
    {
        guard !text.isEmpty else { throw .empty }
        let trimmed = text.trimmingWhiteSpace()
        guard !trimmed.isEmpty else { throw .blank }
        let kept = keepingEnds ? text : trimmed
        if let control = kept.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter(control.value)
        }
        if let hidden = kept.unicodeScalars.first(where: Moderator.isHiddenFormatting) {
            throw .formattingCharacter(hidden.value)
        }
        guard kept.count <= maximumLength else { throw .tooLong(kept.count, limit: maximumLength) }
        return kept
    }

    /// Format characters (Cf: bidi controls, zero-width space, BOM …) and line or
    /// paragraph separators. The zero-width joiner is kept: emoji sequences need it.
    static func isHiddenFormatting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format: return scalar.value != 0x200D
        case .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    package var description: String { name }
}

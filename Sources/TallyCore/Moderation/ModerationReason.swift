/// Why a decision was made: validated text, stored verbatim.
package struct ModerationReason: Sendable, Equatable, CustomStringConvertible {
    /// Why a reason was refused.
    package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Empty or only white space.
        case blank
        /// Longer than `ModerationReason.maximumLength` characters.
        case tooLong(Int)
        /// Holds a NUL character, which SQL text literals cannot carry.
        case nul

        /// What is wrong with the reason, to follow "the reason …".
        package var description: String {
            switch self {
            case .blank: return "is blank"
            case .tooLong(let count):
                return "is \(count) characters long; at most \(ModerationReason.maximumLength) are accepted"
            case .nul: return "contains a NUL character"
            }
        }
    }

    /// Longest accepted reason, in characters: reasons travel in the SQL sent to
    /// D1, whose statements are limited to 100 KB.
    package static let maximumLength = 2_000

    /// The reason exactly as given.
    package let text: String

    /// Validates a reason: not blank, no NUL, at most 2,000 characters. The text is kept as given.
    package init(_ text: String) throws(Problem) {
        guard !text.isBlank else { throw .blank }
        guard !text.unicodeScalars.contains("\u{0}") else { throw .nul }
        guard text.count <= ModerationReason.maximumLength else { throw .tooLong(text.count) }
        self.text = text
    }

    package var description: String { text }
}

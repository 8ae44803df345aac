/// The person a decision is recorded under: a validated, non-blank name.
public struct Moderator: Sendable, Equatable, CustomStringConvertible {
    /// Why a name was refused.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing was given.
        case empty
        /// Only spaces (or other white space) were given.
        case blank
        /// The name holds a control character (newline, escape …), which would
        /// corrupt every listing that shows it.
        case controlCharacter
        /// Longer than `Moderator.maximumLength` characters.
        case tooLong(Int)

        /// What is wrong with the name, to follow "the name …".
        public var description: String {
            switch self {
            case .empty: return "is empty"
            case .blank: return "is blank"
            case .controlCharacter: return "contains a control character (newline, tab, escape …)"
            case .tooLong(let count):
                return "is \(count) characters long; at most \(Moderator.maximumLength) are accepted"
            }
        }
    }

    /// Longest accepted name, in characters. Names are repeated in every log
    /// entry and in the SQL sent to D1, so they are kept short.
    public static let maximumLength = 100

    /// The name as recorded: the given text without leading or trailing white space.
    public let name: String

    /// Validates a name: not empty, not blank, no control characters, at most 100 characters.
    public init(_ text: String) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        let trimmed = text.trimmingWhiteSpace()
        guard !trimmed.isEmpty else { throw .blank }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacter
        }
        guard trimmed.count <= Moderator.maximumLength else { throw .tooLong(trimmed.count) }
        name = trimmed
    }

    /// The name.
    public var description: String { name }
}

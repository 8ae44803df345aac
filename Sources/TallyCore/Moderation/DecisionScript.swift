/// Generated decision SQL and what it holds.
public struct DecisionScript: Sendable, Equatable {
    /// The file's text.
    public let text: String
    /// Decisions (log entries) written.
    public let decisions: Int
    /// SQL statements written.
    public let statements: Int
}

/// Generated decision SQL and what it holds.
public struct DecisionScript: Sendable, Equatable {
    /// The file's text.
    public let text: String
    /// Decisions (log entries) written.
    public let decisions: Int
    /// SQL statements written.
    public let statements: Int
    /// The statements, one list per decision in the file's order: what `push --wrangler` sends,
    /// a decision's statements always in the same request.
    public let byDecision: [[String]]
}

/// Generated decision SQL and what it holds.
package struct DecisionScript: Sendable, Equatable {
    /// The file's text.
    package let text: String
    /// Decisions (log entries) written.
    package let decisions: Int
    /// SQL statements written.
    package let statements: Int
    /// The statements, one list per decision in the file's order: what `push --wrangler` sends,
    /// a decision's statements always in the same request.
    package let byDecision: [[String]]
}

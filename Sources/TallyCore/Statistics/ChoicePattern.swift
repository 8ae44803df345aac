/// The options one or more counted sessions chose, as a set: the compact form of the votes that the
/// chance of leading and the chosen-together figures are computed from. A session's stacked votes
/// count once (a voter chose the option or not), so a session of three votes has one to three options.
public struct ChoicePattern: Sendable, Equatable, Hashable {
    /// The options chosen, by id, ascending; empty for sessions whose votes all name missing options.
    public let optionIDs: [Int64]
    /// How many counted sessions chose exactly this set.
    public let sessions: Int

    /// A pattern; the ids are sorted and repeats dropped, so equal sets compare equal.
    public init(optionIDs: [Int64], sessions: Int) {
        self.optionIDs = Array(Set(optionIDs)).sorted()
        self.sessions = sessions
    }

    /// Patterns in a canonical order (by their ids, lexicographically), so the same data always gives
    /// the same list and the same figures, however the scan was partitioned.
    public static func canonical(_ patterns: [ChoicePattern]) -> [ChoicePattern] {
        patterns.sorted { $0.optionIDs.lexicographicallyPrecedes($1.optionIDs) }
    }
}

/// The options one or more counted sessions chose, as a set, and the options they could choose: the
/// compact form of the votes that the chance of leading and the chosen-together figures are computed
/// from. A session's stacked votes count once (a voter chose the option or not), so a session of three
/// votes has one to three options.
package struct ChoicePattern: Sendable, Equatable, Hashable {
    /// The options chosen, by id, ascending; empty for sessions whose votes all name missing options.
    package let optionIDs: [Int64]
    /// The options these sessions could choose (`Eligibility`: those that existed at their last counted
    /// vote), by id, ascending; nil for every option (figures put together without creation times).
    package let votable: [Int64]?
    /// How many counted sessions chose exactly this set.
    package let sessions: Int

    /// A pattern; the ids are sorted and repeats dropped, so equal sets compare equal.
    package init(optionIDs: [Int64], votable: [Int64]? = nil, sessions: Int) {
        self.optionIDs = Array(Set(optionIDs)).sorted()
        self.votable = votable.map { Array(Set($0)).sorted() }
        self.sessions = sessions
    }

    /// Whether these sessions could choose `id`: it was votable for them (it existed at their last counted vote).
    /// A vote cast before the option existed does not make it votable: it counts in the option's voters, as the
    /// data says, and is listed among the anomalies, but changes no one's denominator (issue 47.1), so options
    /// open for the same time are compared over the same voters.
    package func couldChoose(_ id: Int64) -> Bool {
        guard let votable else { return true }
        return votable.contains(id)
    }

    /// Patterns in a canonical order (by their ids, then their votable ids, lexicographically), so the
    /// same data always gives the same list and the same figures, however the scan was partitioned.
    package static func canonical(_ patterns: [ChoicePattern]) -> [ChoicePattern] {
        patterns.sorted {
            if $0.optionIDs != $1.optionIDs { return $0.optionIDs.lexicographicallyPrecedes($1.optionIDs) }
            return ($0.votable ?? []).lexicographicallyPrecedes($1.votable ?? [])
        }
    }

    /// Counted sessions that could choose each of `ids` (`couldChoose`), in the same order; 0 for an option no
    /// session's last vote is at or after the creation of: votes cast before it existed count in its voters, but
    /// make no share of their own (1 of 1) or a chance.
    package static func eligible(_ ids: [Int64], patterns: [ChoicePattern]) -> [Int] {
        ids.map { id in patterns.reduce(0) { $0 + ($1.couldChoose(id) ? $1.sessions : 0) } }
    }
}

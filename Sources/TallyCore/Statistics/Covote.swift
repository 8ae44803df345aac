/// Two options of one section chosen by the same voters: how many counted sessions chose both, and
/// the lift over independence, `voters(a and b) × N / (voters(a) × voters(b))` with N the counted
/// sessions, as lift is defined in association-rule mining (Brin, Motwani, Ullman & Tsur 1997).
/// A lift of 1 is what independent choices would give; above 1 the two go together more often.
public struct Covote: Sendable, Equatable {
    /// The option with the smaller id.
    public let a: Int64
    /// The option with the larger id.
    public let b: Int64
    /// Counted sessions that chose both.
    public let voters: Int
    /// The lift over independence (see the type's summary).
    public let lift: Double

    /// A pair's figures.
    public init(a: Int64, b: Int64, voters: Int, lift: Double) {
        self.a = a
        self.b = b
        self.voters = voters
        self.lift = lift
    }

    /// Every pair of options of one section that both have counted voters (lift needs both),
    /// the most shared voters first, then by ids: `queries/covotes.sql`'s rows and order.
    ///
    /// - Parameters:
    ///   - options: the section's options with their counted voters.
    ///   - patterns: the sets of options counted sessions chose.
    ///   - sessions: all counted sessions (N).
    public static func pairs(
        options: [(id: Int64, voters: Int)], patterns: [ChoicePattern], sessions: Int
    ) -> [Covote] {
        pairs(options: options, shared: sharedVoters(ids: options.map(\.id), patterns: patterns), sessions: sessions)
    }

    /// `pairs(options:patterns:sessions:)` from the shared-voters matrix of `sharedVoters(ids:patterns:)`
    /// over the same options in the same order.
    public static func pairs(options: [(id: Int64, voters: Int)], shared: [Int], sessions: Int) -> [Covote] {
        let count = options.count
        let chosen = options.indices.filter { options[$0].voters > 0 }.sorted { options[$0].id < options[$1].id }
        guard chosen.count >= 2, sessions > 0 else { return [] }
        var pairs: [Covote] = []
        for (x, i) in chosen.enumerated() {
            for j in chosen[(x + 1)...] {
                let voters = shared[i * count + j]
                let lift = Double(voters) * Double(sessions) / (Double(options[i].voters) * Double(options[j].voters))
                pairs.append(Covote(a: options[i].id, b: options[j].id, voters: voters, lift: lift))
            }
        }
        return pairs.sorted { x, y in
            if x.voters != y.voters { return x.voters > y.voters }
            return x.a != y.a ? x.a < y.a : x.b < y.b
        }
    }

    /// Counted sessions that chose both the i-th and the j-th of `ids`, at `[i * ids.count + j]`
    /// (symmetric; the diagonal is 0): the one count the pairs and the lead model's covariances share.
    public static func sharedVoters(ids: [Int64], patterns: [ChoicePattern]) -> [Int] {
        let count = ids.count
        let position = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var both = [Int](repeating: 0, count: count * count)
        for pattern in patterns where pattern.sessions > 0 {
            let inSection = pattern.optionIDs.compactMap { position[$0] }
            for i in inSection.indices {
                for j in inSection.indices where i != j {
                    both[inSection[i] * count + inSection[j]] += pattern.sessions
                }
            }
        }
        return both
    }
}

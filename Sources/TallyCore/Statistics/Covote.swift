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
        let chosen = options.filter { $0.voters > 0 }.sorted { $0.id < $1.id }
        guard chosen.count >= 2, sessions > 0 else { return [] }
        let position = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1.id, $0) })
        var both = [Int](repeating: 0, count: chosen.count * chosen.count)
        for pattern in patterns {
            let inSection = pattern.optionIDs.compactMap { position[$0] }
            for i in inSection.indices {
                for j in inSection.indices where inSection[i] < inSection[j] {
                    both[inSection[i] * chosen.count + inSection[j]] += pattern.sessions
                }
            }
        }
        var pairs: [Covote] = []
        for i in chosen.indices {
            for j in chosen.indices where i < j {
                let voters = both[i * chosen.count + j]
                let lift = Double(voters) * Double(sessions) / (Double(chosen[i].voters) * Double(chosen[j].voters))
                pairs.append(Covote(a: chosen[i].id, b: chosen[j].id, voters: voters, lift: lift))
            }
        }
        return pairs.sorted { x, y in
            if x.voters != y.voters { return x.voters > y.voters }
            return x.a != y.a ? x.a < y.a : x.b < y.b
        }
    }
}

import Foundation

/// Two options of one section chosen by the same voters: how many counted sessions chose both, how
/// many would have if each voter's choices were independent *given how many options of the section
/// they chose*, and the lift, their ratio. The plain lift of association rules (Brin, Motwani, Ullman &
/// Tsur 1997), `voters(a and b) × N / (voters(a) × voters(b))`, ignores the 3-vote budget, which alone
/// pushes choices apart: independent voters score about 0.85 on it. Here a session that chose m options
/// of the section has m(m − 1)/2 pairs, spread over the section's pairs in proportion to the product of
/// the two options' shares among sessions of that size; the expected count sums that over the sizes
/// (docs/statistics.md). A lift of 1 is what such independent voters give.
package struct Covote: Sendable, Equatable {
    /// The option with the smaller id.
    package let a: Int64
    /// The option with the larger id.
    package let b: Int64
    /// Counted sessions that chose both.
    package let voters: Int
    /// Sessions expected to choose both if choices were independent given their number (see above).
    package let expected: Double
    /// `voters / expected`; 0 when no session chose two options of the section (nothing expected).
    package let lift: Double

    /// A pair's figures.
    package init(a: Int64, b: Int64, voters: Int, expected: Double) {
        self.a = a
        self.b = b
        self.voters = voters
        self.expected = expected
        self.lift = expected > 0 ? Double(voters) / expected : 0
    }

    /// How a pair stands against its baseline: clearly above or below it (a one-sided Poisson test of
    /// the shared voters against the expected count at 5%), or neither.
    package enum Standing: Sendable, Equatable {
        case together
        case apart
        case neither
    }

    /// The pair's standing (see `Standing`).
    package var standing: Standing {
        guard expected > 0 else { return .neither }
        if Double(voters) > expected, Covote.poissonTail(atLeast: voters, mean: expected) < 0.05 { return .together }
        if Double(voters) < expected, Covote.poissonTail(atMost: voters, mean: expected) < 0.05 { return .apart }
        return .neither
    }

    /// P(X ≥ k) for X ~ Poisson(mean).
    static func poissonTail(atLeast k: Int, mean: Double) -> Double {
        k <= 0 ? 1 : 1 - poissonTail(atMost: k - 1, mean: mean)
    }

    /// P(X ≤ k) for X ~ Poisson(mean), summed in logs so large means do not underflow. Above a mean of
    /// 100 the normal approximation with continuity correction (good to well under a point there, and
    /// only a 5% test reads it): the sum would take k terms, 100,000 at a million votes.
    static func poissonTail(atMost k: Int, mean: Double) -> Double {
        guard k >= 0 else { return 0 }
        if mean > 100 { return LeadModel.normalCDF((Double(k) + 0.5 - mean) / mean.squareRoot()) }
        var total = 0.0
        for x in 0...k {
            total += exp(Double(x) * log(mean) - mean - lgamma(Double(x) + 1))
        }
        return min(1, total)
    }

    /// Every pair of options of one section that both have counted voters (lift needs both),
    /// the most shared voters first, then by ids: `queries/covotes.sql`'s rows and order.
    ///
    /// - Parameters:
    ///   - options: the section's options with their counted voters.
    ///   - shared: `sharedVoters(ids:patterns:)` over the same options in the same order, when the caller has it.
    ///   - patterns: the sets of options counted sessions chose.
    package static func pairs(
        options: [(id: Int64, voters: Int)], shared: [Int]? = nil, patterns: [ChoicePattern]
    ) -> [Covote] {
        let shared = shared ?? sharedVoters(ids: options.map(\.id), patterns: patterns)
        let count = options.count
        let chosen = options.indices.filter { options[$0].voters > 0 }.sorted { options[$0].id < options[$1].id }
        guard chosen.count >= 2 else { return [] }
        // Per set of options the sessions could choose (`ChoicePattern.votable`: a late option is compared
        // only among sessions that saw it) and number m of the section's options a session chose: sessions,
        // and each option's voters among them.
        let position = Dictionary(options.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        var strata: [Stratum: (sessions: Int, voters: [Int])] = [:]
        for pattern in patterns where pattern.sessions > 0 {
            let inSection = pattern.optionIDs.compactMap { position[$0] }
            guard inSection.count >= 2 else { continue }
            let key = Stratum(votable: pattern.votable, chosen: inSection.count)
            var stratum = strata[key] ?? (0, Array(repeating: 0, count: count))
            stratum.sessions += pattern.sessions
            for i in inSection { stratum.voters[i] += pattern.sessions }
            strata[key] = stratum
        }
        // Independent choices given their number m are conditional Poisson sampling; its pair inclusion
        // probability is close to π_a π_b (1 − (1 − π_a)(1 − π_b) / d), d = Σ π_k (1 − π_k) (Hájek 1964), with
        // π_i = c_i / N_m. Scaled by κ_m so that a stratum's pairs add up to exactly N_m m(m − 1)/2 (then exact
        // when the options are equally popular): expected(a, b) = Σ_m N_m κ_m w_m(a, b).
        // In a fixed order, so that the sums below are the same on every run.
        let ordered = strata.sorted { $0.key.precedes($1.key) }
        let strataWeights = ordered.map { key, stratum -> (n: Double, share: [Double], d: Double, scale: Double) in
            let m = key.chosen
            let n = Double(stratum.sessions)
            let share = stratum.voters.map { Double($0) / n }
            let d = share.reduce(0) { $0 + $1 * (1 - $1) }
            let squares = share.reduce(0) { $0 + $1 * $1 }
            let spreadSquares = share.reduce(0) { $0 + ($1 * (1 - $1)) * ($1 * (1 - $1)) }
            let size = Double(m)
            // Σ over pairs a < b of w(a, b), in closed form (queries/covotes.sql computes the same).
            let total = 0.5 * (size * size - squares) - (d > 0 ? 0.5 * (d * d - spreadSquares) / d : 0)
            return (n, share, d, total > 0 ? size * (size - 1) / 2 / total : 0)
        }
        func weight(_ share: [Double], _ d: Double, _ i: Int, _ j: Int) -> Double {
            share[i] * share[j] * (d > 0 ? 1 - (1 - share[i]) * (1 - share[j]) / d : 1)
        }
        var pairs: [Covote] = []
        for (x, i) in chosen.enumerated() {
            for j in chosen[(x + 1)...] {
                let expected = strataWeights.reduce(0) { $0 + $1.n * $1.scale * weight($1.share, $1.d, i, j) }
                pairs.append(
                    Covote(a: options[i].id, b: options[j].id, voters: shared[i * count + j], expected: expected))
            }
        }
        return pairs.sorted { x, y in
            if x.voters != y.voters { return x.voters > y.voters }
            return x.a != y.a ? x.a < y.a : x.b < y.b
        }
    }

    /// Sessions of one stratum of the baseline: the options they could choose and how many they chose.
    struct Stratum: Hashable {
        let votable: [Int64]?
        let chosen: Int

        func precedes(_ other: Stratum) -> Bool {
            if chosen != other.chosen { return chosen < other.chosen }
            return (votable ?? []).lexicographicallyPrecedes(other.votable ?? [])
        }
    }

    /// Counted sessions that chose both the i-th and the j-th of `ids`, at `[i * ids.count + j]`
    /// (symmetric; the diagonal is 0): the one count the pairs and the lead model's covariances share.
    package static func sharedVoters(ids: [Int64], patterns: [ChoicePattern]) -> [Int] {
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

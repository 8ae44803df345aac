import Foundation

/// How likely each option is to lead its section, and each ranked pair to keep its order, by a
/// bootstrap over sessions (Efron & Tibshirani 1993, ch. 6): the counted sessions are resampled with
/// replacement, each session's votes kept together, and the options are counted again in every
/// resample. An option's chance of leading is the share of resamples in which it has the most voters
/// in its section (a tie among k options gives each 1/k); a pair's chance is the share in which the
/// higher-ranked option has more voters than the next one (a tie counts one half).
///
/// The work is on `ChoicePattern`s, not on sessions: sessions that chose the same set of options are
/// interchangeable, so a resample only needs how many times each distinct set was drawn. Up to
/// `directLimit` sessions every resample draws each of the N sessions (the classic bootstrap, exact);
/// above it each set's count is drawn as Poisson(n) (the Poisson bootstrap, Hanley & MacGibbon 2006;
/// Chamandy et al. 2012), which costs one draw per distinct set instead of one per session and agrees
/// with the classic bootstrap to well within the Monte Carlo error at such sizes. docs/statistics.md
/// has the method, the error and the simulation that checks it.
public struct LeadBootstrap: Sendable {
    /// How the resamples were drawn.
    public enum Method: String, Sendable, Equatable {
        /// Every resample draws N sessions with replacement (multinomial counts over the sets).
        case sessions
        /// Every distinct set's count is drawn as Poisson(its sessions), independently.
        case poisson
    }

    /// The fixed number of resamples: the Monte Carlo standard error of a chance p is
    /// sqrt(p(1 − p)/2000), at most 1.1 percentage points (at p = 50%).
    public static let defaultResamples = 2000
    /// Up to this many counted sessions the classic bootstrap is used.
    public static let directLimit = 10_000

    /// The result for one section.
    public struct SectionResult: Sendable, Equatable {
        /// Per option of the section, in the order given: the chance of leading.
        public let leading: [Double]
        /// Per adjacent pair (0 and 1, 1 and 2, …): the chance the first has more voters than the second.
        public let order: [Double]
    }

    /// Resamples per run.
    public let resamples: Int
    /// The generator's seed.
    public let seed: UInt64

    /// A bootstrap with a seed and a number of resamples.
    public init(seed: UInt64, resamples: Int = LeadBootstrap.defaultResamples) {
        self.seed = seed
        self.resamples = max(1, resamples)
    }

    /// The method used for this many counted sessions.
    public static func method(sessions: Int) -> Method {
        sessions <= directLimit ? .sessions : .poisson
    }

    /// Runs the bootstrap. `sections` lists each section's option ids in rank order; options of the
    /// patterns that are in no section (not yet created at `through`) are ignored.
    /// `method` forces a method (for tests comparing the two); nil chooses by the number of sessions.
    public func run(sections: [[Int64]], patterns: [ChoicePattern], method: Method? = nil) -> [SectionResult] {
        var slotOf: [Int64: Int] = [:]
        var offsets: [Int] = []
        var slots = 0
        for section in sections {
            offsets.append(slots)
            for id in section {
                slotOf[id] = slots
                slots += 1
            }
        }
        let kept = patterns.filter { $0.sessions > 0 }
        let members = kept.map { $0.optionIDs.compactMap { slotOf[$0] } }
        let total = kept.reduce(0) { $0 + $1.sessions }
        let method = method ?? LeadBootstrap.method(sessions: total)
        // Each set's mean is the same in every resample: its constants are worked out once.
        let means = method == .poisson ? kept.map { PoissonMean(Double($0.sessions)) } : []
        // Session r (0-based, in the sets' order) belongs to set `setOfSession[r]`: the same set the
        // search over the sets' running totals would find, looked up instead (the classic bootstrap draws
        // every session of every resample: 20 million draws at 10,000 sessions).
        var setOfSession: [Int32] = []
        if method == .sessions {
            setOfSession.reserveCapacity(total)
            for (k, pattern) in kept.enumerated() {
                setOfSession.append(contentsOf: repeatElement(Int32(k), count: pattern.sessions))
            }
        }
        var random = SplitMix64(seed: seed)
        var leading = [Double](repeating: 0, count: slots)
        var order = [Double](repeating: 0, count: slots)
        var drawn = [Int](repeating: 0, count: kept.count)
        var voters = [Int](repeating: 0, count: slots)
        for _ in 0..<resamples {
            for k in drawn.indices { drawn[k] = 0 }
            switch method {
            case .sessions:
                for _ in 0..<total { drawn[Int(setOfSession[random.below(total)])] += 1 }
            case .poisson:
                for k in kept.indices { drawn[k] = random.poisson(means[k]) }
            }
            for slot in voters.indices { voters[slot] = 0 }
            for k in kept.indices where drawn[k] > 0 {
                for slot in members[k] { voters[slot] += drawn[k] }
            }
            for (index, section) in sections.enumerated() where !section.isEmpty {
                let range = offsets[index]..<(offsets[index] + section.count)
                let top = voters[range].max()!
                if top > 0 {
                    let leaders = voters[range].filter { $0 == top }.count
                    for slot in range where voters[slot] == top { leading[slot] += 1 / Double(leaders) }
                }
                for slot in range.dropLast() {
                    if voters[slot] > voters[slot + 1] {
                        order[slot] += 1
                    } else if voters[slot] == voters[slot + 1] {
                        order[slot] += 0.5
                    }
                }
            }
        }
        let count = Double(resamples)
        return sections.indices.map { index in
            let range = offsets[index]..<(offsets[index] + sections[index].count)
            return SectionResult(
                leading: range.map { leading[$0] / count }, order: range.dropLast().map { order[$0] / count })
        }
    }
}

extension SplitMix64 {
    /// A uniform double in [0, 1) from the top 53 bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform whole number in 0..<bound, without modulo bias (Lemire 2019), the same on every platform.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(_:) needs a positive bound")
        let limit = UInt64(bound)
        var product = next().multipliedFullWidth(by: limit)
        if product.low < limit {
            let threshold = (0 &- limit) % limit
            while product.low < threshold { product = next().multipliedFullWidth(by: limit) }
        }
        return Int(product.high)
    }

    /// A Poisson(mean) draw: multiplication of uniforms below 10 (Knuth), else Hörmann's PTRS (1993,
    /// "The transformed rejection method for generating Poisson random variables"), as NumPy draws it.
    mutating func poisson(_ mean: Double) -> Int {
        poisson(PoissonMean(mean))
    }

    /// `poisson(_:)` with the mean's constants worked out beforehand (the same values, so the
    /// same draws).
    mutating func poisson(_ mean: PoissonMean) -> Int {
        guard mean.mean > 0 else { return 0 }
        if mean.mean < 10 {
            var product = unit()
            var k = 0
            while product > mean.limit {
                product *= unit()
                k += 1
            }
            return k
        }
        let (a, b, inverseAlpha, vr) = (mean.a, mean.b, mean.inverseAlpha, mean.vr)
        while true {
            let u = unit() - 0.5
            let v = unit()
            let us = 0.5 - abs(u)
            guard us > 0 else { continue }
            let x = ((2 * a / us + b) * u + mean.mean + 0.43).rounded(.down)
            guard x >= 0, x < 1e15 else { continue }
            let k = Int(x)
            if us >= 0.07 && v <= vr { return k }
            if us < 0.013 && v > us { continue }
            if log(v) + log(inverseAlpha) - log(a / (us * us) + b) <= -mean.mean + x * mean.logMean - lgamma(x + 1) {
                return k
            }
        }
    }
}

/// What a Poisson draw needs to know of its mean, computed once per mean: `exp(-mean)` below 10,
/// PTRS's constants above (the bootstrap draws the same mean 2,000 times; the logarithm and the
/// square root of every draw were a large part of its time).
struct PoissonMean {
    let mean: Double
    /// exp(-mean), for means below 10.
    let limit: Double
    let logMean: Double
    let a: Double
    let b: Double
    let inverseAlpha: Double
    let vr: Double

    init(_ mean: Double) {
        self.mean = mean
        guard mean > 0, mean >= 10 else {
            limit = mean > 0 ? exp(-mean) : 0
            (logMean, a, b, inverseAlpha, vr) = (0, 0, 0, 0, 0)
            return
        }
        limit = 0
        let root = mean.squareRoot()
        logMean = log(mean)
        b = 0.931 + 2.53 * root
        a = -0.059 + 0.02483 * b
        inverseAlpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
    }
}

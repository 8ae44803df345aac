import Foundation
import Testing

@testable import TallyCore

/// The 95% ranges and the chance of leading checked against polls whose truth is known, not asserted.
///
/// Each poll draws five option weights at random, then sessions that vote as the vote page allows:
/// one to three votes (6% / 10% / 84%, as `SyntheticPoll`), each later vote stacking on the one before
/// with probability 1/5. An option's true share is the probability that a session chooses it at all,
/// computed exactly by enumerating the vote sequences; the true leader is the option with the highest
/// true share. Seeds are fixed, so the test gives the same numbers on every run; docs/statistics.md
/// records them.
@Suite("Simulation: ranges cover, chances are calibrated")
struct SimulationCalibrationTests {
    /// One simulated poll's world: weights and the exact shares they imply.
    struct World {
        let weights: [Double]
        let trueShares: [Double]

        init(weights: [Double]) {
            self.weights = weights
            let total = weights.reduce(0, +)
            let p = weights.map { $0 / total }
            let n = weights.count
            // P(option chosen) = Σ over sessions of 1, 2, 3 votes of P(sequence) · [option in sequence].
            var shares = [Double](repeating: 0, count: n)
            for (votes, weight) in [(1, 0.06), (2, 0.10), (3, 0.84)] {
                func walk(_ depth: Int, _ previous: Int, _ probability: Double, _ chosen: Set<Int>) {
                    if depth == votes {
                        for option in chosen { shares[option] += weight * probability }
                        return
                    }
                    for option in 0..<n {
                        var step = (depth == 0 ? 1 : 0.8) * p[option]
                        if depth > 0 && option == previous { step += 0.2 }
                        walk(depth + 1, option, probability * step, chosen.union([option]))
                    }
                }
                walk(0, -1, 1, [])
            }
            self.trueShares = shares
        }

        /// One session's set of chosen options (indices).
        func session(_ random: inout SplitMix64) -> [Int] {
            let roll = random.unit()
            let votes = roll < 0.06 ? 1 : roll < 0.16 ? 2 : 3
            var chosen: [Int] = []
            var previous = -1
            for k in 0..<votes {
                var option = previous
                if k == 0 || random.unit() >= 0.2 { option = draw(&random) }
                if !chosen.contains(option) { chosen.append(option) }
                previous = option
            }
            return chosen
        }

        func draw(_ random: inout SplitMix64) -> Int {
            var pick = random.unit() * weights.reduce(0, +)
            for (index, weight) in weights.enumerated() {
                if pick < weight { return index }
                pick -= weight
            }
            return weights.count - 1
        }
    }

    /// What one poll gave: per option, whether its range covered the truth, its chance of leading, and
    /// whether it is the true leader.
    struct Outcome {
        var covered: [Bool] = []
        var chances: [(chance: Double, leads: Bool)] = []
    }

    /// Simulates polls: five option weights per poll from the flat prior (exponential weights, i.e. true
    /// choice probabilities uniform on the simplex), `sessions` cycling through the given sizes.
    static func simulate(polls: Int, sessions: [Int], seed: UInt64, resamples: Int) -> Outcome {
        var random = SplitMix64(seed: seed)
        var outcome = Outcome()
        for poll in 0..<polls {
            let world = World(weights: (0..<5).map { _ in -log(1 - random.unit()) })
            let n = sessions[poll % sessions.count]
            var sets: [[Int64]: Int] = [:]
            var voters = [Int](repeating: 0, count: 5)
            for _ in 0..<n {
                let chosen = world.session(&random)
                for option in chosen { voters[option] += 1 }
                sets[chosen.map { Int64($0 + 1) }.sorted(), default: 0] += 1
            }
            for option in 0..<5 {
                let interval = WilsonInterval(successes: voters[option], trials: n)!
                outcome.covered.append(
                    interval.lower <= world.trueShares[option] && world.trueShares[option] <= interval.upper)
            }
            let patterns = ChoicePattern.canonical(sets.map { ChoicePattern(optionIDs: $0.key, sessions: $0.value) })
            let bootstrap = LeadBootstrap(seed: random.next(), resamples: resamples)
            let result = bootstrap.run(sections: [[1, 2, 3, 4, 5]], patterns: patterns)
            let leader = world.trueShares.indices.max { world.trueShares[$0] < world.trueShares[$1] }!
            for option in 0..<5 { outcome.chances.append((result[0].leading[option], option == leader)) }
        }
        return outcome
    }

    /// The exact shares are right: a long simulated run of one world gives them back.
    @Test func trueSharesMatchALongRun() {
        let world = World(weights: [5, 3, 1, 1, 0.5])
        var random = SplitMix64(seed: 11)
        var counts = [Int](repeating: 0, count: 5)
        let n = 100_000
        for _ in 0..<n { for option in world.session(&random) { counts[option] += 1 } }
        for option in 0..<5 {
            #expect(abs(Double(counts[option]) / Double(n) - world.trueShares[option]) < 0.005)
        }
    }

    /// Small polls (15 to 120 voters, the classic bootstrap): the 95% ranges contain the true share
    /// 95% of the time — between 93% and 97% over 1,500 ranges (the Wilson interval's coverage wobbles
    /// around 95% with n; ±2 points is about four standard errors) — and the chance of leading is calibrated.
    @Test func smallPollsRangesCoverAndChancesAreCalibrated() {
        let outcome = SimulationCalibrationTests.simulate(
            polls: 300, sessions: [15, 30, 60, 120], seed: 2026, resamples: 1000)
        let coverage = Double(outcome.covered.filter { $0 }.count) / Double(outcome.covered.count)
        print("simulation: 95% range coverage \(coverage) over \(outcome.covered.count) ranges")
        #expect(outcome.covered.count == 1500)
        #expect((0.93...0.97).contains(coverage), "coverage \(coverage)")
        SimulationCalibrationTests.expectCalibrated(outcome.chances, label: "15–120 voters", minimumBins: 4)
    }

    /// Large polls (12,000 voters, above `directLimit`: the Poisson bootstrap) are calibrated too.
    @Test func largePollsChancesAreCalibrated() {
        #expect(LeadBootstrap.method(sessions: 12_000) == .poisson)
        let outcome = SimulationCalibrationTests.simulate(polls: 60, sessions: [12_000], seed: 77, resamples: 1000)
        SimulationCalibrationTests.expectCalibrated(outcome.chances, label: "12,000 voters", minimumBins: 2)
    }

    /// Options given a chance of about p are the true leader about p of the time. In each bin of the
    /// predicted chance with at least 40 options, the observed rate is within max(0.05, 3 standard errors
    /// of a rate) of the bin's mean prediction, and the expected calibration error (the bins' gaps weighted
    /// by their size) is under 0.025.
    static func expectCalibrated(_ chances: [(chance: Double, leads: Bool)], label: String, minimumBins: Int) {
        let edges = [0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0000001]
        var checked = 0
        var weightedGap = 0.0
        for bin in 0..<(edges.count - 1) {
            let members = chances.filter { edges[bin] <= $0.chance && $0.chance < edges[bin + 1] }
            guard !members.isEmpty else { continue }
            let predicted = members.reduce(0) { $0 + $1.chance } / Double(members.count)
            let observed = Double(members.filter(\.leads).count) / Double(members.count)
            weightedGap += Double(members.count) * abs(observed - predicted)
            print(
                "calibration \(label) bin \(edges[bin])–\(min(1, edges[bin + 1])): \(members.count) options, "
                    + "predicted \(NumberFormat.three(predicted)), observed \(NumberFormat.three(observed))")
            guard members.count >= 40 else { continue }
            let standardError = (max(predicted * (1 - predicted), 0.01) / Double(members.count)).squareRoot()
            #expect(
                abs(observed - predicted) <= max(0.05, 3 * standardError),
                "\(label) bin \(bin): predicted \(predicted), observed \(observed) of \(members.count)")
            checked += 1
        }
        let error = weightedGap / Double(chances.count)
        print("calibration \(label): expected calibration error \(NumberFormat.three(error))")
        #expect(error < 0.025, "\(label): expected calibration error \(error)")
        #expect(checked >= minimumBins, "\(label): too few filled bins to judge calibration")
    }
}

enum NumberFormat {
    static func three(_ value: Double) -> String { String(format: "%.3f", value) }
}

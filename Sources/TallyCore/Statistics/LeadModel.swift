import Foundation

/// How likely each option is to truly lead its section, from a model that allows options to be
/// exactly equally popular (docs/statistics.md, "Chance of leading").
///
/// The options, in rank order, are cut into runs of neighbours; every run shares one true share
/// (the options in it are equally popular). Each of the K − 1 boundaries between neighbours is a
/// priori as likely cut as not (`boundaryPrior`), the runs' shares are drawn from a normal
/// distribution fitted to the section (the partial pooling: its spread is the spread of the
/// options' shares less what the sampling noise explains), and each option's share is observed
/// with its sampling noise (normal approximation, the budget's pushing-apart of options included
/// through the observed covariances). Every grouping is weighed by how well it explains the counts,
/// and within it the chance that each run has the highest share is integrated numerically. An option's
/// chance of leading splits its run's chance equally among the run's members; the words against the
/// leader read that same figure (`standings`).
///
/// No randomness: the same counts give the same figures, in every report, page and thread count.
/// Options with exactly the same voters (and the same eligible sessions) get the same figures.
package enum LeadModel {
    /// The prior chance that two options next to each other in the ranking differ in popularity.
    /// 1/2 makes every grouping of the ranking into runs equally likely beforehand.
    package static let boundaryPrior = 0.5
    /// Only the first this many options of a section are grouped into runs (2^(K−1) groupings);
    /// options ranked lower are each a run of their own (they are far from the lead when a section
    /// has that many options with voters).
    package static let groupedOptions = 10
    /// The level of *behind*: every option but one leader is a rival (tied leaders included, so a many-way
    /// race counts all its runners), and a rival is behind when its chance of leading, or that of a rival
    /// less likely to lead, is at most `behindLevel / r`, r being the number of rivals at least as likely to
    /// lead as that one (Hochberg's step-up; docs/statistics.md, "One comparison").
    package static let behindLevel = 0.01
    /// An option not behind is *probably behind* when the leader is at least this many times as likely
    /// to lead as it is.
    package static let probablyBehindRatio = 3.0

    /// One option as the model sees it: its voters among the sessions that could choose it.
    package struct Option: Sendable, Hashable {
        /// Counted sessions that chose it.
        package let voters: Int
        /// Counted sessions that could choose it (voted after it became votable).
        package let eligible: Int
    }

    /// The figures of one section, per option in the order given.
    package struct Result: Sendable, Equatable {
        /// The chance that the option truly has the most voters (a run of equals splits it evenly).
        package let leading: [Double]
        /// The chance that some other option truly has more voters than this one (not in the top run).
        package let behind: [Double]
        /// `ahead[i][j]`: the chance that option i truly has more voters than option j (0 in groupings
        /// that put them in one run).
        package let ahead: [[Double]]

        /// Per adjacent pair of the given order (0 and 1, 1 and 2, …): the chance the first truly has more voters.
        package var order: [Double] { order(Array(leading.indices)) }

        /// Per adjacent pair of `positions` (indices into the options): the chance the first truly has more voters.
        package func order(_ positions: [Int]) -> [Double] {
            zip(positions, positions.dropFirst()).map { ahead[$0][$1] }
        }
    }

    /// How each option stands against the leaders, from the chance of leading alone (`leading`, per
    /// option; `leaders`: the options ranked first). Behind: Hochberg's step-up at `behindLevel` over every
    /// option but one leader, least likely to lead first; probably behind: not behind, and the leaders'
    /// chance is at least `probablyBehindRatio` times its own; otherwise the data cannot tell it apart.
    /// Options without a chance (nil) get none.
    package static func standings(leading: [Double?], leaders: Set<Int>) -> [Standing?] {
        let rivals = leading.indices.filter { !leaders.contains($0) && leading[$0] != nil }
            .sorted { (leading[$0]!, $1) < (leading[$1]!, $0) }
        let top = leaders.compactMap { leading[$0] }.max() ?? 0
        // Tied leaders are rivals of each other too: they count in the race, though none is called behind.
        let race = rivals.count + max(0, leaders.filter { leading[$0] != nil }.count - 1)
        var standing = leading.indices.map { leaders.contains($0) ? Standing.leader : leading[$0] == nil ? nil : .even }
        let last = rivals.indices.last { leading[rivals[$0]]! <= behindLevel / Double(race - $0) }
        for option in rivals.prefix(last.map { $0 + 1 } ?? 0) { standing[option] = .behind }
        for option in rivals where standing[option] == .even && leading[option]! * probablyBehindRatio <= top {
            standing[option] = .probablyBehind
        }
        return standing
    }

    /// One comparison, as a table shows it: the model run over `options` (in rank order among the voters they are
    /// counted over), then the chances of `members` (the options open for the same time, in the table's order: most
    /// voters first) made non-increasing down that order, then the standings read from those chances with `leaders`
    /// (positions in `options`) as the leaders. Neither the chance nor the word of a member thus improves down the
    /// table (issue 47.2): where the model gives an option lower in the table a higher chance (it splits a tied run's
    /// chance with fewer runners), the options concerned are pooled into a run that shares their chances equally
    /// (`nonIncreasing`), the way the model itself treats equally popular options.
    package static func judge(
        options: [Option], shared: (Int, Int) -> Int, members: [Int], leaders: Set<Int>
    ) -> (result: Result, leading: [Double], standings: [Standing?]) {
        let result = run(options: options, shared: shared)
        var leading = result.leading
        let pooled = nonIncreasing(members.map { leading[$0] })
        for (position, member) in members.enumerated() { leading[member] = pooled[position] }
        return (result, leading, standings(leading: leading.map { $0 }, leaders: leaders))
    }

    /// `values` made non-increasing by pooling adjacent values that rise into runs sharing their mean (the
    /// pool-adjacent-violators algorithm; the sum is kept, so chances still add up to the same total).
    package static func nonIncreasing(_ values: [Double]) -> [Double] {
        var blocks: [(sum: Double, count: Int)] = []
        for value in values {
            blocks.append((value, 1))
            while blocks.count > 1 {
                let last = blocks[blocks.count - 1]
                let before = blocks[blocks.count - 2]
                // A later block with a higher mean than the one above it joins it (1e-12: equal chances stay apart).
                guard last.sum / Double(last.count) > before.sum / Double(before.count) + 1e-12 else { break }
                blocks.removeLast(2)
                blocks.append((before.sum + last.sum, before.count + last.count))
            }
        }
        return blocks.flatMap { Array(repeating: $0.sum / Double($0.count), count: $0.count) }
    }

    /// An option against the leaders (`standings`).
    package enum Standing: Sendable, Equatable {
        case leader
        case even
        case probablyBehind
        case behind
    }

    /// Runs the model on one section. `options` are in rank order (most voters first); `shared(i, j)`
    /// gives the counted sessions that chose both option i and option j (for the covariance).
    /// Options with no eligible session are left out (chance nil is theirs to show): they get 0.
    package static func run(options: [Option], shared: (Int, Int) -> Int) -> Result {
        let k = options.count
        let usable = options.indices.filter { options[$0].eligible > 0 }
        guard !usable.isEmpty else {
            return Result(
                leading: Array(repeating: 0, count: k), behind: Array(repeating: 1, count: k),
                ahead: Array(repeating: Array(repeating: 0.5, count: k), count: k))
        }
        let share = options.map { $0.eligible > 0 ? Double($0.voters) / Double($0.eligible) : 0 }
        // Sampling variance of each share: the binomial variance (counts smoothed by one each way so that
        // 0 of n still has some), less the average covariance with the other options — the budget pushes
        // options apart, which makes the difference of two shares noisier than two independent ones.
        var noise = [Double](repeating: 0, count: k)
        for i in usable {
            let n = Double(options[i].eligible)
            let smoothed = (Double(options[i].voters) + 1) / (n + 2)
            let variance = smoothed * (1 - smoothed)
            let others = usable.filter { $0 != i }
            // Summed in a fixed order of the terms, not of the options, so that renumbering moves no bit.
            var covariance = others.map { j in
                Double(shared(i, j)) / Double(min(options[i].eligible, options[j].eligible)) - share[i] * share[j]
            }.sorted().reduce(0, +)
            if !others.isEmpty { covariance /= Double(others.count) }
            noise[i] = max(variance - covariance, variance / 4) / n
        }
        // Options with the same counts are the same to the data: they get the same noise (their pairs with
        // the others differ), so that the figures do not depend on which of them the rank order puts first.
        var identical: [Option: [Int]] = [:]
        for i in usable { identical[options[i], default: []].append(i) }
        for members in identical.values where members.count > 1 {
            let shared = members.reduce(0) { $0 + noise[$1] } / Double(members.count)
            for i in members { noise[i] = shared }
        }
        let mean = usable.reduce(0) { $0 + share[$1] } / Double(usable.count)
        let meanNoise = usable.reduce(0) { $0 + noise[$1] } / Double(usable.count)
        let spread =
            usable.count > 1
            ? usable.reduce(0) { $0 + (share[$1] - mean) * (share[$1] - mean) } / Double(usable.count - 1) : 0
        let pooling = Pooling(mean: mean, variance: max(spread - meanNoise, meanNoise / 4))
        // Runs are made of usable options only, in rank order.
        let grouped = Array(usable.prefix(groupedOptions))
        let single = Array(usable.dropFirst(groupedOptions))
        var runCache: [Int: Run] = [:]
        func run(_ from: Int, _ to: Int) -> Run {
            let key = from * 1024 + to
            if let cached = runCache[key] { return cached }
            let members = Array(grouped[from..<to])
            let made = Run(
                members: members, shares: members.map { share[$0] }, noise: members.map { noise[$0] }, pooling)
            runCache[key] = made
            return made
        }
        let singles = single.map { Run(members: [$0], shares: [share[$0]], noise: [noise[$0]], pooling) }
        // Every grouping of the grouped options into runs: bit b of `cuts` set = a boundary after position b.
        let boundaries = max(0, grouped.count - 1)
        var groupings: [(weight: Double, runs: [Run])] = []
        for cuts in 0..<(1 << boundaries) {
            var runs: [Run] = []
            var start = 0
            var logWeight = 0.0
            for position in 0..<grouped.count {
                let cut = position == grouped.count - 1 || cuts & (1 << position) != 0
                if position < boundaries { logWeight += log(cut ? boundaryPrior : 1 - boundaryPrior) }
                if cut {
                    runs.append(run(start, position + 1))
                    start = position + 1
                }
            }
            logWeight += runs.reduce(0) { $0 + $1.logEvidence }
            groupings.append((logWeight, runs + singles))
        }
        let top = groupings.map(\.weight).max()!
        let total = groupings.reduce(0) { $0 + exp($1.weight - top) }
        var leading = [Double](repeating: 0, count: k)
        var amongLeaders = [Double](repeating: 0, count: k)
        // Pairs summed over the groupings: those of the grouped options and those next to each other in the
        // given order; the others (an option ranked below the grouped ones against one it is not next to) are
        // compared as runs of their own, which they nearly always are.
        var ahead = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
        var summed: [(Int, Int)] = []
        for i in 0..<k {
            for j in 0..<k where j != i && (abs(i - j) == 1 || (grouped.contains(i) && grouped.contains(j))) {
                summed.append((i, j))
            }
        }
        var highest = HighestShare(below: singles)
        for grouping in groupings {
            let weight = exp(grouping.weight - top) / total
            guard weight > 1e-12 else { continue }
            let chances = highest.chances(grouping.runs)
            var runOf: [Int: Int] = [:]
            for (index, run) in grouping.runs.enumerated() {
                for member in run.members {
                    runOf[member] = index
                    leading[member] += weight * chances[index] / Double(run.members.count)
                    amongLeaders[member] += weight * chances[index]
                }
            }
            for (i, j) in summed {
                guard let a = runOf[i], let b = runOf[j] else {
                    ahead[i][j] += weight * (runOf[i] != nil ? 1 : 0)
                    continue
                }
                if a != b { ahead[i][j] += weight * grouping.runs[a].ahead(of: grouping.runs[b]) }
            }
        }
        let alone = options.indices.map { i in
            options[i].eligible > 0 ? Run(members: [i], shares: [share[i]], noise: [noise[i]], pooling) : nil
        }
        let summedPairs = Set(summed.map { $0.0 * k + $0.1 })
        for i in 0..<k {
            for j in 0..<k where j != i && !summedPairs.contains(i * k + j) {
                guard let a = alone[i] else { continue }
                ahead[i][j] = alone[j].map(a.ahead(of:)) ?? 1
            }
        }
        let sum = leading.reduce(0, +)
        if sum > 0 { for i in leading.indices { leading[i] /= sum } }
        // Options with the same counts are the same to the data: they get the same figures (the runs
        // follow the rank order, which puts one of them first only by its id).
        var behind = amongLeaders.map { min(1, max(0, 1 - $0)) }
        for i in options.indices where options[i].eligible == 0 { behind[i] = 1 }
        for members in identical.values where members.count > 1 {
            let lead = members.reduce(0) { $0 + leading[$1] } / Double(members.count)
            let back = members.reduce(0) { $0 + behind[$1] } / Double(members.count)
            for i in members { (leading[i], behind[i]) = (lead, back) }
        }
        return Result(leading: leading, behind: behind, ahead: ahead.map { $0.map { min(1, max(0, $0)) } })
    }

    /// Each run's chance of having the highest share: ∫ pdf_r(t) Π_{s≠r} cdf_s(t) dt by Simpson's rule over
    /// ±8 standard deviations of the run's own share (runs that cannot reach the others' range are 0). The
    /// options ranked below the grouped ones (`below`) are runs of their own, the last runs of every grouping:
    /// their product at the points of one grid is the same in every grouping that integrates over that grid, so
    /// it is computed once per grid and run (a section of 120 options otherwise spent seconds on it).
    struct HighestShare {
        let below: [Run]
        let belowFloor: Double
        private var products: [Grid: [Double]] = [:]
        static let steps = 64

        /// The points of one run's integral, and which of the runs below is that run (-1: none).
        private struct Grid: Hashable {
            let start: Double
            let step: Double
            let skipping: Int
        }

        init(below: [Run]) {
            self.below = below
            belowFloor = below.map { $0.mean - 8 * $0.sd }.max() ?? -.infinity
        }

        /// The chances of `runs`, which end with `below`.
        mutating func chances(_ runs: [Run]) -> [Double] {
            if runs.count == 1 { return [1] }
            let grouped = runs.count - below.count
            let floor = max(runs.prefix(grouped).map { $0.mean - 8 * $0.sd }.max() ?? -.infinity, belowFloor)
            var chances = [Double](repeating: 0, count: runs.count)
            for (index, run) in runs.enumerated() {
                let low = run.mean - 8 * run.sd
                let high = run.mean + 8 * run.sd
                guard high > floor else { continue }
                let start = max(low, floor - 8 * run.sd)
                let h = (high - start) / Double(Self.steps)
                let rest = product(Grid(start: start, step: h, skipping: index < grouped ? -1 : index - grouped))
                var integral = 0.0
                for step in 0...Self.steps {
                    let t = start + Double(step) * h
                    var value = normalDensity((t - run.mean) / run.sd) / run.sd
                    for (other, rival) in runs.prefix(grouped).enumerated() where other != index {
                        value *= normalCDF((t - rival.mean) / rival.sd)
                        if value == 0 { break }
                    }
                    let simpson = step == 0 || step == Self.steps ? 1.0 : (step % 2 == 1 ? 4.0 : 2.0)
                    integral += simpson * value * rest[step]
                }
                chances[index] = integral * h / 3
            }
            let sum = chances.reduce(0, +)
            return sum > 0 ? chances.map { $0 / sum } : chances
        }

        /// Π cdf over the runs below (but the one skipped) at each point of the grid.
        private mutating func product(_ grid: Grid) -> [Double] {
            if let known = products[grid] { return known }
            let made = (0...Self.steps).map { step in
                let t = grid.start + Double(step) * grid.step
                var value = 1.0
                for (index, rival) in below.enumerated() where index != grid.skipping {
                    value *= normalCDF((t - rival.mean) / rival.sd)
                    if value == 0 { break }
                }
                return value
            }
            products[grid] = made
            return made
        }
    }

    static func normalDensity(_ z: Double) -> Double { exp(-0.5 * z * z) / (2 * Double.pi).squareRoot() }
    static func normalCDF(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// The normal distribution the runs' true shares are drawn from (fitted to the section).
    struct Pooling {
        let mean: Double
        let variance: Double
    }

    /// A run of options that share one true share: how well that explains their shares (the
    /// marginal likelihood, up to a factor common to every grouping) and the share's posterior.
    struct Run {
        let members: [Int]
        let logEvidence: Double
        let mean: Double
        let sd: Double

        init(members: [Int], shares: [Double], noise: [Double], _ pooling: Pooling) {
            self.members = members
            let precision = noise.reduce(0) { $0 + 1 / $1 }
            let weighted = zip(shares, noise).reduce(0) { $0 + $1.0 / $1.1 } / precision
            let spread = zip(shares, noise).reduce(0) { $0 + ($1.0 - weighted) * ($1.0 - weighted) / $1.1 }
            let marginal = 1 / precision + pooling.variance
            // log ∫ Π N(x_i; μ, v_i) N(μ; m, τ²) dμ without the Σ log(2π v_i) every grouping shares.
            logEvidence =
                -0.5 * spread + 0.5 * log(2 * Double.pi / precision) - 0.5 * log(2 * Double.pi * marginal)
                - 0.5 * (weighted - pooling.mean) * (weighted - pooling.mean) / marginal
            let posterior = precision + 1 / pooling.variance
            mean = (weighted * precision + pooling.mean / pooling.variance) / posterior
            sd = (1 / posterior).squareRoot()
        }

        /// The chance this run's share is above the other's.
        func ahead(of other: Run) -> Double {
            LeadModel.normalCDF((mean - other.mean) / (sd * sd + other.sd * other.sd).squareRoot())
        }
    }
}

import Foundation
import TallySQLite
import TallyTestSupport
import Testing

@testable import TallyCore

/// The chance of leading's model: ties read as ties, the figures depend only on the section's counts.
@Suite("Lead model: ties, one criterion, figures that only the votes move")
struct LeadModelTests {
    static func run(_ voters: [Int], n: Int, shared: [[Int]]? = nil) -> LeadModel.Result {
        LeadModel.run(
            options: voters.map { LeadModel.Option(voters: $0, eligible: n) },
            shared: { i, j in shared?[i][j] ?? 0 })
    }

    /// The runs below the grouped ten are multiplied once per grid (`LeadModel.HighestShare`): the chances are
    /// those of the integral written out, run against every other run at every point, for runs that overlap and
    /// runs far apart, with and without runs below.
    @Test func theChanceOfHavingTheHighestShareIsTheIntegralWrittenOut() {
        func written(_ runs: [LeadModel.Run]) -> [Double] {
            let floor = runs.map { $0.mean - 8 * $0.sd }.max()!
            var chances = runs.indices.map { index -> Double in
                let run = runs[index]
                guard run.mean + 8 * run.sd > floor else { return 0 }
                let start = max(run.mean - 8 * run.sd, floor - 8 * run.sd)
                let h = (run.mean + 8 * run.sd - start) / 64
                return (0...64).reduce(0.0) { sum, step in
                    let t = start + Double(step) * h
                    var value = LeadModel.normalDensity((t - run.mean) / run.sd) / run.sd
                    for other in runs.indices where other != index {
                        value *= LeadModel.normalCDF((t - runs[other].mean) / runs[other].sd)
                    }
                    return sum + (step == 0 || step == 64 ? 1 : step % 2 == 1 ? 4 : 2) * value
                } * h / 3
            }
            let sum = chances.reduce(0, +)
            if sum > 0 { chances = chances.map { $0 / sum } }
            return chances
        }
        var random = SplitMix64(seed: 35)
        let pooling = LeadModel.Pooling(mean: 0.3, variance: 0.01)
        for (grouped, below) in [(1, 0), (3, 0), (4, 6), (10, 40), (2, 25)] {
            let runs = (0..<(grouped + below)).map { index in
                LeadModel.Run(
                    members: [index], shares: [0.05 + 0.5 * random.unit()], noise: [0.0005 + 0.004 * random.unit()],
                    pooling)
            }
            var highest = LeadModel.HighestShare(below: Array(runs.suffix(below)))
            let fast = highest.chances(runs)
            let again = highest.chances(runs)
            for (a, b) in zip(fast, written(runs)) { #expect(abs(a - b) < 1e-12, "\(grouped)+\(below): \(a) vs \(b)") }
            #expect(fast == again)
        }
    }

    @Test func exactlyTiedOptionsGetTheSameFiguresWhateverTheirPairs() {
        // Options 0 and 1 both have 10 of 15 voters but share different numbers of voters with option 2.
        let shared = [[0, 5, 4, 2, 3], [5, 0, 1, 3, 3], [4, 1, 0, 1, 1], [2, 3, 1, 0, 1], [3, 3, 1, 1, 0]]
        let result = Self.run([10, 10, 6, 5, 5], n: 15, shared: shared)
        #expect(result.leading[0] == result.leading[1])
        #expect(result.leading[3] == result.leading[4])
        #expect(result.behind[3] == result.behind[4])
        #expect(abs(result.leading.reduce(0, +) - 1) < 1e-9)
    }

    @Test func aTieIsNotALeadAndAClearLeadIsClear() {
        // 26 against 24 of 50: the bootstrap gave the first about 60–65%; the model stays near an even split.
        let close = Self.run([26, 24, 15, 10], n: 50)
        #expect(close.leading[0] < 0.6 && close.leading[0] > close.leading[1], "\(close.leading)")
        #expect(close.behind[1] < 0.75)
        let clear = Self.run([40, 10, 8, 5], n: 50)
        #expect(LeadModel.standings(leading: clear.leading, leaders: [0]) == [.leader, .behind, .behind, .behind])
        #expect(clear.leading[0] > 0.99)
    }

    /// Hochberg's step-up: the most likely rival at or under its bar (1% over the rivals at least as likely to
    /// lead) is behind, and so is every rival less likely to lead, though one of them is over its own bar (Holm's
    /// step-down stopped there: power at 30 voters 89.7%). A tied leader is a runner of the race: with two
    /// leaders the same chances call nobody behind.
    @Test func behindIsAStepUpOverEveryRunnerButOneLeader() {
        let alone = LeadModel.standings(leading: [0.9, 0.004, 0.0045, 0.009], leaders: [0])
        #expect(alone == [.leader, .behind, .behind, .behind])
        let tied = LeadModel.standings(leading: [0.45, 0.45, 0.004, 0.0045, 0.009], leaders: [0, 1])
        #expect(tied == [.leader, .leader, .probablyBehind, .probablyBehind, .probablyBehind])
    }

    /// Issue 37.4: several rivals of a near tie are not each given the whole level. Each of 8, 8, 7 and 6 of 15
    /// against 9 might be read as behind one at a time; together the leader could be any of them.
    @Test func aFiveWayNearTieCallsNobodyBehind() {
        let result = Self.run([9, 8, 8, 7, 6], n: 15)
        let standings = LeadModel.standings(leading: result.leading, leaders: [0])
        #expect(!standings.contains(.behind), "\(result.leading)")
        // The words read the chance: a lower chance never gets a milder word.
        func severity(_ s: LeadModel.Standing?) -> Int { [.leader: 0, .even: 1, .probablyBehind: 2, .behind: 3][s!]! }
        for i in 1..<5 {
            for j in 1..<5 where result.leading[i] < result.leading[j] {
                #expect(severity(standings[i]) >= severity(standings[j]))
            }
        }
    }

    /// Issue 37.6: which of two options with the same counts comes first (their ids) moves no figure: the
    /// third option's chance is exactly the same either way, though the two share different voters with it.
    @Test func renumberingTiedOptionsMovesNoChance() {
        let shared = [[0, 6, 2, 1], [6, 0, 5, 3], [2, 5, 0, 1], [1, 3, 1, 0]]
        let swapped = [[0, 2, 6, 1], [2, 0, 5, 1], [6, 5, 0, 3], [1, 1, 3, 0]]
        let a = Self.run([12, 7, 7, 4], n: 20, shared: shared)
        let b = Self.run([12, 7, 7, 4], n: 20, shared: swapped)
        #expect(a.leading[0] == b.leading[0] && a.leading[3] == b.leading[3], "\(a.leading) \(b.leading)")
        #expect(a.leading[1] == b.leading[2] && a.leading[1] == a.leading[2])
    }

    /// The co-vote test's Poisson tail: exact sums up to a mean of 100, the normal approximation above it
    /// (a million votes would sum 100,000 terms a pair) stays within a point of the exact sum.
    @Test func thePoissonTailIsExactBelowAHundredAndCloseAbove() {
        func exact(_ k: Int, _ mean: Double) -> Double {
            (0...k).reduce(0) { $0 + exp(Double($1) * log(mean) - mean - lgamma(Double($1) + 1)) }
        }
        #expect(abs(Covote.poissonTail(atMost: 3, mean: 2) - exact(3, 2)) < 1e-12)
        for k in [80, 101, 120, 130] {
            #expect(abs(Covote.poissonTail(atMost: k, mean: 101) - exact(k, 101)) < 0.01, "k = \(k)")
        }
        #expect(Covote.poissonTail(atLeast: 0, mean: 5) == 1)
    }

    @Test func anOptionNobodyCouldChooseHasNoChance() {
        let result = LeadModel.run(
            options: [.init(voters: 8, eligible: 15), .init(voters: 0, eligible: 0)], shared: { _, _ in 0 })
        #expect(result.leading == [1, 0])
        #expect(result.behind[1] == 1)
    }

    /// The demo's community options were created after the last counted vote: nobody could choose them,
    /// so they have no share, range, standing or chance (they showed "0.0%, 0.0–20.4%": tested and unpopular).
    @Test func optionsNobodyCouldYetChooseHaveNoFigures() throws {
        let model = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        let community = try #require(model.sections.first { $0.name == "community" })
        #expect(!community.options.isEmpty)
        for option in community.options {
            #expect(option.eligible == 0)
            #expect(option.share == nil && option.interval == nil && option.chanceOfLeading == nil)
            #expect(option.standing == nil)
        }
        let original = try #require(model.sections.first)
        #expect(original.options.allSatisfy { $0.eligible == nil && $0.interval != nil })
    }

    /// The demo's two options tied at 10 voters have the same chance in the report, in week 1's page and
    /// with --through; a new pending note changes no figure (the bootstrap's seed took the notes table
    /// and --through, and moved these chances to 48% / 50%).
    @Test func theDemoTieReadsTheSameEverywhere() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        func chances(_ model: ReportModel) throws -> [Double?] {
            try #require(model.sections.first).options.map(\.chanceOfLeading)
        }
        let db = try DatabaseFile.openForReading(path)
        let report = try Analyzer(parameters: .demo()).report(from: db)
        let figures = try chances(report)
        #expect(figures[0] != nil && figures[0] == figures[1], "\(figures)")
        var through = ReportParameters.demo()
        through.through = .utc("2026-09-30 00:00:00")
        #expect(try chances(Analyzer(parameters: through).report(from: db)) == figures)
        let weekly = WeeklyAnalyzer(
            calendar: WeekCalendar(launch: Zone.parseDate("2026-09-19")!, zone: try Zone(parsing: "Asia/Taipei")),
            parameters: .demo())
        let week = try #require(try weekly.tallies(from: db, through: .utc("2026-10-03 00:00:00")).first)
        #expect(try chances(week.report) == figures)
        let writable = try DatabaseFile.openForWriting(path)
        try writable.execute(
            "INSERT INTO suggestions (session_id, content, status, created_at) "
                + "VALUES ('late', 'a new note', 'pending', '2026-09-27 01:00:00')")
        let again = try Analyzer(parameters: .demo()).report(from: DatabaseFile.openForReading(path))
        #expect(again.sections == report.sections)
        #expect(again.chanceModel == report.chanceModel)
    }

    /// Issue 47.2 (case 5): in a five-way tie at 15 voters, rank 4 with 5 voters was "probably behind" at 12% directly
    /// above rank 5 with 4 voters, "can't tell apart" at 13%: an option inside a tied run splits the run's chance. Over
    /// the close counts of five options at 15 voters, the model alone gives such inversions; what the table shows
    /// (`LeadModel.judge`) never lets the chance or the word improve down the ranking, keeps the chances' sum and
    /// leaves rankings without an inversion as they were.
    @Test func neitherTheChanceNorTheWordImprovesDownTheRanking() {
        func severity(_ s: LeadModel.Standing?) -> Int {
            [.leader: 0, .even: 1, .probablyBehind: 2, .behind: 3][s!]!
        }
        var inverted = 0
        var counts = 0
        // The close counts, where ties are read (a five-way tie of 15 voters gives 3 to 8 voters an option).
        for a in 3...8 {
            for b in 2...a {
                for c in 2...b {
                    for d in 1...c {
                        for e in 1...d where a + b + c + d + e <= 30 {
                            let voters = [a, b, c, d, e]
                            counts += 1
                            let options = voters.map { LeadModel.Option(voters: $0, eligible: 15) }
                            let leaders = Set(voters.indices.filter { voters[$0] == a })
                            let raw = LeadModel.run(options: options, shared: { _, _ in 0 }).leading
                            if zip(raw, raw.dropFirst()).contains(where: { $1 > $0 + 1e-9 }) { inverted += 1 }
                            let judged = LeadModel.judge(
                                options: options, shared: { _, _ in 0 }, members: Array(0..<5), leaders: leaders)
                            for (x, y) in zip(0..<4, 1..<5) {
                                #expect(judged.leading[x] >= judged.leading[y] - 1e-12, "\(voters)")
                                #expect(severity(judged.standings[x]) <= severity(judged.standings[y]), "\(voters)")
                            }
                            #expect(abs(judged.leading.reduce(0, +) - raw.reduce(0, +)) < 1e-9)
                            if !zip(raw, raw.dropFirst()).contains(where: { $1 > $0 + 1e-12 }) {
                                #expect(judged.leading == raw, "\(voters)")
                            }
                        }
                    }
                }
            }
        }
        // The cause is real: the model alone inverts some of these rankings.
        #expect(inverted > 0, "\(inverted) of \(counts)")
    }

    @Test func poolingAdjacentViolatorsKeepsTheSumAndOrder() {
        #expect(LeadModel.nonIncreasing([0.5, 0.1, 0.3, 0.1]) == [0.5, 0.2, 0.2, 0.1])
        #expect(LeadModel.nonIncreasing([0.1, 0.2, 0.3]).allSatisfy { abs($0 - 0.2) < 1e-12 })
        #expect(LeadModel.nonIncreasing([0.4, 0.3, 0.3]) == [0.4, 0.3, 0.3])
    }
}

import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("Chance of leading (session bootstrap) and chosen together")
struct LeadBootstrapTests {
    static func demoModel(_ parameters: ReportParameters = .demo()) throws -> ReportModel {
        let db = try Connection(path: ":memory:", mode: .create)
        try Demo.write(into: db)
        return try Analyzer(parameters: parameters).report(from: db)
    }

    /// The issue's case: two options tied at 10 voters of 15. Which leads is a coin toss, and the
    /// rest almost never lead.
    @Test func demoTopTwoAreACoinToss() throws {
        let model = try LeadBootstrapTests.demoModel()
        let original = try #require(model.sections.first { $0.name == "original" })
        let chances = original.options.map { $0.chanceOfLeading ?? -1 }
        #expect(chances.count == 5)
        #expect((0.35...0.65).contains(chances[0]) && (0.35...0.65).contains(chances[1]), "\(chances)")
        #expect(chances[2...].allSatisfy { $0 >= 0 && $0 < 0.05 }, "\(chances)")
        // Every resample has voters here, so one option (or a tie) leads in each: the chances add up to 1.
        #expect(abs(chances.reduce(0, +) - 1) < 1e-9)
        let top = try #require(original.orderChances.first)
        #expect(top.higher == original.options[0].id && top.lower == original.options[1].id)
        #expect((0.4...0.6).contains(top.chance))
        #expect(original.orderChances.count == 4)
        let resampling = try #require(model.resampling)
        #expect(resampling.method == .sessions && resampling.resamples == 2000 && resampling.sessions == 15)
        // The community section has no votes: no chances, no order, no pairs.
        let community = try #require(model.sections.first { $0.name == "community" })
        #expect(community.options.allSatisfy { $0.chanceOfLeading == nil })
        #expect(community.orderChances.isEmpty && community.covotes.isEmpty)
    }

    /// Same data, same parameters: same seed, same chances. Other counted sessions: another seed.
    @Test func rerunsGiveTheSameChancesAndTheSeedFollowsTheParameters() throws {
        let first = try LeadBootstrapTests.demoModel()
        let again = try LeadBootstrapTests.demoModel()
        #expect(first == again)
        var later = ReportParameters.demo()
        later.asOf = later.asOf.adding(seconds: 86_400)
        // The as-of time changes no count, so not the seed either.
        #expect(try LeadBootstrapTests.demoModel(later).resampling?.seed == first.resampling?.seed)
        var noCutoff = ReportParameters.demo()
        noCutoff.excludeBefore = nil
        let other = try LeadBootstrapTests.demoModel(noCutoff)
        #expect(other.resampling?.seed != first.resampling?.seed)
        #expect(other.resampling?.sessions == 19)
    }

    @Test func aClearLeaderLeadsInEveryResample() {
        let patterns = [ChoicePattern(optionIDs: [1], sessions: 100), ChoicePattern(optionIDs: [2], sessions: 10)]
        let result = LeadBootstrap(seed: 1).run(sections: [[1, 2]], patterns: patterns)
        #expect(result == [.init(leading: [1, 0], order: [1])])
    }

    /// When every voter chose both, every resample is a tie: each leads half the time, by the rule.
    @Test func tiesAreSplitEvenly() {
        let patterns = [ChoicePattern(optionIDs: [7, 3], sessions: 20)]
        for method in [LeadBootstrap.Method.sessions, .poisson] {
            let result = LeadBootstrap(seed: 9).run(sections: [[3, 7]], patterns: patterns, method: method)
            #expect(result == [.init(leading: [0.5, 0.5], order: [0.5])], "\(method)")
        }
        // Three-way: a third each.
        let three = LeadBootstrap(seed: 9).run(
            sections: [[1, 2, 3]], patterns: [ChoicePattern(optionIDs: [1, 2, 3], sessions: 5)])
        #expect(three[0].leading.allSatisfy { abs($0 - 1.0 / 3) < 1e-12 })
    }

    /// Options of a pattern that are in no section (added after `through`) are ignored, and each
    /// section is judged on its own.
    @Test func sectionsAreIndependentAndUnknownOptionsIgnored() {
        let patterns = [
            ChoicePattern(optionIDs: [1, 9], sessions: 30), ChoicePattern(optionIDs: [2, 5], sessions: 5),
            ChoicePattern(optionIDs: [6], sessions: 40),
        ]
        let result = LeadBootstrap(seed: 2).run(sections: [[1, 2], [5, 6]], patterns: patterns)
        #expect(result[0].leading == [1, 0])
        #expect(result[1].leading == [0, 1])
        #expect(result[1].order == [0])
    }

    /// The Poisson bootstrap (used above `directLimit` sessions) agrees with the classic one on a close race.
    @Test func poissonAgreesWithTheClassicBootstrap() {
        let patterns = [
            ChoicePattern(optionIDs: [1], sessions: 1_550), ChoicePattern(optionIDs: [2], sessions: 1_300),
            ChoicePattern(optionIDs: [1, 2], sessions: 300), ChoicePattern(optionIDs: [3], sessions: 1_200),
            ChoicePattern(optionIDs: [2, 3], sessions: 200),
        ]
        let sections: [[Int64]] = [[1, 2, 3]]
        let classic = LeadBootstrap(seed: 5, resamples: 1000)
            .run(sections: sections, patterns: patterns, method: .sessions)
        let poisson = LeadBootstrap(seed: 6, resamples: 1000)
            .run(sections: sections, patterns: patterns, method: .poisson)
        let p = classic[0].leading[0]
        #expect((0.55...0.95).contains(p), "a close race, not a foregone one: \(p)")
        // Two independent Monte Carlo estimates: their difference has a standard error of sqrt(2 p (1 - p) / 1000).
        let tolerance = 4 * (2 * p * (1 - p) / 1000).squareRoot()
        #expect(abs(poisson[0].leading[0] - p) < tolerance, "classic \(classic), poisson \(poisson)")
    }

    @Test(arguments: [0.5, 3.0, 9.9, 10.0, 37.0, 4_000.0])
    func poissonDrawsHaveTheRightMeanAndVariance(mean: Double) {
        var random = SplitMix64(seed: UInt64(mean * 1000))
        let n = 20_000
        var sum = 0.0
        var squares = 0.0
        for _ in 0..<n {
            let k = Double(random.poisson(mean))
            #expect(k >= 0)
            sum += k
            squares += k * k
        }
        let average = sum / Double(n)
        let variance = squares / Double(n) - average * average
        #expect(abs(average - mean) < 5 * (mean / Double(n)).squareRoot(), "mean \(average) for \(mean)")
        #expect(abs(variance / mean - 1) < 0.06, "variance \(variance) for \(mean)")
    }

    @Test func uniformDrawsBelowABoundCoverItEvenly() {
        var random = SplitMix64(seed: 3)
        var counts = [Int](repeating: 0, count: 7)
        for _ in 0..<70_000 { counts[random.below(7)] += 1 }
        #expect(counts.allSatisfy { abs($0 - 10_000) < 500 }, "\(counts)")
    }

    /// Chosen together, by hand: 10 sessions; A by 6, B by 5, both by 4 → lift 4 × 10 / (6 × 5).
    @Test func covotesCountVotersWhoChoseBothAndTheirLift() {
        let patterns = [
            ChoicePattern(optionIDs: [1, 2], sessions: 4), ChoicePattern(optionIDs: [1], sessions: 2),
            ChoicePattern(optionIDs: [2, 2], sessions: 1), ChoicePattern(optionIDs: [3], sessions: 2),
            ChoicePattern(optionIDs: [], sessions: 1),
        ]
        let pairs = Covote.pairs(options: [(2, 5), (1, 6), (3, 2), (4, 0)], patterns: patterns, sessions: 10)
        #expect(
            pairs == [
                Covote(a: 1, b: 2, voters: 4, lift: 4.0 * 10 / 30), Covote(a: 1, b: 3, voters: 0, lift: 0),
                Covote(a: 2, b: 3, voters: 0, lift: 0),
            ])
        #expect(ChoicePattern(optionIDs: [2, 2], sessions: 1).optionIDs == [2])
    }
}

@Suite("Choice sets from the vote scan")
struct ChoiceSetScanTests {
    /// With few options a set is a bit mask; with more than 12, sets of up to four options are packed into
    /// an integer and larger ones kept as arrays. Every route gives back the same ids, stacked votes count
    /// once, votes for missing options drop out of the set, and every counted session is in exactly one set.
    @Test(arguments: [6, 20])
    func smallAndLargeSetsAndMissingOptionsComeBackExactly(options: Int) throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try Migrator().migrate(db)
        // A vote for a missing option is an anomaly the report must survive; D1 would need defer_foreign_keys.
        try db.execute("PRAGMA foreign_keys = OFF")
        for id in 1...options {
            try db.execute(
                "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, 'original', "
                    + "'2026-01-01 00:00:00')", [.integer(Int64(id)), .text("option \(id)")])
        }
        let votes: [(String, Int64)] = [
            ("a", 3), ("a", 1), ("a", 3),  // stacked: {1, 3}
            ("b", 1), ("b", 3),  // {1, 3} again
            ("c", 1), ("c", 2), ("c", 3), ("c", 4), ("c", 5), ("c", 6),  // six options: not packed
            ("d", 99),  // a missing option only: the empty set
            ("e", 6), ("e", 99),  // {6}
        ]
        for (index, vote) in votes.enumerated() {
            try db.execute(
                "INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, ?)",
                [.integer(vote.1), .text(vote.0), .text("2026-01-02 00:00:\(String(format: "%02d", index))")])
        }
        let parameters = ReportParameters(asOf: Instant(seconds: 1_800_000_000), votesPerSession: 3)
        // (Partitioned scans merge these too: QueryDifferentialTests compares whole figures across partitions.)
        let figures = try Analyzer(parameters: parameters, partitions: 1).figures(from: db)
        #expect(
            figures.choices == [
                ChoicePattern(optionIDs: [], sessions: 1), ChoicePattern(optionIDs: [1, 2, 3, 4, 5, 6], sessions: 1),
                ChoicePattern(optionIDs: [1, 3], sessions: 2), ChoicePattern(optionIDs: [6], sessions: 1),
            ])
    }
}

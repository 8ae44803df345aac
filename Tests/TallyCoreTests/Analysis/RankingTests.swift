import Testing

@testable import TallyCore

@Suite("Ranking, shares and intervals")
struct RankingTests {
    @Test func wilsonIntervalKnownValues() throws {
        let ten = try #require(WilsonInterval(successes: 10, trials: 15))
        #expect(abs(ten.lower - 0.41714) < 0.00001)
        #expect(abs(ten.upper - 0.84823) < 0.00001)
        let none = try #require(WilsonInterval(successes: 0, trials: 15))
        #expect(none.lower == 0)
        #expect(abs(none.upper - 0.20388) < 0.00001)
        let all = try #require(WilsonInterval(successes: 15, trials: 15))
        #expect(all.upper == 1)
        #expect(abs(all.lower - 0.79612) < 0.00001)
        #expect(WilsonInterval(successes: 1, trials: 0) == nil)
        #expect(WilsonInterval(successes: 3, trials: 2) == nil)
        // Large samples shrink towards the share.
        let large = try #require(WilsonInterval(successes: 5_000, trials: 10_000))
        #expect(large.upper - large.lower < 0.02)
    }

    static func option(_ id: Int64, voters: Int, votes: Int, section: String = "original") -> ReportFigures.Option {
        .init(
            id: id, content: "o\(id)", section: section, createdAt: nil, voters: voters, votes: votes,
            votersAll: voters, votesAll: votes)
    }

    static func model(_ options: [ReportFigures.Option], counted: Int) throws -> ReportModel {
        let figures = ReportFigures(
            options: options,
            totals: .init(
                votersAll: counted, votesAll: counted * 3, voters: counted, votes: counted * 3, firstVoteAll: nil,
                lastVoteAll: nil),
            exclusions: .init(listed: [], total: 0), days: [],
            timeline: .init(firstVote: nil, lastVote: nil, longestGap: nil),
            usage: [], statuses: [], approved: [], anomalies: [])
        return try ReportModel(figures: figures, parameters: ReportParameters(asOf: Instant(seconds: 0)))
    }

    @Test func tiesShareARankAndTheNextRankSkips() throws {
        let model = try RankingTests.model(
            [
                RankingTests.option(4, voters: 7, votes: 9), RankingTests.option(2, voters: 9, votes: 9),
                RankingTests.option(1, voters: 9, votes: 12), RankingTests.option(3, voters: 7, votes: 9),
                RankingTests.option(5, voters: 0, votes: 0), RankingTests.option(6, voters: 2, votes: 2),
            ], counted: 20)
        let section = try #require(model.sections.first)
        #expect(section.options.map(\.id) == [1, 2, 3, 4, 6, 5])  // voters, then votes, then id
        #expect(section.options.map(\.rank) == [1, 1, 3, 3, 5, 6])
        #expect(section.leaders.map(\.id) == [1, 2])
        #expect(section.options.last?.voters == 0)  // zero-vote options are listed
        #expect(section.options.map(\.share) == [0.45, 0.45, 0.35, 0.35, 0.1, 0])
        // The standings come from LeadModel: 7 of 20 cannot be told apart from 9; 0 of 20 is behind; 2 of 20,
        // with a chance over 1% / 4 (four rivals at least as likely to lead, the tied leader one of them), is
        // only probably behind; the two 7s have the same figures.
        #expect(
            section.options.map(\.standing) == [
                .leader, .leader, .notDistinguishable, .notDistinguishable, .probablyBehind, .behind,
            ])
        let two = try #require(section.options[4].chanceOfLeading)
        #expect(two > 0.01 / 4 && two <= 0.01 / 3, "\(two)")
        #expect(section.options[2].chanceOfLeading == section.options[3].chanceOfLeading)
        #expect(section.options[0].chanceOfLeading == section.options[1].chanceOfLeading)
    }

    @Test func sectionsKnownFirstThenOthers() throws {
        let model = try RankingTests.model(
            [
                RankingTests.option(1, voters: 1, votes: 1, section: "zeta"),
                RankingTests.option(2, voters: 1, votes: 1, section: "community"),
                RankingTests.option(3, voters: 1, votes: 1, section: "original"),
                RankingTests.option(4, voters: 1, votes: 1, section: "beta"),
            ], counted: 4)
        #expect(model.sections.map(\.name) == ["original", "community", "beta", "zeta"])
        #expect(model.sections.map(\.isKnown) == [true, true, false, false])
    }

    @Test func noCountedVotersMeansNoSharesAndNoLeader() throws {
        let model = try RankingTests.model([RankingTests.option(1, voters: 0, votes: 0)], counted: 0)
        let option = try #require(model.sections.first?.options.first)
        #expect(option.share == nil)
        #expect(option.interval == nil)
        #expect(option.standing == nil)
        #expect(model.sections.first?.leaders.isEmpty == true)
        #expect(!model.isSmallSample)
    }

    @Test func smallSampleBelowThirtyCountedVoters() throws {
        #expect(try RankingTests.model([RankingTests.option(1, voters: 29, votes: 29)], counted: 29).isSmallSample)
        #expect(!(try RankingTests.model([RankingTests.option(1, voters: 30, votes: 30)], counted: 30).isSmallSample))
    }
}

import TallyCore
import TallySQLite
import Testing

/// The brief's published week-one figures, computed from the demo data with the author's settings.
@Suite("Demo: the brief's figures")
struct DemoFiguresTests {
    let model: ReportModel

    init() throws {
        model = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
    }

    @Test func countedAndRawTotals() {
        #expect(model.totals.voters == 15)
        #expect(model.totals.votes == 43)
        #expect(model.totals.votersAll == 19)
        #expect(model.totals.votesAll == 55)
        #expect(model.totals.votersExcluded == 4)
        #expect(model.totals.votesExcluded == 12)
        #expect(model.isSmallSample)
    }

    @Test func topTwoTieAtTenVotersWithAndWithoutTests() throws {
        let original = try #require(model.sections.first)
        #expect(original.name == "original")
        #expect(original.options.count == 5)
        #expect(original.leaders.map(\.content) == ["做了好多事，另一半不知道", "今天吃什麼，永遠臨時才有人想"])
        #expect(original.leaders.map(\.voters) == [10, 10])
        #expect(original.leadersAll.map(\.id) == original.leaders.map(\.id))
        #expect(original.leadersAll.map(\.votersAll) == [10, 10])
        #expect(original.options.map(\.rank) == [1, 1, 3, 4, 4])
        #expect(original.options.map(\.id) == [1, 2, 3, 5, 4])
        // With 15 voters nobody is behind the leaders, but each of them is at least three times as likely to lead
        // as each of the others (42% against 9% and 4%): probably behind.
        #expect(original.options.dropFirst(2).allSatisfy { $0.standing == .probablyBehind })
    }

    @Test func fourTestSessionsExcludedWholeWithTheirFirstVotes() {
        let ledger = model.exclusions.listed
        #expect(model.exclusions.total == 4)
        #expect(ledger.map(\.votes) == [3, 3, 3, 3])
        #expect(ledger.allSatisfy { $0.beforeCutoff && !$0.named })
        let zone = model.parameters.zone
        #expect(
            ledger.map { zone.format($0.firstVote!, seconds: true) } == [
                "2026-09-19 02:06:14 +08:00", "2026-09-19 02:07:30 +08:00", "2026-09-19 02:09:05 +08:00",
                "2026-09-19 02:10:41 +08:00",
            ])
        #expect(ledger.map(\.session) == ["t1", "t2", "t3", "t4"].map { Demo.sessions[$0]! })
    }

    @Test func lastVoteThenFourQuietDays() throws {
        let zone = model.parameters.zone
        let activity = model.activity
        #expect(zone.format(try #require(activity.lastVote), seconds: true) == "2026-09-23 23:04:12 +08:00")
        #expect(zone.format(try #require(activity.firstVote), seconds: true) == "2026-09-19 09:12:05 +08:00")
        #expect(activity.quietLocalDays == 4)
        let gap = try #require(activity.longestGap)
        #expect(activity.gapIsOngoing)
        #expect(gap.end == model.parameters.asOf)
        #expect(gap.start == activity.lastVote)
        #expect(activity.days.map(\.votes) == [15, 9, 5, 6, 8])
        #expect(activity.days.map(\.voters) == [5, 3, 2, 2, 3])
        #expect(activity.days.first?.date.dateText == "2026-09-19")
    }

    @Test func twoApprovedNotesFromOneSessionPromotedWithoutVotes() throws {
        let suggestions = model.suggestions
        #expect(suggestions.approvedCount == 2)
        #expect(suggestions.approvedGroups.count == 1)
        #expect(suggestions.approvedGroups[0].session == Demo.sessions["s07"])
        #expect(suggestions.approvedGroups[0].notes.map(\.content) == ["爸爸可以不要看手機嗎？", "爸爸廁所要待多久?"])
        #expect(suggestions.promotions.map { $0.option?.votes } == [0, 0])
        let community = try #require(model.sections.first { $0.name == "community" })
        #expect(community.options.map(\.voters) == [0, 0])
        #expect(community.options.map(\.rank) == [1, 1])
        #expect(community.leaders.isEmpty)
        let zone = model.parameters.zone
        #expect(
            suggestions.promotions.map { zone.format($0.option!.createdAt!) } == [
                "2026-09-24 10:00 +08:00", "2026-09-24 10:00 +08:00",
            ])
        #expect(suggestions.statuses.map(\.status) == ["pending", "approved", "rejected"])
        #expect(suggestions.statuses.map(\.notes) == [2, 2, 2])
    }

    @Test func concentrationOfVotes() {
        #expect(model.concentration.usage.map(\.votesUsed) == [1, 2, 3])
        #expect(model.concentration.usage.map(\.sessions) == [0, 2, 13])
        #expect(model.concentration.stackingSessions == 6)
    }

    @Test func theDemoHasNoAnomalies() {
        #expect(model.anomalies.isEmpty)
    }
}

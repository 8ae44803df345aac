import TallyCore
import TallySQLite
import Testing

@Suite("Exclusions, cutoffs and time")
struct ExclusionTests {
    @Test func aFirstVoteExactlyAtTheCutoffIsCountedAndOneMillisecondEarlierIsNot() throws {
        let db = try VoteDatabase(votes: [
            (1, "at-cutoff", "2026-09-18 18:11:00"), (2, "at-cutoff", "2026-09-18 18:12:00"),
            (1, "just-before", "2026-09-18T18:10:59.999Z"), (3, "just-before", "2026-09-18 18:30:00"),
        ])
        let cutoff = try Zone(parsing: "Asia/Taipei").parseUserTime("2026-09-19 02:11")
        #expect(cutoff == .utc("2026-09-18 18:11:00"))
        let figures = try db.figures(ReportParameters(excludeBefore: cutoff, asOf: .utc("2026-09-20 00:00:00")))
        #expect(figures.totals.voters == 1)
        #expect(figures.totals.votes == 2)
        #expect(figures.exclusions.listed.map(\.session) == ["just-before"])
        #expect(figures.exclusions.listed.first?.votes == 2)  // the whole session, not just its early vote
        #expect(
            figures.exclusions.listed.first?.firstVote == Instant(millis: Instant.utc("2026-09-18 18:11:00").millis - 1)
        )
    }

    /// D1's text sorts before the ISO form of the same day (' ' < 'T'), so the text minimum is not
    /// the first vote: the analysis must compare parsed instants.
    @Test func theFirstVoteIsTheEarliestInstantNotTheSmallestText() throws {
        let db = try VoteDatabase(votes: [
            (1, "mixed", "2026-09-18 18:20:00"),  // the smallest text, but the later vote
            (2, "mixed", "2026-09-18T18:05:00.000Z"),  // the first vote, before the cutoff
            (1, "later", "2026-09-18 19:00:00"),
        ])
        let parameters = ReportParameters(excludeBefore: .utc("2026-09-18 18:11:00"), asOf: .utc("2026-09-20 00:00:00"))
        let figures = try db.figures(parameters)
        #expect(figures.exclusions.listed.map(\.session) == ["mixed"])
        #expect(figures.exclusions.listed.first?.firstVote == .utc("2026-09-18 18:05:00"))
        #expect(figures.totals.voters == 1)
        #expect(figures.anomalies.map(\.kind) == [.nonD1VoteTime])
        // The author's text comparison gets this one wrong, which is why the shapes are flagged.
        let textMinimum = try db.open().scalar(
            "SELECT MIN(created_at) FROM votes WHERE session_id = 'mixed'")?.string
        #expect(textMinimum == "2026-09-18 18:20:00")
    }

    @Test func namedSessionsAreExcludedAndUnknownNamesAreListed() throws {
        let db = try VoteDatabase(votes: [
            (1, "a", "2026-09-19 01:00:00"), (2, "b", "2026-09-19 02:00:00"), (2, "b", "2026-09-19 02:01:00"),
            (3, "c", "2026-09-18 10:00:00"),
        ])
        let parameters = ReportParameters(
            excludeBefore: .utc("2026-09-18 12:00:00"), excludedSessions: ["b", "typo", "c", "b"],
            asOf: .utc("2026-09-20 00:00:00"))
        #expect(parameters.excludedSessions == ["b", "typo", "c"])
        let figures = try db.figures(parameters)
        #expect(figures.totals.voters == 1)
        #expect(figures.totals.votes == 1)
        let ledger = figures.exclusions.listed.map { "\($0.session):\($0.votes):\($0.beforeCutoff):\($0.named)" }
        #expect(ledger == ["c:1:true:true", "b:2:false:true", "typo:0:false:true"])
        #expect(figures.exclusions.total == 3)
    }

    @Test func theLedgerListIsCutButItsTotalIsComplete() throws {
        let votes = (0..<30).map { (Int64(1), "s\($0 + 10)", "2026-09-18 10:\($0 + 10):00") }
        let db = try VoteDatabase(votes: votes)
        var parameters = ReportParameters(excludeBefore: .utc("2026-09-18 10:35:00"), asOf: .utc("2026-09-20 00:00:00"))
        parameters.maxListed = 5
        let figures = try db.figures(parameters)
        #expect(figures.exclusions.total == 25)
        #expect(figures.exclusions.listed.map(\.session) == ["s10", "s11", "s12", "s13", "s14"])
        #expect(figures.totals.voters == 5)
    }

    @Test func throughCountsOnlyVotesCastUntilThen() throws {
        let db = try VoteDatabase(
            options: VoteDatabase.fiveOptions + [(6, "late option", "community", "2026-09-25 00:00:00")],
            votes: [
                (1, "early", "2026-09-19 01:00:00"), (2, "early", "2026-09-21 01:00:00"),
                (6, "late", "2026-09-25 01:00:00"), (1, "unreadable", "tomorrow"),
            ])
        let parameters = ReportParameters(asOf: .utc("2026-09-20 00:00:00"), through: .utc("2026-09-20 00:00:00"))
        let figures = try db.figures(parameters)
        #expect(figures.totals.votesAll == 2)  // the early vote, and the one whose time cannot be placed
        #expect(figures.totals.votersAll == 2)
        #expect(figures.totals.lastVoteAll == .utc("2026-09-19 01:00:00"))
        #expect(!figures.options.contains { $0.id == 6 })  // it did not exist yet
        #expect(figures.anomalies.map(\.kind) == [.unreadableVoteTime])
    }

    @Test func asOfBeforeTheFirstOrLastVoteIsAnError() throws {
        let db = try VoteDatabase(votes: [(1, "a", "2026-09-19 01:00:00"), (1, "b", "2026-09-23 15:04:12")])
        let zone = try Zone(parsing: "Asia/Taipei")
        #expect(
            throws: AnalysisError.asOfBeforeFirstVote(
                asOf: .utc("2026-09-18 00:00:00"), firstVote: .utc("2026-09-19 01:00:00"), zone: zone)
        ) {
            try db.report(ReportParameters(zone: zone, asOf: .utc("2026-09-18 00:00:00")))
        }
        #expect(
            throws: AnalysisError.asOfBeforeLastVote(
                asOf: .utc("2026-09-20 00:00:00"), lastVote: .utc("2026-09-23 15:04:12"), zone: zone)
        ) {
            try db.report(ReportParameters(zone: zone, asOf: .utc("2026-09-20 00:00:00")))
        }
        let message = AnalysisError.asOfBeforeFirstVote(
            asOf: .utc("2026-09-18 00:00:00"), firstVote: .utc("2026-09-19 01:00:00"), zone: zone
        ).description
        #expect(
            message == "--as-of 2026-09-18 08:00:00 +08:00 is before the first vote (2026-09-19 09:00:00 +08:00); "
                + "give a time at or after the last vote")
        // Exactly at the last vote is fine: nothing has happened since.
        #expect(
            try db.report(ReportParameters(zone: zone, asOf: .utc("2026-09-23 15:04:12"))).activity.sinceLastVote == 0)
    }

    /// America/New_York springs forward on 2027-03-14: 02:00 EST becomes 03:00 EDT (07:00 UTC).
    @Test func aCutoffOnTheMarchChangeDayLandsOnTheRightInstant() throws {
        let zone = try Zone(parsing: "America/New_York")
        let cutoff = try zone.parseUserTime("2027-03-14 03:30")
        #expect(cutoff == .utc("2027-03-14 07:30:00"))  // EDT, -04:00; reading it as EST would give 08:30
        let db = try VoteDatabase(
            options: [(1, "option", "original", "2027-03-01 00:00:00")],
            votes: [
                (1, "est", "2027-03-14 06:45:00"),  // 01:45 EST: before
                (1, "edt-before", "2027-03-14 07:29:59"),  // 03:29:59 EDT: before
                (1, "at", "2027-03-14 07:30:00"),  // 03:30 EDT: counted
                (1, "after", "2027-03-14 08:10:00"),  // 04:10 EDT: counted
            ])
        let model = try db.report(
            ReportParameters(zone: zone, excludeBefore: cutoff, asOf: .utc("2027-03-15 00:00:00")))
        #expect(model.totals.voters == 2)
        #expect(model.exclusions.listed.map(\.session) == ["est", "edt-before"])
        #expect(
            model.exclusions.listed.map { zone.format($0.firstVote!, seconds: true) } == [
                "2027-03-14 01:45:00 -05:00", "2027-03-14 03:29:59 -04:00",
            ])
        // A time that does not exist that day (02:30) is read just after the gap, as 03:30 EDT.
        #expect(try zone.parseUserTime("2027-03-14 02:30") == cutoff)
    }

    /// Local days follow the zone's offset at each vote, daylight saving time included.
    @Test func votesFallOnTheirLocalDayAcrossADaylightSavingChange() throws {
        let zone = try Zone(parsing: "America/New_York")
        let db = try VoteDatabase(
            options: [(1, "option", "original", "2027-03-01 00:00:00")],
            votes: [
                (1, "a", "2027-03-14 04:59:59"),  // 23:59:59 EST on the 13th
                (1, "b", "2027-03-14 05:00:00"),  // 00:00 EST on the 14th
                (1, "c", "2027-03-15 03:59:59"),  // 23:59:59 EDT on the 14th
                (1, "d", "2027-03-15 04:00:00"),  // 00:00 EDT on the 15th
            ])
        let figures = try db.figures(ReportParameters(zone: zone, asOf: .utc("2027-03-16 00:00:00")))
        #expect(figures.days.map(\.date.dateText) == ["2027-03-13", "2027-03-14", "2027-03-15"])
        #expect(figures.days.map(\.votes) == [1, 2, 1])
    }
}

import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Every file of `queries/` run by the real `sqlite3` shell must give exactly the
/// figures of the Swift analysis: on the demo, and on random databases with
/// ties, stacks, mixed timestamp shapes, odd rows and random cutoffs.
@Suite("queries/ against the analysis (sqlite3 shell as oracle)", .timeLimit(.minutes(10)))
struct QueryDifferentialTests {
    @Test func demoWithTheAuthorsSettings() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        try await expectSameFigures(path, ReportParameters.demo())
        // And the shipped files' own parameter values are the demo's settings.
        let shipped = try await QueryShell.rows(path, sql: PortableQuery.named("totals").sql)
        #expect(shipped.first?["voters"] == .integer(15))
        #expect(shipped.first?["votes_all"] == .integer(55))
    }

    @Test(arguments: Array(UInt64(1)...UInt64(16)))
    func randomDatabase(seed: UInt64) async throws {
        let scenario = try Scenario(seed: seed)
        try await expectSameFigures(scenario.path, scenario.parameters)
    }

    /// The random databases must actually contain the hard cases, or agreeing on them proves little.
    @Test func randomDatabasesCoverTheHardCases() async throws {
        var seen: Set<String> = []
        for seed in UInt64(1)...UInt64(16) {
            let scenario = try Scenario(seed: seed)
            let figures = try Analyzer(parameters: scenario.parameters)
                .figures(from: DatabaseFile.openForReading(scenario.path))
            let model = try ReportModel(figures: figures, parameters: scenario.parameters)
            if model.sections.contains(where: { $0.leaders.count > 1 }) { seen.insert("tie at the top") }
            if model.sections.flatMap(\.options).contains(where: { $0.voters == 0 }) { seen.insert("zero-vote option") }
            if figures.exclusions.total > figures.exclusions.listed.count { seen.insert("ledger cut") }
            if figures.exclusions.listed.contains(where: { $0.named && $0.votes == 0 }) {
                seen.insert("named session not found")
            }
            if figures.exclusions.listed.contains(where: { $0.named && $0.beforeCutoff }) {
                seen.insert("both reasons")
            }
            if let cutoff = scenario.parameters.excludeBefore,
                scenario.output.firstVotes.contains(where: { $0.at == cutoff }), figures.totals.voters > 0
            {
                seen.insert("first vote exactly at cutoff")
            }
            if scenario.parameters.through != nil, figures.totals.votesAll < scenario.output.votes {
                seen.insert("through cut votes")
            }
            if figures.usage.contains(where: { $0.stackingSessions > 0 }) { seen.insert("stacking") }
            if model.sections.flatMap(\.covotes).contains(where: { $0.voters > 0 }) { seen.insert("chosen together") }
            if model.sections.flatMap(\.covotes).contains(where: { $0.voters == 0 }) { seen.insert("never together") }
            if model.sections.contains(where: { !$0.isKnown }) { seen.insert("unknown section") }
            // Issue 21: an option created mid-poll, counted over the sessions that could choose it.
            let late = model.sections.flatMap(\.options).compactMap(\.eligible)
            if late.contains(where: { $0 > 0 }) { seen.insert("late option among some voters") }
            for anomaly in figures.anomalies { seen.insert(anomaly.kind.rawValue) }
            if figures.anomalies.contains(where: { $0.total > $0.examples.count }) { seen.insert("examples cut") }
            if scenario.parameters.zone.identifier != "UTC",
                figures.days.count > 1
            {
                seen.insert("per-day in an offset zone")
            }
        }
        let expected = Set<String>([
            "tie at the top", "zero-vote option", "ledger cut", "named session not found", "both reasons",
            "first vote exactly at cutoff", "through cut votes", "stacking", "unknown section", "examples cut",
            "per-day in an offset zone", "chosen together", "never together", "late option among some voters",
        ]).union(AnomalyKind.allCases.map(\.rawValue)).subtracting([AnomalyKind.futureVote.rawValue])
        #expect(expected.subtracting(seen).isEmpty, "not covered: \(expected.subtracting(seen).sorted())")
    }

    /// Issue 12.3: votes spread over many days (one a day from 1800 on) plus one busy day with more
    /// distinct seconds than `SecondSet.denseFrom`, so the busy day becomes a bitmap and the rest stay
    /// listed (the compaction during a long scan is covered by `secondSetAgreesWithSorting`). The days
    /// and the longest gap must still be exactly the SQL's.
    @Test func manyDistinctDaysAndOneBusyDay() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("days.sqlite")
        try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            try db.execute(
                "INSERT INTO survey_options (id, content, section, created_at) VALUES (1, 'a', 'original', "
                    + "'1800-01-01 00:00:00'), (2, 'b', 'original', '1800-01-01 00:00:00')")
            let insert = try db.prepare("INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, ?)")
            var random = SeededRandom(seed: 12)
            for index in 0..<3_000 {
                // Every other vote one a day from 1800 on; the rest on 2026-09-20 at a random second.
                let second: Int64 =
                    index % 2 == 0
                    ? 1_789_862_400 + Int64.random(in: 0..<86_400, using: &random)
                    : -5_364_662_400 + Int64(index) * 86_400 + Int64.random(in: 0..<86_400, using: &random)
                try insert.execute([
                    .integer(Int64(1 + index % 2)), .text("s\(index / 3)"), .text(Instant(seconds: second).d1Text),
                ])
            }
        }
        let parameters = ReportParameters(zone: try Zone(parsing: "+05:45"), asOf: Instant(seconds: 4_102_444_800))
        try await expectSameFigures(path, parameters)
        let figures = try Analyzer(parameters: parameters).figures(
            from: DatabaseFile.openForReading(path))
        // About a fifth of the listed days share a local day with the next (+05:45 moves late votes over midnight).
        #expect(figures.days.count > 1_100)
        let busy = try #require(figures.days.first { $0.date.dateText == "2026-09-20" })
        #expect(busy.votes > 1_000, "the busy UTC day's votes, less those after 18:15 UTC (the next local day)")
    }

    /// A whole year of votes in zones with daylight saving time in both hemispheres, one without
    /// (Taipei), and Kolkata in the 1890s, whose offset then had seconds (local mean time): the
    /// SQL maps each vote through the zone's offsets (`zone_offsets`), so every local day agrees.
    /// Votes cluster around each change and around local midnight, where a wrong offset shows.
    @Test(arguments: [
        ("America/New_York", 2026), ("Australia/Sydney", 2026), ("Asia/Taipei", 2026), ("Europe/London", 2026),
        ("Asia/Kolkata", 1890), ("Australia/Lord_Howe", 2026),
    ])
    func zonesOverAWholeYear(zone name: String, year: Int) async throws {
        let zone = try Zone(parsing: name)
        let start = Instant(seconds: CivilDateTime(year: year, month: 1, day: 1).secondsIfUTC)
        let end = Instant(seconds: CivilDateTime(year: year + 1, month: 1, day: 1).secondsIfUTC)
        var random = SeededRandom(seed: UInt64(year) &* 31 &+ UInt64(name.utf8.count))
        var instants: [Instant] = []
        for change in zone.offsetList(through: end) where change.since > start && change.since < end {
            for delta in [-3601, -3600, -1, 0, 1, 3599, 3600] {
                instants.append(change.since.adding(seconds: Int64(delta)))
            }
        }
        for day in stride(from: start.seconds, to: end.seconds, by: 86_400 * 3) {
            // Around local midnight of that day, and somewhere in it.
            let midnight = zone.instant(fromLocal: CivilDateTime(utcSeconds: day))
            for delta in [-61, -1, 0, 59, Int64.random(in: 0..<86_400, using: &random)] {
                instants.append(midnight.adding(seconds: Int64(delta)))
            }
        }
        let votes = instants.enumerated().map { index, instant in
            (Int64(index % 5 + 1), "s\(index % 97)", instant.d1Text)
        }
        let db = try VoteDatabase(
            options: (1...5).map { (Int64($0), "option \($0)", "original", "0001-01-02 00:00:00") }, votes: votes)
        let parameters = ReportParameters(zone: zone, asOf: end)
        try await expectSameFigures(db.path, parameters)
        let days = try db.figures(parameters).days
        #expect(days.count > 100, "\(days.count) local days")
    }

    /// Hostile stored times and types (HostileTimes) in every session: every figure, anomaly
    /// counts and examples included, is the same on both routes.
    @Test(arguments: Array(UInt64(1)...UInt64(4)))
    func hostileStoredTimes(seed: UInt64) async throws {
        var generator = HostileTimes(seed: seed)
        let folder = try TemporaryDirectory()
        let path = folder.path("hostile.sqlite")
        try HostileTimes.database(generator.values(count: 150), at: path)
        var parameters = ReportParameters(
            zone: try Zone(parsing: seed % 2 == 0 ? "+05:45" : "UTC"), excludeBefore: .utc("2026-09-18 18:11:00"),
            asOf: .utc("2026-09-27 04:00:00"), maxExamples: 1000)
        if seed == 3 { parameters.through = .utc("2026-09-18 18:06:00") }
        try await expectSameFigures(path, parameters, checkModel: false)
        // The kinds only hostile data has (the random databases never date a vote after the as-of time).
        let figures = try Analyzer(parameters: parameters).figures(from: DatabaseFile.openForReading(path))
        let kinds = Set(figures.anomalies.map(\.kind))
        #expect(kinds.contains(.unreadableVoteTime))
        if seed != 3 { #expect(kinds.contains(.futureVote)) }
        let shown = figures.anomalies.first { $0.kind == .unreadableVoteTime }?.examples.compactMap(\.text) ?? []
        for prefix in ["blob:", "text:", "integer:", "real:"] {
            #expect(shown.contains { $0.hasPrefix(prefix) }, "no example shown as \(prefix)HEX")
        }
    }

    /// Issue 12's case: two votes added to the demo gave 15 voters locally and 17 on the SQL route.
    @Test func demoWithTwoOddTimes() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { db in
            try Demo.write(into: db)
            try db.execute(
                "INSERT INTO votes (option_id, session_id, created_at) VALUES "
                    + "(1, 'zz1', '2026-09-19 02:00:00+0800'), (1, 'zz2', '2026-09-18T18:10:59.999999Z')")
        }
        var parameters = ReportParameters.demo()
        parameters.zone = try Zone(parsing: "+08:00")
        try await expectSameFigures(path, parameters)
        let figures = try Analyzer(parameters: parameters).figures(from: DatabaseFile.openForReading(path))
        // zz2 voted a microsecond before the cutoff: excluded; zz1's time is not read: counted, and flagged.
        #expect(figures.totals.voters == 16)
        #expect(figures.anomalies.first { $0.kind == .unreadableVoteTime }?.total == 1)
    }

    /// Issue 12.4: BLOB session ids made the report fail, printing the raw bytes. A BLOB id is its
    /// own session (as SQLite groups it: not the text of the same bytes), counted, and shown as
    /// `blob:HEX` in the ledger and the examples, on both routes.
    @Test func blobSessionIDs() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("blob.sqlite")
        try DatabaseFile.build(at: path) { db in
            try Demo.write(into: db)
            try db.execute(
                "INSERT INTO votes (option_id, session_id, created_at) VALUES "
                    + "(1, X'61', '2026-09-19 18:00:00'), (2, 'a', '2026-09-19 18:01:00'), "
                    + "(1, X'FF00', '2026-09-18 10:00:00'), (1, X'FF00', '2026-09-19 10:00:00'), "
                    + "(2, X'FF00', '2026-09-19 10:00:01'), (3, X'FF00', '2026-09-19 10:00:02'), "
                    + "(1, X'1B5B326A', '2026-09-19 11:00:00')")
        }
        var parameters = ReportParameters.demo()
        parameters.maxExamples = 100
        try await expectSameFigures(path, parameters)
        let figures = try Analyzer(parameters: parameters).figures(from: DatabaseFile.openForReading(path))
        let demo = try Analyzer(parameters: ReportParameters.demo()).figures(
            from: {
                let demoPath = folder.path("demo.sqlite")
                try DatabaseFile.build(at: demoPath) { try Demo.write(into: $0) }
                return try DatabaseFile.openForReading(demoPath)
            }())
        // X'61', 'a' and X'1B5B326A' are three new counted sessions; X'FF00' voted before the cutoff.
        #expect(figures.totals.voters == demo.totals.voters + 3)
        #expect(figures.totals.votersAll == demo.totals.votersAll + 4)
        #expect(figures.exclusions.listed.contains { $0.session == "blob:FF00" && $0.votes == 4 })
        let overBudget = figures.anomalies.first { $0.kind == .overBudget }?.examples.compactMap(\.session) ?? []
        #expect(overBudget.contains("blob:FF00"))
        // Every vote of a session id that is not plain text is flagged (and counted, as above).
        #expect(figures.anomalies.first { $0.kind == .nonTextSessionID }?.total == 6)
        let everySession =
            figures.exclusions.listed.map(\.session) + figures.anomalies.flatMap(\.examples).compactMap(\.session)
        #expect(!everySession.contains { $0.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{FFFD}" } })
    }

    @Test func emptyDatabase() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("empty.sqlite")
        _ = try DatabaseFile.build(at: path) { try Migrator().migrate($0) }
        try await expectSameFigures(path, ReportParameters(zone: .utc, asOf: Instant(seconds: 1_789_754_400)))
    }

    /// Runs both routes and compares; on a difference, says which figure group differs.
    func expectSameFigures(_ path: String, _ parameters: ReportParameters, checkModel: Bool = true) async throws {
        let db = try DatabaseFile.openForReading(path)
        let swift = try Analyzer(parameters: parameters).figures(from: db)
        let results = try await QueryShell.results(path, parameters: parameters)
        let sql = try ReportFigures(queryResults: results)
        #expect(swift.options == sql.options)
        #expect(swift.totals == sql.totals)
        #expect(swift.exclusions == sql.exclusions)
        #expect(swift.days == sql.days)
        #expect(swift.timeline == sql.timeline)
        #expect(swift.usage == sql.usage)
        #expect(swift.statuses == sql.statuses)
        #expect(swift.approved == sql.approved)
        #expect(swift.anomalies.map(\.kind) == sql.anomalies.map(\.kind))
        for (a, b) in zip(swift.anomalies, sql.anomalies) where a != b {
            // Only what differs, so a failure over hundreds of examples stays readable.
            #expect(a.total == b.total, "\(a.kind): total \(a.total) in Swift, \(b.total) in SQL")
            let differing = zip(a.examples, b.examples).first { $0 != $1 }
            #expect(
                a.examples.count == b.examples.count && differing == nil,
                "\(a.kind): \(a.examples.count) / \(b.examples.count) examples; first differing: \(String(describing: differing))"
            )
        }
        #expect(swift.choices == sql.choices)
        // The fingerprint: the same counts, ids and latest time; only the database route has a hash.
        let local = try #require(swift.fingerprint)
        #expect(sql.fingerprint == DataFingerprint(countedOnD1: local.tables, latest: local.latest))
        #expect(local.sha256 != nil && sql.fingerprint?.sha256 == nil)
        try await expectSameCovotes(path, parameters, swift)
        // The columns only people read (rank, share) agree with the model too.
        if checkModel, swift.totals.firstVoteAll.map({ $0 <= parameters.asOf }) ?? true {
            let model = try ReportModel(figures: swift, parameters: parameters)
            let ranked = Dictionary(uniqueKeysWithValues: model.sections.flatMap(\.options).map { ($0.id, $0) })
            // `tally.sql` ranks by voters; the report does too among options open for the same time, and places an
            // option added later by its chance of leading, which SQL does not compute: ranks are compared in
            // sections whose options could all be chosen by every counted session.
            let oneExposure = Set(
                model.sections.filter { $0.options.allSatisfy { $0.eligible == nil } }.flatMap(\.options).map(\.id))
            for row in results["tally"]! {
                let option = try #require(ranked[row["id"]!.int64!])
                if oneExposure.contains(option.id) { #expect(row["rank"]?.int64 == Int64(option.rank)) }
                if let share = option.share {
                    #expect(abs((row["share"]?.double ?? -1) - share) < 0.00005)
                }
                #expect(row["eligible"]?.int64 == Int64(option.eligible ?? swift.totals.voters), "\(row)")
            }
        }
    }
}

extension QueryDifferentialTests {
    /// `queries/covotes.sql` gives exactly the pairs the analysis derives from its choice sets.
    func expectSameCovotes(_ path: String, _ parameters: ReportParameters, _ swift: ReportFigures) async throws {
        let choices = try #require(swift.choices)
        #expect(choices.reduce(0) { $0 + $1.sessions } == swift.totals.voters)
        var sections: [String] = []
        for option in swift.options where !sections.contains(option.section) { sections.append(option.section) }
        let expected = sections.flatMap { section in
            Covote.pairs(
                options: swift.options.filter { $0.section == section }.map { ($0.id, $0.voters) }, patterns: choices
            ).map { (section, $0) }
        }
        let rows = try await QueryShell.rows(path, query: PortableQuery.named("covotes"), parameters: parameters)
        #expect(rows.count == expected.count)
        for (row, (section, pair)) in zip(rows, expected) {
            #expect(row["section"] == .text(section))
            #expect(row["a"]?.int64 == pair.a && row["b"]?.int64 == pair.b, "\(row) against \(pair)")
            #expect(row["voters"]?.int64 == Int64(pair.voters))
            #expect(abs((row["expected"]?.double ?? -1) - pair.expected) < 0.00005, "\(row) against \(pair)")
            #expect(abs((row["lift"]?.double ?? -1) - pair.lift) < 0.00005, "\(row) against \(pair)")
        }
    }
}

/// One generated database and the parameters used on it, both derived from a seed.
struct Scenario {
    let folder: TemporaryDirectory
    let path: String
    let output: VoteDataGenerator.Output
    let parameters: ReportParameters

    init(seed: UInt64) throws {
        folder = try TemporaryDirectory()
        path = folder.path("generated.sqlite")
        var generator = VoteDataGenerator(seed: seed)
        output = try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            return try generator.fill(db)
        }
        var random = SeededRandom(seed: seed &* 7919)
        let zones = ["UTC", "+08:00", "-05:00", "+05:45", "-09:30"]
        let zone = try Zone(parsing: zones[Int(seed) % zones.count])
        var parameters = ReportParameters(
            zone: zone, asOf: output.lastVote.adding(seconds: Int64.random(in: 0...(3 * 86_400), using: &random)),
            votesPerSession: 3, maxListed: seed % 3 == 0 ? 2 : 1000, maxExamples: seed % 4 == 0 ? 1 : 20)
        switch seed % 4 {
        case 0: parameters.excludeBefore = nil
        case 1:  // exactly at a session's first vote: that session is counted
            parameters.excludeBefore = output.firstVotes.randomElement(using: &random)?.at
        default:
            parameters.excludeBefore = output.firstVote.adding(
                seconds: Int64.random(in: 0...(4 * 86_400), using: &random))
        }
        if seed % 3 != 1 {
            parameters.excludedSessions =
                Array(output.sessions.shuffled(using: &random).prefix(2)) + ["no-such-session"]
        }
        if seed % 5 == 2 {
            parameters.through = output.firstVote.adding(seconds: Int64.random(in: 0...(6 * 86_400), using: &random))
        }
        self.parameters = parameters
    }
}

import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// The weekly tallies from one pass over the votes with every week boundary equal, week for week,
/// the tallies made from a pass with one boundary per week (`talliesByReports`, a report at every
/// boundary): the running sums of what changes at each stage are what a report counts. On the
/// demo, on a generated poll, and on random hostile databases.
@Suite("Weekly tallies in one pass")
struct WeeklyOnePassTests {
    /// Compares week by week, so a failure names the week and the part that differs.
    static func expectEqual(
        _ analyzer: WeeklyAnalyzer, _ db: Connection, through: Instant, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let onePass = try analyzer.tallies(from: db, through: through)
        let reference = try analyzer.talliesByReports(from: db, through: through)
        #expect(onePass.count == reference.count, "\(what): weeks", sourceLocation: sourceLocation)
        #expect(!reference.isEmpty, "\(what): no finished week, nothing compared", sourceLocation: sourceLocation)
        for (mine, theirs) in zip(onePass, reference) where mine != theirs {
            let (a, b) = (mine.report, theirs.report)
            var parts: [String] = []
            if a.sections != b.sections { parts.append("sections") }
            if a.totals != b.totals { parts.append("totals") }
            if a.exclusions != b.exclusions { parts.append("exclusions") }
            if a.activity != b.activity { parts.append("activity") }
            if a.concentration != b.concentration { parts.append("concentration") }
            if a.anomalies != b.anomalies { parts.append("anomalies") }
            if a.fingerprint != b.fingerprint { parts.append("fingerprint") }
            if a.suggestions != b.suggestions { parts.append("suggestions") }
            if mine.previous != theirs.previous { parts.append("previous") }
            Issue.record(
                "\(what): week \(mine.week.number) differs in \(parts)",
                sourceLocation: sourceLocation)
        }
    }

    static let taipei = try! Zone(parsing: "Asia/Taipei")

    @Test func theDemoAgrees() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        let db = try DatabaseFile.openForReading(path)
        let analyzer = WeeklyAnalyzer(
            calendar: WeekCalendar(launch: Zone.parseDate("2026-09-19")!, zone: Self.taipei),
            parameters: .demo())
        try Self.expectEqual(analyzer, db, through: .utc("2026-10-03 00:00:00"), "demo")
        try Self.expectEqual(analyzer, Demo.inMemory(), through: .utc("2026-12-31 00:00:00"), "demo in memory")
        // Launched the week before: the smoke tests fall into week 1, the votes into week 2.
        let early = WeeklyAnalyzer(
            calendar: WeekCalendar(launch: Zone.parseDate("2026-09-13")!, zone: Self.taipei),
            parameters: .demo())
        try Self.expectEqual(early, db, through: .utc("2026-10-03 00:00:00"), "demo launched early")
    }

    /// A generated poll of nine weeks.
    @Test func aGeneratedPollAgrees() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("poll.sqlite")
        let launch = Instant.utc("2026-09-01 00:00:00")
        _ = try DatabaseFile.build(at: path) {
            try SyntheticPoll(votes: 6_000, seed: 7, launch: launch, days: 60).write(into: $0)
        }
        let db = try DatabaseFile.openForReading(path)
        var parameters = ReportParameters(
            zone: .utc, excludeBefore: launch, excludedSessions: ["no-such-session"], asOf: launch)
        parameters.maxListed = 2
        let analyzer = WeeklyAnalyzer(
            calendar: WeekCalendar(launch: Zone.parseDate("2026-09-01")!, zone: Self.taipei), parameters: parameters)
        try Self.expectEqual(analyzer, db, through: .utc("2026-12-31 00:00:00"), "generated")
    }

    /// Random databases with everything the report tolerates, over ten weeks across a
    /// daylight-saving change, compared under several settings.
    @Test(arguments: 0..<12)
    func hostileDatabasesAgree(seed: UInt64) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("hostile.sqlite")
        var random = SplitMix64(seed: seed)
        let sessions = try HostileWeeks.database(at: path, &random)
        let db = try DatabaseFile.openForReading(path)
        let zone = try Zone(parsing: "America/New_York")
        let calendar = WeekCalendar(launch: Zone.parseDate("2026-09-28")!, zone: zone)
        let named = Array(sessions.shuffled(using: &random).prefix(2)) + ["not-in-the-data"]
        let cutoffs: [Instant?] = [nil, .utc("2026-10-06 12:00:00"), .utc("2026-11-20 00:00:00")]
        var parameters = ReportParameters(
            zone: .utc, excludeBefore: cutoffs[Int(seed) % 3], excludedSessions: seed % 2 == 0 ? named : [],
            asOf: .utc("2026-09-01 00:00:00"))
        if seed % 4 < 2 {
            parameters.maxListed = 3
            parameters.maxExamples = 2
        }
        parameters.votesPerSession = seed % 3 == 0 ? 2 : 3
        let analyzer = WeeklyAnalyzer(calendar: calendar, parameters: parameters)
        try Self.expectEqual(analyzer, db, through: .utc("2026-12-08 05:00:00"), "seed \(seed)")
    }
}

/// Hostile vote databases spread over weeks: votes before the launch and after the last week,
/// at a week's last millisecond and first moment, in D1's form, ISO with `Z` or an offset,
/// unreadable, NULL, numbers; BLOB, NULL, numeric and non-ASCII session ids; NULL and unknown
/// options; an option created mid-way, one with an unreadable time, one created after the last
/// week; sessions that vote in several weeks, and sessions whose first vote has no readable time.
enum HostileWeeks {
    /// Builds the database and returns the text session ids (for naming exclusions).
    static func database(at path: String, _ random: inout SplitMix64) throws -> [String] {
        var texts: [String] = []
        try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            try db.execute("PRAGMA foreign_keys = OFF")
            try db.execute("DROP TABLE votes")
            try db.execute("CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER, session_id, created_at)")
            try db.execute("CREATE INDEX votes_session_time_option ON votes (session_id, created_at, option_id)")
            try db.transaction(.immediate) {
                let options: [(Int64, String, String)] = [
                    (1, "original", "2026-09-01 00:00:00"), (2, "original", "2026-09-01 00:00:00"),
                    (3, "original", "2026-09-01 00:00:00"), (4, "community", "2026-10-20 15:30:00"),
                    (5, "community", "soon"), (6, "beta", "2026-12-15 00:00:00"),
                ]
                for (id, section, created) in options {
                    try db.execute(
                        "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, ?, ?)",
                        [.integer(id), .text("option \(id)"), .text(section), .text(created)])
                }
                let insert = try db.prepare("INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, ?)")
                // Local midnights (New York) that end weeks, and the span of the data.
                let edges = [
                    Instant.utc("2026-10-05 04:00:00"), .utc("2026-11-02 05:00:00"), .utc("2026-11-09 05:00:00"),
                ]
                let start = Instant.utc("2026-09-20 00:00:00").millis
                let end = Instant.utc("2026-12-20 00:00:00").millis
                for number in 0..<90 {
                    let session: SQLValue
                    // No numeric ids: with a NULL id (read as empty text) they are out of order for
                    // every report (`AnalysisError.sessionOrder`), which another test covers.
                    switch Int.random(in: 0..<14, using: &random) {
                    case 0: session = .blob(Array("b\(number)".utf8))
                    case 1: session = .null
                    case 2: session = .text("é-\(number)")
                    default:
                        let id = "s\(number)"
                        texts.append(id)
                        session = .text(id)
                    }
                    var at = Int64.random(in: start...end, using: &random)
                    let spread = random.chance(0.3)
                    for _
                        in 0..<(random.chance(0.1)
                        ? Int.random(in: 4...7, using: &random) : Int.random(in: 1...3, using: &random))
                    {
                        if spread { at = Int64.random(in: start...end, using: &random) }
                        if random.chance(0.08) {
                            at = edges.randomElement(using: &random)!.millis - Int64.random(in: 0...1, using: &random)
                        }
                        let option: SQLValue =
                            random.chance(0.05)
                            ? .null : .integer(random.chance(0.05) ? 99 : Int64.random(in: 1...6, using: &random))
                        try insert.execute([option, session, time(at, &random)])
                        at += Int64.random(in: 0...600_000, using: &random)
                    }
                }
            }
        }
        return texts
    }

    /// A stored time for an instant, in one of the shapes a vote page or a hand edit leaves.
    static func time(_ millis: Int64, _ random: inout SplitMix64) -> SQLValue {
        let instant = Instant(millis: millis)
        let civil = CivilDateTime(utcSeconds: instant.seconds)
        let fraction = String(String(millis - instant.seconds * 1000 + 1000).dropFirst())
        let iso = "\(civil.dateText)T\(civil.text(withSeconds: true).split(separator: " ")[1])"
        switch Int.random(in: 0..<24, using: &random) {
        case 0: return .text(iso + "." + fraction + "Z")
        case 1:
            let local = CivilDateTime(utcSeconds: instant.seconds + 8 * 3600)
            return .text("\(local.dateText)T\(local.text(withSeconds: true).split(separator: " ")[1])+08:00")
        case 2: return .text("soon")
        case 3: return .null
        case 4: return .integer(instant.seconds)
        case 5: return .text("")
        case 6: return .text(civil.text(withSeconds: true) + "." + fraction)
        default: return .text(civil.text(withSeconds: true))
        }
    }
}

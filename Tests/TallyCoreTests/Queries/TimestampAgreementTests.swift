import Foundation
import TallyCore
import TallySQLite
import Testing

/// The Swift reader (`StoredTimestamp`) and the portable SQL's reading of stored times
/// (`queries/*.sql`: a shape check, then strftime) must agree on which texts are times and on
/// the instant each one names; the few shapes where they differ are listed here on purpose.
@Suite("Stored timestamps: Swift and SQL read them alike", .timeLimit(.minutes(10)))
struct TimestampAgreementTests {
    static let texts = [
        "2026-09-18 18:06:00", "2026-09-18T18:06:00.000Z", "2026-09-18T18:06:00Z", "2026-09-18T18:06:00.5Z",
        "2026-09-18T18:06:00.123456Z", "2026-09-18T18:06:00z", "2026-09-19T02:06:00+08:00", "2026-09-18T13:06:00-05:00",
        "2026-09-18 18:06", "2026-09-18T18:06", "2026-09-18 18:06:00.250", "2024-02-29 12:00:00",
        // Not times:
        "", "soon", "2026-09-18", "18:06:00", "2026-02-30 10:00:00", "2026-13-01 00:00:00", "2026-09-18 24:00:00",
        "2026-09-18 18:60:00", "2026-09-18 18:06:60", "2026-09-18 18:06:00.", "2026-09-18 18:06:5",
        " 2026-09-18 18:06:00",
        "2026-09-18 18:06:00 ", "2026-09-18 18:06:00 Z", "2026-09-18x18:06:00", "2025-02-29 00:00:00",
        "0000-01-01 00:00:00",
        "2026-09-18 18:06:00+8", "1789754760", "now",
    ]

    /// Shapes SQLite's own parser reads but the grammar does not, or the other way round; since
    /// issue 12 both sides refuse each of them (docs/stored-times.md). Text holding a NUL is in
    /// `HostileTimes.fixed` (`VoteDatabase` binds text up to its first NUL).
    static let refusedByBoth = [
        "2026-09-18 18:06:00+0800", "2026-09-18 18:06:00+08", "2026-09-18 18:06:00+08:", "2026-09-18T18:06:00+15:00",
        "2026-09-18 18:06:00\n", "2026-09-18 18:06:00 +08:00", "0001-01-01 00:00:00+01:00",
        "2026-02-30T10:00:00+08:00",
    ]

    /// How the anomaly examples show a stored text: as it is, or `text:HEX` when it holds a NUL.
    static func shown(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return "text:" + text.utf8.map { String(format: "%02X", $0) }.joined()
    }

    @Test func swiftAndSQLAgree() async throws {
        let all = TimestampAgreementTests.texts + TimestampAgreementTests.refusedByBoth
        let db = try VoteDatabase(votes: all.map { (1, "s", $0) })
        var parameters = ReportParameters(asOf: .utc("2030-01-01 00:00:00"))
        parameters.maxExamples = 1000
        let rows = try await QueryShell.rows(db.path, query: PortableQuery.named("anomalies"), parameters: parameters)
        let anomalies = try ReportFigures.anomalies(from: rows)
        let unreadable = Set(anomalies.first { $0.kind == .unreadableVoteTime }?.examples.compactMap(\.text) ?? [])
        var sqlInstants: [String: Instant] = [:]
        for example in anomalies.first(where: { $0.kind == .nonD1VoteTime })?.examples ?? [] {
            sqlInstants[example.text!] = example.at
        }
        for text in all {
            let swift = StoredTimestamp.parse(text)
            let sqlReads = !unreadable.contains(TimestampAgreementTests.shown(text))
            if TimestampAgreementTests.refusedByBoth.contains(text) {
                #expect(swift == nil && !sqlReads, "'\(text)' is refused by both readers")
                continue
            }
            #expect(
                (swift != nil) == sqlReads,
                "'\(text)': Swift \(swift.map(String.init(describing:)) ?? "unreadable"), SQL \(sqlReads ? "reads it" : "unreadable")"
            )
            if let swift, let sql = sqlInstants[text] {
                #expect(swift == sql, "'\(text)': Swift \(swift), SQL \(sql)")
            }
        }
        // More than three decimals: both keep the first three (the queries take whole seconds
        // from that normalised text, never from the stored one).
        #expect(StoredTimestamp.parse("2026-09-18T18:06:59.9999Z") == .utc("2026-09-18 18:06:59.999"))
        let cut = try await QueryShell.rows(
            db.path,
            sql: "SELECT strftime('%Y-%m-%d %H:%M:%f', '2026-09-18T18:06:59.9999Z') AS t, "
                + "strftime('%s', strftime('%Y-%m-%d %H:%M:%f', '2026-09-18T18:06:59.9999Z')) AS s")
        #expect(cut.first?["t"] == .text("2026-09-18 18:06:59.999"))
        #expect(cut.first?["s"] == .text(String(Instant.utc("2026-09-18 18:06:59").seconds)))
        // The D1 form is the one shape that is not flagged.
        #expect(sqlInstants["2026-09-18 18:06:00"] == nil)
        #expect(sqlInstants["2026-09-18T18:06:00.123456Z"] == .utc("2026-09-18 18:06:00.123"))
    }

    /// The shipped reading of `votes.created_at` (the `vote` step of `queries/totals.sql`, as
    /// shipped), run alone: each vote's id and the normalised UTC text, or NULL when unreadable.
    static func sqlReadings(_ path: String) async throws -> [Int64: String?] {
        let sql = try PortableQuery.named("totals").sql
        let end = try #require(sql.range(of: "\nconsidered AS ("))
        let head = String(sql[..<end.lowerBound]).trimmingCharacters(in: CharacterSet(charactersIn: ",\n"))
        var readings: [Int64: String?] = [:]
        for row in try await QueryShell.rows(path, sql: head + "\nSELECT id, t FROM vote ORDER BY id;") {
            let id = try #require(row["id"]?.int64)
            if case .text(let text) = row["t"] { readings[id] = .some(text) } else { readings[id] = .some(nil) }
        }
        return readings
    }

    /// Hundreds of generated hostile values per seed, of every storage class: the Swift reader
    /// and the shipped SQL read each one alike (both refuse it, or both name the same instant).
    @Test(arguments: Array(UInt64(1)...UInt64(6)))
    func hostileValuesAreReadAlike(seed: UInt64) async throws {
        var generator = HostileTimes(seed: seed)
        let values = generator.values(count: 400)
        let folder = try TemporaryDirectory()
        let path = folder.path("hostile.sqlite")
        try HostileTimes.database(values, at: path)
        let sql = try await TimestampAgreementTests.sqlReadings(path)
        let db = try DatabaseFile.openForReading(path)
        let statement = try db.prepare("SELECT id, created_at FROM votes ORDER BY id")
        var compared = 0
        var readable = 0
        while try statement.step() {
            let id = statement.int64(at: 0)
            let swift = StoredTimestamp.read(statement, at: 1)?.instant
            let reading = try #require(sql[id])
            let value = values[Int(id) - 1]
            #expect(
                swift == reading.flatMap(StoredTimestamp.parse),
                "vote \(id), \(value): Swift \(String(describing: swift)), SQL \(String(describing: reading))")
            compared += 1
            if swift != nil { readable += 1 }
        }
        #expect(compared == values.count)
        // Both outcomes must be common, or agreeing proves little.
        #expect(readable > 40 && compared - readable > 40, "readable \(readable) of \(compared)")
    }
}

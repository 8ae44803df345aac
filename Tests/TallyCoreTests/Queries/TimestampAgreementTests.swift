import Foundation
import Testing
import TallyCore
import TallySQLite

/// The Swift reader (`StoredTimestamp`) and the portable SQL's reading of stored times
/// (`queries/*.sql`: a shape check, then strftime) must agree on which texts are times and on
/// the instant each one names; the few shapes where they differ are listed here on purpose.
@Suite("Stored timestamps: Swift and SQL read them alike")
struct TimestampAgreementTests {
    static let texts = [
        "2026-09-18 18:06:00", "2026-09-18T18:06:00.000Z", "2026-09-18T18:06:00Z", "2026-09-18T18:06:00.5Z",
        "2026-09-18T18:06:00.123456Z", "2026-09-18T18:06:00z", "2026-09-19T02:06:00+08:00", "2026-09-18T13:06:00-05:00",
        "2026-09-18 18:06", "2026-09-18T18:06", "2026-09-18 18:06:00.250", "2024-02-29 12:00:00",
        // Not times:
        "", "soon", "2026-09-18", "18:06:00", "2026-02-30 10:00:00", "2026-13-01 00:00:00", "2026-09-18 24:00:00",
        "2026-09-18 18:60:00", "2026-09-18 18:06:60", "2026-09-18 18:06:00.", "2026-09-18 18:06:5", " 2026-09-18 18:06:00",
        "2026-09-18 18:06:00 ", "2026-09-18 18:06:00 Z", "2026-09-18x18:06:00", "2025-02-29 00:00:00", "0000-01-01 00:00:00",
        "2026-09-18 18:06:00+8", "1789754760", "now",
    ]

    /// Shapes only one side reads; documented in DECISIONS.md. SQLite's parser does not take a
    /// `+HHMM` or `+HH` offset, nor one of 15 hours or more; tally's does.
    static let knownDifferences: Set<String> = [
        "2026-09-18 18:06:00+0800", "2026-09-18 18:06:00+08", "2026-09-18T18:06:00+15:00",
    ]

    @Test func swiftAndSQLAgree() throws {
        let all = TimestampAgreementTests.texts + TimestampAgreementTests.knownDifferences.sorted()
        let db = try VoteDatabase(votes: all.map { (1, "s", $0) })
        var parameters = ReportParameters(asOf: .utc("2030-01-01 00:00:00"))
        parameters.maxExamples = 1000
        let rows = try QueryShell.rows(db.path, query: PortableQuery.named("anomalies"), parameters: parameters)
        let anomalies = try ReportFigures.anomalies(from: rows)
        let unreadable = Set(anomalies.first { $0.kind == .unreadableVoteTime }?.examples.compactMap(\.text) ?? [])
        var sqlInstants: [String: Instant] = [:]
        for example in anomalies.first(where: { $0.kind == .nonD1VoteTime })?.examples ?? [] {
            sqlInstants[example.text!] = example.at
        }
        for text in all {
            let swift = StoredTimestamp.parse(text)
            let sqlReads = !unreadable.contains(text)
            if TimestampAgreementTests.knownDifferences.contains(text) {
                #expect(swift != nil && !sqlReads, "'\(text)' is listed as a known difference")
                continue
            }
            #expect((swift != nil) == sqlReads, "'\(text)': Swift \(swift.map(String.init(describing:)) ?? "unreadable"), SQL \(sqlReads ? "reads it" : "unreadable")")
            if let swift, let sql = sqlInstants[text] {
                #expect(swift == sql, "'\(text)': Swift \(swift), SQL \(sql)")
            }
        }
        // More than three decimals: both keep the first three (the queries take whole seconds
        // from that normalised text, never from the stored one).
        #expect(StoredTimestamp.parse("2026-09-18T18:06:59.9999Z") == .utc("2026-09-18 18:06:59.999"))
        let cut = try QueryShell.rows(
            db.path, sql: "SELECT strftime('%Y-%m-%d %H:%M:%f', '2026-09-18T18:06:59.9999Z') AS t, "
                + "strftime('%s', strftime('%Y-%m-%d %H:%M:%f', '2026-09-18T18:06:59.9999Z')) AS s")
        #expect(cut.first?["t"] == .text("2026-09-18 18:06:59.999"))
        #expect(cut.first?["s"] == .text(String(Instant.utc("2026-09-18 18:06:59").seconds)))
        // The D1 form is the one shape that is not flagged.
        #expect(sqlInstants["2026-09-18 18:06:00"] == nil)
        #expect(sqlInstants["2026-09-18T18:06:00.123456Z"] == .utc("2026-09-18 18:06:00.123"))
    }
}

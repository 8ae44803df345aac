import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// `queries/fingerprint.sql`, run by the real `sqlite3` shell, gives exactly the counts,
/// highest ids and latest time of the fingerprint tally computes from the file — the part
/// of the fingerprint a report rendered from D1's results can show (it has no hash).
@Suite("queries/fingerprint.sql against the fingerprint (sqlite3 shell as oracle)", .timeLimit(.minutes(10)))
struct FingerprintQueryTests {
    static let farFuture = Instant.utc("2100-01-01 00:00:00")

    /// The fingerprint the SQL gives for a file.
    static func counted(_ path: String, through: Instant?) async throws -> DataFingerprint {
        let parameters = ReportParameters(asOf: farFuture, through: through)
        let rows = try await QueryShell.rows(path, query: PortableQuery.named("fingerprint"), parameters: parameters)
        return try ReportFigures.fingerprint(from: rows)
    }

    /// Tally's fingerprint of the file, and the SQL's: the same tables, ids and latest time; the SQL's has no hash.
    @discardableResult
    static func expectAgreement(
        _ path: String, through: Instant? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> DataFingerprint {
        let parameters = ReportParameters(asOf: farFuture, through: through)
        let local = try #require(
            try Analyzer(parameters: parameters).figures(from: DatabaseFile.openForReading(path)).fingerprint,
            sourceLocation: sourceLocation)
        let sql = try await counted(path, through: through)
        #expect(sql == DataFingerprint(countedOnD1: local.tables, latest: local.latest), sourceLocation: sourceLocation)
        #expect(sql.source == .d1 && sql.sha256 == nil, sourceLocation: sourceLocation)
        #expect(local.source == .database && local.sha256 != nil, sourceLocation: sourceLocation)
        return local
    }

    @Test(arguments: [
        nil, "2026-09-18 18:10:00", "2026-09-19 00:00:00", "2026-09-20 00:00:00", "2026-09-24 01:55:10",
        "2026-09-24 02:00:00", "2026-09-25 16:00:00",
    ])
    func theDemoAtEveryTime(_ time: String?) async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        let local = try await Self.expectAgreement(path, through: time.map(Instant.utc))
        if time == nil {
            #expect(local.tables.map(\.rows) == [55, 7, 6, 6])
            #expect(local.latest == .utc("2026-09-24 02:00:00"))
        }
    }

    /// Rows after `through` in every table, times that cannot be read (counted, never the latest),
    /// JavaScript's ISO text with milliseconds as the latest time, ids out of time order, a vote
    /// without a session and one for an option that does not exist.
    @Test(arguments: [nil, "2026-09-19 00:00:00", "2026-09-20 12:00:00", "2026-09-22 08:00:00.700"])
    func oddRowsAndTimes(_ time: String?) async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("odd.sqlite")
        _ = try DatabaseFile.build(at: path) { db in
            try db.executeScript(
                """
                CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT, section TEXT, created_at TEXT);
                CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id, session_id, created_at);
                CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT, status TEXT,
                  created_at TEXT, promoted_option_id INTEGER);
                CREATE TABLE moderation_log (id INTEGER PRIMARY KEY, suggestion_id INTEGER, action TEXT, from_status TEXT,
                  to_status TEXT, moderator TEXT, reason TEXT, created_at TEXT, version INTEGER, option_id INTEGER);
                INSERT INTO survey_options VALUES (1, 'a', 'original', '2026-09-18 10:00:00');
                INSERT INTO survey_options VALUES (2, '', 'original', NULL);
                INSERT INTO survey_options VALUES (3, '選項', 'elsewhere', '2026-09-18T10:00:00+08:00');
                INSERT INTO survey_options VALUES (9, 'later', 'community', '2026-09-21 00:00:00');
                INSERT INTO votes VALUES (1, 1, NULL, '2026-09-19 00:00:00');
                INSERT INTO votes VALUES (2, '2', '', '2026-09-19 00:00:01');
                INSERT INTO votes VALUES (3, 2.5, 'a', NULL);
                INSERT INTO votes VALUES (4, NULL, 'a', 'yesterday');
                INSERT INTO votes VALUES (5, 3, 'b', 1789776000);
                INSERT INTO votes VALUES (6, 1, 'b', '2026-02-30 00:00:00');
                INSERT INTO votes VALUES (7, 77, 'c', '2026-09-22T08:00:00.750Z');
                INSERT INTO votes VALUES (8, 1, 'c', '2026-09-20 10:00:00');
                INSERT INTO suggestions VALUES (1, NULL, 'note', 'pending', '2026-09-20 00:00:00', NULL);
                INSERT INTO suggestions VALUES (2, 's', 'x', 'odd', NULL, 3);
                INSERT INTO suggestions VALUES (4, 's', 'y', 'approved', '2026-09-19 06:00:00', NULL);
                INSERT INTO moderation_log VALUES (1, 4, 'approve', 'pending', 'approved', 'm', NULL, '2026-09-19 07:00:00', 1, NULL);
                INSERT INTO moderation_log VALUES (2, 1, 'reject', 'pending', 'rejected', 'm', 'r', 'garbage', 1, NULL);
                INSERT INTO moderation_log VALUES (5, 1, 'reopen', 'rejected', 'pending', 'm', 'r', '2026-09-21T00:00:00.500Z', 2, NULL);
                """)
        }
        let local = try await Self.expectAgreement(path, through: time.map(Instant.utc))
        switch time {
        case nil:
            #expect(local.tables.map(\.rows) == [8, 4, 3, 3])
            #expect(local.tables.map(\.highestID) == [8, 9, 4, 5])
            #expect(local.latest == .utc("2026-09-22 08:00:00.750"))
        case "2026-09-19 00:00:00":
            // Unreadable times are in, later rows out; the latest is vote 1, cast exactly at `through`.
            #expect(local.tables.map(\.rows) == [5, 3, 1, 1])
            #expect(local.latest == .utc("2026-09-19 00:00:00"))
        default:
            break
        }
    }

    /// Rows written after a week's end leave that week's counts alone.
    @Test func laterRowsDoNotChangeAnEarlierCount() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        let through = Instant.utc("2026-09-25 16:00:00")
        let before = try await Self.counted(path, through: through)
        try DatabaseFile.openForWriting(path).executeScript(
            """
            INSERT INTO survey_options (id, content, section, created_at) VALUES (8, 'later', 'community', '2026-09-26 01:00:00');
            INSERT INTO votes (option_id, session_id, created_at) VALUES (8, 'late-voter', '2026-09-27 01:00:00');
            INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, created_at, version)
              VALUES (3, 'approve', 'pending', 'approved', 'mod', '2026-09-26 02:00:00', 1);
            """)
        await #expect(try Self.counted(path, through: through) == before)
        let after = try await Self.expectAgreement(path)
        #expect(after.tables.map(\.rows) == [56, 8, 6, 7])
        #expect(after.latest == .utc("2026-09-27 01:00:00"))
    }

    @Test func anEmptyDatabaseHasNoIdsAndNoLatestTime() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("empty.sqlite")
        _ = try DatabaseFile.build(at: path) { try Migrator().migrate($0) }
        let local = try await Self.expectAgreement(path)
        #expect(local.tables.map(\.rows) == [0, 0, 0, 0])
        #expect(local.tables.allSatisfy { $0.highestID == nil })
        #expect(local.latest == nil)
    }

    /// Results of another shape are refused naming the query, never read as a fingerprint.
    @Test func resultsOfAnotherShapeAreRefused() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        let rows = try await QueryShell.rows(
            path, query: PortableQuery.named("fingerprint"), parameters: ReportParameters(asOf: Self.farFuture))
        #expect(throws: QueryResultError.rowCount(query: "fingerprint", expected: 4, got: 3)) {
            try ReportFigures.fingerprint(from: Array(rows.dropLast()))
        }
        #expect(
            throws: QueryResultError.badValue(query: "fingerprint", row: 0, column: "table_name", expected: "'votes'")
        ) {
            try ReportFigures.fingerprint(from: [rows[1], rows[0], rows[2], rows[3]])
        }
        let noCount = Row(
            columns: ["table_name", "highest_id", "latest"], values: [.text("votes"), .integer(1), .null])
        #expect(throws: QueryResultError.missingColumn(query: "fingerprint", row: 0, column: "row_count")) {
            try ReportFigures.fingerprint(from: [noCount] + rows.dropFirst())
        }
        let badTime = Row(
            columns: ["table_name", "row_count", "highest_id", "latest"],
            values: [.text("votes"), .integer(1), .integer(1), .text("soon")])
        #expect(
            throws: QueryResultError.badValue(
                query: "fingerprint", row: 0, column: "latest", expected: "a UTC time YYYY-MM-DD HH:MM:SS.SSS")
        ) {
            try ReportFigures.fingerprint(from: [badTime] + rows.dropFirst())
        }
    }
}

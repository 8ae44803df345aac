import CSQLite
import Foundation
import TallyCore
import TallySQLite
import Testing

/// What `tally sql` prints: every query filled, even with hostile values, stays one
/// read-only statement that D1 accepts, and a hostile session id is only ever a value.
@Suite("queries/ filled for D1", .timeLimit(.minutes(10)))
struct FilledQueryTests {
    static let hostileSessions = [
        "x'); DROP TABLE votes; --", "'", "''", "a\"b\\c", "line\nbreak\r\n", "tab\there", "; SELECT 1; --", "/* open",
        "*/", "[\"json\"]", "會話\u{202E}evil", "\u{1B}[31mred",
    ]

    static func hostileValues() -> [String: QueryValue] {
        var values = ReportParameters(
            zone: .utc, excludeBefore: Instant.utc("2026-09-18 18:11:00"), excludedSessions: hostileSessions,
            asOf: Instant.utc("2026-09-27 04:00:00"),
            through: Instant(millis: Instant.utc("2026-09-26 00:00:00").millis + 500)
        ).queryValues
        values["session_id"] = .text("x'); DROP TABLE votes; --")
        return values
    }

    @Test func everyQueryFilledWithHostileValuesIsOneReadOnlyStatementD1Accepts() async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try Migrator().migrate(db)
        let values = Self.hostileValues()
        for query in try PortableQuery.all() {
            let sql = try query.filledForD1(values)
            #expect(Connection.statements(in: sql).count == 1, "\(query.name)")
            #expect(sql.utf8.count <= MigrationLint.maximumStatementBytes)
            // The params block keeps its lines: no value brought a line break into the SQL.
            #expect(
                sql.split(separator: "\n", omittingEmptySubsequences: false).count
                    == query.sql.split(separator: "\n", omittingEmptySubsequences: false).count)
            for parameter in query.parameters {
                let reread = try PortableQuery(name: query.name, sql: sql).parameters.first {
                    $0.name == parameter.name
                }
                #expect(reread?.value == values[parameter.name], "\(query.name).\(parameter.name)")
            }
            _ = try db.prepare(sql)  // prepare refuses any text after the first statement
            var refused: [String] = []
            db.setAuthorizer { request in
                switch request.action {
                case SQLITE_TRANSACTION, SQLITE_SAVEPOINT: refused.append("transaction control")
                case SQLITE_PRAGMA: refused.append("PRAGMA \(request.first ?? "")")
                case SQLITE_ATTACH, SQLITE_DETACH: refused.append("ATTACH")
                case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE, SQLITE_DROP_TABLE, SQLITE_CREATE_TEMP_TABLE:
                    refused.append("write \(request.action) \(request.first ?? "")")
                default: break
                }
                return .allow
            }
            let statement = try db.prepare(sql)
            db.setAuthorizer(nil)
            #expect(statement.isReadOnly, "\(query.name)")
            #expect(refused.isEmpty, "\(query.name): \(refused)")
        }
    }

    /// Run by the real `sqlite3` shell, the filled SQL excludes exactly the hostile sessions
    /// named, and the votes table is still there afterwards.
    @Test func hostileSessionIdsAreExcludedExactlyAndRunNothing() async throws {
        let hostile = Self.hostileSessions
        var votes: [(Int64, String, String)] = [
            (1, "plain", "2026-09-20 10:00:00"), (2, "x'); DROP TABLE votes;", "2026-09-20 10:00:01"),
        ]
        for (index, session) in hostile.enumerated() {
            votes.append((Int64(index % 5 + 1), session, "2026-09-20 11:00:\(10 + index)"))
        }
        let database = try VoteDatabase(votes: votes)
        let parameters = ReportParameters(
            excludedSessions: [hostile[0], hostile[4], hostile[10]], asOf: Instant.utc("2026-09-27 04:00:00"))
        let excluded = try await QueryShell.rows(
            database.path, query: PortableQuery.named("excluded"), parameters: parameters)
        #expect(excluded.map { $0["session_id"] } == [hostile[0], hostile[4], hostile[10]].map(SQLValue.text))
        #expect(excluded.allSatisfy { $0["named"] == .integer(1) && $0["votes"] == .integer(1) })
        let totals = try await QueryShell.rows(
            database.path, query: PortableQuery.named("totals"), parameters: parameters)
        #expect(totals.first?["voters_all"] == .integer(Int64(hostile.count + 2)))
        #expect(totals.first?["voters"] == .integer(Int64(hostile.count + 2 - 3)))
        #expect(try await SQLiteShell.rows(database.path, "SELECT COUNT(*) FROM votes;") == [[String(votes.count)]])
        // And the same figures as the analysis.
        #expect(try ReportFigures.exclusions(from: excluded) == database.figures(parameters).exclusions)
    }

    @Test func aFilledQueryOverD1sLimitIsRefused() async throws {
        let sessions = (0..<4_000).map { "session-\($0)-" + String(repeating: "x", count: 20) }
        let values = ReportParameters(excludedSessions: sessions, asOf: Instant(seconds: 0)).queryValues
        let query = try PortableQuery.named("tally")
        let size = query.filled(values).utf8.count
        #expect(size > MigrationLint.maximumStatementBytes)
        #expect(
            throws: QueryFileError.tooLargeForD1(
                file: "tally.sql", bytes: size, limit: MigrationLint.maximumStatementBytes)
        ) {
            try query.filledForD1(values)
        }
        // Just under the limit is fine.
        let fewer = ReportParameters(excludedSessions: Array(sessions.prefix(2_000)), asOf: Instant(seconds: 0))
            .queryValues
        #expect(try query.filledForD1(fewer).utf8.count <= MigrationLint.maximumStatementBytes)
    }

    @Test func aFileOfTwoStatementsIsRefused() async throws {
        let query = try PortableQuery(
            name: "two",
            sql: "-- two: two statements\nWITH params AS (SELECT\n  1 AS a\n)\nSELECT a FROM params;\nSELECT 2;\n")
        #expect(throws: QueryFileError.notOneStatement(file: "two.sql", count: 2)) { try query.filledForD1([:]) }
        #expect(QueryFileError.notOneStatement(file: "two.sql", count: 2).description.contains("2 statements"))
    }

    @Test func purposeIsTheFirstLineWithoutTheName() async throws {
        let query = try PortableQuery.named("tally")
        #expect(query.purpose.hasPrefix("every option ranked by distinct voters"))
        #expect(
            try PortableQuery(name: "x", sql: "-- other words\nWITH params AS (SELECT\n)\nSELECT 1").purpose
                == "other words")
    }
}

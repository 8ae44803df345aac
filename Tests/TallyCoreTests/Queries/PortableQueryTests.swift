import CSQLite
import Foundation
import TallyCore
import TallySQLite
import Testing

@Suite("queries/: shape, parameters and D1 rules")
struct PortableQueryTests {
    @Test func everyFileHasADescriptionAndAParameterBlock() throws {
        let queries = try PortableQuery.all()
        // The report's queries, the notes the fingerprint hashes, the moderation check `tally notes list` runs,
        // and the chosen-together pairs (the report derives them from the choice sets).
        let others = ["notes", "notes_own_option_votes", "covotes"]
        #expect(queries.map(\.name).sorted() == (ReportFigures.queryNames + others).sorted())
        #expect(try PortableQuery.named("notes").parameterNames == ["through"])
        #expect(try PortableQuery.named("notes_own_option_votes").parameterNames == ["session_id"])
        let known = Set(ReportParameters(asOf: Instant(seconds: 0)).queryValues.keys)
        for query in queries where query.name != "notes_own_option_votes" {
            #expect(query.summary.hasPrefix("\(query.name): "), "queries/\(query.name).sql: \(query.summary)")
            #expect(!query.parameters.isEmpty)
            // Every parameter is one the report fills, so no file is left with a stale value.
            #expect(Set(query.parameterNames).isSubset(of: known), "\(query.name): \(query.parameterNames)")
        }
        #expect(try PortableQuery.named("tally").parameterNames == ["exclude_before", "exclude_sessions", "through"])
    }

    /// D1 rejects BEGIN/COMMIT/SAVEPOINT and most PRAGMAs; `wrangler d1 execute` cannot make temp
    /// tables last. SQLite's authorizer says what each file does, whatever its spelling.
    @Test func everyFileIsOneReadOnlyStatementD1Accepts() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try Migrator().migrate(db)
        // Each file as shipped and in its contract-only form (`tally sql --contract-only`).
        for query in try PortableQuery.all().flatMap({ [$0, $0.contractOnly()] }) {
            #expect(Connection.statements(in: query.sql).count == 1, "\(query.name) must be one statement")
            // Prepared once first: SQLite's first look at a freshly migrated schema reports its own
            // bookkeeping on sqlite_master to the authorizer, which is not the query's doing.
            _ = try db.prepare(query.sql)
            var refused: [String] = []
            db.setAuthorizer { request in
                switch request.action {
                case SQLITE_TRANSACTION, SQLITE_SAVEPOINT: refused.append("transaction control")
                case SQLITE_PRAGMA: refused.append("PRAGMA \(request.first ?? "")")
                case SQLITE_ATTACH, SQLITE_DETACH: refused.append("ATTACH")
                case SQLITE_CREATE_TEMP_TABLE, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_TEMP_INDEX,
                    SQLITE_CREATE_TEMP_TRIGGER, SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
                    refused.append("writes (\(request.action) \(request.first ?? ""))")
                default: break
                }
                return .allow
            }
            let statement = try db.prepare(query.sql)
            db.setAuthorizer(nil)
            #expect(statement.isReadOnly, "\(query.name)")
            #expect(refused.isEmpty, "\(query.name): \(refused)")
            #expect(query.sql.utf8.count < MigrationLint.maximumStatementBytes)
        }
    }

    /// The check above can fail: a PRAGMA or a temp table is seen.
    @Test func theAuthorizerSeesWhatD1Refuses() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        var actions: [Int32] = []
        db.setAuthorizer { request in
            actions.append(request.action)
            return .allow
        }
        _ = try db.prepare("PRAGMA user_version")
        _ = try db.prepare("CREATE TEMP TABLE t (x)")
        db.setAuthorizer(nil)
        #expect(actions.contains(SQLITE_PRAGMA))
        #expect(actions.contains(SQLITE_CREATE_TEMP_TABLE))
    }

    @Test func fillingReplacesValuesAndKeepsTheLayout() throws {
        let query = try PortableQuery.named("excluded")
        let filled = query.filled([
            "exclude_before": .null, "exclude_sessions": .jsonArray(["it's", "a\"b"]), "max_listed": .integer(7),
            "utc_offset": .text("+09:00"),  // not a parameter of this file: ignored
        ])
        let reread = try PortableQuery(name: "excluded", sql: filled)
        #expect(reread.parameters.map(\.value) == [.null, .text("[\"it's\",\"a\\\"b\"]"), .null, .integer(7)])
        #expect(filled.contains("  NULL AS exclude_before,  -- sessions whose first vote is earlier"))
        #expect(filled.contains("'[\"it''s\",\"a\\\"b\"]' AS exclude_sessions,"))
        #expect(!filled.contains("+09:00"))
        // Only the params lines change.
        let before = query.sql.split(separator: "\n", omittingEmptySubsequences: false)
        let after = filled.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(Set(changed).isSubset(of: Set(query.parameters.map(\.line))))
    }

    @Test func literalsAndBadShapes() throws {
        #expect(QueryValue.parse(literal: "NULL") == .null)
        #expect(QueryValue.parse(literal: "-12") == .integer(-12))
        #expect(QueryValue.parse(literal: "'it''s'") == .text("it's"))
        #expect(QueryValue.parse(literal: "'unclosed") == nil)
        #expect(QueryValue.parse(literal: "'a'b'") == nil)
        #expect(QueryValue.parse(literal: "+3") == nil)
        #expect(QueryValue.text("it's").literal == "'it''s'")
        #expect(throws: QueryFileError.missingDescription(file: "x.sql")) {
            try PortableQuery(name: "x", sql: "WITH params AS (SELECT\n  1 AS a\n)\nSELECT 1")
        }
        #expect(throws: QueryFileError.missingParameterBlock(file: "x.sql")) {
            try PortableQuery(name: "x", sql: "-- x: y\nSELECT 1")
        }
        #expect(throws: QueryFileError.malformedParameter(file: "x.sql", line: 3, text: "  1 + 1 AS a")) {
            try PortableQuery(name: "x", sql: "-- x: y\nWITH params AS (SELECT\n  1 + 1 AS a\n)\nSELECT 1")
        }
        #expect(throws: QueryFileError.unclosedParameterBlock(file: "x.sql")) {
            try PortableQuery(name: "x", sql: "-- x: y\nWITH params AS (SELECT\n  1 AS a")
        }
        #expect(throws: QueryFileError.duplicateParameter(file: "x.sql", name: "a")) {
            try PortableQuery(name: "x", sql: "-- x: y\nWITH params AS (SELECT\n  1 AS a,\n  2 AS a\n)\nSELECT 1")
        }
        #expect(throws: QueryFileError.unknownQuery("nope", known: try PortableQuery.all().map(\.name).sorted())) {
            try PortableQuery.named("nope")
        }
    }
}

import Foundation
import Testing

@testable import TallyCore
@testable import TallySQLite

@Suite("Dump policy")
struct DumpPolicyTests {
    /// A database shaped like a vote page's, with a table `log` for triggers to write to.
    func database() throws -> Connection {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.executeScript(
            """
            CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER, session_id TEXT, created_at TEXT);
            CREATE TABLE log (x);
            CREATE TABLE seq (id INTEGER PRIMARY KEY AUTOINCREMENT);
            """)
        try db.execute("PRAGMA foreign_keys = OFF")
        return db
    }

    /// Prepares `sql` under the policy and returns what the policy made of it.
    func judge(_ sql: String, on db: Connection? = nil) throws -> Result<DumpStatement, DumpRefusal> {
        let db = try db ?? database()
        let policy = DumpPolicy()
        db.setAuthorizer { policy.decide($0) }
        defer { db.setAuthorizer(nil) }
        do {
            let statement = try db.prepare(sql)
            policy.stopRecording()
            return policy.classify(explain: statement.isExplain)
        } catch let error as SQLiteError {
            guard let refusal = policy.refusal else { throw error }
            #expect(error.message.hasPrefix("not authorized"))
            return .failure(DumpRefusal(refusal))
        }
    }

    func refusal(_ sql: String, on db: Connection? = nil) throws -> String {
        switch try judge(sql, on: db) {
        case .success(let kind): return "allowed as \(kind)"
        case .failure(let refusal): return refusal.what
        }
    }

    @Test(arguments: [
        ("PRAGMA defer_foreign_keys=TRUE", DumpStatement.deferForeignKeys),
        ("PRAGMA foreign_keys=OFF", .foreignKeysOff),
        ("BEGIN TRANSACTION", .begin),
        ("COMMIT", .commit),
        (
            "CREATE TABLE IF NOT EXISTS \"page views\" (id INTEGER PRIMARY KEY AUTOINCREMENT, p TEXT UNIQUE)",
            .create(kind: "table", name: "page views")
        ),
        ("CREATE TABLE c (a TEXT CHECK (length(a) < 9), b AS (upper(a)))", .create(kind: "table", name: "c")),
        ("CREATE INDEX i ON votes (lower(session_id)) WHERE option_id > 0", .create(kind: "index", name: "i")),
        (
            "CREATE TRIGGER t AFTER INSERT ON votes BEGIN INSERT INTO log VALUES (new.id); END",
            .create(kind: "trigger", name: "t")
        ),
        ("CREATE VIEW v AS SELECT option_id, count(*) FROM votes GROUP BY 1", .create(kind: "view", name: "v")),
        (
            "INSERT INTO \"votes\" (\"id\",\"option_id\",\"session_id\",\"created_at\") VALUES(1,2,'s','2026-09-18 18:06:00')",
            .insert(table: "votes")
        ),
        ("INSERT INTO log VALUES(replace(replace('a\\r\\nb','\\r',char(13)),'\\n',char(10)))", .insert(table: "log")),
        ("INSERT INTO log VALUES(X'00ff')", .insert(table: "log")),
        ("DELETE FROM sqlite_sequence", .clearSequence),
        ("INSERT INTO \"sqlite_sequence\" (\"name\",\"seq\") VALUES('seq',5)", .insert(table: "sqlite_sequence")),
        ("ANALYZE sqlite_schema", .statistics),
    ])
    func whatDumpsContainIsAllowed(_ sql: String, _ expected: DumpStatement) throws {
        #expect(try judge(sql) == .success(expected))
    }

    @Test func statisticsCanBeRebuiltAndFilled() throws {
        let db = try database()
        for sql in ["ANALYZE sqlite_schema", "INSERT INTO sqlite_stat1 VALUES('votes',NULL,'3')"] {
            let result = try judge(sql, on: db)
            #expect(result == .success(sql.hasPrefix("ANALYZE") ? .statistics : .insert(table: "sqlite_stat1")))
            try db.execute(sql)
        }
        // A second ANALYZE sqlite_schema (sqlite3 writes one per statistics table).
        #expect(try judge("ANALYZE sqlite_schema", on: db) == .success(.statistics))
    }

    @Test(arguments: [
        ("ATTACH DATABASE '/tmp/tally-evil.db' AS evil", "ATTACH DATABASE '/tmp/tally-evil.db'"),
        ("DETACH DATABASE main", "DETACH DATABASE"),
        ("VACUUM INTO '/tmp/tally-copy.db'", "a statement of a kind a dump never holds"),
        ("VACUUM", "a statement of a kind a dump never holds"),
        ("SELECT load_extension('/tmp/evil')", "the function load_extension()"),
        ("INSERT INTO log VALUES(load_extension('/tmp/evil'))", "the function load_extension()"),
        ("INSERT INTO log VALUES(upper('x'))", "the function upper()"),
        ("INSERT INTO log VALUES(randomblob(1000000000))", "the function randomblob()"),
        ("PRAGMA writable_schema=ON", "PRAGMA writable_schema=ON"),
        ("PRAGMA journal_mode=OFF", "PRAGMA journal_mode=OFF"),
        ("PRAGMA foreign_keys=ON", "PRAGMA foreign_keys=ON"),
        ("PRAGMA defer_foreign_keys", "PRAGMA defer_foreign_keys"),
        ("PRAGMA main.table_info(votes)", "PRAGMA table_info=votes"),
        ("DROP TABLE log", "a DROP statement"),
        ("DROP VIEW IF EXISTS no_such_view", "a statement of a kind a dump never holds"),
        ("UPDATE votes SET option_id = 1", "UPDATE of votes"),
        ("DELETE FROM votes", "DELETE FROM votes"),
        ("ALTER TABLE votes ADD COLUMN x", "ALTER TABLE votes"),
        ("ANALYZE votes", "ANALYZE votes"),
        ("SAVEPOINT s", "SAVEPOINT/RELEASE s"),
        ("ROLLBACK", "ROLLBACK"),
        ("CREATE TEMP TABLE t (a)", "access to the database 'temp'"),
        ("CREATE VIRTUAL TABLE f USING fts5(x)", "the virtual table f"),
        ("INSERT INTO log SELECT session_id FROM votes", "an INSERT with a SELECT"),
        ("INSERT INTO log VALUES (1), (2)", "an INSERT with a SELECT"),
        ("INSERT INTO log VALUES ((SELECT 1))", "an INSERT with a SELECT"),
        ("INSERT INTO votes (id) VALUES (1) RETURNING session_id", "an INSERT that reads votes"),
        ("INSERT INTO votes (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET option_id = 2", "UPDATE of votes"),
        ("CREATE TABLE c AS SELECT * FROM votes", "CREATE … AS SELECT"),
        ("REINDEX", "a statement of a kind a dump never holds"),
        ("SELECT * FROM votes", "a SELECT"),
        ("EXPLAIN INSERT INTO log VALUES (1)", "EXPLAIN"),
    ])
    func whatDumpsNeverContainIsRefused(_ sql: String, _ expected: String) throws {
        let what = try refusal(sql)
        #expect(what.hasPrefix(expected), "\(sql) → \(what)")
    }

    @Test func aTriggerThatWritesCannotFireOnTheDumpsRows() throws {
        let db = try database()
        try db.execute("CREATE TRIGGER spy AFTER INSERT ON votes BEGIN INSERT INTO log VALUES (new.session_id); END")
        let what = try refusal("INSERT INTO votes VALUES (1, 1, 's', 't')", on: db)
        #expect(what.hasPrefix("the trigger or view spy, which would INSERT INTO log when this statement runs"))
    }

    @Test(arguments: [
        "UPDATE votes SET option_id = 0 WHERE id = new.id",
        "DELETE FROM log",
        "INSERT INTO seq (id) VALUES (NULL)",
    ])
    func anyWriteByATriggerIsRefused(_ body: String) throws {
        let db = try database()
        try db.execute("CREATE TRIGGER t BEFORE INSERT ON votes BEGIN \(body); END")
        #expect(
            try refusal("INSERT INTO votes VALUES (1, 1, 's', 't')", on: db).hasPrefix(
                "the trigger or view t, which would"))
    }

    @Test func aTriggerThatOnlyChecksMayFire() throws {
        let db = try database()
        try db.execute(
            "CREATE TRIGGER checked BEFORE INSERT ON votes WHEN new.option_id < 0 BEGIN SELECT RAISE(ABORT, 'no'); END")
        #expect(try judge("INSERT INTO votes VALUES (1, 1, 's', 't')", on: db) == .success(.insert(table: "votes")))
    }

    @Test func ownStatementsGuardStopsOnlyTriggerWrites() {
        func request(_ action: Int32, trigger: String?) -> AuthorizerRequest {
            AuthorizerRequest(action: action, first: "log", second: nil, database: "main", trigger: trigger)
        }
        let insert: Int32 = 18  // SQLITE_INSERT
        let read: Int32 = 20  // SQLITE_READ
        #expect(DumpPolicy.guardOwnStatements(request(insert, trigger: nil)) == .allow)
        #expect(DumpPolicy.guardOwnStatements(request(insert, trigger: "t")) == .deny)
        #expect(DumpPolicy.guardOwnStatements(request(read, trigger: "t")) == .allow)
    }
}

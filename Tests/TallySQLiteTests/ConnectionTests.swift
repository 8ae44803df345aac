import CSQLite
import Foundation
import Testing

@testable import TallySQLite

@Suite("Connection")
struct ConnectionTests {
    @Test func typedValuesRoundTrip() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t (a, b, c, d, e)")
        let values: [SQLValue] = [.null, .integer(-42), .real(2.5), .text("爸爸 | \n 'quoted'"), .blob([0, 1, 255])]
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
        let row = try #require(try db.query("SELECT a, b, c, d, e FROM t").first)
        #expect(row.values == values)
        #expect(row["d"] == .text("爸爸 | \n 'quoted'"))
        #expect(row["missing"] == nil)
        let statement = try db.prepare("SELECT b, c, d, e FROM t")
        #expect(try statement.step())
        #expect(statement.int64(at: 0) == -42)
        #expect(statement.double(at: 1) == 2.5)
        #expect(statement.text(at: 2) == "爸爸 | \n 'quoted'")
        #expect(statement.blob(at: 3) == [0, 1, 255])
        #expect(statement.withTextBytes(at: 2) { $0.count } == "爸爸 | \n 'quoted'".utf8.count)
        #expect(try statement.step() == false)
    }

    @Test func emptyBlobIsNotNull() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        #expect(try db.scalar("SELECT ?", [.blob([])]) == .blob([]))
    }

    @Test func badSQLThrowsWithCodeMessageAndSQL() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let error = try #require(throws: SQLiteError.self) { try db.execute("SELEC 1") }
        #expect(error.primaryCode == SQLITE_ERROR)
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEC 1")
    }

    @Test func constraintViolationKeepsExtendedCodeAndNoValues() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        try db.execute("INSERT INTO t (name) VALUES (?)", ["secret note"])
        let error = try #require(throws: SQLiteError.self) {
            try db.execute("INSERT INTO t (name) VALUES (?)", ["secret note"])
        }
        #expect(error.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE (the C macro is not imported)
        #expect(error.isConstraint)
        #expect(!error.description.contains("secret note"), "bound values must stay out of messages")
    }

    @Test func wrongBindCountIsAnErrorNotACrash() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let error = try #require(throws: SQLiteError.self) { try db.execute("SELECT ?, ?", [1]) }
        #expect(error.code == SQLITE_RANGE)
        #expect(error.message.contains("takes 2 parameter(s) but 1 were given"))
    }

    @Test func secondStatementIsRefused() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t (x)")
        #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1; DROP TABLE t") }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema") == .integer(1))
        // Trailing comments and semicolons are fine.
        #expect(try db.scalar("SELECT 7; -- done\n") == .integer(7))
    }

    @Test func transactionRollsBackOnThrow() throws {
        struct Boom: Error {}
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t (x)")
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(0))
        #expect(db.isAutocommit)
        try db.transaction { try db.execute("INSERT INTO t VALUES (2)") }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test func nestedTransactionUndoesOnlyItsPart() throws {
        struct Boom: Error {}
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t (x)")
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            _ = try? db.transaction {
                try db.execute("INSERT INTO t VALUES (2)")
                throw Boom()
            }
        }
        #expect(try db.query("SELECT x FROM t").map { $0[0] } == [.integer(1)])
    }

    @Test func busyDatabaseIsAnErrorAfterTheTimeout() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path("busy.sqlite")
        let first = try Connection(path: path, mode: .create)
        try first.execute("CREATE TABLE t (x)")
        let second = try Connection(path: path, mode: .readWrite, busyTimeout: 50)
        try first.execute("BEGIN IMMEDIATE")
        let error = try #require(throws: SQLiteError.self) {
            try second.transaction { try second.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(error.isBusy)
        try first.execute("COMMIT")
        try second.transaction { try second.execute("INSERT INTO t VALUES (1)") }
        #expect(try first.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test func readOnlyConnectionCannotWrite() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path("ro.sqlite")
        try Connection(path: path, mode: .create).execute("CREATE TABLE t (x)")
        let db = try Connection(path: path, mode: .readOnly)
        #expect(db.isReadOnly)
        let error = try #require(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (1)") }
        #expect(error.primaryCode == SQLITE_READONLY)
    }

    @Test func missingFileIsNotCreatedByReadOnlyOrReadWrite() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path("absent.sqlite")
        #expect(throws: SQLiteError.self) { try Connection(path: path, mode: .readOnly) }
        #expect(throws: SQLiteError.self) { try Connection(path: path, mode: .readWrite) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func fileThatIsNotADatabaseFailsAtOpen() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path("notes.txt")
        try Data(String(repeating: "not a database at all\n", count: 20).utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: SQLiteError.self) { try Connection(path: path, mode: .readOnly) }
        #expect(error.primaryCode == SQLITE_NOTADB)
    }

    @Test func directoryFailsAtOpen() throws {
        let scratch = try TemporaryDirectory()
        #expect(throws: SQLiteError.self) { try Connection(path: scratch.url.path, mode: .readWrite) }
    }

    @Test func foreignKeysAreEnforcedOnWritableConnections() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE p (id INTEGER PRIMARY KEY)")
        try db.execute("CREATE TABLE c (p INTEGER REFERENCES p(id))")
        let error = try #require(throws: SQLiteError.self) { try db.execute("INSERT INTO c VALUES (9)") }
        #expect(error.code == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
    }

    @Test func scriptErrorNamesLineAndStatement() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let script = """
            -- a comment
            CREATE TABLE t (x);

            INSERT INTO t VALUES (1);
            INSERT INTO nowhere VALUES (2);
            """
        let error = try #require(throws: ScriptError.self) { try db.executeScript(script) }
        #expect(error.line == 5)
        #expect(error.statement == "INSERT INTO nowhere VALUES (2);")
        #expect(error.underlying.message.contains("no such table: nowhere"))
    }

    @Test func statementsSplitLikeSQLiteDoes() {
        let script = """
            CREATE TABLE t (x); -- trailing
            CREATE TRIGGER g AFTER INSERT ON t BEGIN
              SELECT 1; SELECT 2;
            END;
            INSERT INTO t VALUES ('a;b');
            /* only a comment */
            """
        let statements = Connection.statements(in: script)
        #expect(statements.map(\.line) == [1, 2, 5])
        #expect(statements[1].text.hasSuffix("END;"))
        #expect(statements[2].text == "INSERT INTO t VALUES ('a;b');")
    }

    @Test func authorizerCanDenyByAction() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        var seen: [Int32] = []
        db.setAuthorizer { request in
            seen.append(request.action)
            return request.action == SQLITE_ATTACH ? .deny : .allow
        }
        let error = try #require(throws: SQLiteError.self) { try db.execute("ATTACH '/tmp/x.sqlite' AS x") }
        #expect(error.primaryCode == SQLITE_AUTH)
        #expect(error.isDenied)
        #expect(seen.contains(SQLITE_ATTACH))
        let other = try #require(throws: SQLiteError.self) { try db.execute("SELECT * FROM no_such_table") }
        #expect(!other.isDenied, "only the authorizer's refusal counts as denied")
        db.setAuthorizer(nil)
        #expect(try db.scalar("SELECT 1") == .integer(1))
    }
}

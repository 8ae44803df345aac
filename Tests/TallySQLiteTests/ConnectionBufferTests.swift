import CSQLite
import TallySQLite
import Testing

@Suite("Preparing statements from bytes")
struct ConnectionBufferTests {
    /// Runs `body` with the script's bytes followed by a NUL, as a dump reader holds them.
    func withBytes<T>(_ script: String, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        var bytes = Array(script.utf8)
        bytes.append(0)
        return try bytes.withUnsafeBytes(body)
    }

    @Test func preparesStatementsOneAfterAnother() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let script = "CREATE TABLE t(a);\n-- a comment; with a semicolon\nINSERT INTO t VALUES('x;y');  \n"
        var offsets: [Int] = []
        try withBytes(script) { buffer in
            var offset = 0
            while true {
                let rest = UnsafeRawBufferPointer(rebasing: buffer[offset...])
                let (statement, consumed) = try db.prepareFirst(in: rest)
                guard let statement else { break }
                while try statement.step() {}
                offset += consumed
                offsets.append(offset)
            }
        }
        #expect(offsets == [18, script.utf8.count - 3])
        #expect(try db.scalar("SELECT a FROM t") == .text("x;y"))
    }

    @Test func statementTextIsAvailableWhenAskedFor() throws {
        let db = try Connection(path: ":memory:")
        let statement = try withBytes("SELECT 1; SELECT 2;") { try db.prepareFirst(in: $0).statement }
        #expect(statement?.sql == "SELECT 1;")
    }

    @Test func onlyCommentsGiveNoStatement() throws {
        let db = try Connection(path: ":memory:")
        let (statement, consumed) = try withBytes("  -- nothing\n/* here */ ") { try db.prepareFirst(in: $0) }
        #expect(statement == nil)
        #expect(consumed > 0)
    }

    @Test func aRejectedStatementThrowsSQLitesMessage() throws {
        let db = try Connection(path: ":memory:")
        #expect(throws: SQLiteError(code: SQLITE_ERROR, message: "no such table: missing")) {
            _ = try withBytes("INSERT INTO missing VALUES(1);") { try db.prepareFirst(in: $0) }
        }
    }

    @Test func completenessFollowsSQLitesTokenizer() {
        #expect(SQLText.isComplete("INSERT INTO t VALUES(1);\n"))
        #expect(SQLText.isComplete("INSERT INTO t VALUES(1); -- trailing comment"))
        #expect(!SQLText.isComplete("INSERT INTO t VALUES('a;\n"))
        #expect(!SQLText.isComplete("CREATE TRIGGER x AFTER INSERT ON t BEGIN DELETE FROM t;"))
        #expect(SQLText.isComplete("CREATE TRIGGER x AFTER INSERT ON t BEGIN DELETE FROM t; END;"))
    }

    @Test func explainIsRecognised() throws {
        let db = try Connection(path: ":memory:")
        #expect(try db.prepare("EXPLAIN SELECT 1").isExplain)
        #expect(try !db.prepare("SELECT 1").isExplain)
    }
}

@Suite("Progress handler, limits and hardening")
struct ConnectionControlTests {
    static let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"

    @Test func progressHandlerStopsALongStatement() throws {
        let db = try Connection(path: ":memory:")
        var calls = 0
        db.setProgressHandler(every: 1_000) {
            calls += 1
            return calls >= 5
        }
        #expect(throws: SQLiteError(code: SQLITE_INTERRUPT, message: "interrupted", sql: Self.endless)) {
            _ = try db.scalar(Self.endless)
        }
        #expect(calls == 5)
    }

    @Test func removedProgressHandlerNoLongerRuns() throws {
        let db = try Connection(path: ":memory:")
        var calls = 0
        db.setProgressHandler(every: 1) {
            calls += 1
            return false
        }
        #expect(try db.scalar("SELECT 1 + 1") == .integer(2))
        #expect(calls > 0)
        db.setProgressHandler(nil)
        let before = calls
        _ = try db.scalar(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) SELECT count(*) FROM n")
        #expect(calls == before)
    }

    @Test func lengthLimitRefusesLargerValues() throws {
        let db = try Connection(path: ":memory:")
        db.setLimit(.length, to: 1_000)
        #expect(db.limit(.length) == 1_000)
        #expect(throws: SQLiteError.self) { _ = try db.scalar("SELECT zeroblob(2000)") }
        #expect(try db.scalar("SELECT length(zeroblob(999))") == .integer(999))
    }

    @Test func hardenedConnectionCannotEditTheSchemaTable() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t(a)")
        try db.harden()
        try db.execute("PRAGMA writable_schema = ON")
        #expect(throws: SQLiteError.self) {
            try db.execute("UPDATE sqlite_schema SET sql = 'CREATE TABLE t(b)' WHERE name = 't'")
        }
        #expect(try db.scalar("SELECT sql FROM sqlite_schema WHERE name = 't'") == .text("CREATE TABLE t(a)"))
    }

    @Test func unhardenedConnectionCanEditTheSchemaTable() throws {
        // The control for the test above: without hardening the same edit goes through.
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t(a)")
        try db.execute("PRAGMA writable_schema = ON")
        try db.execute("UPDATE sqlite_schema SET sql = 'CREATE TABLE t(a, b)' WHERE name = 't'")
        #expect(try db.scalar("SELECT sql FROM sqlite_schema WHERE name = 't'") == .text("CREATE TABLE t(a, b)"))
    }
}

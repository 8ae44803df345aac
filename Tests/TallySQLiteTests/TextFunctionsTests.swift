import Foundation
import TallySQLite
import Testing

/// `unhex()` and `unistr()` for libraries that lack them (issue 12, item 15).
@Suite("unhex and unistr", .timeLimit(.minutes(10)))
struct TextFunctionsTests {
    /// A connection with the functions provided (this machine's 3.40 has neither).
    func connection() throws -> Connection {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.provideTextFunctions()
        return db
    }

    /// `hex(f(...))` or "NULL", or the error message.
    func evaluate(_ db: Connection, _ sql: String, _ values: [SQLValue]) -> String {
        do {
            guard
                let value = try db.scalar(
                    "SELECT CASE WHEN (\(sql)) IS NULL THEN 'NULL' ELSE hex(\(sql)) END",
                    values + values)
            else { return "no row" }
            return value.string ?? "?"
        } catch let error as SQLiteError {
            return "error: " + error.message
        } catch {
            return "error: \(error)"
        }
    }

    @Test func theLibraryHereLacksBothAndTheyAreRegisteredOnlyOnce() async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        #expect(throws: SQLiteError.self) { _ = try db.scalar("SELECT unhex('41')") }
        #expect(try db.provideTextFunctions() == ["unhex", "unistr"])
        // Present now, so a second call (or a library that has them) keeps what is there.
        #expect(try db.provideTextFunctions() == [])
        #expect(try db.scalar("SELECT unhex('41')") == .blob([0x41]))
    }

    /// The examples of https://sqlite.org/lang_corefunc.html and SQLite's own tests (unhex.test, func9.test).
    @Test(
        arguments: [
            ("unhex(?)", "ABCD", nil, "ABCD"), ("unhex(?)", "abcd", nil, "ABCD"), ("unhex(?)", "AB CD", nil, "NULL"),
            ("unhex(?, ?)", "AB CD", " ", "ABCD"), ("unhex(?, ?)", "A BCD", " ", "NULL"), ("unhex(?)", "", nil, ""),
            ("unhex(?)", "ABC", nil, "NULL"), ("unhex(?)", "hello", nil, "NULL"), ("unhex(?)", "0xff", nil, "NULL"),
            ("unhex(?, ?)", " -AB-CD- ", "- ", "ABCD"), ("unhex(?, ?)", "AB:CD", "", "NULL"),
            ("unhex(?, ?)", "ABé", "é", "AB"), ("unhex(?, ?)", "AB CD", nil, "NULL"),
            ("unistr(?)", "G\\u00e4ste", nil, "47C3A4737465"), ("unistr(?)", "a\\\\b", nil, "615C62"),
            ("unistr(?)", "\\0041\\+01F600\\U0001F600", nil, "41F09F9880F09F9880"),
            ("unistr(?)", "x\\u000ay", nil, "780A79"), ("unistr(?)", "\\q", nil, "error: invalid Unicode escape"),
            ("unistr(?)", "\\u12", nil, "error: invalid Unicode escape"),
            (
                "unistr(?)", "end\\", nil,
                "error: invalid Unicode escape"
            ),
        ] as [(String, String, String?, String)])
    func followsSQLitesDocumentation(_ call: String, _ text: String, _ second: String?, _ expected: String) async throws
    {
        let db = try connection()
        let values: [SQLValue] = [.text(text)] + (call.contains("?, ?") ? [second.map(SQLValue.text) ?? .null] : [])
        #expect(evaluate(db, call, values) == expected, "\(call) of \(text)")
    }

    @Test func nullGivesNullAndNumbersAreReadAsText() async throws {
        let db = try connection()
        #expect(
            try db.scalar("SELECT unhex(NULL) IS NULL AND unhex('AB', NULL) IS NULL AND unistr(NULL) IS NULL")
                == .integer(1))
        #expect(try db.scalar("SELECT hex(unhex(1234))") == .text("1234"))
        #expect(try db.scalar("SELECT typeof(unhex(''))") == .text("blob"))
    }

    /// tally refuses where SQLite would store bytes that are not UTF-8 (its own test
    /// `unistr('\UFFFFFFFF')` gives F7BFBFBF): such text could not be what the dump meant.
    @Test(arguments: ["\\UFFFFFFFF", "\\U00110000", "\\uD800", "\\+00DFFF"])
    func aCodePointThatIsNoCharacterIsRefused(_ escape: String) async throws {
        #expect(evaluate(try connection(), "unistr(?)", [.text(escape)]) == "error: invalid Unicode escape")
    }

    /// The schema of an imported file may use them (a CHECK, a view) on a hardened connection.
    @Test func theyWorkInTheSchemaOfAHardenedConnection() async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.harden()
        try db.provideTextFunctions()
        try db.execute("CREATE TABLE t(x TEXT CHECK (unistr(x) IS NOT NULL))")
        try db.execute("CREATE VIEW v AS SELECT unhex('4142') AS b")
        try db.execute("INSERT INTO t VALUES ('\\u0041')")
        #expect(try db.scalar("SELECT b FROM v") == .blob([0x41, 0x42]))
    }

    // MARK: Against SQLite itself

    /// SQLite ≥ 3.50 through Python's apsw, which bundles its own SQLite (`pip install apsw`).
    static func newerSQLite() async -> Bool {
        (try? await ToolProcess.run(
            "python3",
            ["-c", "import apsw,sys; sys.exit(tuple(map(int, apsw.sqlite_lib_version().split('.')[:2])) < (3, 50))"]))
            != nil
    }

    /// Every input, in both functions, gives what SQLite 3.5x gives: the same bytes, NULL or the error.
    @Test(
        .enabled("needs python3 with apsw (SQLite ≥ 3.50); .ci/run installs it") {
            if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
            return await newerSQLite()
        })
    func agreesWithANewerSQLite() async throws {
        var inputs = [
            "", "00", "0a0B", "ABC", "A B", " AB ", "AB  CD", "ABxCD", "é1", "1é2", "日本",
            "\\", "\\\\", "\\u0041", "\\U0001F600", "\\+01F600", "\\0041", "\\00e4\\00E4", "\\u004", "\\x41",
            "\\u00zz", "a\\u0000b", "\\U0000000A", "\\+00000A", "plain", "'quoted'", "\\uFFFF", "\\u10000",
        ]
        inputs += (0..<32).map { "c\\u00\(String(format: "%02x", $0))" }
        let separators = ["", " ", "-", "é", " -é"]  // bound text stops at a NUL: none here
        let db = try connection()
        var mine: [String] = []
        for input in inputs {
            mine.append(evaluate(db, "unistr(?)", [.text(input)]))
            mine.append(evaluate(db, "unhex(?)", [.text(input)]))
            for separator in separators {
                mine.append(evaluate(db, "unhex(?, ?)", [.text(input), .text(separator)]))
            }
        }
        let script = """
            import apsw, json, sys
            inputs, separators = json.load(sys.stdin)
            db = apsw.Connection(":memory:")
            def run(sql, values):
                try:
                    return list(db.execute("SELECT CASE WHEN (%s) IS NULL THEN 'NULL' ELSE hex(%s) END" % (sql, sql),
                        values + values))[0][0]
                except apsw.SQLError as error:
                    return "error: " + str(error).removeprefix("SQLError: ")
            out = []
            for text in inputs:
                out.append(run("unistr(?)", [text]))
                out.append(run("unhex(?)", [text]))
                for separator in separators:
                    out.append(run("unhex(?, ?)", [text, separator]))
            print(json.dumps(out))
            """
        let input = String(decoding: try JSONSerialization.data(withJSONObject: [inputs, separators]), as: UTF8.self)
        let output = try await ToolProcess.run("python3", ["-c", script], input: input)
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String])
        try #require(theirs.count == mine.count)
        for (index, (ours, sqlite)) in zip(mine, theirs).enumerated() {
            let input = inputs[index / (2 + separators.count)]
            #expect(ours == sqlite, "input \(input.debugDescription), call \(index % (2 + separators.count))")
        }
    }
}

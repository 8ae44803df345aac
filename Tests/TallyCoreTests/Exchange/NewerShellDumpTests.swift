import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Dumps written by sqlite3 3.44 and later, which quote text with control
/// characters as `unistr('…\u000a…')` (issue 12, item 15). The system SQLite
/// (3.40) has no `unistr`: the import provides it.
@Suite("Dumps of newer sqlite3 shells", .timeLimit(.minutes(10)))
struct NewerShellDumpTests {
    /// The texts `Tests/Fixtures/make_unistr_dump.py` wrote, by id.
    static let notes: [Int64: String] = [
        1: "爸爸可以不要看手機嗎？\n真的",
        2: "tab\there\r\nback\\slash 'quoted' \\u0041 not an escape",
        3: "bell\u{07} escape\u{1B} end\u{1F}",
        4: "no control characters, a \\ backslash",
    ]

    @Test func aDumpUsingUnistrImportsEveryTextExactly() async throws {
        let folder = try TemporaryDirectory()
        let target = folder.path("votes.sqlite")
        let summary = try DumpImporter().run(
            dumpPath: Fixtures.path("sqlite-dump-unistr.sql"), target: target, replace: false)
        #expect(summary.rowsInserted == 2 + 2 + 4)
        let db = try DatabaseFile.openForReading(target)
        for (id, text) in NewerShellDumpTests.notes {
            #expect(try db.scalar("SELECT content FROM suggestions WHERE id = ?", [.integer(id)]) == .text(text))
        }
        #expect(try db.scalar("SELECT content FROM survey_options WHERE id = 2") == .text("line one\nline two"))
        #expect(try db.scalar("SELECT token FROM suggestions WHERE id = 1") == .blob([0x00, 0x01, 0xFF]))
        #expect(try db.scalar("SELECT typeof(token) FROM suggestions WHERE id = 3") == .text("blob"))
    }

    @Test func unhexInAValueImportsAsABlob() async throws {
        let folder = try TemporaryDirectory()
        var dump = try Fixtures.text("sqlite-dump-unistr.sql")
        dump = dump.replacingOccurrences(of: "X'0001FF'", with: "unhex('00 01 ff', ' ')")
        let path = try Fixtures.write(dump, to: "unhex.sql", in: folder)
        _ = try DumpImporter().run(dumpPath: path, target: folder.path("votes.sqlite"), replace: false)
        let db = try DatabaseFile.openForReading(folder.path("votes.sqlite"))
        #expect(try db.scalar("SELECT token FROM suggestions WHERE id = 1") == .blob([0x00, 0x01, 0xFF]))
    }

    @Test func aBadEscapeIsRejectedWithItsLineAndSQLitesMessage() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.text("sqlite-dump-unistr.sql").replacingOccurrences(of: "\\u0007", with: "\\x07")
        let path = try Fixtures.write(dump, to: "bad.sql", in: folder)
        #expect {
            _ = try DumpImporter().run(dumpPath: path, target: folder.path("votes.sqlite"), replace: false)
        } throws: { error in
            guard case DumpError.rejected(let line, let message, _) = error else { return false }
            return line == 12 && message == "invalid Unicode escape"
        }
        #expect(try Fixtures.listing(folder) == ["bad.sql"])
    }

    /// The fixture, loaded by SQLite 3.5x itself (apsw), holds the same bytes as tally's import.
    @Test(
        .enabled("needs python3 with apsw (SQLite ≥ 3.50); .ci/run installs it") {
            if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
            return await TextFunctionsOracle.available()
        })
    func aNewerSQLiteLoadsTheSameBytes() async throws {
        let folder = try TemporaryDirectory()
        let target = folder.path("votes.sqlite")
        _ = try DumpImporter().run(dumpPath: Fixtures.path("sqlite-dump-unistr.sql"), target: target, replace: false)
        let query = "SELECT id, hex(content), typeof(token), hex(token) FROM suggestions ORDER BY id"
        let db = try DatabaseFile.openForReading(target)
        let ours = try db.query(query).map { row in (0..<4).map { row[$0].string ?? String(row[$0].int64 ?? -1) } }
            .map { $0.joined(separator: "|") }
        let script = """
            import apsw, sys
            db = apsw.Connection(":memory:")
            db.execute(open(sys.argv[1], encoding="utf-8").read())
            for row in db.execute(sys.argv[2]):
                print("|".join(str(value) for value in row))
            """
        let theirs = try await ToolProcess.run(
            "python3", ["-c", script, Fixtures.path("sqlite-dump-unistr.sql"), query]
        )
        .split(separator: "\n").map(String.init)
        #expect(ours.count == 4)
        #expect(ours == theirs)
    }
}

/// Whether Python's apsw with SQLite ≥ 3.50 is installed.
enum TextFunctionsOracle {
    static func available() async -> Bool {
        let check = "import apsw,sys; sys.exit(tuple(map(int, apsw.sqlite_lib_version().split('.')[:2])) < (3, 50))"
        return (try? await ToolProcess.run("python3", ["-c", check])) != nil
    }
}

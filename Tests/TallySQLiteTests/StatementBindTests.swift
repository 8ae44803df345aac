import Foundation
import TallySQLite
import Testing

/// Bound text keeps every byte: it is bound with its UTF-8 byte count, so a NUL inside user text
/// (a note, a session id) is stored, not the end of the value.
@Suite("Statement.bind", .timeLimit(.minutes(10)))
struct StatementBindTests {
    static let withNUL = "a\u{0}b 投票"

    @Test func textWithANULRoundTripsThroughAFile() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("bind.sqlite")
        let db = try Connection(path: path, mode: .create)
        try db.execute("CREATE TABLE t (x TEXT)")
        try db.execute("INSERT INTO t (x) VALUES (?)", [.text(StatementBindTests.withNUL)])
        let read = try db.prepare("SELECT x, typeof(x), length(CAST(x AS BLOB)) FROM t")
        #expect(try read.step())
        #expect(read.withTextBytes(at: 0) { Array($0) } == Array(StatementBindTests.withNUL.utf8))
        #expect(read.text(at: 0) == StatementBindTests.withNUL)
        #expect(read.text(at: 1) == "text")
        #expect(read.int64(at: 2) == Int64(StatementBindTests.withNUL.utf8.count))
        // The sqlite3 shell, reading the file on its own, sees the same bytes.
        let hex = try await SQLiteShell.run(path, input: "SELECT hex(x) FROM t;")
        #expect(
            hex.trimmingCharacters(in: .whitespacesAndNewlines)
                == StatementBindTests.withNUL.utf8.map { String(format: "%02X", $0) }.joined())
    }

    @Test func aBoundValueWithANULComparesByAllItsBytes() async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t (x TEXT)")
        try db.execute("INSERT INTO t (x) VALUES ('a')")
        // Cut at the NUL, "a\0b" would have matched the row "a".
        #expect(try db.scalar("SELECT count(*) FROM t WHERE x = ?", [.text("a\u{0}b")])?.int64 == 0)
        #expect(try db.scalar("SELECT count(*) FROM t WHERE x = ?", [.text("a")])?.int64 == 1)
        #expect(try db.scalar("SELECT ? = ?", [.text(""), .text("")])?.int64 == 1)
    }
}

import Foundation
import TallyCore
import TallySQLite
import Testing

/// `tally pull --wrangler DB` carries every stored value of D1's tables exactly (same storage
/// class, same bytes), whatever column holds it, or refuses naming the table, column and row and
/// changes nothing. D1's query API answers in JSON: blobs as arrays of byte values, every number as
/// a JavaScript number (integers exact only to 2^53 − 1, a REAL without a fraction printed as an
/// integer); the stand-in wrangler answers the same way.
@Suite("Sync with D1: every stored value through the query API", .serialized, .timeLimit(.minutes(10)))
struct QueryPullValuesTests {
    static let fixture = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/d1-export-demo.sql")

    /// A bed whose D1 is the fixture export (votes with an `ip_hash` BLOB column) run by the sqlite3 shell.
    static func fixtureBed() async throws -> SyncBed {
        let bed = try SyncBed()
        try FileManager.default.removeItem(atPath: bed.d1)
        _ = try await SQLiteShell.run(bed.d1, input: try String(contentsOf: Self.fixture, encoding: .utf8))
        return bed
    }

    /// Every row of every table of `d1` is in `copy`, value for value: storage class and bits
    /// (`SQLValue` compares reals as doubles and blobs as bytes), read by SQLite itself.
    static func expectExact(_ bed: SyncBed, _ copy: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let remote = try Connection(path: bed.d1, mode: .readOnly)
        let local = try Connection(path: bed.path(copy), mode: .readOnly)
        let tables = try remote.query(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).compactMap { $0[0].string }
        #expect(tables.contains("votes"), sourceLocation: sourceLocation)
        for table in tables {
            // D1's columns only: tally's migrations may add some (and rows to d1_migrations) in the copy.
            let columns = try remote.query("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap {
                $0[0].string.map(Self.quoted)
            }
            let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(Self.quoted(table)) ORDER BY rowid"
            let theirs = try remote.query(sql)
            let mine = try local.query(sql)
            if table == "d1_migrations" {
                #expect(mine.count >= theirs.count, "\(table): row count", sourceLocation: sourceLocation)
            } else {
                #expect(mine.count == theirs.count, "\(table): row count", sourceLocation: sourceLocation)
            }
            for (index, (a, b)) in zip(mine, theirs).enumerated() where a != b {
                Issue.record(
                    "\(table) row \(index + 1): copy \(a.values), D1 \(b.values)", sourceLocation: sourceLocation)
                break
            }
        }
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    @Test func aBlobColumnOfVotesArrivesWithItsBytesAndTheNextPullKeepsThem() async throws {
        let bed = try await Self.fixtureBed()
        let blobs = try await bed.rows("d1.sqlite", "SELECT count(*) FROM votes WHERE typeof(ip_hash) = 'blob'")
        #expect(blobs != [["0"]], "the fixture holds BLOB values")
        let first = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(first.status == 0, "\(first.stderr)")
        try Self.expectExact(bed, "a")
        // The next pull compares the copy's votes with D1's (the digest reads the blobs on both sides).
        let again = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("(0 votes)"), "\(again.stdout)")
        try Self.expectExact(bed, "a")
    }

    @Test func realsTextsAndBlobsInAnyColumnArriveExactly() async throws {
        let bed = try await Self.fixtureBed()
        // 897.081332046 is one of the reals SQLite 3.40 reads back one unit off from its shortest
        // decimal; 3.0 and 2^60 come back from D1 as whole numbers; the untyped column holds a text,
        // a blob, a real and NULL; 2^53 − 1 is JavaScript's largest exact integer.
        _ = try await SQLiteShell.run(
            bed.d1,
            input: """
                ALTER TABLE survey_options ADD COLUMN weight REAL;
                ALTER TABLE survey_options ADD COLUMN extra;
                UPDATE survey_options SET weight = 897.081332046, extra = 'x' WHERE id = 1;
                UPDATE survey_options SET weight = 3.0, extra = X'00FF0A' WHERE id = 2;
                UPDATE survey_options SET weight = 1152921504606846976.0, extra = 0.5 WHERE id = 3;
                UPDATE survey_options SET weight = 1.8127562413867002e-298, extra = X'' WHERE id = 4;
                UPDATE survey_options SET weight = -2.5e-7 WHERE id = 5;
                ALTER TABLE votes ADD COLUMN n INTEGER;
                UPDATE votes SET n = 9007199254740991 WHERE id = 1;
                UPDATE votes SET n = -9007199254740991, ip_hash = X'' WHERE id = 2;
                """)
        let typed = try await bed.rows(
            "d1.sqlite", "SELECT typeof(weight), typeof(extra) FROM survey_options WHERE id IN (2, 4) ORDER BY id")
        #expect(typed == [["real", "blob"], ["real", "blob"]])
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        try Self.expectExact(bed, "a")
    }

    @Test func aValueD1sAnswerCannotCarryIsRefusedByTableColumnAndRowAndTheCopyStays() async throws {
        let bed = try await Self.fixtureBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        let before = try NotesDatabase.bytes(bed.path("a"))
        // A whole number in a column without a type: INTEGER 5 and REAL 5.0 read alike.
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "ALTER TABLE survey_options ADD COLUMN extra; UPDATE survey_options SET extra = 5 WHERE id = 6;")
        let untyped = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(untyped.status == 1)
        #expect(
            untyped.stderr.contains(
                "D1's table 'survey_options', column 'extra', the row with id 6: D1 answered 5 in a column with no "
                    + "declared type"), "\(untyped.stderr)")
        #expect(untyped.stderr.contains("Nothing was changed. Pull with `tally pull --wrangler DB --export`"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        // The export carries it: the INTEGER stays an INTEGER.
        let exported = try await bed.tally("a", ["pull", "--wrangler", "prod", "--export", "--yes"])
        #expect(exported.status == 0, "\(exported.stderr)")
        try Self.expectExact(bed, "a")
        // An integer past 2^53 − 1 comes back rounded (9007199254740993 as ...992).
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "UPDATE survey_options SET extra = NULL; ALTER TABLE votes ADD COLUMN n INTEGER; "
                + "UPDATE votes SET n = 9007199254740993 WHERE id = 7;")
        let after = try NotesDatabase.bytes(bed.path("a"))
        let big = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(big.status == 1)
        #expect(
            big.stderr.contains(
                "D1's table 'votes', column 'n', the row with id 7: D1 answered 9007199254740992, past 2^53"),
            "\(big.stderr)")
        #expect(try NotesDatabase.bytes(bed.path("a")) == after)
    }
}

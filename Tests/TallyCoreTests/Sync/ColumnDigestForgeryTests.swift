import Foundation
import TallySQLite
import TallyTestSupport
import Testing

@testable import TallyCore

/// The long-note digest is keyed afresh for every check (issue 45): the collision search that forges
/// a text for layout 3's fixed digest in milliseconds finds one, and that very pair differs under
/// every fresh key; the search finds nothing against a keyed check's weights; every key is new.
@Suite("Sync: a long note's digest nobody can match in advance", .timeLimit(.minutes(10)))
struct ColumnDigestForgeryTests {
    static let original = Array(
        String(repeating: "Please add a bike lane on Main Street, it is dangerous for kids. ", count: 200).utf8)
    static let prefix = Array("BUY CHEAP PILLS ".utf8)

    static func digest(_ sql: String, _ bytes: [UInt8], in db: Connection) throws -> String {
        try db.scalar("SELECT \(sql) FROM (SELECT CAST(? AS TEXT) AS v)", [.blob(bytes)])?.storedText ?? ""
    }

    @Test func theSearchForgesLayoutThreesDigestButNoKeyedOne() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        // The search works: against the fixed public weights it finds a same-length text with the
        // spam on top, and SQLite computes the same layout-3 digest for both.
        let fixed = ColumnDigest.layout3SQL(of: "v")
        let forged = try #require(
            DigestCollision.forge(Self.original, prefix: Self.prefix, lanes: DigestCollision.lanes(inSQL: fixed)))
        #expect(forged.starts(with: Self.prefix) && forged.count == Self.original.count && forged != Self.original)
        #expect(try Self.digest(fixed, forged, in: db) == Self.digest(fixed, Self.original, in: db))
        // That pair differs under every key drawn for a check.
        for _ in 0..<20 {
            let keyed = ColumnDigest.sql(of: "v", key: .fresh())
            #expect(try Self.digest(keyed, forged, in: db) != Self.digest(keyed, Self.original, in: db))
        }
        // Against a keyed check's own weights (an observer who saw the check), the search finds nothing.
        let observed = ColumnDigest.sql(of: "v", key: .fresh())
        #expect(DigestCollision.lanes(inSQL: observed).count == DigestKey.moduli.count)
        #expect(
            DigestCollision.forge(Self.original, prefix: Self.prefix, lanes: DigestCollision.lanes(inSQL: observed))
                == nil)
        // Nor with a shorter prefix that leaves room in the chunk.
        #expect(
            DigestCollision.forge(
                Self.original, prefix: Array("BUY ".utf8), lanes: DigestCollision.lanes(inSQL: observed))
                == nil)
    }

    @Test func everyCheckDrawsANewKeyAndTheSameKeyGivesTheSameDigest() throws {
        let keys = (0..<100).map { _ in DigestKey.fresh() }
        #expect(Set(keys.map(\.points)).count == 100)
        #expect(Set(keys.map(\.seed)).count == 100)
        let db = try Connection(path: ":memory:", mode: .create)
        let key = DigestKey(seed: 45)
        let sql = ColumnDigest.sql(of: "v", key: key)
        #expect(try Self.digest(sql, Self.original, in: db) == Self.digest(sql, Self.original, in: db))
        // One byte changed anywhere, or one byte more, changes it.
        for place in [0, 15, 16, 4_095, 4_096, Self.original.count - 1] {
            var changed = Self.original
            changed[place] ^= 1
            #expect(try Self.digest(sql, changed, in: db) != Self.digest(sql, Self.original, in: db), "\(place)")
        }
        #expect(try Self.digest(sql, Self.original + [32], in: db) != Self.digest(sql, Self.original, in: db))
        // The weights of a pull's vote check come from its key: two pulls never send the same statement.
        let first = VoteDigest(columns: ["id", "session_id"], positions: [3, 8], key: .fresh())
        let second = VoteDigest(columns: ["id", "session_id"], positions: [3, 8], key: .fresh())
        #expect(first.statement(low: 1, high: 100) != second.statement(low: 1, high: 100))
    }

    /// A long column is read by its keyed digest, never skipped (item 8): an edit in the middle of a
    /// 2,000-character note changes the figures of the rows it is in.
    @Test func aLongColumnIsDigestedNotSkipped() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, content TEXT)")
        let long = String(repeating: "x", count: 2_000)
        try db.execute("INSERT INTO notes VALUES (1, 'short'), (2, ?)", [.text(long)])
        let digest = try VoteDigest.covering("notes", columns: ["id", "content"], in: db, key: .fresh())
        #expect(digest.positions[1] == nil)
        let before = VoteDigest.ranges(try db.query(digest.statement(over: "notes")))
        try db.execute(
            "UPDATE notes SET content = substr(content, 1, 999) || 'y' || substr(content, 1001) WHERE id = 2")
        let after = VoteDigest.ranges(try db.query(digest.statement(over: "notes")))
        #expect(before != after)
    }
}

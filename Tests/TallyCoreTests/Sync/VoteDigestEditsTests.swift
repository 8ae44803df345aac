import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Pull's vote check misses no edit of one or two votes (#38): 10,000 random edits (fixed seed) —
/// two votes' options swapped, a vote moved to another option, its time shifted, its session
/// changed, a move and a shift together, two votes' times or sessions swapped, two votes edited
/// at once — each changes the figures of the range holding them. The old weighted sum missed
/// a swap of votes 1 and 1010 (its weights repeated every 1,009 ids) and a move from option 1 to
/// 4 with the time 10 s earlier.
///
/// A range's figures are sums of exact integers, one per row, so they change exactly when the
/// edited rows' own figures change: each edit is checked by the statement over the edited rows,
/// before and after, with the positions of the whole table (one database, no pull per edit).
@Suite("Sync: the vote digest misses no edit of one or two votes")
struct VoteDigestEditsTests {
    /// SplitMix64, so the edits are the same on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func session(_ random: inout Seeded) -> String {
        let hex = Array("0123456789abcdef")
        let raw = String((0..<32).map { _ in hex[Int.random(in: 0..<16, using: &random)] })
        return [8, 12, 16, 20].reversed().reduce(raw) { text, at in
            String(text.prefix(at)) + "-" + String(text.dropFirst(at))
        }
    }

    static func time(_ seconds: Int64) -> String {
        Instant(seconds: seconds).d1Text
    }

    /// Votes 1…2,100 (ids 1 and 1010 among them) over options 1–6 and 60 sessions.
    static func database(_ random: inout Seeded) throws -> Connection {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute(
            """
            CREATE TABLE votes (
              id         INTEGER PRIMARY KEY,
              option_id  INTEGER NOT NULL,
              session_id TEXT NOT NULL,
              created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
            )
            """)
        let sessions = (0..<60).map { _ in session(&random) }
        let insert = try db.prepare("INSERT INTO votes VALUES (?, ?, ?, ?)")
        for id in 1...2_100 {
            try insert.execute([
                .integer(Int64(id)), .integer(Int64.random(in: 1...6, using: &random)),
                .text(sessions.randomElement(using: &random)!),
                .text(time(1_790_000_000 + Int64(id) * 37 + Int64.random(in: 0...30, using: &random))),
            ])
        }
        return db
    }

    /// One edit: SQL that changes one or two votes, and their ids.
    struct Edit {
        let sql: String
        let ids: [Int64]
    }

    static func randomEdit(_ random: inout Seeded, _ db: Connection) throws -> Edit {
        let a = Int64.random(in: 1...2_100, using: &random)
        var b = Int64.random(in: 1...2_100, using: &random)
        if b == a { b = a % 2_100 + 1 }
        func swap(_ column: String) -> String {
            "UPDATE votes SET \(column) = CASE id WHEN \(a) THEN (SELECT \(column) FROM votes WHERE id = \(b)) "
                + "ELSE (SELECT \(column) FROM votes WHERE id = \(a)) END WHERE id IN (\(a), \(b));"
        }
        let shift = Int64.random(in: 1...86_400, using: &random) * (Bool.random(using: &random) ? 1 : -1)
        let shifted = "datetime(created_at, '\(shift) seconds')"
        let option = Int64.random(in: 1...6, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return Edit(sql: swap("option_id"), ids: [a, b])
        case 1: return Edit(sql: "UPDATE votes SET option_id = \(option) WHERE id = \(a);", ids: [a])
        case 2: return Edit(sql: "UPDATE votes SET created_at = \(shifted) WHERE id = \(a);", ids: [a])
        case 3:
            return Edit(sql: "UPDATE votes SET session_id = '\(session(&random))' WHERE id = \(a);", ids: [a])
        case 4:
            return Edit(
                sql: "UPDATE votes SET option_id = \(option), created_at = \(shifted) WHERE id = \(a);", ids: [a])
        case 5: return Edit(sql: swap("created_at"), ids: [a, b])
        case 6: return Edit(sql: swap("session_id"), ids: [a, b])
        default:
            // Two votes edited at once, each by a move and a shift in opposite directions.
            return Edit(
                sql: "UPDATE votes SET option_id = \(option), created_at = datetime(created_at, "
                    + "'\(shift) seconds') WHERE id = \(a); UPDATE votes SET option_id = \(7 - option), "
                    + "created_at = datetime(created_at, '\(-shift) seconds') WHERE id = \(b);",
                ids: [a, b])
        }
    }

    @Test func tenThousandRandomEditsOfOneOrTwoVotesAreAllSeen() throws {
        var random = Seeded(state: 38_4)
        let db = try Self.database(&random)
        let digest = try VoteDigest.covering(
            "votes", columns: ["id", "option_id", "session_id", "created_at"], in: db, key: DigestKey(seed: 45))
        #expect(digest.isComplete)
        var seen = 0
        var unchanged = 0
        for _ in 0..<10_000 {
            let edit = try Self.randomEdit(&random, db)
            let rows = "votes WHERE id IN (\(edit.ids.map(String.init).joined(separator: ", ")))"
            let read = "SELECT * FROM \(rows) ORDER BY id"
            try db.execute("SAVEPOINT edit")
            let before = try db.query(read)
            let figuresBefore = try db.query(digest.statement(over: rows))
            try db.executeScript(edit.sql)
            let after = try db.query(read)
            let figuresAfter = try db.query(digest.statement(over: rows))
            try db.execute("ROLLBACK TO edit")
            try db.execute("RELEASE edit")
            // An edit that changed nothing (two equal options swapped) is no edit.
            guard before.map(\.values) != after.map(\.values) else {
                unchanged += 1
                continue
            }
            #expect(VoteDigest.ranges(figuresBefore) != VoteDigest.ranges(figuresAfter), "missed: \(edit.sql)")
            seen += 1
        }
        #expect(seen > 9_000, "\(seen) edits changed a vote, \(unchanged) changed nothing")
    }

    /// The issue's two cases, on the whole range: the old digest gave the same figures.
    @Test func theIssuesCasesChangeTheRangesFigures() throws {
        var random = Seeded(state: 7)
        let db = try Self.database(&random)
        try db.execute("UPDATE votes SET option_id = 1 WHERE id = 1")
        try db.execute("UPDATE votes SET option_id = 4 WHERE id = 1010")
        try db.execute("UPDATE votes SET option_id = 1 WHERE id = 7")
        let digest = try VoteDigest.covering("votes", columns: ["id", "option_id", "session_id", "created_at"], in: db, key: DigestKey(seed: 45))
        let whole = digest.statement(low: 1, high: 2_100)
        let original = VoteDigest.ranges(try db.query(whole))
        for edit in [
            "UPDATE votes SET option_id = CASE id WHEN 1 THEN 4 ELSE 1 END WHERE id IN (1, 1010)",
            "UPDATE votes SET option_id = 4, created_at = datetime(created_at, '-10 seconds') WHERE id = 7",
        ] {
            try db.execute("SAVEPOINT edit")
            try db.execute(edit)
            #expect(VoteDigest.ranges(try db.query(whole)) != original, "missed: \(edit)")
            try db.execute("ROLLBACK TO edit")
            try db.execute("RELEASE edit")
        }
    }
}

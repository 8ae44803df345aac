import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("The built-in demo reproduces the brief's figures", .timeLimit(.minutes(10)))
struct DemoTests {

    /// The demo written to a real file, for the sqlite3 shell.
    static func demoFile(_ folder: TemporaryDirectory) throws -> String {
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        return path
    }

    @Test func authorsQueryRunsVerbatimAndGivesThePublishedRanking() async throws {
        let folder = try TemporaryDirectory()
        let rows = try await SQLiteShell.rows(try Self.demoFile(folder), BriefFixtures.authorsQuery)
        #expect(rows.count == 5, "five options in the original section")
        #expect(rows[0] == ["做了好多事，另一半不知道", "13", "10"])
        #expect(rows[1] == ["今天吃什麼，永遠臨時才有人想", "12", "10"])
        #expect(rows.dropFirst(2).allSatisfy { Int($0[2])! < 10 })
        #expect(rows.map { Int($0[1])! }.reduce(0, +) == 43)
    }

    @Test func totalsRawAndCounted() async throws {
        let folder = try TemporaryDirectory()
        let path = try Self.demoFile(folder)
        #expect(
            try await SQLiteShell.rows(path, "SELECT count(DISTINCT session_id), count(*) FROM votes;") == [
                ["19", "55"]
            ])
        let counted = try await SQLiteShell.rows(
            path,
            """
            SELECT count(DISTINCT session_id), count(*) FROM votes WHERE session_id NOT IN (
              SELECT session_id FROM votes GROUP BY session_id HAVING MIN(created_at) < '2026-09-18 18:11');
            """)
        #expect(counted == [["15", "43"]])
    }

    @Test func topTwoTieAtTenVotersWithTestsIncluded() async throws {
        let folder = try TemporaryDirectory()
        let rows = try await SQLiteShell.rows(
            try Self.demoFile(folder),
            """
            SELECT o.id, COUNT(DISTINCT v.session_id) AS voters FROM survey_options o
            LEFT JOIN votes v ON v.option_id = o.id WHERE o.section = 'original'
            GROUP BY o.id ORDER BY voters DESC, o.id;
            """)
        #expect(rows[0] == ["1", "10"])
        #expect(rows[1] == ["2", "10"])
        #expect(Int(rows[2][1])! < 10)
    }

    @Test func smokeTestSessionsFirstVoteBetween0206And0210InTaipei() async throws {
        let db = try Demo.inMemory()
        let zone = try Zone(parsing: "Asia/Taipei")
        let cutoff = try zone.parseUserTime(Demo.Settings.excludeBefore)
        #expect(cutoff.d1Text == "2026-09-18 18:11:00")
        let firsts = try db.query("SELECT session_id, min(created_at), count(*) FROM votes GROUP BY session_id")
        let tests = firsts.filter { StoredTimestamp.parse($0[1].string!)! < cutoff }
        #expect(tests.count == 4)
        let testIDs = Set(Demo.testSessionTags.map { Demo.sessions[$0]! })
        #expect(Set(tests.compactMap { $0[0].string }) == testIDs)
        for row in tests {
            let local = zone.format(StoredTimestamp.parse(row[1].string!)!)
            #expect(local >= "2026-09-19 02:06 +08:00" && local <= "2026-09-19 02:10 +08:00", "\(local)")
            #expect(row[2] == .integer(3))
        }
        // One test session keeps voting after the cutoff: the whole session is excluded anyway.
        let lastTestVote = try db.scalar(
            "SELECT max(created_at) FROM votes WHERE session_id IN (\(testIDs.map { "'\($0)'" }.joined(separator: ",")))"
        )
        #expect(try #require(lastTestVote?.string) > "2026-09-18 18:11:00")
    }

    @Test func lastVoteThenFourQuietDays() async throws {
        let db = try Demo.inMemory()
        let zone = try Zone(parsing: "Asia/Taipei")
        let last = StoredTimestamp.parse(try #require(try db.scalar("SELECT max(created_at) FROM votes")?.string))!
        #expect(zone.format(last).hasPrefix("2026-09-23 23:"))
        let asOf = try zone.parseUserTime(Demo.Settings.asOf)
        #expect((asOf.millis - last.millis) / 86_400_000 == 3)
        let localDay = zone.local(last).dayNumber
        #expect(zone.local(asOf).dayNumber - localDay == 4, "four days with no votes")
    }

    @Test func approvedNotesFromOneSessionBecameCommunityOptionsWithNoVotes() async throws {
        let db = try Demo.inMemory()
        let approved = try db.query(
            "SELECT content, session_id, promoted_option_id FROM suggestions WHERE status = 'approved' ORDER BY id")
        #expect(approved.map { $0[0] } == [.text("爸爸可以不要看手機嗎？"), .text("爸爸廁所要待多久?")])
        #expect(Set(approved.map { $0[1] }).count == 1, "both written by the same session")
        let community = try db.query(
            """
            SELECT o.content, o.created_at, (SELECT count(*) FROM votes v WHERE v.option_id = o.id)
            FROM survey_options o WHERE section = 'community' ORDER BY id
            """)
        #expect(community.map { $0[0] } == approved.map { $0[0] })
        let zone = try Zone(parsing: "Asia/Taipei")
        for row in community {
            #expect(zone.local(StoredTimestamp.parse(row[1].string!)!).dateText == "2026-09-24")
            #expect(row[2] == .integer(0))
        }
        #expect(approved.map { $0[2] } == community.indices.map { .integer(Int64(6 + $0)) })
    }

    @Test func otherNotesIncludePendingAndRejectedWithHostileText() async throws {
        let db = try Demo.inMemory()
        let counts = try db.query("SELECT status, count(*) FROM suggestions GROUP BY status ORDER BY status")
        #expect(
            counts.map { $0.values } == [
                [.text("approved"), .integer(2)], [.text("pending"), .integer(2)], [.text("rejected"), .integer(2)],
            ])
        let hostile = try db.query("SELECT content FROM suggestions WHERE content LIKE '%|%'")
        #expect(hostile.count == 1)
        #expect(hostile[0][0].string?.contains("\n") == true)
    }

    @Test func timestampsAreStoredAsD1Does() async throws {
        let db = try Demo.inMemory()
        for table in ["votes", "survey_options", "suggestions", "moderation_log"] {
            for row in try db.query("SELECT created_at FROM \(table)") {
                let text = try #require(row[0].string)
                var copy = text
                let shape = copy.withUTF8 { StoredTimestamp.parse(bytes: $0)?.shape }
                #expect(shape == .d1, "\(table): \(text)")
            }
        }
    }
}

import Foundation
import TallyCore
import TallySQLite
import Testing

/// Issue 10, "Done when": the routines of docs/sync.md (and the README's weekly routine)
/// run as written, with the stand-in wrangler on PATH.
@Suite("Sync with D1: the documented routines", .serialized, .timeLimit(.minutes(10)))
struct SyncRoutineTests {
    /// `wrangler …` as the user types it, through the stand-in.
    static func wrangler(_ bed: SyncBed, _ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SyncBed.wranglerFolder + "/wrangler")
        process.arguments = arguments
        process.currentDirectoryURL = bed.folder.url
        process.environment = bed.environment()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        await process.ended()
        return process.terminationStatus
    }

    @Test func pullDecidePushStatusWithWrangler() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("votes", ["notes", "approve", "3", "--as", "mod-a"]).status == 0)
        #expect(try await bed.tally("votes", ["notes", "promote", "3", "--as", "mod-a"]).status == 0)
        #expect(
            try await bed.tally("votes", ["notes", "reject", "4", "--as", "mod-a", "--reason", "spam"]).status == 0)
        let pushed = try await bed.tally("votes", ["push", "--wrangler", "votes"])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 3; 0 conflict(s)."))
        let status = try await bed.tally("votes", ["status"])
        #expect(
            status.stdout.contains(
                "Decisions: 0 unpushed, 0 pushed but not confirmed, 3 confirmed on D1, 0 conflict(s)."))
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT status, promoted_option_id IS NOT NULL FROM suggestions WHERE id = 3")
                == [["approved", "1"]])
        // What tally ran: the pull's queries (schema, sizes, votes and D1's figures for them, the other
        // tables and D1's figures for them), the push's statements in one request (all or nothing), the
        // verification: all through D1's query API, so D1 never stopped serving the vote page.
        let calls = try String(contentsOfFile: bed.d1 + ".calls", encoding: .utf8).split(separator: "\n")
        #expect(calls.count == 8)
        #expect(
            calls.allSatisfy {
                $0.hasPrefix("[\"d1\", \"execute\", \"votes\", \"--remote\", \"--command\"")
                    && $0.hasSuffix("\"--json\"]")
            })
        #expect(calls.dropFirst(6).first?.contains("UPDATE suggestions") == true)
        #expect(!FileManager.default.fileExists(atPath: bed.d1 + ".offline"), "a push leaves D1 serving")
        try await bed.expectD1Consistent()
    }

    @Test func pullDecidePushStatusWithFiles() async throws {
        let bed = try SyncBed()
        await #expect(try Self.wrangler(bed, ["d1", "export", "votes", "--remote", "--output", "export.sql"]) == 0)
        #expect(try await bed.tally("votes", ["pull", "--from", "export.sql"]).status == 0)
        #expect(try await bed.tally("votes", ["notes", "approve", "4", "--as", "mod-a"]).status == 0)
        let pushed = try await bed.tally("votes", ["push", "--output", "push.sql"])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(try await bed.counts("votes") == [0, 1, 0, 0])
        await #expect(try Self.wrangler(bed, ["d1", "execute", "votes", "--remote", "--file", "push.sql"]) == 0)
        await #expect(try Self.wrangler(bed, ["d1", "export", "votes", "--remote", "--output", "export2.sql"]) == 0)
        #expect(try await bed.tally("votes", ["pull", "--from", "export2.sql"]).status == 0)
        #expect(try await bed.counts("votes") == [0, 0, 1, 0])
        let status = try await bed.tally("votes", ["status"])
        #expect(status.stdout.contains("from export2.sql"))
        try await bed.expectD1Consistent()
    }
}

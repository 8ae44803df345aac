import Foundation
import TallyCore
import TallySQLite
import Testing

/// A push goes to wrangler as `--command` arguments (D1's query API, never the import API that
/// stops D1 serving) that each fit D1's statement limit (100,000 bytes) and Linux's per-argument
/// limit (128 KiB): a large push is sent and checked whole.
@Suite("Sync with D1: limits of one statement and one argument", .serialized, .timeLimit(.minutes(10)))
struct SyncLimitsTests {
    /// 600 decisions by a moderator with a 100-character name: the old single `--command` was
    /// past 128 KiB, wrangler never started, and tally blamed "wrangler's messages are above".
    /// A bed whose copy `a` holds 600 unpushed approvals of notes 100…699.
    static func sixHundredDecisions() async throws -> SyncBed {
        let bed = try SyncBed()
        let notes = (0..<600).map { "(\(100 + $0), 'sess-\($0)', 'note number \($0)', '2026-09-26 10:00:00')" }
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) VALUES "
                + notes.joined(separator: ", ") + ";")
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        let store = try ModerationStore(DatabaseFile.openForWriting(bed.path("a")))
        let moderator = try Moderator(String(repeating: "m", count: 100))
        for index in 0..<600 {
            _ = try store.decide(
                DecisionRequest(
                    noteID: Int64(100 + index), action: .approve, moderator: moderator, actedOnVersion: 0,
                    actedOnState: .pending, time: Instant(seconds: 1_790_000_000 + Int64(index))))
        }
        return bed
    }

    @Test func sixHundredDecisionsAreSentAndVerifiedInChunksThatFit() async throws {
        let bed = try await Self.sixHundredDecisions()
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 600; 0 conflict(s)."), "\(pushed.stdout)")
        #expect(try await bed.counts("a") == [0, 0, 600, 0])
        // What tally gave wrangler: only --command calls; D1 never went unavailable.
        let calls = try String(contentsOfFile: bed.d1 + ".calls", encoding: .utf8).split(separator: "\n")
        let arguments = try calls.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String])
        }
        #expect(arguments.allSatisfy { $0.contains("--command") && !$0.contains("--file") })
        #expect(!FileManager.default.fileExists(atPath: bed.d1 + ".offline"), "a push leaves D1 serving")
        let commands = arguments.compactMap { arguments -> String? in
            guard let index = arguments.firstIndex(of: "--command") else { return nil }
            return arguments[index + 1]
        }
        for command in commands {
            #expect(command.utf8.count < 128 * 1024)
        }
        // The decisions went in several requests, each decision's statements in one of them.
        let requests = commands.filter { $0.contains("UPDATE suggestions") }
        #expect(requests.count >= 2, "\(requests.count) request(s)")
        for index in 0..<600 {
            let holding = requests.filter { $0.contains("id = \(100 + index) AND") }
            #expect(holding.count == 1, "note \(100 + index) is in \(holding.count) request(s)")
        }
        // The verification: several SELECTs, each one statement within both limits.
        let checks = commands.filter { $0.hasPrefix("SELECT d.note") }
        #expect(checks.count >= 2)
        for command in checks {
            #expect(command.utf8.count <= SyncPush.verificationBytes)
            #expect(command.filter { $0 == ";" }.count == 1, "one statement per call")
        }
    }

    /// The second request of a push fails: the first one's decisions are marked pushed, the second's
    /// are sent with an unknown outcome, the rest stay unpushed, and pushing again then pulling
    /// confirms all 600 (nothing applied twice).
    @Test func aFailedRequestLeavesTheRestUnpushedAndThePushCanBeResent() async throws {
        let bed = try await Self.sixHundredDecisions()
        let wrapper = bed.folder.path("failing-wrangler")
        try """
        #!/bin/sh
        case "$*" in
          *"UPDATE suggestions"*)
            n=$(($(cat "$0.count" 2>/dev/null || echo 0) + 1)); echo "$n" > "$0.count"
            if [ "$n" = 2 ]; then echo "request refused" >&2; exit 1; fi ;;
        esac
        exec wrangler "$@"
        """.write(toFile: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper, 0o755)
        let failed = try await bed.tally("a", ["push", "--wrangler", "prod"], env: ["TALLY_WRANGLER": wrapper])
        #expect(failed.status == 1)
        let taken = try #require(
            try await bed.rows("a", "SELECT count(*) FROM tally_sync_decisions WHERE state = 'pushed'").first?.first
                .flatMap { Int($0) })
        #expect(taken > 0 && taken < 600)
        #expect(
            failed.stderr.contains(
                "D1 took the first \(taken) of the 600 decision(s) (marked pushed); then request 2 of"),
            "\(failed.stderr)")
        // The failed request may have reached D1 (its answer was not read): its decisions are sent,
        // outcome unknown, never "unpushed"; the next push reads D1 for them before sending anything.
        let unknown = try #require(try await bed.status("a")["sent_unknown"] as? Int)
        #expect(unknown > 0 && failed.stderr.contains("\(unknown) with no trace yet (still sent, outcome unknown)"))
        #expect(try await bed.counts("a") == [600 - taken - unknown, taken, 0, 0])
        let again = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("D1 confirmed \(600 - taken); 0 conflict(s)."), "\(again.stdout)")
        // The ones the failed push left pushed are said, not passed over (#38).
        #expect(
            again.stdout.contains(
                "\(taken) decision(s) pushed earlier are not confirmed yet: `tally pull` checks them"),
            "\(again.stdout)")
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 600, 0])
        try await bed.expectD1Consistent()
        #expect(!FileManager.default.fileExists(atPath: bed.d1 + ".offline"))
    }
}

import Foundation
import TallyCore
import TallySQLite
import Testing

/// The verification query goes to wrangler as `--command` arguments that each fit D1's statement
/// limit (100,000 bytes) and Linux's per-argument limit (128 KiB): a large push is checked whole.
@Suite("Sync with D1: limits of one statement and one argument", .serialized)
struct SyncLimitsTests {
    /// 600 decisions by a moderator with a 100-character name: the old single `--command` was
    /// past 128 KiB, wrangler never started, and tally blamed "wrangler's messages are above".
    @Test func sixHundredDecisionsAreVerifiedInChunksThatFit() throws {
        let bed = try SyncBed()
        let notes = (0..<600).map { "(\(100 + $0), 'sess-\($0)', 'note number \($0)', '2026-09-26 10:00:00')" }
        _ = try SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) VALUES "
                + notes.joined(separator: ", ") + ";")
        #expect(try bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        let store = try ModerationStore(DatabaseFile.openForWriting(bed.path("a")))
        let moderator = try Moderator(String(repeating: "m", count: 100))
        for index in 0..<600 {
            _ = try store.decide(
                DecisionRequest(
                    noteID: Int64(100 + index), action: .approve, moderator: moderator, actedOnVersion: 0,
                    actedOnState: .pending, time: Instant(seconds: 1_790_000_000 + Int64(index))))
        }
        // Only the push's own calls: the pull that made the copy also ran --command (several statements a page).
        let before = ((try? String(contentsOfFile: bed.d1 + ".calls", encoding: .utf8)) ?? "").split(separator: "\n")
            .count
        let pushed = try bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 600; 0 conflict(s)."), "\(pushed.stdout)")
        #expect(try bed.counts("a") == [0, 0, 600, 0])
        // What tally gave wrangler: several --command calls, each one statement within both limits.
        let calls = try String(contentsOfFile: bed.d1 + ".calls", encoding: .utf8).split(separator: "\n")
            .dropFirst(before)
        let commands = try calls.compactMap { line -> String? in
            let arguments = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String])
            guard let index = arguments.firstIndex(of: "--command") else { return nil }
            return arguments[index + 1]
        }
        #expect(commands.count >= 2)
        for command in commands {
            #expect(command.utf8.count <= SyncPush.verificationBytes)
            #expect(command.utf8.count < 128 * 1024)
            #expect(command.filter { $0 == ";" }.count == 1, "one statement per call")
        }
    }
}

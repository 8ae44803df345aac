import Foundation
import TallyCore
import TallySQLite
import Testing

/// No guard an attacker can satisfy in advance (issue 45, items 1, 5 and 8): a long note is checked
/// on D1 by a digest keyed afresh for each push, so a text forged to match the digest of an earlier
/// check is refused; `--expect` holds the exact bytes; and one long note never switches off pull's
/// check of the rows it received.
@Suite("Sync with D1: guards nobody can forge", .serialized, .timeLimit(.minutes(10)))
struct SyncForgedGuardTests {
    /// A long, harmless note 20 (about 20 KB, past the 8 KiB a guard compares by its hex).
    static let request = String(
        repeating: "Please add a bike lane on Main Street, it is dangerous for the kids going to school. ",
        count: 240)

    static func bed() async throws -> SyncBed {
        let bed = try SyncBed()
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) VALUES (20, 'resident', '"
                + request + "', '2026-09-26 10:00:00');")
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        return bed
    }

    /// The case 1: alice approves the long note; an attacker who has seen a check of it (here
    /// the push file, whose guard spells out the digest's weights) solves for a same-length text with
    /// "BUY CHEAP PILLS" at the top and the same digest, and writes it on D1. The push must refuse it.
    /// The search is kept: with layout 3's fixed weights it finds the text (so the old push said
    /// "D1 confirmed 1" and the approval sat on the spam); with a key drawn per push, even a text that
    /// matched the observed check does not match the next.
    @Test func aTextForgedToMatchAnEarlierCheckIsRefused() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["notes", "approve", "20", "--as", "alice"]).status == 0)
        let shown = try await bed.tally("a", ["notes", "show", "20"])
        let digest = try #require(
            shown.stdout.split(separator: "\n").first { $0.contains("--expect") }.flatMap { line in
                line.split(separator: " ").first { $0.count == SeenNote.digestLength && $0.allSatisfy(\.isHexDigit) }
            })
        // The check the attacker observes.
        #expect(try await bed.tally("a", ["push", "--output", "observed.sql"]).status == 0)
        let observed = try String(contentsOfFile: bed.path("observed.sql"), encoding: .utf8)
        let lanes = DigestCollision.lanes(inSQL: observed)
        #expect(!lanes.isEmpty, "the guard of the long note carries a digest")
        let original = Array(Self.request.utf8)
        let prefix = Array("BUY CHEAP PILLS ".utf8)
        var forged = DigestCollision.forge(original, prefix: prefix, lanes: lanes)
        if forged == nil {
            // No text matches the observed check: the plainest forgery, same length.
            forged = prefix + original.dropFirst(prefix.count)
        }
        let spam = String(decoding: try #require(forged), as: UTF8.self)
        #expect(spam.hasPrefix("BUY CHEAP PILLS") && spam.utf8.count == original.count)
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "UPDATE suggestions SET content = '" + spam.replacingOccurrences(of: "'", with: "''")
                + "' WHERE id = 20;")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod", "--again"])
        #expect(pushed.status == 3, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 0; 1 conflict(s)."), "\(pushed.stdout)")
        #expect(pushed.stdout.contains("is not the note you decided on"), "\(pushed.stdout)")
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, version FROM suggestions WHERE id = 20") == [
                ["pending", "0"]
            ])
        // The pull brings the spam; `--expect` with what alice was shown refuses it (exact bytes).
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        let again = try await bed.tally(
            "a", ["notes", "approve", "20", "--as", "alice", "--expect", String(digest)])
        #expect(again.status == 3, "\(again.stdout)\(again.stderr)")
        #expect(try await bed.rows("a", "SELECT status FROM suggestions WHERE id = 20") == [["pending"]])
        try await bed.expectD1Consistent()
    }

    /// The case 8: a note over 1,500 characters no longer turns off the check of the notes a
    /// pull received: a note altered in wrangler's answer stops the pull, and the copy is what it was.
    @Test func aLongNoteDoesNotSwitchOffTheAlteredRowCheck() async throws {
        let bed = try await Self.bed()
        let before = try await bed.rows("a", "SELECT id, content FROM suggestions ORDER BY id")
        let wrangler = try HostileD1AnswerTests.alteringWrangler(
            bed, marker: "SELECT * FROM \"",
            edit: """
                for result in answer:
                    for row in result['results']:
                        if row.get('id') == 3 and 'content' in row:
                            row['content'] = 'forged on the way'
                """)
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: ["TALLY_WRANGLER": wrangler])
        #expect(pulled.status == 1, "\(pulled.stdout)\(pulled.stderr)")
        #expect(pulled.stderr.contains("are not the rows D1 gives the same figures for"), "\(pulled.stderr)")
        #expect(try await bed.rows("a", "SELECT id, content FROM suggestions ORDER BY id") == before)
    }
}

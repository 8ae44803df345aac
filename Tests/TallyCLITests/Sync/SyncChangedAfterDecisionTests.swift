import Foundation
import TallyCore
import TallySQLite
import Testing

/// Changed after approval (#45 item 3): a note approved and confirmed, then edited on D1 without a
/// logged decision, is said by the pull, and `status` and `notes show` show it as changed after the
/// decision with both texts, until D1's note is the one decided on again.
@Suite("Sync with D1: a note changed after its decision", .serialized, .timeLimit(.minutes(10)))
struct SyncChangedAfterDecisionTests {
    static let spam = "BUY CHEAP PILLS at pills.example"

    @Test func aNoteEditedOnD1AfterItsApprovalIsSaidAndShownWithBothTexts() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        let decided = try #require(try await bed.rows("a", "SELECT content FROM suggestions WHERE id = 3").first?.first)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.stdout.contains("D1 confirmed 1"), "\(pushed.stdout)\(pushed.stderr)")
        _ = try await SQLiteShell.run(bed.d1, input: "UPDATE suggestions SET content = '\(Self.spam)' WHERE id = 3;")

        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)")
        let said =
            "warning: Note 3 changed on D1 after the decision: its text is not the one of your approve by 'alice'"
        #expect(pulled.stderr.contains(said), "\(pulled.stderr)")
        #expect(pulled.stderr.contains("Decided on: '\(decided)'; D1 now has: '\(Self.spam)'"), "\(pulled.stderr)")

        let status = try await bed.tally("a", ["status"])
        #expect(status.stdout.contains("Note 3 changed on D1 after the decision"), "\(status.stdout)")
        #expect(status.stdout.contains("D1 now has: '\(Self.spam)'"), "\(status.stdout)")
        let json = try await bed.status("a")
        let changed = try #require(json["changed_after_decision"] as? [[String: Any]])
        #expect(changed.count == 1)
        #expect(changed.first?["note"] as? Int == 3)
        #expect(changed.first?["decided_content"] as? String == decided)
        #expect(changed.first?["d1_content"] as? String == Self.spam)
        #expect((changed.first?["decision"] as? [String: Any])?["moderator"] as? String == "alice")

        let shown = try await bed.tally("a", ["notes", "show", "3"])
        #expect(shown.stdout.contains("Note 3 changed on D1 after the decision"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Decided on: '\(decided)'"), "\(shown.stdout)")
        let shownJSON = try await bed.tally("a", ["notes", "show", "3", "--format", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(shownJSON.stdout.utf8)) as? [String: Any])
        let after = try #require(object["changed_after_decision"] as? [String: Any])
        #expect(after["decided_content"] as? String == decided)
        #expect(after["d1_content"] as? String == Self.spam)

        // The internal report shows D1's text with the text decided on; the public one says nothing of it.
        let report = try await bed.tally("a", ["report", "--internal"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stdout.contains(
                "\(Self.spam) — changed on D1 after the decision (approve by alice); the text decided on: “\(decided)”"),
            "\(report.stdout)")
        let reportJSON = try await bed.tally("a", ["report", "--internal", "--format", "json"])
        #expect(reportJSON.stdout.contains(#""decided_content": "\#(decided)""#), "\(reportJSON.stdout)")
        let csv = try await bed.tally("a", ["report", "--internal", "--format", "csv"])
        #expect(
            csv.stdout.contains("changed on D1 after the decision (approve by alice); the text decided on: \(decided)"),
            "\(csv.stdout)")
        let published = try await bed.tally("a", ["report"])
        #expect(!published.stdout.contains("changed on D1"), "\(published.stdout)")
        let publishedJSON = try await bed.tally("a", ["report", "--format", "json"])
        #expect(!publishedJSON.stdout.contains("changed_after_decision"), "\(publishedJSON.stdout)")

        // Said once; shown while it lasts.
        let again = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(!again.stderr.contains("changed on D1"), "\(again.stderr)")
        #expect(try await bed.tally("a", ["status"]).stdout.contains("Note 3 changed on D1 after the decision"))

        // D1's note put back: nothing to show.
        _ = try await SQLiteShell.run(
            bed.d1,
            input:
                "UPDATE suggestions SET content = '\(decided.replacingOccurrences(of: "'", with: "''"))' WHERE id = 3;")
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await !bed.tally("a", ["status"]).stdout.contains("changed on D1"))
        #expect((try await bed.status("a")["changed_after_decision"] as? [Any])?.isEmpty == true)
    }
}

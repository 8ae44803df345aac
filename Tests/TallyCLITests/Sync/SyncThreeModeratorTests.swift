import Foundation
import TallyCore
import TallySQLite
import Testing

/// Three moderators, three copies, one D1, in two orders of pulls and pushes, while D1's notes are
/// left alone, edited, deleted, or deleted and re-created under the same id between the pulls and
/// the pushes. Every decision ends confirmed or a named conflict; nothing lands on a note its
/// moderator did not read.
@Suite("Sync with D1: three moderators while D1's notes change", .serialized, .timeLimit(.minutes(10)))
struct SyncThreeModeratorTests {
    enum Change: String, CaseIterable, Sendable {
        case none, edited, deleted, recreated

        /// The SQL that changes notes 3 and 7 on D1.
        var sql: String {
            switch self {
            case .none: return ""
            case .edited: return "UPDATE suggestions SET content = content || ' (edited)' WHERE id IN (3, 7);"
            case .deleted: return "DELETE FROM suggestions WHERE id IN (3, 7);"
            case .recreated:
                return "DELETE FROM suggestions WHERE id IN (3, 7);"
                    + "INSERT INTO suggestions (id, session_id, content) VALUES (3, 'new', 'another note'), "
                    + "(7, 'new', 'yet another');"
            }
        }
    }

    static let cases = Change.allCases.flatMap { change in [(change, false), (change, true)] }

    @Test(arguments: cases)
    func everyDecisionEndsConfirmedOrANamedConflict(_ change: Change, pullBeforePush: Bool) async throws {
        let bed = try await SyncSeenNoteTests.bed()
        for copy in ["a", "b", "c"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "promote", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "bob", "--reason", "dup"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "4", "--as", "bob", "--reason", "off topic"]).status == 0)
        #expect(try await bed.tally("c", ["notes", "approve", "7", "--as", "carol"]).status == 0)
        if !change.sql.isEmpty { _ = try await SQLiteShell.run(bed.d1, input: change.sql) }
        for copy in ["a", "b", "c"] {
            if pullBeforePush {
                #expect([0, 3].contains(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status))
            }
            let pushed = try await bed.tally(copy, ["push", "--wrangler", "prod"])
            #expect([0, 3].contains(pushed.status), "\(copy): \(pushed.stdout)\(pushed.stderr)")
        }
        for copy in ["a", "b", "c"] {
            #expect([0, 3].contains(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status))
            // Nothing waits unsettled: every decision is confirmed, or a conflict that says why.
            let counts = try await bed.counts(copy)
            #expect(counts[0] == 0 && counts[1] == 0, "\(copy) \(change) \(pullBeforePush): \(counts)")
            let conflicts = try await #require(try bed.status(copy)["conflicts"] as? [[String: Any]])
            for conflict in conflicts {
                #expect((conflict["detail"] as? String).map { !$0.isEmpty } == true, "\(conflict)")
            }
        }
        try await bed.expectD1Consistent()
        // Note 4 was not touched: Bob's rejection is on D1 in every case.
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, reviewed_by FROM suggestions WHERE id = 4") == [
                ["rejected", "bob"]
            ])
        #expect(try await bed.counts("b")[2] >= 1)
        let decided = try await bed.rows(
            "d1.sqlite",
            "SELECT suggestion_id, action, moderator FROM moderation_log WHERE suggestion_id IN (3, 7) "
                + "ORDER BY suggestion_id, version")
        if change == .none {
            // Whoever pushed first on note 3 stands; the other's decision there is a named conflict.
            #expect(decided == [["3", "approve", "alice"], ["3", "promote", "alice"], ["7", "approve", "carol"]])
            #expect(try await bed.counts("a") == [0, 0, 2, 0])
            #expect(try await bed.counts("b") == [0, 0, 1, 1])
            #expect(try await bed.counts("c") == [0, 0, 1, 0])
        } else {
            // No decision landed on a note its moderator did not read.
            #expect(decided.isEmpty, "\(decided)")
            #expect(
                try await bed.rows("d1.sqlite", "SELECT count(*) FROM survey_options WHERE section = 'community'") == [
                    ["2"]
                ])
            #expect(try await bed.counts("a") == [0, 0, 0, 2])
            #expect(try await bed.counts("b") == [0, 0, 1, 1])
            #expect(try await bed.counts("c") == [0, 0, 0, 1])
        }
    }
}

import Foundation
import TallyCore
import TallySQLite
import Testing

/// What a moderator who does not live in a terminal needs from the command line: an edited
/// option label, `p` in review, a plain answer to a second promotion, times in their zone, and
/// every decision saying it is local until pushed.
@Suite("notes promote --label, review p, zoned messages", .timeLimit(.minutes(10)))
struct NotesPromoteLabelTests {
    @Test func anEditedLabelAndSectionSurviveAPullAndReachD1() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("votes", ["notes", "approve", "3", "--as", "mod-a"]).status == 0)
        let promoted = try await bed.tally(
            "votes", ["notes", "promote", "3", "--as", "mod-a", "--label", " 寵物 ", "--section", "original"])
        #expect(promoted.status == 0, "\(promoted.stderr)")
        #expect(promoted.stdout.contains("labelled '寵物' in the original section"))
        #expect(promoted.stdout.contains("It is recorded in this copy only; `tally push` sends it to D1."))
        // A pull before the push replays the promotion on D1's data: the label must come with it.
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        let local = try await bed.rows(
            "votes",
            "SELECT o.content, o.section FROM suggestions s JOIN survey_options o ON o.id = s.promoted_option_id "
                + "WHERE s.id = 3")
        #expect(local == [["寵物", "original"]])
        let pushed = try await bed.tally("votes", ["push", "--wrangler", "votes"])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let remote = try await bed.rows(
            "d1.sqlite",
            "SELECT o.content, o.section FROM suggestions s JOIN survey_options o "
                + "ON o.id = s.promoted_option_id WHERE s.id = 3")
        #expect(remote == [["寵物", "original"]])
        try await bed.expectD1Consistent()
    }

    @Test(arguments: [
        (["--label", "two\nlines"], "the text given with --label contains a control character"),
        (["--label", "   "], "the text given with --label is blank"),
        (["--section", "sidebar"], "--section"),
    ])
    func aBadLabelOrSectionIsAUsageErrorBeforeAnythingIsOpened(_ extra: [String], _ message: String) async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try NotesDatabase.demo(at: path)
        #expect(InProcessTally.run(["notes", "approve", "4", "--db", path, "--as", "mod-a"]).status == 0)
        let tables = try NotesDatabase.tables(path)
        let result = InProcessTally.run(["notes", "promote", "4", "--db", path, "--as", "mod-a"] + extra)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try NotesDatabase.tables(path) == tables)
    }

    @Test func reviewPromotesWithPApprovingFirst() async throws {
        let (folder, path) = try NotesReviewTests.database()
        // note 3: p with a label; note 4: p keeping the text; then quit.
        let keys = "p\n寵物（貓、狗）\np\n\nq\n"
        let result = try await TallyProcess.run(["notes", "review", "--db", path, "--as", "rev"], stdin: keys)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Approved note 3 as rev (version 0 → 1)."))
        #expect(result.stdout.contains("labelled '寵物（貓、狗）' in the community section (version 1 → 2)."))
        #expect(result.stdout.contains("Done: 2 approved, 0 rejected, 2 promoted, 0 skipped, 0 conflicts"))
        #expect(result.stdout.contains("The decisions are recorded in this copy only; `tally push` sends them to D1."))
        let db = try Connection(path: path)
        let store = try ModerationStore(db)
        let three = try #require(try store.note(3))
        let four = try #require(try store.note(4))
        #expect(three.state == .promoted && four.state == .promoted)
        #expect(
            try db.scalar("SELECT content FROM survey_options WHERE id = ?", [.integer(three.promotedOptionID!)])
                == "寵物（貓、狗）")
        #expect(
            try db.scalar("SELECT content FROM survey_options WHERE id = ?", [.integer(four.promotedOptionID!)])
                == .text(four.content))
        _ = folder
    }

    @Test func aConflictShowsTimesInTheConfiguredZone() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try NotesDatabase.demo(at: path)
        #expect(InProcessTally.run(["notes", "approve", "3", "--db", path, "--as", "mod-a"]).status == 0)
        let stale = InProcessTally.run(
            ["notes", "reject", "3", "--db", path, "--as", "mod-b", "--reason", "spam", "--expect-version", "0"],
            environment: ["TALLY_TZ": "Asia/Taipei"])
        #expect(stale.status == 3)
        #expect(
            stale.stderr.contains("approved by 'mod-a' at 2026-09-27 12:00:00 +08:00 (version 1)"), "\(stale.stderr)")
        #expect(!stale.stderr.contains("UTC"))
    }
}

import Foundation
import TallyCore
import Testing

/// Issue 45 item 3 on the page: a note approved and confirmed, then edited on D1 without a logged decision,
/// reads on its page with the text decided on beside D1's, and the sync page lists it with a link — in
/// real chromium at 390 px, in zh-TW, with no English but what people wrote. (The command line's side:
/// `SyncChangedAfterDecisionTests`.)
@Suite("tally serve: a note changed on D1 after its decision", .serialized, .timeLimit(.minutes(10)))
struct ServeChangedAfterDecisionTests {
    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func theNotePageShowsTheTextDecidedOnBesideD1sAndTheSyncPageListsIt() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        let decided = try #require(try await bed.rows("b", "SELECT content FROM suggestions WHERE id = 3").first?.first)
        #expect(try await bed.tally("b", ["notes", "approve", "3", "--as", "mod-b"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "votes"]).status == 0)
        let spam = SyncChangedAfterDecisionTests.spam
        _ = try await SQLiteShell.run(bed.d1, input: "UPDATE suggestions SET content = '\(spam)' WHERE id = 3;")
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)

        let served = try await ServedCopy(
            ["--db", bed.path("b"), "--as", "mod-b", "--wrangler", "votes", "--lang", "zh-TW", "--tz", "Asia/Taipei"],
            in: bed.folder.url.path, environment: bed.environment())
        defer { served.stop() }
        let seen = try await served.client(["opened", served.url, "390", "/note/3", "/sync"])
        let note = try #require(seen["/note/3"] as? [String: Any])
        let text = note["text"] as? String ?? ""
        #expect(text.contains("決定之後，內容在 D1 上被改過"), "\(text)")
        #expect(text.contains("mod-b 在 ") && text.contains("的決定（通過）是針對下面這段內容做的"), "\(text)")
        #expect(text.contains(spam) && text.contains(decided), "both texts: \(text)")
        let sync = try #require(seen["/sync"] as? [String: Any])
        let listed = sync["text"] as? String ?? ""
        #expect(listed.contains("決定之後內容被改過"), "\(listed)")
        #expect(listed.contains("便利貼 #3：mod-b 決定（通過）之後，內容被改過"), "\(listed)")
        let users =
            [spam, decided, "mod-b"] + (try await bed.rows("b", "SELECT content FROM suggestions").flatMap { $0 })
        for (path, page) in [("/note/3", note), ("/sync", sync)] {
            #expect((page["width"] as? Int ?? 999) <= 390, "\(path) reads at 390 px")
            let english = PageWords.englishWords(in: page["text"] as? String ?? "", userTexts: users)
            #expect(english.isEmpty, "\(path) shows English: \(Set(english).sorted())")
        }
        // Once D1's note is the one decided on again, neither page says so any more.
        _ = try await SQLiteShell.run(
            bed.d1,
            input:
                "UPDATE suggestions SET content = '\(decided.replacingOccurrences(of: "'", with: "''"))' WHERE id = 3;")
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        let again = try await served.client(["opened", served.url, "390", "/note/3", "/sync"])
        for path in ["/note/3", "/sync"] {
            let shown = (again[path] as? [String: Any])?["text"] as? String ?? ""
            #expect(!shown.contains("內容在 D1 上被改過") && !shown.contains("決定之後內容被改過"), "\(path): \(shown)")
        }
    }
}

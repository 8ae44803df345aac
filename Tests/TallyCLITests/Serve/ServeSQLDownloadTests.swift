import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Issue 44 item 3: without `--wrangler`, "send to D1" downloaded the SQL to whichever phone tapped it and
/// marked everyone's decisions sent. The download is the page's owner's (she runs it with wrangler); a
/// volunteer's sync page says so and her post is refused; the owner's page says what to run and that only a
/// fetch afterwards confirms it, and the decisions then read as sent, not yet confirmed — never on D1.
@Suite("tally serve: the SQL to send is the owner's", .serialized, .timeLimit(.minutes(10)))
struct ServeSQLDownloadTests {
    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func aVolunteerCannotDownloadTheSQLAndTheOwnerIsToldWhatToRun() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let ming = try await ServeInviteTests.invite("阿明", path, in: folder)
        let served = try await ServedCopy(
            ["--db", path, "--as", "owner", "--lang", "zh-TW"], in: folder.url.path, environment: [:])
        defer { served.stop() }
        let volunteer = ServeInviteTests.link(served, token: ming)
        // 阿明 approves note 3 from his link.
        var form = try #require(try await served.client(["fields", volunteer, "/note/3"]) as? [String: String])
        form["action"] = "approve"
        let decided = try await served.client(["post", volunteer, "/note/3/decide", Self.json(form)])
        #expect(decided["status"] as? Int == 303, "\(decided)")

        let pages = try await served.client(["opened", volunteer, "390", "/sync"])
        let text = (pages["/sync"] as? [String: Any])?["text"] as? String ?? ""
        #expect(text.contains("這裡做的決定由頁面主人用 wrangler 送到投票頁的資料庫"), "\(text)")
        #expect(!text.contains("下載要送出的 SQL"), "no download on a volunteer's phone: \(text)")
        #expect(PageWords.englishWords(in: text, userTexts: ["wrangler", "阿明"]).isEmpty, "\(text)")
        let waiting = try await SQLiteShell.rows(path, "SELECT state, count(*) FROM tally_sync_decisions GROUP BY 1")
        let refused = try await served.client([
            "post", volunteer, "/sync/push", Self.json(["csrf": form["csrf"] ?? ""]),
        ])
        #expect(refused["status"] as? Int == 403, "\(refused)")
        #expect((refused["body"] as? String)?.contains("這裡做的決定由頁面主人用 wrangler 送到") == true)
        #expect(
            try await SQLiteShell.rows(path, "SELECT state, count(*) FROM tally_sync_decisions GROUP BY 1") == waiting)
        #expect(waiting.count == 1 && waiting.first?.first == "unpushed", "the demo's decisions and his: \(waiting)")

        let owner = try await served.client(["opened", served.url, "390", "/sync"])
        let ownerText = (owner["/sync"] as? [String: Any])?["text"] as? String ?? ""
        #expect(ownerText.contains("請用「wrangler d1 execute DB --remote --file push.sql」執行"), "\(ownerText)")
        #expect(ownerText.contains("直到「tally pull」在 D1 上找到它們"), "\(ownerText)")
        #expect(((owner["/sync"] as? [String: Any])?["width"] as? Int ?? 999) <= 390)
        let english = PageWords.englishWords(
            in: ownerText, userTexts: ["wrangler d1 execute DB --remote --file push.sql", "tally pull", "SQL", "owner"])
        #expect(english.isEmpty, "\(Set(english).sorted())")
        let sent = try await served.client(["post", served.url, "/sync/push", Self.json(["csrf": form["csrf"] ?? ""])])
        #expect(sent["status"] as? Int == 200, "\(sent)")
        #expect((sent["body"] as? String)?.contains("UPDATE suggestions") == true, "the SQL: \(sent)")
        // Sent, not yet confirmed: nothing is said to be on D1 until a fetch finds it there.
        #expect(
            try await SQLiteShell.rows(path, "SELECT state, count(*) FROM tally_sync_decisions GROUP BY 1")
                == [["pushed", waiting.first?.last ?? ""]])
    }

    static func json(_ object: [String: String]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}

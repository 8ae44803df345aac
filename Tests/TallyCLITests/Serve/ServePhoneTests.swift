import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// A moderator who reads only the page's language, on a phone: every state she reaches in real
/// headless chromium (the queue, refusals, each decision, a promotion with a typed label and its
/// undo, sending, conflicts, fetching D1's state, wrong links) and the plain refusals, checked for
/// English words outside note text, option names and moderators' names; the options checked on D1.
@Suite("tally serve: a moderator on a phone, in her language", .serialized, .timeLimit(.minutes(10)))
struct ServePhoneTests {
    /// D1 with a second note from note 3's author (note 7), pulled into the copy `votes`.
    static func bed() async throws -> SyncBed {
        let bed = try SyncBed()
        let session = try #require(Demo.sessions["s11"])
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) "
                + "VALUES (7, '\(session)', 'Can we have a pets option?', '2026-09-24 01:00:00');\n")
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        return bed
    }

    static func tour(_ bed: SyncBed, language: String, width: Int) async throws -> [String: Any] {
        let served = try await ServedCopy(
            [
                "--db", bed.path("votes"), "--as", "小美", "--wrangler", "votes", "--lang", language, "--tz",
                "Asia/Taipei",
            ],
            in: bed.folder.url.path, environment: bed.environment())
        defer { served.stop() }
        let seen = try await served.client(["tour", served.url, "\(width)", bed.folder.url.path, bed.path("votes")])
        // For a person looking at the pages: the screenshots and what the tour saw, kept where asked.
        if let keep = ProcessInfo.processInfo.environment["TALLY_TEST_SCREENSHOTS"] {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: bed.folder.url.path)
            where name.hasSuffix(".png") {
                try? FileManager.default.removeItem(atPath: keep + "/" + name)
                try FileManager.default.copyItem(atPath: bed.folder.path(name), toPath: keep + "/" + name)
            }
            let json = try JSONSerialization.data(withJSONObject: seen, options: [.prettyPrinted])
            try json.write(to: URL(fileURLWithPath: keep + "/tour-\(language)-\(width).json"))
        }
        return seen
    }

    /// A note or option named by its number without `#` (「便利貼 3」, "note 3"): the page writes 「便利貼 #3」,
    /// "note #3", 「選項 #6」, "option #6" (docs/glossary.md).
    static func unnumbered(_ text: String) -> [String] {
        let pattern = #/(便利貼|選項|[Nn]ote|[Oo]ption) ?[0-9]+/#
        return text.matches(of: pattern).map { String($0.output.0) }
    }

    /// The plain words D1 goes by the first time a page names it (docs/glossary.md): a volunteer does not
    /// know D1, she knows the vote page. Nil when the page never names D1 or names it first so.
    static func d1Unexplained(_ text: String, language: String) -> String? {
        guard let first = text.range(of: "D1") else { return nil }
        let explained = language == "en" ? "the vote page's database (D1" : "投票頁的資料庫（D1"
        if text[..<first.upperBound].hasSuffix(explained) { return nil }
        return String(text[..<first.upperBound].suffix(40))
    }

    static let promotedOption =
        "SELECT o.content, o.section FROM suggestions s JOIN survey_options o ON o.id = s.promoted_option_id "
        + "WHERE s.id = 3"

    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func everyStateAtPhoneWidthInChineseHasNoEnglishWord() async throws {
        let bed = try await Self.bed()
        let seen = try await Self.tour(bed, language: "zh-TW", width: 390)
        let pages = try #require(seen["pages"] as? [String: [String: Any]])
        let users =
            ["小美", "mod-a", "mod-b", "spam", "duplicate"]
            + (try await bed.rows(
                "votes", "SELECT content FROM suggestions UNION ALL SELECT content FROM survey_options"
            )
            .flatMap { $0 })
        for key in [
            "queue", "pending", "refused_reason", "rejected", "approved", "promoted", "undone", "promoted_again",
            "sync_queued", "pushed", "sync_empty", "promoted_pushed", "conflict", "already_same", "pulled",
            "not_found", "wrong_link", "server_error",
        ] {
            let page = try #require(pages[key], "the tour reached \(key)")
            let text = page["text"] as? String ?? ""
            let english = PageWords.englishWords(in: text, userTexts: users)
            #expect(english.isEmpty, "\(key) shows English: \(Set(english).sorted())\n\(text)")
            #expect((page["width"] as? Int ?? 999) <= 390, "\(key) reads at 390 px")
            let small = page["small"] as? [String]
            #expect(small?.isEmpty == true, "\(key): tap targets under 44 px: \(small ?? [])")
            #expect(Self.unnumbered(text).isEmpty, "\(key) names a note or option without #: \(Self.unnumbered(text))")
            let unexplained = Self.d1Unexplained(text, language: "zh-TW")
            #expect(unexplained == nil, "\(key) names D1 before saying what it is: …\(unexplained ?? "")")
            #expect(!text.contains("副本"), "\(key) says 副本 (docs/glossary.md): \(text)")
        }
        // Note 3's author has two notes waiting (3 and 7): one group says so; no group says only 「一位投稿者」.
        let queue = pages["queue"]?["text"] as? String ?? ""
        #expect(queue.contains("同一位投稿者的 2 則待審") && !queue.contains("一位投稿者："), "\(queue)")
        let failed = pages["server_error"]?["text"] as? String ?? ""
        #expect(failed.contains("伺服器出錯了") && failed.contains("請通知頁面主人"), "\(failed)")
        #expect(!failed.contains(bed.folder.url.path) && !failed.contains("sqlite"), "nothing of the server's inside")
        for (key, body) in seen["plain"] as? [String: String] ?? [:] {
            let english = PageWords.englishWords(in: PageWords.visibleText(body), userTexts: users)
            #expect(english.isEmpty, "the plain answer \(key) shows English: \(Set(english).sorted())\n\(body)")
        }
        // The option made is the label typed (never previewed) in the section chosen; the undone one never left.
        #expect(try await bed.rows("votes", Self.promotedOption) == [["寵物與動物", "original"]])
        #expect(try await bed.rows("d1.sqlite", Self.promotedOption) == [["寵物與動物", "original"]])
        #expect(try await bed.rows("d1.sqlite", "SELECT count(*) FROM survey_options WHERE content = '寵物'") == [["0"]])
    }

    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func promotingUndoingAndSendingAtDesktopWidthInEnglish() async throws {
        let bed = try await Self.bed()
        let seen = try await Self.tour(bed, language: "en", width: 1280)
        let pages = try #require(seen["pages"] as? [String: [String: Any]])
        func text(_ key: String) -> String { pages[key]?["text"] as? String ?? "" }
        for (key, page) in pages {
            let text = page["text"] as? String ?? ""
            #expect(Self.unnumbered(text).isEmpty, "\(key) names a note or option without #: \(Self.unnumbered(text))")
            let unexplained = Self.d1Unexplained(text, language: "en")
            #expect(unexplained == nil, "\(key) names D1 before saying what it is: …\(unexplained ?? "")")
            #expect(!text.contains("this copy") && !text.contains("This copy"), "\(key) says copy: \(text)")
        }
        #expect(text("queue").contains("2 pending notes by the same author"), "\(text("queue"))")
        #expect(text("server_error").contains("Something went wrong"), "\(text("server_error"))")
        #expect(!text("server_error").contains(bed.folder.url.path), "no path of the server's on the page")
        #expect(
            seen["promoted_option"] as? [String] == ["The option, as the vote page shows it · Community options\n寵物"])
        #expect(text("promoted").contains("Your promote is not on D1 yet. Undoing withdraws it"), "\(text("promoted"))")
        #expect(text("undone").contains("Your decision on note #3 was withdrawn and will not be sent"))
        #expect(
            text("undone").contains("withdrawn by 小美, never sent to D1"),
            "the history keeps it, and who took it back: \(text("undone"))")
        #expect(
            pages["undone"]?["undo"] as? Int == 1, "the approval before it is unsent too, and can be undone in turn")
        #expect(text("pushed").hasPrefix("Queue") && text("pushed").contains("Sent: D1 has every decision made here."))
        #expect(text("promoted_pushed").contains("Option #"), "\(text("promoted_pushed"))")
        #expect(text("promoted_pushed").contains("to retire it, ask the page's owner"))
        let history = text("promoted_pushed").components(separatedBy: "\n").filter { $0.contains(" · Moderating as") }
        #expect(
            history.count == 3 && history[1].hasSuffix("withdrawn by 小美, never sent to D1"), "in time order: \(history)"
        )
        #expect(pages["sync_empty"]?["disabled"] as? [String] == ["Send to D1"])
        #expect(
            text("sync_empty").contains(
                "Nothing waits to be sent; the counts above say where each decision made here stands."),
            "never 'every decision is on D1': \(text("sync_empty"))")
        #expect(text("conflict").contains("Note #7 was decided while you were looking"), "\(text("conflict"))")
        #expect(text("already_same").contains("Note #7 was already approved"), "\(text("already_same"))")
        #expect(
            text("approved").contains(
                "Decisions stay on this moderation page until they are sent to the vote page's database (D1).\n"
                    + "Note #3 approved.\n"), "\(text("approved"))")
        #expect(try await bed.rows("votes", Self.promotedOption) == [["寵物與動物", "original"]])
        #expect(try await bed.rows("d1.sqlite", Self.promotedOption) == [["寵物與動物", "original"]])
        #expect(try await bed.rows("d1.sqlite", "SELECT count(*) FROM survey_options WHERE content = '寵物'") == [["0"]])
        #expect(
            try await bed.rows("votes", "SELECT action, state FROM tally_sync_decisions WHERE note_id = 3 ORDER BY seq")
                == [["approve", "confirmed"], ["promote", "dropped"], ["promote", "confirmed"]])
        try await bed.expectD1Consistent()
    }
}

import Foundation
import TallyCore
import Testing

/// A decision the page refused (the note was decided meanwhile) keeps what the moderator typed —
/// the reason, the edited label — as values of the forms shown again, never as markup; the
/// refusal is said in the page's language; a note already decided the way she asked is a success.
@Suite("tally serve: a refused decision keeps the moderator's words", .serialized, .timeLimit(.minutes(20)))
struct ServeRetryTests {
    static func served(_ folder: TemporaryDirectory, language: String) async throws -> (ServedCopy, String) {
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let served = try await ServedCopy(
            ["--db", path, "--as", "小美", "--lang", language, "--tz", "Asia/Taipei"], in: folder.url.path,
            environment: [:])
        return (served, path)
    }

    static func cli(_ path: String, _ arguments: [String]) async throws {
        let result = try await TallyProcess.run(["notes"] + arguments + ["--db", path, "--as", "阿明"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// `fields` plus `extra`, as a JSON object for `post`.
    static func form(_ fields: [String: Any], _ extra: [String: String]) throws -> String {
        var all = fields
        for (key, value) in extra { all[key] = value }
        return String(decoding: try JSONSerialization.data(withJSONObject: all), as: UTF8.self)
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func aLongReasonAndAnEditedLabelAreOfferedAgainInChinese() async throws {
        let folder = try TemporaryDirectory()
        let (served, path) = try await Self.served(folder, language: "zh-TW")
        defer { served.stop() }
        // Her tab shows note 4 pending; 阿明 approves it meanwhile; she rejects with her own long words.
        let tab = try await served.client(["fields", served.url, "/note/4"])
        try await Self.cli(path, ["approve", "4"])
        let reason = "<b>不是重複</b> " + String(repeating: "這則和第二則講的是不同的事。", count: 60)
        let rejected = try await served.client([
            "post", served.url, "/note/4/decide",
            try Self.form(tab, ["action": "reject", "preset": "other", "reason": reason]),
        ])
        let body = rejected["body"] as? String ?? ""
        #expect(rejected["status"] as? Int == 409)
        let bound = "value=\"&lt;b&gt;不是重複&lt;/b&gt; " + String(repeating: "這則和第二則講的是不同的事。", count: 60) + "\""
        #expect(
            body.contains("name=\"reason\" required maxlength=\"2000\" \(bound)"), "the reopen form holds her words")
        #expect(!body.contains("<b>不是重複"), "her words are text, never markup")
        #expect(body.contains("你在看的時候，便利貼 #4 已經有人決定了，所以你的「退回」沒有生效"), "\(body)")
        // Her tab shows note 3 approved; 阿明 reopens and approves it again; she promotes with an edited label.
        try await Self.cli(path, ["approve", "3"])
        let approved = try await served.client(["fields", served.url, "/note/3"])
        try await Self.cli(path, ["reopen", "3", "--reason", "再看一次"])
        try await Self.cli(path, ["approve", "3"])
        let promoted = try await served.client([
            "post", served.url, "/note/3/decide",
            try Self.form(approved, ["action": "promote", "label": "寵物 & <i>貓</i>", "section": "original"]),
        ])
        let page = promoted["body"] as? String ?? ""
        #expect(promoted["status"] as? Int == 409)
        #expect(page.contains("name=\"label\" value=\"寵物 &amp; &lt;i&gt;貓&lt;/i&gt;\""), "\(page)")
        #expect(page.contains("<option value=\"original\" selected>原本的選項</option>"))
        for html in [body, page] {
            let text = PageWords.visibleText(html)
            let notes = try await SQLiteShell.rows(path, "SELECT content FROM suggestions").flatMap { $0 }
            let written = try await SQLiteShell.rows(path, "SELECT moderator, coalesce(reason, '') FROM moderation_log")
            let english = PageWords.englishWords(
                in: text, userTexts: notes + written.flatMap { $0 } + [reason, "寵物 & <i>貓</i>", "小美"])
            #expect(english.isEmpty, "the 409 page shows English: \(Set(english).sorted())")
        }
        #expect(
            try await SQLiteShell.rows(path, "SELECT count(*) FROM moderation_log WHERE moderator = '小美'") == [["0"]])
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func alreadyDecidedTheSameWayIsASuccess() async throws {
        let folder = try TemporaryDirectory()
        let (served, path) = try await Self.served(folder, language: "en")
        defer { served.stop() }
        let tab = try await served.client(["fields", served.url, "/note/4"])
        try await Self.cli(path, ["approve", "4"])
        let answer = try await served.client([
            "post", served.url, "/note/4/decide", try Self.form(tab, ["action": "approve"]),
        ])
        let body = answer["body"] as? String ?? ""
        #expect(answer["status"] as? Int == 200)
        #expect(
            body.contains("<p class=\"message done\" role=\"status\">Note #4 was already approved (approve by 阿明, "))
        #expect(!body.contains("role=\"alert\""))
    }

    /// Rejected already, with another reason than hers: a conflict (409) that offers her typed reason back, as
    /// the command line calls it a conflict (exit 3); the same preset alone is done as asked (issue 44 item 6).
    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func rejectedMeanwhileWithAnotherReasonIsAConflictThatKeepsHerReason() async throws {
        let folder = try TemporaryDirectory()
        let (served, path) = try await Self.served(folder, language: "zh-TW")
        defer { served.stop() }
        let tab = try await served.client(["fields", served.url, "/note/4"])
        try await Self.cli(path, ["reject", "4", "--reason", "spam"])
        let typed = try await served.client([
            "post", served.url, "/note/4/decide",
            try Self.form(tab, ["action": "reject", "preset": "other", "reason": "和第三則重複"]),
        ])
        let body = typed["body"] as? String ?? ""
        #expect(typed["status"] as? Int == 409, "\(body)")
        #expect(body.contains("<span class=\"typed\">和第三則重複</span>"), "her reason is offered back: \(body)")
        #expect(!body.contains("和你要的一樣"))
        let same = try await served.client([
            "post", served.url, "/note/4/decide", try Self.form(tab, ["action": "reject", "preset": "spam"]),
        ])
        #expect(same["status"] as? Int == 200)
        #expect((same["body"] as? String ?? "").contains("和你要的一樣"))
        #expect(
            try await SQLiteShell.rows(path, "SELECT count(*) FROM moderation_log WHERE suggestion_id = 4") == [["1"]])
    }
}

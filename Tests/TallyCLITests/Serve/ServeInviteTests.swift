import Foundation
import TallyTestSupport
import Testing

/// A personal link per moderator (`tally serve invite NAME`, `revoke NAME`): real `tally serve`,
/// two real chromium sessions, the decisions checked in the copy's log.
@Suite("tally serve: a link per moderator", .serialized, .timeLimit(.minutes(20)))
struct ServeInviteTests {
    /// `tally serve invite NAME` on `path`: the link's token (the last path segment it prints).
    static func invite(_ name: String, _ path: String, in folder: TemporaryDirectory) async throws -> String {
        let result = try await TallyProcess.run(["serve", "invite", name, "--db", path], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(
            result.stdout.split(separator: "\n").first { $0.hasPrefix("Link for \(name): http://") })
        return try #require(line.split(separator: "/").last.map(String.init))
    }

    /// The served page's address with another token in place of the owner's.
    static func link(_ served: ServedCopy, token: String) -> String {
        var parts = served.url.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts[parts.count - 2] = token
        return parts.joined(separator: "/")
    }

    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func twoInvitedModeratorsDecideUnderTheirOwnNamesAndARevokedLinkIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        _ = try await SQLiteShell.run(
            path,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) "
                + "VALUES (7, 'session-7', 'Can we have a pets option?', '2026-09-24 01:00:00');\n")
        let ming = try await Self.invite("阿明", path, in: folder)
        let mei = try await Self.invite("小美", path, in: folder)
        let mode = try FileManager.default.attributesOfItem(atPath: path + ".moderators.json")[.posixPermissions]
        #expect((mode as? Int) == 0o600, "the list holds the links: its owner's only")

        // Links made before the server starts work in it (they survive restarts).
        let served = try await ServedCopy(["--db", path, "--as", "owner"], in: folder.url.path, environment: [:])
        defer { served.stop() }
        let seen = try await served.client([
            "moderators", Self.link(served, token: ming), Self.link(served, token: mei),
        ])
        #expect((seen["a_done"] as? String)?.hasPrefix("Note #3 approved.") == true, "\(seen)")
        #expect((seen["b_done"] as? String)?.hasPrefix("Note #4 rejected.") == true, "\(seen)")
        // Both approved note 7: hers is a success that names who decided first.
        #expect(seen["conflict_title"] as? String == "Note #7", "\(seen)")
        let conflict = seen["conflict_text"] as? String ?? ""
        #expect(
            conflict.contains("Note #7 was already approved (approve by 阿明, ") && !conflict.contains("owner"),
            "the page names who decided: \(conflict)")
        #expect((seen["history_text"] as? String)?.contains("阿明") == true, "the history names who decided")
        #expect(
            try await SQLiteShell.rows(
                path, "SELECT suggestion_id, action, moderator FROM moderation_log WHERE id > 6 ORDER BY id")
                == [["3", "approve", "阿明"], ["4", "reject", "小美"], ["7", "approve", "阿明"]])

        // Revoked while the server runs: refused at once; the other link still works.
        let revoked = try await TallyProcess.run(["serve", "revoke", "小美", "--db", path], in: folder.url.path)
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(try await served.client(["fetch", Self.link(served, token: mei), "/"])["status"] as? Int == 403)
        #expect(try await served.client(["fetch", Self.link(served, token: ming), "/"])["status"] as? Int == 200)
        let again = try await TallyProcess.run(["serve", "revoke", "小美", "--db", path], in: folder.url.path)
        #expect(again.status == 1)
        #expect(again.stderr.contains("no link for 小美 (invited: 阿明); nothing was changed"), "\(again.stderr)")
    }

    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func twoInvitedModeratorsOnPhonesInChineseEachUnderHerOwnName() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        _ = try await SQLiteShell.run(
            path,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) "
                + "VALUES (7, 'session-7', 'Can we have a pets option?', '2026-09-24 01:00:00');\n")
        let ming = try await Self.invite("阿明", path, in: folder)
        let mei = try await Self.invite("小美", path, in: folder)
        let served = try await ServedCopy(
            ["--db", path, "--as", "owner", "--lang", "zh-TW"], in: folder.url.path, environment: [:])
        defer { served.stop() }
        let seen = try await served.client([
            "moderators", Self.link(served, token: ming), Self.link(served, token: mei), "390",
        ])
        #expect((seen["a_done"] as? String)?.hasPrefix("便利貼 #3 已通過。") == true, "\(seen)")
        #expect((seen["b_done"] as? String)?.hasPrefix("便利貼 #4 已退回。") == true, "\(seen)")
        #expect(seen["conflict_title"] as? String == "便利貼 #7", "\(seen)")
        let conflict = seen["conflict_text"] as? String ?? ""
        #expect(conflict.contains("便利貼 #7 已經是「已通過」（阿明 在 ") && !conflict.contains("owner"), "\(conflict)")
        #expect((seen["history_text"] as? String)?.contains("審核者 阿明") == true, "the history names who decided")
        #expect(seen["widths"] as? [Int] == [390, 390], "both read at 390 px")
        #expect(
            try await SQLiteShell.rows(
                path, "SELECT suggestion_id, action, moderator FROM moderation_log WHERE id > 6 ORDER BY id")
                == [["3", "approve", "阿明"], ["4", "reject", "小美"], ["7", "approve", "阿明"]])
        let revoked = try await TallyProcess.run(["serve", "revoke", "小美", "--db", path], in: folder.url.path)
        #expect(revoked.status == 0, "\(revoked.stderr)")
        let refused = try await served.client(["fetch", Self.link(served, token: mei), "/"])
        #expect(refused["status"] as? Int == 403)
        #expect((refused["body"] as? String)?.contains("這個連結不對或已經停用") == true, "\(refused)")
    }

    @Test func aBlankNameIsRefusedAndNothingIsStored() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let result = try await TallyProcess.run(["serve", "invite", " ", "--db", path], in: folder.url.path)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: path + ".moderators.json"))
    }
}

import Foundation
import TallyTestSupport
import Testing

/// A decision stays its maker's (issue 44 item 1): on the page, undo and "keep D1's decision" act only on
/// the moderator's own decisions (the page's owner, serve's `--as`, on anyone's), are offered on no one
/// else's decision (the 409 page included), and every withdrawal is recorded under the name of who made it.
/// Real `tally serve` over a copy of the stand-in D1, three chromium sessions through their own links.
@Suite("tally serve: a decision stays its maker's", .serialized, .timeLimit(.minutes(20)))
struct ServeOwnershipTests {
    /// `tally serve invite NAME` on copy `copy`: the link's token.
    static func invite(_ name: String, _ bed: SyncBed, _ copy: String) async throws -> String {
        let result = try await bed.tally(copy, ["serve", "invite", name])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(
            result.stdout.split(separator: "\n").first { $0.hasPrefix("Link for \(name): http://") })
        return try #require(line.split(separator: "/").last.map(String.init))
    }

    static let withdrawals =
        "SELECT note_id, moderator, state, coalesce(dropped_by, '-') FROM tally_sync_decisions ORDER BY seq"

    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func undoTakesBackOnlyYourOwnDecisionAndRecordsWhoTookItBack() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        let ming = try await Self.invite("阿明", bed, "b")
        let mei = try await Self.invite("小美", bed, "b")
        let served = try await ServeSettleTests.serve(bed, language: "zh-TW", owner: "頁主")
        defer { served.stop() }
        let seen = try await served.client([
            "undo-mine", served.url, ServeInviteTests.link(served, token: ming),
            ServeInviteTests.link(served, token: mei), "390",
        ])
        #expect((seen["b_done"] as? String)?.hasPrefix("便利貼 #3 已通過。") == true, "\(seen)")
        #expect(seen["b_undo_forms"] as? Int == 1, "小美 may undo her own decision")
        #expect(seen["a_undo_forms"] as? Int == 0, "阿明 is not offered an undo of 小美's decision")
        #expect(seen["a_post_status"] as? Int == 403, "\(seen)")
        #expect(
            (seen["a_post_body"] as? String)?.contains("便利貼 #3 上的這個決定是 小美 做的：只有 小美 或頁面主人可以收回。什麼都沒有改變。")
                == true, "\(seen["a_post_body"] ?? "")")
        #expect(seen["a_conflict_title"] as? String == "你的決定沒有生效", "\(seen)")
        #expect(seen["a_conflict_undo_forms"] as? Int == 0, "the 409 page offers no undo of 小美's decision")
        #expect(seen["b_undone"] as? String == "便利貼 #3 上你的決定已撤回，不會送出；便利貼回到 D1 上的樣子。", "\(seen)")
        #expect((seen["b_history"] as? String)?.contains("已由 小美 撤回，沒有送到 D1") == true, "\(seen["b_history"] ?? "")")
        #expect((seen["owner_undo_text"] as? String)?.contains("小美 的「通過」還沒送到 D1。你是頁面主人") == true, "\(seen)")
        #expect(
            seen["owner_undone"] as? String == "便利貼 #4 上 小美 的決定已由你撤回，不會送出；便利貼回到 D1 上的樣子。", "\(seen)")
        #expect(
            (seen["owner_history"] as? String)?.contains("已由 頁主 撤回，沒有送到 D1") == true, "\(seen["owner_history"] ?? "")")
        #expect(seen["widths"] as? [Int] == [390, 390, 390], "\(seen)")
        #expect(
            try await bed.rows("b", Self.withdrawals)
                == [["3", "小美", "dropped", "小美"], ["4", "小美", "dropped", "頁主"]])
        #expect(
            try await bed.rows("b", "SELECT status FROM suggestions WHERE id IN (3, 4)") == [["pending"], ["pending"]])
    }

    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func keepingD1sDecisionDropsOnlyYourOwnConflict() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "votes"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "mod-a"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "小美", "--reason", "spam"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "votes"]).status == 3)
        let ming = try await Self.invite("阿明", bed, "b")
        let mei = try await Self.invite("小美", bed, "b")
        let served = try await ServeSettleTests.serve(bed, language: "zh-TW", owner: "頁主")
        defer { served.stop() }
        let seen = try await served.client([
            "keep-mine", ServeInviteTests.link(served, token: ming), ServeInviteTests.link(served, token: mei), "390",
        ])
        #expect(seen["a_discard_forms"] as? Int == 0, "阿明 is not offered to drop 小美's decision")
        #expect(
            (seen["a_settle"] as? String)?.contains("衝突的決定是 小美 做的：只有 小美 或頁面主人可以放棄它、改用 D1 的決定。") == true,
            "\(seen)")
        #expect(seen["a_post_status"] as? Int == 403, "\(seen)")
        #expect((seen["b_kept"] as? String)?.hasPrefix("便利貼 #3 上你的決定已經放棄") == true, "\(seen)")
        // It was sent and D1 did not take it: dropped, not withdrawn before sending (the ledger knows which).
        #expect(
            (seen["b_history"] as? String)?.hasSuffix("退回：待審 → 已退回 · 審核者 小美 · D1 沒有採用，已由 小美 放棄") == true,
            "\(seen["b_history"] ?? "")")
        #expect(try await bed.rows("b", Self.withdrawals) == [["3", "小美", "dropped", "小美"]])
    }

    /// The command line owns the copy: `notes undo` and `notes discard` take back anyone's decision, recorded
    /// under `--as` (or `TALLY_MODERATOR`) when given.
    @Test func theCommandLineRecordsWhoTookADecisionBack() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "approve", "3", "--as", "小美"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "approve", "4", "--as", "小美"]).status == 0)
        let undo = try await bed.tally("b", ["notes", "undo", "3", "--as", "頁主"])
        #expect(undo.status == 0, "\(undo.stderr)")
        let unnamed = try await bed.tally("b", ["notes", "undo", "4"])
        #expect(unnamed.status == 0, "\(unnamed.stderr)")
        #expect(
            try await bed.rows("b", Self.withdrawals) == [["3", "小美", "dropped", "頁主"], ["4", "小美", "dropped", "-"]])
        let blank = try await bed.tally("b", ["notes", "undo", "3", "--as", " "])
        #expect(blank.status == 2, "a blank name is refused as for a decision")
    }
}

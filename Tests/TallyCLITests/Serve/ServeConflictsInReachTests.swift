import Foundation
import TallyTestSupport
import Testing

/// The page tells where decisions stand. Conflicts in reach (issue 44 item 5): after a push, each note whose decision D1 did not take is listed
/// with a link, first on the queue (before the pending notes) and on the sync page, on every moderator's
/// link; the moderator whose decision it is reads "your"; the link opens the note's page, where it is
/// settled. Real `tally serve`, chromium at 390 px, two personal links, the stand-in D1.
@Suite("tally serve: conflicts in reach, options on the vote page only when so", .serialized, .timeLimit(.minutes(10)))
struct ServeConflictsInReachTests {
    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func eachConflictIsListedWithALinkOnTheQueueAndTheSyncPage() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "votes"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "mod-a"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "小美", "--reason", "spam"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "votes"]).status == 3)
        let ming = try await ServeOwnershipTests.invite("阿明", bed, "b")
        let mei = try await ServeOwnershipTests.invite("小美", bed, "b")
        let served = try await ServeSettleTests.serve(bed, language: "zh-TW", owner: "頁主")
        defer { served.stop() }
        let seen = try await served.client([
            "conflicts", ServeInviteTests.link(served, token: ming), ServeInviteTests.link(served, token: mei), "390",
        ])
        #expect((seen["b_queue"] as? String)?.contains("需要處理：D1 沒有採用的決定") == true, "\(seen)")
        #expect((seen["b_queue"] as? String)?.contains("便利貼 #3：你的「退回」沒有生效") == true, "\(seen)")
        #expect((seen["a_queue"] as? String)?.contains("便利貼 #3：小美 的「退回」沒有生效") == true, "\(seen)")
        for name in ["a", "b"] {
            #expect(seen[name + "_queue_first"] as? Bool == true, "\(name): the list comes before the pending notes")
            #expect((seen[name + "_sync"] as? String)?.contains("便利貼 #3：") == true, "\(seen)")
            for key in [name + "_queue_links", name + "_sync_links"] {
                let links = seen[key] as? [String] ?? []
                #expect(links.count == 1 && links[0].hasSuffix("/note/3"), "\(key): \(links)")
            }
            #expect(seen[name + "_width"] as? Int ?? 999 <= 390, "\(seen)")
        }
        #expect((seen["followed_path"] as? String)?.hasSuffix("/note/3") == true, "\(seen)")
        #expect((seen["followed_text"] as? String)?.contains("處理這個衝突") == true, "\(seen["followed_text"] ?? "")")
        // Settled, it leaves the lists.
        #expect(try await bed.tally("b", ["notes", "discard", "3"]).status == 0)
        let after = try await served.client(["fetch", served.url, "/sync"])
        #expect(after["status"] as? Int == 200)
        #expect(!((after["body"] as? String) ?? "needs-you").contains("needs-you"), "\(after)")
    }

    /// "On the vote page" only for what D1 confirmed (issue 44 item 3): served without `--wrangler` (the README's
    /// first example), a promotion made here reads "on this moderation page only"; once pushed and confirmed, "on D1 and on
    /// the vote page".
    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func aPromotionIsOnTheVotePageOnlyOnceD1ConfirmedIt() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "approve", "3", "--as", "小美"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "promote", "3", "--as", "小美"]).status == 0)
        let local = try await ServedCopy(
            ["--db", bed.path("b"), "--as", "頁主", "--lang", "zh-TW", "--tz", "Asia/Taipei"],
            in: bed.folder.url.path, environment: bed.environment())
        let before = try await local.client(["opened", local.url, "390", "/note/3"])
        await local.stopped()
        let unsent = (before["/note/3"] as? [String: Any])?["text"] as? String ?? ""
        #expect(unsent.contains("這個選項目前只在審核頁上，送到 D1 之後才會出現在投票頁上，也才會有編號。"), "\(unsent)")
        #expect(!unsent.contains("出現在投票頁上，這裡沒辦法復原"), "\(unsent)")
        #expect(try await bed.tally("b", ["push", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(
            try await bed.rows("b", "SELECT state FROM tally_sync_decisions ORDER BY seq") == [
                ["confirmed"], ["confirmed"],
            ])
        let served = try await ServeSettleTests.serve(bed, language: "zh-TW", owner: "頁主")
        defer { served.stop() }
        let after = try await served.client(["opened", served.url, "390", "/note/3"])
        let confirmed = (after["/note/3"] as? [String: Any])?["text"] as? String ?? ""
        #expect(confirmed.contains("已經在 D1 上、出現在投票頁上，這裡沒辦法復原"), "\(confirmed)")
    }

    /// An option's number is D1's (issue 44 item 9): a promotion made here takes the copy's next free number,
    /// which D1 need not give it, and a replay renumbers it (after undoing an earlier promotion, note 4's option
    /// went from #9 to #8). The page names an option made here without a number until D1 confirms it, then
    /// with D1's.
    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func anOptionIsNumberedOnlyOnceD1GaveItItsNumber() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        for id in ["3", "4"] {
            #expect(try await bed.tally("b", ["notes", "approve", id, "--as", "小美"]).status == 0)
            #expect(try await bed.tally("b", ["notes", "promote", id, "--as", "小美"]).status == 0)
        }
        let option = "SELECT promoted_option_id FROM suggestions WHERE id = 4"
        let made = try #require(try await bed.rows("b", option).first?.first.flatMap { Int($0) })
        // Undoing note 3's promotion and fetching D1's state replays note 4's on top: its number moves.
        #expect(try await bed.tally("b", ["notes", "undo", "3", "--as", "小美"]).status == 0)
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        let replayed = try #require(try await bed.rows("b", option).first?.first.flatMap { Int($0) })
        #expect(replayed == made - 1, "the replay renumbered it: \(made) → \(replayed)")
        func opened() async throws -> String {
            let served = try await ServeSettleTests.serve(bed, language: "zh-TW", owner: "小美")
            let seen = try await served.client(["opened", served.url, "390", "/note/4"])
            await served.stopped()
            return (seen["/note/4"] as? [String: Any])?["text"] as? String ?? ""
        }
        let unsent = try await opened()
        #expect(unsent.contains("狀態：已升為選項 ·"), "\(unsent)")
        for number in [made, replayed] { #expect(!unsent.contains("選項 #\(number)"), "\(number): \(unsent)") }
        #expect(try await bed.tally("b", ["push", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        let d1 = try #require(try await bed.rows("d1.sqlite", option).first?.first)
        let confirmed = try await opened()
        #expect(confirmed.contains("狀態：已升為選項 #\(d1) ·"), "\(confirmed)")
        #expect(confirmed.contains("選項 #\(d1) 已經在 D1 上、出現在投票頁上"), "\(confirmed)")
    }
}

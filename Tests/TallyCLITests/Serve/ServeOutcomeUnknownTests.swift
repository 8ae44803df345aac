import Foundation
import TallyTestSupport
import Testing

/// An undo on the page says what it did (issue 44 item 4, issue 45 item 2): never that a decision was
/// taken back when D1 may hold it (a push from elsewhere reached D1 and its answer was lost), never
/// "nothing was changed" when it was withdrawn and only the fetch after it failed. Real `tally serve`,
/// chromium at 390 px, the stand-in D1.
@Suite("tally serve: an undo says what it did", .serialized, .timeLimit(.minutes(10)))
struct ServeOutcomeUnknownTests {
    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func undoOfADecisionSentWithItsAnswerLostIsRefusedAndNothingChanges() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        let served = try await ServeSettleTests.serve(bed, language: "zh-TW", owner: "頁主")
        defer { served.stop() }
        let lost = bed.environment(["TALLY_TEST_D1_LOSE_ANSWER": "fail", "TALLY_TEST_D1_LOSE_READS": "1"])
        let push =
            ["env"] + lost.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [TallyProcess.executable.path, "push", "--db", bed.path("b"), "--wrangler", "votes"]
        let seen = try await served.client(["undo-lost", served.url, "390"] + push)
        #expect(seen["undo_forms"] as? Int == 1, "the undo is offered while the decision is unsent")
        #expect(seen["push_status"] as? Int == 1, "\(seen)")
        let text = seen["undo_text"] as? String ?? ""
        #expect(text.contains("便利貼 #3 有一個決定已經送到 D1，但沒有收到 D1 的回應，D1 可能已經採用了"), "\(text)")
        #expect(text.contains("什麼都沒有改變。") && !text.contains("已撤回"), "\(text)")
        #expect(seen["width"] as? Int ?? 999 <= 390, "\(seen)")
        #expect(seen["after_undo_forms"] as? Int == 0, "no undo is offered for a decision D1 may hold")
        #expect((seen["sync"] as? String)?.contains("已送出，沒收到 D1 的回應（不確定是否生效） 1") == true, "\(seen)")
        // D1 holds the approval; the copy keeps it as sent (not withdrawn) until D1 is read.
        #expect(try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id = 3") == [["approved"]])
        #expect(
            try await bed.rows("b", "SELECT note_id, state, coalesce(dropped_by, '-') FROM tally_sync_decisions")
                == [["3", "sent", "-"]])
        // Read D1, as the page's refusal says: the decision is confirmed.
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.rows("b", "SELECT state FROM tally_sync_decisions") == [["confirmed"]])
    }

    /// D1 unreachable: the undo withdraws the decision (in the ledger, under her name), the fetch after it
    /// fails, and the page says both, never "nothing was changed"; a later fetch shows the note as D1 has it.
    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func undoWhileD1IsUnreachableSaysTheDecisionWasWithdrawn() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        let served = try await ServedCopy(
            ["--db", bed.path("b"), "--as", "頁主", "--wrangler", "votes", "--lang", "zh-TW", "--tz", "Asia/Taipei"],
            in: bed.folder.url.path, environment: bed.environment(["TALLY_TEST_WRANGLER_FAIL": "1"]))
        defer { served.stop() }
        let seen = try await served.client(["undo-lost", served.url, "390", "true"])
        #expect(seen["undo_forms"] as? Int == 1, "\(seen)")
        let text = seen["undo_text"] as? String ?? ""
        #expect(text.contains("便利貼 #3 上的決定已撤回，不會送出；但取得 D1 的狀態失敗"), "\(text)")
        #expect(!text.contains("什麼都沒有改變"), "\(text)")
        #expect(seen["width"] as? Int ?? 999 <= 390, "\(seen)")
        #expect(
            try await bed.rows("b", "SELECT note_id, state, coalesce(dropped_by, '-') FROM tally_sync_decisions")
                == [["3", "dropped", "頁主"]])
        #expect(try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id = 3") == [["pending"]])
        // D1 reachable again: a fetch brings the note back as D1 has it.
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.rows("b", "SELECT status FROM suggestions WHERE id = 3") == [["pending"]])
    }
}

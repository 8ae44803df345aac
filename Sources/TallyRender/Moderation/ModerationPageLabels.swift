import TallyCore

/// The moderation page's words, both languages side by side (the report's languages).
package struct ModerationPageLabels: Sendable {
    let language: ReportLanguage

    /// The words, by where they appear.
    package var queue: String { language.pick("Queue", "待審") }
    package var sync: String { language.pick("Sync with the vote page", "和投票頁同步") }
    package var report: String { language.pick("Report", "報告") }
    package var noPending: String { language.pick("No pending notes.", "沒有待審的便利貼。") }
    package var session: String { language.pick("Author", "投稿者") }
    package var noSession: String { language.pick("Notes with no author recorded", "沒有投稿者紀錄的便利貼") }
    package var otherNotes: String { language.pick("The author's other notes", "同一位投稿者的其他便利貼") }
    package var open: String { language.pick("Open", "打開") }
    package var approve: String { language.pick("Approve", "通過") }
    package var reject: String { language.pick("Reject", "退回") }
    package var reopen: String { language.pick("Reopen (back to pending)", "重新審核（回到待審）") }
    package var promote: String { language.pick("Promote to an option", "升為選項") }
    package var reason: String { language.pick("Reason", "理由") }
    package var presetReason: String { language.pick("Reason", "理由") }
    package var otherReason: String { language.pick("Other reason (free text)", "其他理由（自己填）") }
    package var label: String { language.pick("Option label", "選項文字") }
    package var section: String { language.pick("Section", "區塊") }
    package var preview: String { language.pick("Preview", "預覽") }
    package var previewTitle: String { language.pick("As it will appear on the vote page", "在投票頁上的樣子") }
    package var history: String { language.pick("History", "審核紀錄") }
    package var noHistory: String { language.pick("No decisions yet.", "還沒有任何決定。") }
    package var state: String { language.pick("State", "狀態") }
    package var created: String { language.pick("Written", "投稿時間") }
    package var conflictTitle: String { language.pick("Your decision was not applied", "你的決定沒有生效") }
    package var yourDecision: String { language.pick("Your decision", "你的決定") }
    package var meanwhile: String { language.pick("Decided meanwhile", "這段時間別人做的決定") }
    package var noteNow: String { language.pick("The note now", "這則便利貼現在") }
    package var syncConflict: String { language.pick("Sync conflict with D1", "和 D1 上的決定衝突") }
    /// The two sides of a sync conflict: this moderation page's data, and D1 (docs/glossary.md).
    package var local: String { language.pick("On this moderation page", "審核頁這邊") }
    package var remote: String { language.pick("On D1", "D1 那邊") }
    package var unpushed: String { language.pick("Not sent yet", "還沒送到 D1") }
    package var pushed: String { language.pick("Sent, not confirmed", "已送出，D1 還沒確認") }
    package var sentUnknown: String {
        language.pick("Sent, D1's answer not read (outcome unknown)", "已送出，沒收到 D1 的回應（不確定是否生效）")
    }
    package var confirmed: String { language.pick("Confirmed on D1", "D1 已確認") }
    package var conflicts: String { language.pick("Conflicts", "衝突") }
    /// The heading of the list of notes whose decision D1 did not take (queue and sync page).
    package var needsYou: String {
        language.pick("Needs you: decisions D1 did not take", "需要處理：D1 沒有採用的決定")
    }
    /// One line of that list: whose decision on the note did not take effect (`mine`: the reader's own).
    package func notTaken(_ action: String, by maker: String, mine: Bool) -> String {
        mine
            ? language.pick("your “\(self.action(action))” did not take effect", "你的「\(self.action(action))」沒有生效")
            : language.pick(
                "\(maker)'s “\(self.action(action))” did not take effect", "\(maker) 的「\(self.action(action))」沒有生效")
    }
    package var sendToD1: String { language.pick("Send to D1", "送到 D1") }
    package var sendSQL: String {
        language.pick("Download the SQL to send (marks the decisions sent)", "下載要送出的 SQL（這些決定會標為已送出）")
    }
    package var wranglerSaid: String { language.pick("What sending said", "送出時的回應") }
    package var localOnly: String {
        language.pick(
            "Decisions stay on this moderation page until they are sent to the vote page's database (D1).",
            "決定先存在審核頁，送到投票頁的資料庫（D1）後才會生效。")
    }
    package var done: String { language.pick("Done", "完成") }
    package var refused: String { language.pick("Refused", "沒有執行") }
    package var notFound: String { language.pick("Page not found", "找不到這一頁") }
    package var backToQueue: String { language.pick("Back to the moderation page", "回到審核頁") }
    package var moderatingAs: String { language.pick("Moderating as", "審核者") }
    package var reopenReason: String { language.pick("Why reopen", "重新審核的理由") }
    package var shownText: String { language.pick("What your page showed", "你當時看到的內容") }

    /// Settling a sync conflict on the note's page: the heading, each way's button and its one sentence.
    package var settleTitle: String { language.pick("Settle the conflict", "處理這個衝突") }
    package var keepD1: String { language.pick("Keep D1's decision (drop mine)", "採用 D1 的決定（放棄我的）") }
    package var keepD1Explained: String {
        language.pick(
            "Drops your decision from what this moderation page will send, so the decision D1 holds stands.",
            "把你的決定從審核頁要送出的清單拿掉，以 D1 上的決定為準。")
    }
    /// The keep-D1's button and its sentence when D1 holds no decision to keep (the note was deleted or
    /// changed there): what it does is drop the moderation page's decision.
    package var dropMine: String { language.pick("Drop my decision", "放棄我的決定") }
    package var dropMineExplained: String {
        language.pick(
            "Drops your decision from what this moderation page will send; D1 holds no decision on this note, and "
                + "the note stays as D1 has it.",
            "把你的決定從審核頁要送出的清單拿掉；D1 上這則便利貼沒有決定，會維持 D1 上的樣子。")
    }
    /// Instead of the keep-D1's button on a conflict that is another moderator's.
    package func keepD1NotYours(_ maker: String) -> String {
        language.pick(
            "The decision in conflict is \(maker)'s: only \(maker) or the page's owner can drop it in favour of D1's.",
            "衝突的決定是 \(maker) 做的：只有 \(maker) 或頁面主人可以放棄它、改用 D1 的決定。")
    }
    package var pullD1: String { language.pick("Fetch D1's current state", "取得 D1 的最新狀態") }
    package var pullExplained: String {
        language.pick(
            "Brings the notes and decisions as D1 has them now onto this moderation page; your decisions not yet "
                + "on D1 are kept.",
            "把 D1 現在的便利貼和決定抓回審核頁；你還沒送到 D1 的決定都會留著。")
    }
    package var decideAgainExplained: String {
        language.pick(
            "Or decide again below on the note as D1 has it now: your new decision replaces the "
                + "one in conflict.",
            "也可以在下面依 D1 現在的便利貼重新決定：新的決定會取代衝突的那一個。")
    }
    package var pullBeforeDeciding: String {
        language.pick(
            "To decide again, fetch D1's current state first: this moderation page still shows your own "
                + "decision, not D1's.",
            "要重新決定，請先取得 D1 的最新狀態：審核頁顯示的還是你自己的決定，不是 D1 的。")
    }
    package var ownerPullsFirst: String {
        language.pick(
            "To decide again, this moderation page first needs D1's current state: ask the page's owner to fetch it.",
            "要重新決定，審核頁得先有 D1 的最新狀態：請頁面主人先把它抓回來。")
    }
    package var pulled: String {
        language.pick("This moderation page now holds D1's current state.", "審核頁已經取回 D1 的最新狀態。")
    }
    package var pullFailed: String {
        language.pick(
            "Fetching D1's state failed; nothing was changed. What wrangler said is below.",
            "取得 D1 的狀態失敗，什麼都沒有改變；wrangler 的回應在下面。")
    }

    /// "Your decision on note #3 was dropped…" (`whose`: another moderator's, dropped by the page's owner),
    /// "Note #3 has no open conflict…".
    package func dropped(_ note: Int64, whose: String? = nil) -> String {
        guard let whose else {
            return language.pick(
                "Your decision on \(language.noteInline(note)) was dropped and will not be sent; D1's decision stands.",
                "\(language.noteName(note)) 上你的決定已經放棄，不會送出；以 D1 的決定為準。")
        }
        return language.pick(
            "\(whose)'s decision on \(language.noteInline(note)) was dropped by you and will not be sent; "
                + "D1's decision stands.",
            "\(language.noteName(note)) 上 \(whose) 的決定已由你放棄，不會送出；以 D1 的決定為準。")
    }

    /// A decision is its maker's: another moderator (not the page's owner) may not take it back.
    package func notYours(_ note: Int64, maker: String) -> String {
        language.pick(
            "This decision on \(language.noteInline(note)) is \(maker)'s: only \(maker) or the page's owner can take "
                + "it back. Nothing was changed.",
            "\(language.noteName(note)) 上的這個決定是 \(maker) 做的：只有 \(maker) 或頁面主人可以收回。什麼都沒有改變。")
    }
    package func noConflict(_ note: Int64) -> String {
        language.pick(
            "\(language.noteName(note)) has no open conflict with D1; nothing was changed.",
            "\(language.noteName(note)) 和 D1 之間沒有待處理的衝突；什麼都沒有改變。")
    }

    /// A section of the vote page, as the vote page's reader knows it.
    package func sectionName(_ section: OptionDraft.Section) -> String {
        language.pick(
            section == .community ? "Community options" : "Original options",
            section == .community ? "網友提議的選項" : "原本的選項")
    }

    /// Why D1 did not take a decision: the heading, then the reason by its kind (the sync's own English
    /// words stay folded for the page's owner); nil is another moderation rule's refusal on D1's note.
    package var whyNotTaken: String { language.pick("Why D1 did not take it", "D1 沒有採用的原因") }
    package func notTaken(_ reason: SyncConflictReason?) -> String {
        switch reason {
        case .decidedOnD1?:
            language.pick(
                "Someone decided on this note on D1 before your decision got there.",
                "你的決定送到之前，D1 上已經有人決定了這則便利貼。")
        case .deletedOnD1?:
            language.pick(
                "This note was deleted on D1, so your decision has nothing to apply to.",
                "這則便利貼在 D1 上已經被刪除，你的決定也就無從套用。")
        case .changedOnD1?:
            language.pick(
                "On D1 this note is no longer the one you decided on: its text, author or time changed though "
                    + "nobody decided on it.",
                "D1 上的這則便利貼已經不是你當時決定的那則：沒有人審核，內容、投稿者或投稿時間卻變了。")
        case .madeAfterRefused?:
            language.pick(
                "An earlier decision of yours on this note did not get onto D1, and this one was made on top of it, "
                    + "so it was held back too.",
                "你對這則便利貼更早的一個決定沒能進到 D1，這個決定是接著它做的，所以也一起擋了下來。")
        case .cannotSend?:
            language.pick(
                "It could not be written as SQL that D1 can run (for example, its record on this moderation page "
                    + "was changed), so it was not sent.",
                "這個決定沒辦法轉成 D1 能執行的 SQL（例如審核頁裡的紀錄被改過），所以沒有送出。")
        case .noteNotRecorded?:
            language.pick(
                "An older version of the program made it without recording which note it was made on, and that note "
                    + "is no longer on this moderation page, so it cannot be checked against D1.",
                "這個決定是舊版程式做的，當時沒有記下是針對哪一則便利貼；那則便利貼也已經不在審核頁的資料裡，沒辦法和 D1 核對。")
        case .heldBack?:
            language.pick(
                "An older version of the program made it without recording the note's text, and this moderation "
                    + "page has fetched the note from D1 since, so its text may have changed: it was held back rather "
                    + "than applied to another text.",
                "這個決定是舊版程式做的，當時沒有記下便利貼的內容；之後審核頁又從 D1 取回了這則便利貼，內容可能已經變了，"
                    + "所以先擋下來，免得套用到不同的內容上。")
        case .notReplayable?:
            language.pick(
                "Its action, moderator name or time is one this program no longer accepts, so it cannot be applied "
                    + "to the note on D1.",
                "這個決定的動作、審核者名字或時間，新版程式已經不接受，沒辦法套用到 D1 上的便利貼。")
        case .triggerOnD1?:
            language.pick(
                "A trigger in D1's database would also write other data when your decision is applied; ask the "
                    + "page's owner to look at it.",
                "D1 的資料庫裡有觸發程序，套用你的決定時會順便寫入別的資料；請頁面主人處理。")
        case nil:
            language.pick(
                "The note on D1 is no longer in a state your decision can apply to.",
                "D1 上這則便利貼現在的狀態，已經不能套用你的決定。")
        }
    }

    /// An error of the server's own (HTTP 500): the title and what to do; what went wrong goes to serve's stderr.
    package var serverFailed: String { language.pick("Something went wrong", "出了點問題") }
    package var serverFailedExplained: String {
        language.pick(
            "The server ran into an error, and what you asked may not have been done. Reload the page to see where "
                + "things stand, then try again; if it keeps happening, tell the page's owner: the details are in "
                + "the window where the page runs.",
            "伺服器出錯了，剛才的動作可能沒有完成。請重新整理頁面，確認現在的狀態後再試一次；如果一直發生，請通知頁面主人："
                + "詳細的錯誤訊息會顯示在執行審核頁面的那個視窗裡。")
    }

    /// A logged decision: its action in words, who, when.
    package func decisionLine(_ action: String, _ moderator: String, _ time: String) -> String {
        language.pick("\(action) by \(moderator), \(time)", "\(moderator) 在 \(time) \(action)")
    }

    /// Why a decision was not applied: decided meanwhile (note, the action asked, the note's state now), or
    /// changed without a logged decision (note, the action asked).
    package func changedMeanwhile(_ note: Int64, _ asked: String, _ now: String) -> String {
        language.pick(
            "\(language.noteName(note)) was decided while you were looking, so your \(asked) was not applied; it is now \(now). "
                + "Look at it below and decide again if still needed.",
            "你在看的時候，\(language.noteName(note)) 已經有人決定了，所以你的「\(asked)」沒有生效；它現在是「\(now)」。請看下面的內容，需要的話再決定一次。")
    }

    package func changedOutside(_ note: Int64, _ asked: String) -> String {
        language.pick(
            "\(language.noteName(note)) changed though nobody decided on it, so your \(asked) was not applied. "
                + "Look at it below.",
            "沒有人審核，\(language.noteName(note)) 卻變了，所以你的「\(asked)」沒有生效。請看下面它現在的樣子。")
    }

    /// The note already decided as asked (note, the state reached, who and when): a success.
    package func alreadySame(_ note: Int64, _ done: String, _ line: String) -> String {
        language.pick(
            "\(language.noteName(note)) was already \(done) (\(line)), as you wanted.",
            "\(language.noteName(note)) 已經是「\(done)」（\(line)），和你要的一樣。")
    }

    /// The note is not the one the page showed; the note is in a conflict this copy has not settled.
    package func notTheNote(_ note: Int64) -> String {
        language.pick(
            "\(language.noteName(note)) is not the note your page showed: its text, author or time changed though "
                + "nobody decided on it, so your decision was not applied. Both are below; decide again on it as it "
                + "now is.",
            "\(language.noteName(note)) 已經不是你頁面上看到的那則：沒有人審核，內容、投稿者或投稿時間卻變了，所以你的決定沒有生效。"
                + "兩邊都在下面，請依它現在的樣子重新決定。")
    }
    /// Keep D1's decision done, but the fetch of D1's state after it failed.
    package func droppedNotFetchedYet(_ note: Int64) -> String {
        language.pick(
            "D1's decision on \(language.noteInline(note)) is kept and the decision here will not be sent, but "
                + "fetching D1's state failed, so this moderation page still shows the note as that decision left it until a "
                + "fetch works (“\(pullD1)”). What wrangler said is below.",
            "\(language.noteName(note)) 以 D1 的決定為準，這裡的決定不會送出；但取得 D1 的狀態失敗，所以在重新取得之前，"
                + "審核頁仍顯示那個決定之後的樣子（請再按「\(pullD1)」）。wrangler 的回應在下面。")
    }
    /// A decision refused because the copy still shows one that was taken back (`SyncError.droppedNotPulled`).
    package func droppedNotFetched(_ note: Int64) -> String {
        language.pick(
            "This moderation page still shows a decision on \(language.noteInline(note)) that was taken back and will never be on "
                + "D1, so a decision now would be made on top of it; nothing was changed. Fetch D1's state first, "
                + "then decide on the note as it is.",
            "審核頁顯示的還是\(language.noteName(note)) 上一個已經收回、永遠不會送到 D1 的決定，現在決定等於疊在它上面；"
                + "什麼都沒有改變。請先取得 D1 的最新狀態，再依便利貼現在的樣子決定。")
    }
    /// Above the note when the copy still shows a decision taken back: fetch first (the server can).
    package var fetchBeforeDeciding: String {
        language.pick(
            "This moderation page still shows the decision that was taken back, not D1's: fetch D1's state before deciding.",
            "審核頁顯示的還是已收回的決定，不是 D1 上的：請先取得 D1 的最新狀態再決定。")
    }
    /// The same when only the page's owner can fetch D1's state (no `--wrangler`).
    package var ownerFetchesFirst: String {
        language.pick(
            "This moderation page still shows the decision that was taken back, not D1's: to decide again, ask the page's owner "
                + "to fetch D1's state first.",
            "審核頁顯示的還是已收回的決定，不是 D1 上的：要重新決定，請頁面主人先取得 D1 的最新狀態。")
    }
    package func conflictNotSettled(_ note: Int64) -> String {
        language.pick(
            "\(language.noteName(note)) is in conflict with D1 and this moderation page still shows your own decision, not D1's; nothing "
                + "was changed. Settle the conflict below.",
            "\(language.noteName(note)) 和 D1 有衝突，審核頁顯示的還是你自己的決定，不是 D1 的；什麼都沒有改變。請在下面處理這個衝突。")
    }

    /// What a decision did, by action, for "Note 3 approved."
    var didAction: [ModerationAction: String] {
        language.pick(
            [.approve: "approved", .reject: "rejected", .reopen: "reopened", .promote: "promoted"],
            [.approve: "已通過", .reject: "已退回", .reopen: "已重新審核", .promote: "已升為選項"])
    }

    /// A note's state, by its stored name (`pending`, `approved`, `rejected`, `promoted`).
    var stateNames: [String: String] {
        language.pick(
            ["pending": "pending", "approved": "approved", "rejected": "rejected", "promoted": "promoted"],
            ["pending": "待審", "approved": "已通過", "rejected": "已退回", "promoted": "已升為選項"])
    }

    /// A decision in the history, by the log's action code (`approve`, …).
    var actionNames: [String: String] {
        language.pick(
            ["approve": "approve", "reject": "reject", "reopen": "reopen", "promote": "promote"],
            ["approve": "通過", "reject": "退回", "reopen": "重新審核", "promote": "升為選項"])
    }

    /// The heading of one author's notes in the queue: how many of hers wait in all and, when the page shows
    /// fewer, how many it shows; nil for an author with one note waiting (a heading over one note tells
    /// nothing). No id: it means nothing to a moderator.
    func sameAuthor(pending: Int, shown: Int) -> String? {
        guard pending > 1 else { return nil }
        return shown < pending
            ? language.pick(
                "\(pending) pending notes by the same author, \(shown) of them on this page",
                "同一位投稿者的 \(pending) 則待審，這一頁有 \(shown) 則")
            : language.pick("\(pending) pending notes by the same author", "同一位投稿者的 \(pending) 則待審")
    }

    /// A promoted note's state with its option; an option in a history line.
    func promotedTo(_ option: Int64) -> String { language.pick("promoted to option #\(option)", "已升為選項 #\(option)") }
    func asOption(_ option: Int64) -> String { language.pick(" (option #\(option))", "（選項 #\(option)）") }

    /// The sentence's end.
    var fullStop: String { language.pick(".", "。") }

    /// The preset reject reasons: stored value (kept in English, as the log is read by tools) and shown text.
    package var presets: [(value: String, text: String)] {
        language.pick(
            [
                ("duplicate", "Duplicate"), ("spam", "Spam"), ("not an option", "Not an option"),
                ("off-topic", "Off-topic"),
            ],
            [("duplicate", "重複"), ("spam", "垃圾訊息"), ("not an option", "不適合當選項"), ("off-topic", "離題")])
    }
}

extension ModerationPageLabels {
    /// A stored state in words; an unknown one as stored.
    package func state(_ name: String) -> String { stateNames[name] ?? name }

    /// A logged action in words; an unknown one as logged.
    package func action(_ code: String) -> String { actionNames[code] ?? code }

    /// A stored reason as the page shows it: a preset's stored English value, alone or before ": " and free
    /// text, in the page's words (「垃圾訊息」, not `spam`); any other reason as it was written.
    package func reasonShown(_ stored: String) -> String {
        for preset in presets {
            if stored == preset.value { return preset.text }
            if stored.hasPrefix(preset.value + ": ") {
                return preset.text + language.colon + stored.dropFirst(preset.value.count + 2)
            }
        }
        return stored
    }

    /// The preset reasons' stored values.
    package var presetValues: [String] { presets.map(\.value) }

    /// "Note #3 approved." (the note's page says above it where decisions live until they are sent: `localOnly`).
    package func decided(_ id: Int64, _ action: ModerationAction) -> String {
        "\(language.noteName(id)) \(didAction[action] ?? action.pastTense)\(fullStop)"
    }
}

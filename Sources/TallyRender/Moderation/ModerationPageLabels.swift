import TallyCore

/// The moderation page's words, per language (the report's languages).
package struct ModerationPageLabels: Sendable {
    /// The words, by where they appear.
    package let queue, sync, report, pendingNotes, noPending, session, noSession, otherNotes, open, approve, reject,
        reopen,
        promote, reason, presetReason, otherReason, label, section, preview, previewTitle, history, noHistory,
        state, created, conflictTitle, yourDecision, meanwhile, noteNow, syncConflict, local, remote,
        unpushed, pushed, confirmed, conflicts, sendToD1, sendSQL, wranglerSaid, localOnly, done, refused,
        moderatingAs, reopenReason, shownText: String
    /// Settling a sync conflict on the note's page: the heading, each way's button and its one sentence.
    package let settleTitle, keepD1, keepD1Explained, pullD1, pullExplained, decideAgainExplained, pullBeforeDeciding,
        ownerPullsFirst, pulled, pullFailed: String
    /// "Your decision on note 3 was dropped…", "Note 3 has no open conflict…".
    package let dropped, noConflict: @Sendable (_ note: Int64) -> String
    /// A section of the vote page, as the vote page's reader knows it.
    package let sectionName: @Sendable (_ section: OptionDraft.Section) -> String
    /// The heading of why D1 did not take a decision (the sync's own words, kept as it wrote them).
    package let whyNotTaken: String
    /// A logged decision: its action in words, who, when.
    package let decisionLine: @Sendable (_ action: String, _ moderator: String, _ time: String) -> String
    /// Why a decision was not applied: decided meanwhile (note, the action asked, the note's state now), or
    /// changed without a logged decision (note, the action asked).
    package let changedMeanwhile: @Sendable (_ note: Int64, _ asked: String, _ now: String) -> String
    package let changedOutside: @Sendable (_ note: Int64, _ asked: String) -> String
    /// The note already decided as asked (note, the state reached, who and when): a success.
    package let alreadySame: @Sendable (_ note: Int64, _ done: String, _ line: String) -> String
    /// The note is not the one the page showed; the note is in a conflict this copy has not settled.
    package let notTheNote, conflictNotSettled: @Sendable (_ note: Int64) -> String
    /// What a decision did, by action, for "Note 3 approved."
    let didAction: [ModerationAction: String]
    /// A note's state, by its stored name (`pending`, `approved`, `rejected`, `promoted`).
    let stateNames: [String: String]
    /// A decision in the history, by the log's action code (`approve`, …).
    let actionNames: [String: String]
    /// The heading of one author's notes in the queue, with how many wait (no id: it means nothing to a moderator).
    let author: @Sendable (_ pending: Int) -> String
    /// A promoted note's state with its option; an option in a history line.
    let promotedTo, asOption: @Sendable (_ option: Int64) -> String
    /// "Note" / "便利貼", and the sentence's end.
    let noteWord, fullStop: String
    /// The preset reject reasons: stored value (kept in English, as the log is read by tools) and shown text.
    package let presets: [(value: String, text: String)]

    /// English.
    package static let english = ModerationPageLabels(
        queue: "Queue", sync: "Sync with D1", report: "Report", pendingNotes: "Pending notes, oldest first",
        noPending: "No pending notes.", session: "Author", noSession: "no author recorded",
        otherNotes: "The author's other notes", open: "Open", approve: "Approve", reject: "Reject",
        reopen: "Reopen (back to pending)", promote: "Promote to an option", reason: "Reason", presetReason: "Reason",
        otherReason: "Other reason (free text)", label: "Option label", section: "Section", preview: "Preview",
        previewTitle: "As it will appear on the vote page", history: "History", noHistory: "No decisions yet.",
        state: "State", created: "Written", conflictTitle: "Your decision was not applied",
        yourDecision: "Your decision", meanwhile: "Decided meanwhile", noteNow: "The note now",
        syncConflict: "Sync conflict with D1", local: "This copy", remote: "D1", unpushed: "Not sent yet",
        pushed: "Sent, not confirmed", confirmed: "Confirmed on D1", conflicts: "Conflicts",
        sendToD1: "Send to D1", sendSQL: "Download the SQL to send (marks the decisions sent)",
        wranglerSaid: "What sending said", localOnly: "Decisions stay in this copy until they are sent to D1.",
        done: "Done", refused: "Refused", moderatingAs: "Moderating as", reopenReason: "Why reopen",
        shownText: "What your page showed",
        settleTitle: "Settle the conflict", keepD1: "Keep D1's decision (drop mine)",
        keepD1Explained: "Drops your decision from what this copy will send, so the decision D1 holds stands.",
        pullD1: "Fetch D1's current state",
        pullExplained: "Brings the notes and decisions as D1 has them now into this copy; your decisions not yet "
            + "on D1 are kept.",
        decideAgainExplained: "Or decide again below on the note as D1 has it now: your new decision replaces the "
            + "one in conflict.",
        pullBeforeDeciding: "To decide again, fetch D1's current state first: this copy still shows your own "
            + "decision, not D1's.",
        ownerPullsFirst: "To decide again, this copy first needs D1's current state: ask the page's owner to fetch it.",
        pulled: "This copy now holds D1's current state.",
        pullFailed: "Fetching D1's state failed; nothing was changed. What wrangler said is below.",
        dropped: { "Your decision on note \($0) was dropped and will not be sent; D1's decision stands." },
        noConflict: { "Note \($0) has no open conflict with D1; nothing was changed." },
        sectionName: { $0 == .community ? "Community options" : "Original options" },
        whyNotTaken: "Why D1 did not take it",
        decisionLine: { "\($0) by \($1), \($2)" },
        changedMeanwhile: {
            "Note \($0) was decided while you were looking, so your \($1) was not applied; it is now \($2). "
                + "Look at it below and decide again if still needed."
        },
        changedOutside: {
            "Note \($0) changed without a recorded decision, so your \($1) was not applied. Look at it below."
        },
        alreadySame: { "Note \($0) was already \($1) (\($2)), as you wanted." },
        notTheNote: {
            "Note \($0) is not the note your page showed: its text, author or time changed without a recorded "
                + "decision, so your decision was not applied. Both are below; decide again on it as it now is."
        },
        conflictNotSettled: {
            "Note \($0) is in conflict with D1 and this copy still shows your own decision, not D1's; nothing "
                + "was changed. Settle the conflict below."
        },
        didAction: [.approve: "approved", .reject: "rejected", .reopen: "reopened", .promote: "promoted"],
        stateNames: ["pending": "pending", "approved": "approved", "rejected": "rejected", "promoted": "promoted"],
        actionNames: ["approve": "approve", "reject": "reject", "reopen": "reopen", "promote": "promote"],
        author: { "One author: \($0) pending" }, promotedTo: { "promoted to option #\($0)" },
        asOption: { " (option #\($0))" },
        noteWord: "Note", fullStop: ".",
        presets: [
            ("duplicate", "Duplicate"), ("spam", "Spam"), ("not an option", "Not an option"),
            ("off-topic", "Off-topic"),
        ])

    /// Traditional Chinese (Taiwan).
    package static let traditionalChinese = ModerationPageLabels(
        queue: "待審", sync: "與 D1 同步", report: "報告", pendingNotes: "待審的便利貼（由舊到新）",
        noPending: "沒有待審的便利貼。", session: "投稿者", noSession: "沒有投稿者紀錄",
        otherNotes: "同一位投稿者的其他便利貼", open: "打開", approve: "通過", reject: "退回",
        reopen: "重新審核（回到待審）", promote: "升為選項", reason: "理由", presetReason: "理由",
        otherReason: "其他理由（自己填）", label: "選項文字", section: "區塊", preview: "預覽",
        previewTitle: "在投票頁上的樣子", history: "審核紀錄", noHistory: "還沒有任何決定。",
        state: "狀態", created: "投稿時間", conflictTitle: "你的決定沒有生效", yourDecision: "你的決定",
        meanwhile: "這段時間別人做的決定", noteNow: "這則便利貼現在", syncConflict: "和 D1 上的決定衝突",
        local: "這份副本", remote: "D1", unpushed: "還沒送到 D1", pushed: "已送出，D1 還沒確認",
        confirmed: "D1 已確認", conflicts: "衝突", sendToD1: "送到 D1", sendSQL: "下載要送出的 SQL（這些決定會標為已送出）",
        wranglerSaid: "送出時的回應", localOnly: "決定先存在這份副本，送到 D1 後才會生效。", done: "完成",
        refused: "沒有執行", moderatingAs: "審核者", reopenReason: "重新審核的理由", shownText: "你當時看到的內容",
        settleTitle: "處理這個衝突", keepD1: "採用 D1 的決定（放棄我的）",
        keepD1Explained: "把你的決定從這份副本要送出的清單拿掉，以 D1 上的決定為準。",
        pullD1: "取得 D1 的最新狀態", pullExplained: "把 D1 現在的便利貼和決定抓回這份副本；你還沒送到 D1 的決定都會留著。",
        decideAgainExplained: "也可以在下面依 D1 現在的便利貼重新決定：新的決定會取代衝突的那一個。",
        pullBeforeDeciding: "要重新決定，請先取得 D1 的最新狀態：這份副本顯示的還是你自己的決定，不是 D1 的。",
        ownerPullsFirst: "要重新決定，這份副本得先有 D1 的最新狀態：請頁面主人先把它抓回來。",
        pulled: "這份副本已是 D1 的最新狀態。", pullFailed: "取得 D1 的狀態失敗，什麼都沒有改變；wrangler 的回應在下面。",
        dropped: { "便利貼 \($0) 上你的決定已經放棄，不會送出；以 D1 的決定為準。" },
        noConflict: { "便利貼 \($0) 和 D1 之間沒有待處理的衝突；什麼都沒有改變。" },
        sectionName: { $0 == .community ? "網友提議的選項" : "原本的選項" }, whyNotTaken: "D1 沒有採用的原因",
        decisionLine: { "\($1) 在 \($2) \($0)" },
        changedMeanwhile: { "你在看的時候，便利貼 \($0) 已經有人決定了，所以你的「\($1)」沒有生效；它現在是「\($2)」。請看下面的內容，需要的話再決定一次。" },
        changedOutside: { "便利貼 \($0) 在沒有審核紀錄的情況下變了，所以你的「\($1)」沒有生效。請看下面的內容。" },
        alreadySame: { "便利貼 \($0) 已經是「\($1)」（\($2)），和你要的一樣。" },
        notTheNote: {
            "便利貼 \($0) 已經不是你頁面上看到的那則：內容、投稿者或投稿時間在沒有審核紀錄的情況下變了，所以你的決定沒有生效。"
                + "兩邊都在下面，請依它現在的樣子重新決定。"
        },
        conflictNotSettled: { "便利貼 \($0) 和 D1 有衝突，這份副本顯示的還是你自己的決定，不是 D1 的；什麼都沒有改變。請在下面處理這個衝突。" },
        didAction: [.approve: "已通過", .reject: "已退回", .reopen: "已重新審核", .promote: "已升為選項"],
        stateNames: ["pending": "待審", "approved": "已通過", "rejected": "已退回", "promoted": "已升為選項"],
        actionNames: ["approve": "通過", "reject": "退回", "reopen": "重新審核", "promote": "升為選項"],
        author: { "一位投稿者：\($0) 則待審" }, promotedTo: { "已升為選項 #\($0)" }, asOption: { "（選項 #\($0)）" },
        noteWord: "便利貼", fullStop: "。",
        presets: [("duplicate", "重複"), ("spam", "垃圾訊息"), ("not an option", "不適合當選項"), ("off-topic", "離題")])
}

extension ModerationPageLabels {
    /// A stored state in words; an unknown one as stored.
    package func state(_ name: String) -> String { stateNames[name] ?? name }

    /// A logged action in words; an unknown one as logged.
    package func action(_ code: String) -> String { actionNames[code] ?? code }

    /// The preset reasons' stored values.
    package var presetValues: [String] { presets.map(\.value) }

    /// "Note 3 approved. Decisions stay in this copy until they are sent to D1."
    package func decided(_ id: Int64, _ action: ModerationAction) -> String {
        "\(noteWord) \(id) \(didAction[action] ?? action.pastTense)\(fullStop) \(localOnly)"
    }
}

import TallyCore

/// The moderation page's words, per language (the report's languages).
package struct ModerationPageLabels: Sendable {
    /// The words, by where they appear.
    package let queue, sync, report, pendingNotes, noPending, session, noSession, otherNotes, open, approve, reject,
        reopen,
        promote, reason, presetReason, otherReason, label, section, preview, previewTitle, history, noHistory,
        version, state, created, conflictTitle, yourDecision, meanwhile, noteNow, syncConflict, local, remote,
        unpushed, pushed, confirmed, conflicts, sendToD1, sendSQL, wranglerSaid, localOnly, done, refused,
        moderatingAs, reopenReason, shownText: String
    /// What a decision did, by action, for "Note 3 approved."
    let didAction: [ModerationAction: String]
    /// "Note" / "便利貼", and the sentence's end.
    let noteWord, fullStop: String
    /// The preset reject reasons: stored value (kept in English, as the log is read by tools) and shown text.
    package let presets: [(value: String, text: String)]

    /// English.
    package static let english = ModerationPageLabels(
        queue: "Queue", sync: "Sync with D1", report: "Report", pendingNotes: "Pending notes, oldest first",
        noPending: "No pending notes.", session: "Author session", noSession: "no session recorded",
        otherNotes: "The author's other notes", open: "Open", approve: "Approve", reject: "Reject",
        reopen: "Reopen (undo)", promote: "Promote to an option", reason: "Reason", presetReason: "Reason",
        otherReason: "Other reason (free text)", label: "Option label", section: "Section", preview: "Preview",
        previewTitle: "As it will appear on the vote page", history: "History", noHistory: "No decisions yet.",
        version: "version", state: "State", created: "Written", conflictTitle: "Your decision was not applied",
        yourDecision: "Your decision", meanwhile: "Decided meanwhile", noteNow: "The note now",
        syncConflict: "Sync conflict with D1", local: "This copy", remote: "D1", unpushed: "Not pushed yet",
        pushed: "Pushed, not confirmed", confirmed: "Confirmed on D1", conflicts: "Conflicts",
        sendToD1: "Send to D1", sendSQL: "Download the SQL to send (marks the decisions pushed)",
        wranglerSaid: "What the push said", localOnly: "Decisions stay in this copy until they are sent to D1.",
        done: "Done", refused: "Refused", moderatingAs: "Moderating as", reopenReason: "Why reopen",
        shownText: "What your page showed",
        didAction: [.approve: "approved", .reject: "rejected", .reopen: "reopened", .promote: "promoted"],
        noteWord: "Note", fullStop: ".",
        presets: [
            ("duplicate", "Duplicate"), ("spam", "Spam"), ("not an option", "Not an option"),
            ("off-topic", "Off-topic"),
        ])

    /// Traditional Chinese (Taiwan).
    package static let traditionalChinese = ModerationPageLabels(
        queue: "待審佇列", sync: "與 D1 同步", report: "報告", pendingNotes: "待審便利貼（由舊到新）",
        noPending: "沒有待審的便利貼。", session: "作者工作階段", noSession: "未記錄工作階段",
        otherNotes: "同一作者的其他便利貼", open: "開啟", approve: "核准", reject: "退回", reopen: "重新開啟（復原）",
        promote: "升為選項", reason: "理由", presetReason: "理由", otherReason: "其他理由（自行填寫）",
        label: "選項文字", section: "區塊", preview: "預覽", previewTitle: "在投票頁上的樣子", history: "紀錄",
        noHistory: "尚無決定。", version: "版本", state: "狀態", created: "寫於", conflictTitle: "你的決定沒有套用",
        yourDecision: "你的決定", meanwhile: "期間已有的決定", noteNow: "便利貼目前", syncConflict: "與 D1 的同步衝突",
        local: "本機副本", remote: "D1", unpushed: "尚未推送", pushed: "已推送、未確認", confirmed: "D1 已確認",
        conflicts: "衝突", sendToD1: "送到 D1", sendSQL: "下載要送出的 SQL（決定會標為已推送）",
        wranglerSaid: "推送的訊息", localOnly: "決定只存在本機副本，送到 D1 後才生效。", done: "完成", refused: "未執行",
        moderatingAs: "審核者", reopenReason: "重新開啟的理由", shownText: "你的頁面顯示的內容",
        didAction: [.approve: "已核准", .reject: "已退回", .reopen: "已重新開啟", .promote: "已升為選項"],
        noteWord: "便利貼", fullStop: "。",
        presets: [("duplicate", "重複"), ("spam", "垃圾訊息"), ("not an option", "不是選項"), ("off-topic", "離題")])
}

extension ModerationPageLabels {
    /// The preset reasons' stored values.
    package var presetValues: [String] { presets.map(\.value) }

    /// "Note 3 approved. Decisions stay in this copy until they are sent to D1."
    package func decided(_ id: Int64, _ action: ModerationAction) -> String {
        "\(noteWord) \(id) \(didAction[action] ?? action.pastTense)\(fullStop) \(localOnly)"
    }
}

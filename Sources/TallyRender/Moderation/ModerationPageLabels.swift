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
        reopen: "Reopen (undo)", promote: "Promote to an option", reason: "Reason", presetReason: "Reason",
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
        reopen: "重新審核（復原）", promote: "升為選項", reason: "理由", presetReason: "理由",
        otherReason: "其他理由（自己填）", label: "選項文字", section: "區塊", preview: "預覽",
        previewTitle: "在投票頁上的樣子", history: "審核紀錄", noHistory: "還沒有任何決定。",
        state: "狀態", created: "投稿時間", conflictTitle: "你的決定沒有生效", yourDecision: "你的決定",
        meanwhile: "這段時間別人做的決定", noteNow: "這則便利貼現在", syncConflict: "和 D1 上的決定衝突",
        local: "這份副本", remote: "D1", unpushed: "還沒送到 D1", pushed: "已送出，D1 還沒確認",
        confirmed: "D1 已確認", conflicts: "衝突", sendToD1: "送到 D1", sendSQL: "下載要送出的 SQL（這些決定會標為已送出）",
        wranglerSaid: "送出時的回應", localOnly: "決定先存在這份副本，送到 D1 後才會生效。", done: "完成",
        refused: "沒有執行", moderatingAs: "審核者", reopenReason: "重新審核的理由", shownText: "你當時看到的內容",
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

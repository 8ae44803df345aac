import TallyCore

/// A note whose text was changed on D1 after a decision of this copy's that D1 holds (issue 45 item 3): the
/// page shows the text decided on beside D1's, on the note's page and in a list on the sync page, so nobody
/// reads the decision as made on the text D1 has now. Read from the ledger (`SyncDecision.changedAfter`).
extension ModerationPage {
    /// Under the note's text (D1's, as the copy has it): whose decision it was, when, and the text decided on.
    func changedAfter(_ decision: SyncDecision?) -> String {
        guard let decision, let decided = decision.seen?.content else { return "" }
        let when = MessageText.time(decision.createdAt, in: zone)
        return "<section class=\"changed-after\" id=\"changed-after\"><h2>\(e(l.changedAfterTitle))</h2>\n"
            + "<p>\(e(l.changedAfterExplained(l.action(decision.action), by: decision.moderator, at: when)))</p>\n"
            + "<div class=\"note\" id=\"decided-text\">\(e(decided))</div></section>\n"
    }

    /// The sync page's list of those notes, each with a link to its page; empty when there are none.
    func changedList(_ decisions: [SyncDecision]) -> String {
        noteLinks(
            l.changedListTitle, id: "changed-after-list",
            decisions.map { ($0.noteID, l.changedListLine(l.action($0.action), by: $0.moderator)) })
    }
}

extension ModerationPageLabels {
    package var changedAfterTitle: String {
        language.pick("Changed on D1 after the decision", "決定之後，內容在 D1 上被改過")
    }
    /// Why the text decided on is shown: `action` is already in the page's language, `when` a time as shown.
    package func changedAfterExplained(_ action: String, by maker: String, at when: String) -> String {
        language.pick(
            "\(maker)'s decision (\(action), \(when)) was made on the text below; D1 now has the text above, changed "
                + "since without a decision. Read it again, and reopen the note if the decision no longer fits.",
            "\(maker) 在 \(when) 的決定（\(action)）是針對下面這段內容做的；之後沒有人審核，D1 上的內容卻改成了上面那段。"
                + "請再讀一次，如果決定已經不合適，就重新審核這則便利貼。")
    }
    package var changedListTitle: String {
        language.pick("Changed on D1 after a decision", "決定之後內容被改過")
    }
    /// One line of that list: whose decision the note's text changed after.
    package func changedListLine(_ action: String, by maker: String) -> String {
        language.pick(
            "its text changed after \(maker)'s decision (\(action))", "\(maker) 決定（\(action)）之後，內容被改過")
    }
}

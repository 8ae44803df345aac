import TallyCore

extension ModerationPage {
    /// The ways to settle a note's open sync conflict, each with its sentence: keep D1's decision
    /// (what `tally notes discard` does; only on the reader's own decisions, or the page owner's), fetch D1's state (what `tally pull` does, when the server
    /// has `--wrangler`), and decide again, offered only once the copy shows the note as D1 has it.
    func settle(_ note: Note, _ context: NoteContext) -> String {
        guard !context.syncConflicts.isEmpty else { return "" }
        var html = "<section class=\"settle\"><h3>\(e(l.settleTitle))</h3>\n"
        if let maker = context.keepD1By {
            html += "<p id=\"not-yours\">\(e(l.keepD1NotYours(maker)))</p>\n"
        } else {
            // "Keep D1's decision" only where D1 holds one; else what the button does: drop mine.
            let d1Decided = context.syncConflicts.contains { $0.remote != nil }
            let (explained, button) = d1Decided ? (l.keepD1Explained, l.keepD1) : (l.dropMineExplained, l.dropMine)
            html += form(
                "/note/\(note.id)/discard", [("seen", context.seen)],
                "<p>\(e(explained))</p><button type=\"submit\">\(e(button))</button>")
        }
        if context.canPull { html += pullForm(note: note.id) }
        let next =
            context.conflictShown
            ? (context.canPull ? l.pullBeforeDeciding : l.ownerPullsFirst) : l.decideAgainExplained
        return html + "<p id=\"decide-again\">\(e(next))</p></section>\n"
    }

    /// The form that fetches D1's current state, back to note `note`'s page (or the sync page).
    func pullForm(note: Int64?) -> String {
        form(
            "/sync/pull", note.map { [("note", "\($0)")] } ?? [],
            "<p>\(e(l.pullExplained))</p><button type=\"submit\">\(e(l.pullD1))</button>")
    }
}

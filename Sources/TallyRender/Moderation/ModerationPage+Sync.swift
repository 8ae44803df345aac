import TallyCore

extension ModerationPage {
    /// The sync panel: how many decisions are unpushed, sent with D1's answer unread, pushed, confirmed
    /// and in conflict (the sent row only when there are any), each note in conflict with a link; the
    /// "send to D1" form (through wrangler when the server was given a database, else a download
    /// of the SQL file); and what the last push printed.
    package func sync(
        counts: [SyncState: Int], conflicts: [SyncDecision], wrangler: String?, pushOutput: String? = nil,
        summary: String? = nil, changed: [SyncDecision] = []
    ) -> String {
        // The page opens, as the queue and a note's page do, with where decisions live: it names D1 plainly
        // before any message says D1.
        var body = "<p>\(e(l.localOnly))</p>\n"
        body += summary.map { "<p class=\"message\" role=\"status\">\(e($0))</p>\n" } ?? ""
        body += "<table><tbody>\n"
        for (label, state) in [
            (l.unpushed, SyncState.unpushed), (l.sentUnknown, .sent), (l.pushed, .pushed), (l.confirmed, .confirmed),
            (l.conflicts, .conflict),
        ] where state != .sent || (counts[.sent] ?? 0) > 0 {
            body +=
                "<tr><th scope=\"row\">\(e(label))</th><td id=\"count-\(state.rawValue)\">\(counts[state] ?? 0)</td></tr>\n"
        }
        body += "</tbody></table>\n" + conflictList(conflicts) + changedList(changed)
        let button = wrangler == nil ? l.sendSQL : l.sendToD1
        // Greyed out, with why, when nothing waits to be sent.
        let idle = (counts[.unpushed] ?? 0) == 0
        if wrangler == nil, !ownsPage {
            // The SQL is run with wrangler by the page's owner: a volunteer's phone gets no download.
            body += "<p id=\"owner-sends\">\(e(language.ownerSendsSQL))</p>\n"
            return layout(l.sync, body)
        }
        if wrangler == nil { body += "<p id=\"sql-how\">\(e(language.sqlHowTo))</p>\n" }
        body += form(
            "/sync/push", [],
            idle
                ? "<button type=\"submit\" disabled aria-describedby=\"nothing-to-send\">\(e(button))</button>"
                    + "<p id=\"nothing-to-send\"><small>\(e(language.nothingToSend(anyMade: counts.values.contains { $0 > 0 })))</small></p>"
                : "<button type=\"submit\">\(e(button))</button>")
        if wrangler != nil { body += pullForm(note: nil) }
        if let pushOutput {
            // The command's own words are English: shown as they are on an English page, folded away for
            // the page's owner on another (the summary above says what happened).
            let output = "<pre id=\"push-output\" lang=\"en\">\(e(pushOutput))</pre>"
            body +=
                language == .english
                ? "<h2>\(e(l.wranglerSaid))</h2>\n\(output)\n"
                : "<details class=\"owner\"><summary>\(e(language.programOutput))</summary>\(output)</details>\n"
        }
        return layout(l.sync, body)
    }

    /// The notes whose decision D1 did not take (open conflicts), each with a link to its page, where it is
    /// settled; empty when there are none.
    func conflictList(_ conflicts: [SyncDecision]) -> String {
        noteLinks(
            l.needsYou, id: nil,
            conflicts.map {
                ($0.noteID, l.notTaken($0.action, by: $0.moderator, mine: $0.moderator == moderator))
            })
    }

    /// A section headed `title` listing notes, each a link to its page and a line of words; empty when none.
    func noteLinks(_ title: String, id: String?, _ notes: [(id: Int64, line: String)]) -> String {
        guard !notes.isEmpty else { return "" }
        let anchor = id.map { " id=\"\($0)\"" } ?? ""
        var list = "<section class=\"needs-you\"\(anchor)>\n<h2>\(e(title))</h2>\n<ul>\n"
        for note in notes {
            list +=
                "<li><a href=\"\(base)/note/\(note.id)\">\(e(language.noteName(note.id)))</a>"
                + "\(e(language.colon))\(e(note.line))</li>\n"
        }
        return list + "</ul>\n</section>\n"
    }
}

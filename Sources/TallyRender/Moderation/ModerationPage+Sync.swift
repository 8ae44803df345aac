import TallyCore

extension ModerationPage {
    /// The sync panel: how many decisions are unpushed, pushed, confirmed and in conflict; the
    /// "send to D1" form (through wrangler when the server was given a database, else a download
    /// of the SQL file); and what the last push printed.
    package func sync(counts: [SyncState: Int], wrangler: String?, pushOutput: String? = nil, summary: String? = nil)
        -> String
    {
        var body = summary.map { "<p class=\"message\" role=\"status\">\(e($0))</p>\n" } ?? ""
        body += "<p>\(e(l.localOnly))</p>\n<table><tbody>\n"
        for (label, state) in [
            (l.unpushed, SyncState.unpushed), (l.pushed, .pushed), (l.confirmed, .confirmed), (l.conflicts, .conflict),
        ] {
            body +=
                "<tr><th scope=\"row\">\(e(label))</th><td id=\"count-\(state.rawValue)\">\(counts[state] ?? 0)</td></tr>\n"
        }
        body += "</tbody></table>\n"
        let button = wrangler.map { "\(l.sendToD1) (wrangler: \($0))" } ?? l.sendSQL
        body += form("/sync/push", [], "<button type=\"submit\">\(e(button))</button>")
        if wrangler != nil { body += pullForm(note: nil) }
        if let pushOutput {
            body += "<h2>\(e(l.wranglerSaid))</h2>\n<pre id=\"push-output\">\(e(pushOutput))</pre>\n"
        }
        return layout(l.sync, body)
    }
}

import TallyCore

extension ModerationPage {
    /// The queue: pending notes grouped by author (the session that wrote them, never shown), the group with
    /// the oldest pending note first, each note with a quick approve and a link to decide otherwise,
    /// then the author's other notes and their fate. `seen` holds each
    /// pending note's digest (`SeenNote.digest`), which its approve form carries back.
    /// Notes in conflict with D1 (`conflicts`) come first: they need someone before any pending note.
    package func queue(_ groups: [AuthorGroup], seen: [Int64: String], conflicts: [SyncDecision] = []) -> String {
        func oldest(_ group: AuthorGroup) -> String {
            group.notes.filter { $0.state == .pending }.map(\.createdAt).min() ?? ""
        }
        let waiting = groups.filter { $0.notes.contains { $0.state == .pending } }
            .sorted { (oldest($0), $0.shortSession) < (oldest($1), $1.shortSession) }
        var body = "<p>\(e(l.localOnly))</p>\n" + conflictList(conflicts)
        if waiting.isEmpty { body += "<p>\(e(l.noPending))</p>\n" }
        for group in waiting {
            let pending = group.notes.filter { $0.state == .pending }.sorted {
                ($0.createdAt, $0.id) < ($1.createdAt, $1.id)
            }
            let who = group.session == nil ? l.noSession : l.author(pending.count)
            body += "<section class=\"group\">\n<h2>\(e(who))</h2>\n"
            for note in pending {
                body +=
                    "<article id=\"note-\(note.id)\">\n<h3>\(e(language.noteName(note.id))) · \(e(time(note.created, stored: note.createdAt)))</h3>\n"
                body += "<div class=\"note\">\(e(note.content))</div>\n"
                body += form(
                    "/note/\(note.id)/decide",
                    [
                        ("action", "approve"), ("version", "\(note.version)"), ("state", "pending"),
                        ("seen", seen[note.id] ?? ""),
                    ],
                    "<button type=\"submit\">\(e(language.approveNote(note.id)))</button> "
                        + "<a href=\"\(base)/note/\(note.id)\">\(e(language.openNote(note.id)))</a>")
                body += "</article>\n"
            }
            // Notes without a session are not one author: no "other notes" for them.
            let others = group.session == nil ? [] : group.notes.filter { $0.state != .pending }
            if !others.isEmpty {
                body += "<h3>\(e(l.otherNotes))</h3>\n<ul>\n"
                for note in others {
                    body +=
                        "<li><a href=\"\(base)/note/\(note.id)\">\(e(language.noteName(note.id)))</a> \(e(fate(note)))\(e(language.colon))"
                        + "\(e(NoteText.oneLine(note.content, maximumCells: 80)))</li>\n"
                }
                body += "</ul>\n"
            }
            body += "</section>\n"
        }
        return layout(l.queue, body)
    }
}

import TallyCore

extension ModerationPage {
    /// One page of the queue (`PendingPage.size` pending notes, oldest or newest first as the moderator chose,
    /// with links to the pages before and after that keep the order; no CSRF token in any link). The page's
    /// notes of one author are gathered in one group, in the order of her first note on the page, headed by how
    /// many notes of hers wait when there are several (a group of one has no heading), each
    /// note with its time; a note shown whole has a quick approve (its form carries the digest of the text
    /// shown), a shortened one (`NoteExcerpt`) only the link to read it whole on its page and decide there.
    /// Then each author's latest decided notes and their fate. Notes in conflict with D1 (`conflicts`) come
    /// first: they need someone before any pending note.
    package func queue(_ page: PendingPage, conflicts: [SyncDecision] = []) -> String {
        var body = "<p>\(e(l.localOnly))</p>\n" + conflictList(conflicts)
        if page.pending == 0 { return layout(l.queue, body + "<p>\(e(l.noPending))</p>\n") }
        body += pager(page, top: true)
        // The page's authors in the order of their first note here; notes without a session are not one author.
        var order: [String?] = []
        var byAuthor: [String?: [PendingNote]] = [:]
        for note in page.notes {
            if byAuthor[note.summary.session] == nil { order.append(note.summary.session) }
            byAuthor[note.summary.session, default: []].append(note)
        }
        for session in order {
            let notes = byAuthor[session] ?? []
            // A heading only where it tells the moderator something: several notes of one author (how many
            // wait in all, and how many of them this page shows), or notes without a recorded author.
            let who: String? =
                if let session {
                    l.sameAuthor(pending: page.pendingByAuthor[session] ?? notes.count, shown: notes.count)
                } else {
                    l.noSession
                }
            body += "<section class=\"group\">\n" + (who.map { "<h2>\(e($0))</h2>\n" } ?? "")
            for note in notes { body += pending(note) }
            if ownsPage, session != nil, let first = notes.first?.summary.id {
                let count = session.flatMap { page.pendingByAuthor[$0] } ?? notes.count
                body +=
                    "<p><a class=\"tap\" href=\"\(base)/note/\(first)/author\">\(e(language.rejectAuthorLink(count)))</a></p>\n"
            }
            if let session, let others = page.othersByAuthor[session], others.total > 0 {
                body += "<h3>\(e(l.otherNotes))</h3>\n" + otherNotes(others)
            }
            body += "</section>\n"
        }
        body += pager(page, top: false)
        return layout(l.queue, body)
    }

    /// A pending note on the queue: whole with its quick approve, or shortened with the way to read it whole.
    func pending(_ note: PendingNote) -> String {
        let summary = note.summary
        var html =
            "<article id=\"note-\(summary.id)\">\n<h3>\(e(language.noteName(summary.id))) · "
            + "\(e(time(summary.created, stored: summary.createdAt)))</h3>\n"
        html += "<div class=\"note\">\(e(summary.excerpt.text))\(summary.excerpt.isWhole ? "" : "…")</div>\n"
        if let seen = note.seen, summary.excerpt.isWhole {
            html += form(
                "/note/\(summary.id)/decide",
                [
                    ("action", "approve"), ("version", "\(summary.version)"), ("state", "pending"),
                    ("seen", seen.digest),
                ],
                "<button type=\"submit\">\(e(language.approveNote(summary.id)))</button> "
                    + "<a class=\"tap\" href=\"\(base)/note/\(summary.id)\">\(e(language.openNote(summary.id)))</a>")
        } else {
            html +=
                "<p><small>\(e(language.shortened(NoteExcerpt.characters)))</small><br>"
                + "<a class=\"tap\" href=\"\(base)/note/\(summary.id)\">\(e(language.readWhole(summary.id)))</a></p>\n"
        }
        return html + "</article>\n"
    }

    /// An author's other notes: one line each (number, fate, the text's start), then how many more there are.
    func otherNotes(_ others: OtherNotes) -> String {
        var html = "<ul>\n"
        for other in others.notes {
            html +=
                "<li><a class=\"tap\" href=\"\(base)/note/\(other.id)\">\(e(language.noteName(other.id)))</a> "
                + "\(e(fate(other)))\(e(language.colon))"
                + "\(e(NoteText.oneLine(other.excerpt.text + (other.excerpt.isWhole ? "" : "…"), maximumCells: 80)))</li>\n"
        }
        let more = others.total - others.notes.count
        if more > 0 { html += "<li>\(e(language.moreNotes(more)))</li>\n" }
        return html + "</ul>\n"
    }

    /// Where this page is among the queue's pages, the order to choose, and the pages before and after.
    func pager(_ page: PendingPage, top: Bool) -> String {
        func link(_ order: QueueOrder, _ number: Int) -> String {
            "\(base)/?order=\(order.rawValue)&amp;page=\(number)"
        }
        var html = "<nav class=\"pager\" aria-label=\"\(e(language.queuePages))\">\n"
        html += "<p>\(e(language.pageOf(page.number, page.count, pending: page.pending)))</p>\n"
        if top {
            html += "<p>"
            for order in QueueOrder.allCases {
                let name = language.queueOrder(order)
                html +=
                    order == page.order
                    ? "<strong class=\"tap\" aria-current=\"true\">\(e(name))</strong> "
                    : "<a class=\"tap\" href=\"\(link(order, 1))\">\(e(name))</a> "
            }
            html += "</p>\n"
        }
        var steps: [String] = []
        if page.number > 1 {
            steps.append(
                "<a class=\"tap\" rel=\"prev\" href=\"\(link(page.order, page.number - 1))\">\(e(language.previousPage))</a>"
            )
        }
        if page.number < page.count {
            steps.append(
                "<a class=\"tap\" rel=\"next\" href=\"\(link(page.order, page.number + 1))\">\(e(language.nextPage))</a>"
            )
        }
        if !steps.isEmpty { html += "<p>\(steps.joined(separator: " "))</p>\n" }
        return html + "</nav>\n"
    }

    /// A listed note's state as a moderator reads it (`promoted to option #12`).
    func fate(_ note: NoteSummary) -> String {
        if note.state == .promoted, let option = numbered(note.promotedOptionID) { return l.promotedTo(option) }
        return l.state(note.stateName)
    }
}

extension ModerationPage {
    /// The owner's confirmation before rejecting the `count` pending notes (numbers `first` to `last`) of the
    /// author of note `id`: a form carrying the count and the last number shown, the compare-and-set's values.
    package func rejectAuthor(_ id: Int64, count: Int, first: Int64, last: Int64) -> String {
        guard count > 0 else { return message(language.rejectAuthorTitle, language.noPendingOfAuthor, back: "/") }
        let body =
            "<p>\(e(language.rejectAuthorExplained(id, count: count, first: first, last: last)))</p>\n"
            + form(
                "/note/\(id)/reject-author", [("count", "\(count)"), ("through", "\(last)")],
                "<button type=\"submit\">\(e(language.rejectAuthorButton(count)))</button>")
            + "<p><a class=\"tap\" href=\"\(base)/\">\(e(l.queue))</a></p>\n"
        return layout(language.rejectAuthorTitle, body)
    }
}

extension ReportLanguage {
    /// Rejecting an author's notes at once (the page's owner only); an author's one note is not "all 1".
    func rejectAuthorLink(_ count: Int) -> String {
        count == 1
            ? pick("Reject this author's one pending note as spam…", "把這位投稿者的這則待審退回（垃圾訊息）…")
            : pick("Reject all \(count) pending notes of this author as spam…", "把這位投稿者的 \(count) 則待審全部退回（垃圾訊息）…")
    }
    package var rejectAuthorTitle: String { pick("Reject this author's notes", "退回這位投稿者的便利貼") }
    func rejectAuthorExplained(_ id: Int64, count: Int, first: Int64, last: Int64) -> String {
        pick(
            "All \(count) pending notes of the author of note #\(id) (note #\(first) to note #\(last)) will be rejected "
                + "as spam, each as your decision in its history. Nothing is deleted; any of them can be reopened.",
            "便利貼 #\(id) 的投稿者的 \(count) 則待審（便利貼 #\(first) 到便利貼 #\(last)）會全部退回，理由是垃圾訊息，"
                + "每一則的審核紀錄都記在你名下。什麼都不會刪除，之後也可以重新審核任何一則。")
    }
    func rejectAuthorButton(_ count: Int) -> String { pick("Reject all \(count) as spam", "全部退回（\(count) 則）") }
    var noPendingOfAuthor: String { pick("This author has no pending notes.", "這位投稿者沒有待審的便利貼。") }
    package func rejectedAuthor(_ count: Int) -> String {
        pick(
            "Rejected \(count) notes of this author as spam. \(moderationLabels.localOnly)",
            "已退回這位投稿者的 \(count) 則便利貼（垃圾訊息）。\(moderationLabels.localOnly)")
    }
    package func authorChanged(_ found: Int) -> String {
        pick(
            "This author's pending notes changed since the page was shown (\(found) now); nothing was rejected. "
                + "Look at them again.",
            "這位投稿者的待審便利貼在你看的時候有了變化（現在 \(found) 則）；什麼都沒有退回。請再看一次。")
    }
    package var ownerOnly: String {
        pick("Only the page's owner can reject an author's notes at once.", "只有頁面主人可以一次退回一位投稿者的便利貼。")
    }

    /// The queue's paging words.
    var queuePages: String { pick("Pages of the queue", "待審的分頁") }
    func pageOf(_ number: Int, _ count: Int, pending: Int) -> String {
        pick("Page \(number) of \(count) · \(pending) pending", "第 \(number) 頁，共 \(count) 頁 · \(pending) 則待審")
    }
    func queueOrder(_ order: QueueOrder) -> String {
        switch order {
        case .oldest: return pick("Oldest first", "最早的在前")
        case .newest: return pick("Newest first", "最新的在前")
        }
    }
    var previousPage: String { pick("← Previous page", "← 上一頁") }
    var nextPage: String { pick("Next page →", "下一頁 →") }
    /// Under a shortened note on the queue, and its link.
    func shortened(_ characters: Int) -> String {
        pick("Long note: its first \(characters) characters.", "很長的便利貼：這裡只顯示前 \(characters) 個字。")
    }
    func readWhole(_ id: Int64) -> String { pick("Read note #\(id) whole to decide", "讀完整的便利貼 #\(id) 再決定") }
    /// After an author's latest other notes: how many more there are.
    func moreNotes(_ count: Int) -> String {
        pick("… and \(count) more", "……還有 \(count) 則")
    }
}

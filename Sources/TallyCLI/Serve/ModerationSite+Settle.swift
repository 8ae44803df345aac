import TallyCore
import TallyHTTP
import TallyRender

/// Settling a sync conflict from the page, through the command line's own code: the ledger's
/// `dropConflicts` (`tally notes discard`) keeps D1's decision, `PullCommand.pull` (`tally pull --wrangler`)
/// fetches D1's state; deciding again is the decision form. An invited moderator takes back only her own decisions.
extension ModerationSite {
    /// Keeps D1's decision on note `id` (drops this copy's), when the note is still the one the page showed;
    /// with `--wrangler`, then fetches D1's state (`PullCommand.pull`) so the note reads as D1 has it at once.
    func discard(_ id: Int64, _ form: [String: String], _ visitor: SiteGuard.Visitor) throws -> HTTPResponse {
        let page = page(visitor)
        guard let seen = form["seen"], seen.count == SeenNote.digestLength else {
            return .refusal(400, .brokenForm, in: language)
        }
        if wrangler != nil {
            guard syncLock.try() else { return .refusal(409, .busy, in: language) }
        }
        defer { if wrangler != nil { syncLock.unlock() } }
        if let refusal = try changedRefusal(id, seen: seen, visitor) { return refusal }
        // The code of `tally notes discard`, as the visitor: her own decisions only, unless she owns the page.
        let refused = try refusal(id, page, nothing: language.moderationLabels.noConflict(id)) {
            try withDatabase(writing: true) {
                try SyncLedger(DatabaseFile.openForWriting(database)).dropConflicts(of: id, by: withdrawer(visitor))
            }
        }
        if let refused { return refused }
        if let failed = fetchAfterTakingBack(
            id, "discard", page, summary: language.moderationLabels.droppedNotFetchedYet(id))
        {
            return failed
        }
        return HTTPResponse(
            status: 303, headers: [("Location", "/\(visitor.token)/note/\(id)?done=discard")], body: [])
    }

    /// Takes back decisions on note `id` (`withdraw`, one ledger operation): nil when it did, else the page
    /// that says why nothing was changed (`nothing`: there was nothing to take back).
    private func refusal(
        _ id: Int64, _ page: ModerationPage, nothing: String, _ withdraw: () throws -> Withdrawal
    ) throws -> HTTPResponse? {
        let l = language.moderationLabels
        let withdrawal: Withdrawal
        do {
            withdrawal = try withdraw()
        } catch SyncError.outcomeUnknown {
            // Sent with D1's answer unread: D1 may hold it, so the copy must not say it was taken back.
            return html(409, page.message(l.refused, language.outcomeUnknown(id), back: "/note/\(id)"))
        }
        switch withdrawal {
        case .nothing: return html(409, page.message(l.refused, nothing, back: "/note/\(id)"))
        case .notYours(let other):
            return html(403, page.message(l.refused, l.notYours(id, maker: other.moderator), back: "/note/\(id)"))
        case .withdrawn: return nil
        }
    }

    /// The 409 page when note `id` is no longer the note the page showed (digest `seen`); nil when it is.
    private func changedRefusal(_ id: Int64, seen: String, _ visitor: SiteGuard.Visitor) throws -> HTTPResponse? {
        let changed: (Note, ModerationPage.NoteContext)? = try withDatabase {
            let store = try store(writing: false)
            guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
            guard let current = try SeenNote.current(id, in: store.db), current.digest != seen else { return nil }
            return (note, try noteContext(store, id, visitor))
        }
        guard let (note, context) = changed else { return nil }
        let text = language.moderationLabels.notTheNote(id)
        return html(409, page(visitor).changed(text, shown: shownNotes.text(seen), note: note, context: context))
    }

    /// Withdraws the latest decision on note `id` while it is unsent (`tally notes undo`), then fetches
    /// D1's state (`PullCommand.pull`) so the copy shows the note as D1 has it, the other unsent decisions
    /// replayed on top; back to the note's page.
    func undo(_ id: Int64, _ form: [String: String], _ visitor: SiteGuard.Visitor) throws -> HTTPResponse {
        let page = page(visitor)
        guard let wrangler else { return .refusal(404, .noAction, in: language) }
        guard let seen = form["seen"], seen.count == SeenNote.digestLength else {
            return .refusal(400, .brokenForm, in: language)
        }
        guard syncLock.try() else { return .refusal(409, .busy, in: language) }
        defer { syncLock.unlock() }
        if let refusal = try changedRefusal(id, seen: seen, visitor) { return refusal }
        // The code of `tally notes undo`, as the visitor: her own decision only, unless she owns the page.
        let refused = try refusal(id, page, nothing: language.nothingToUndo(id)) {
            try withDatabase(writing: true) {
                try SyncLedger(DatabaseFile.openForWriting(database)).withdrawLatest(of: id, by: withdrawer(visitor))
            }
        }
        if let refused { return refused }
        if let failed = fetchAfterTakingBack(id, "undo", page, summary: language.undoneNotFetched(id)) { return failed }
        return HTTPResponse(status: 303, headers: [("Location", "/\(visitor.token)/note/\(id)?done=undo")], body: [])
    }

    /// After a decision on note `id` was taken back (undo, keep D1's): fetches D1's state (`PullCommand.pull`) when
    /// the server has `--wrangler`, so the copy shows the note as D1 has it; nil when it did (or cannot:
    /// the note page then says a fetch must come first), else the 502 page that says so (`summary`).
    /// The sync lock is held by the caller.
    private func fetchAfterTakingBack(
        _ id: Int64, _ action: String, _ page: ModerationPage, summary: String
    ) -> HTTPResponse? {
        guard let wrangler else { return nil }
        let (pulled, out, pullErr) = pullD1(wrangler)
        guard pulled == 0 || pulled == 3 else {
            // What was taken back stays so (it is in the ledger); only the copy's view of D1 is behind.
            let said = out + pullErr + "(exit status \(pulled))\n"
            let text = try? sync(page, output: said, summary: summary)
            return text.map { html(502, $0) } ?? failed(page, ["note", "\(id)", action], said)
        }
        return nil
    }

    /// Runs the command line's own `tally pull --wrangler DB`, then back to the note's page (or the sync page).
    func pull(_ page: ModerationPage, _ form: [String: String], _ visitor: SiteGuard.Visitor) -> HTTPResponse {
        guard let wrangler else { return .refusal(404, .noAction, in: language) }
        let note = form["note"].flatMap { Int64($0) }
        guard form["note"] == nil || note != nil else { return .refusal(400, .brokenForm, in: language) }
        guard syncLock.try() else { return .refusal(409, .busy, in: language) }
        defer { syncLock.unlock() }
        let (status, out, err) = pullD1(wrangler)
        // 3: the pull found a new conflict, which the page then shows.
        guard status == 0 || status == 3 else {
            let said = out + err + "(exit status \(status))\n"
            let text = try? sync(page, output: said, summary: language.moderationLabels.pullFailed)
            return text.map { html(502, $0) } ?? failed(page, ["sync", "pull"], said)
        }
        let back = note.map { "/note/\($0)?done=pull" } ?? "/sync?done=pull"
        return HTTPResponse(status: 303, headers: [("Location", "/\(visitor.token)\(back)")], body: [])
    }
}

/// Rejecting a spam author's pending notes in one step: the page's owner only, after a confirmation that shows
/// how many; one transaction through the one write path (`ModerationStore.rejectAuthor`).
extension ModerationSite {
    /// The confirmation: how many pending notes the author of note `id` has, and their numbers.
    func authorPage(_ id: Int64, _ visitor: SiteGuard.Visitor) throws -> HTTPResponse {
        let page = page(visitor)
        guard visitor.isOwner else {
            return html(403, page.message(language.moderationLabels.refused, language.ownerOnly, back: "/note/\(id)"))
        }
        let pending: [(Int64, Int64)] = try withDatabase {
            let store = try store(writing: false)
            guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
            return try note.session.map { try store.pendingNotes(of: $0) } ?? []
        }
        return html(
            200,
            page.rejectAuthor(
                id, count: pending.count, first: pending.first?.0 ?? id, last: pending.last?.0 ?? id))
    }

    /// Rejects them as spam, when they are still the notes the confirmation counted.
    func rejectAuthor(_ id: Int64, _ form: [String: String], _ visitor: SiteGuard.Visitor) throws -> HTTPResponse {
        let page = page(visitor)
        let labels = language.moderationLabels
        guard visitor.isOwner else {
            return html(403, page.message(labels.refused, language.ownerOnly, back: "/note/\(id)"))
        }
        guard let count = form["count"].flatMap({ Int($0) }), let through = form["through"].flatMap({ Int64($0) })
        else {
            return .refusal(400, .brokenForm, in: language)
        }
        let reason = try ModerationReason("spam")
        let outcome = try withDatabase(writing: true) {
            try store(writing: true).rejectAuthor(
                of: id, count: count, through: through, moderator: visitor.moderator, reason: reason,
                time: context.now())
        }
        switch outcome {
        case .rejected(let decisions):
            return html(200, page.message(labels.queue, language.rejectedAuthor(decisions.count), back: "/"))
        case .changed(let found):
            return html(409, page.message(labels.refused, language.authorChanged(found), back: "/note/\(id)/author"))
        }
    }
}

import TallyCore
import TallyHTTP
import TallyRender

/// Settling a sync conflict from the page, through the command line's own code: `tally notes
/// discard` keeps D1's decision, `tally pull` fetches D1's state; deciding again is the decision form.
extension ModerationSite {
    /// Keeps D1's decision on note `id` (drops this copy's), when the note is still the one the page showed.
    func discard(_ id: Int64, _ form: [String: String], _ visitor: SiteGuard.Visitor) throws -> HTTPResponse {
        let page = page(visitor)
        guard let seen = form["seen"], seen.count == SeenNote.digestLength else {
            return .refusal(400, .brokenForm, in: language)
        }
        if let refusal = try discardRefusal(id, seen: seen, page) { return refusal }
        let (status, _, err) = run(["notes", "discard", "\(id)", "--db", database] + config)
        guard status == 0 else { return failed(page, ["note", "\(id)", "discard"], err) }
        return HTTPResponse(
            status: 303, headers: [("Location", "/\(visitor.token)/note/\(id)?done=discard")], body: [])
    }

    /// Why note `id`'s conflict cannot be dropped from this form: the note is not the one shown, or
    /// it has no open conflict; nil when it can.
    private func discardRefusal(_ id: Int64, seen: String, _ page: ModerationPage) throws -> HTTPResponse? {
        if let changed = try changedRefusal(id, seen: seen, page) { return changed }
        let store = try store(writing: false)
        let ledger = SyncLedger(store.db)
        let open = try ledger.exists() && ledger.decisions().contains { $0.noteID == id && $0.state == .conflict }
        guard open else {
            return html(
                409,
                page.message(
                    language.moderationLabels.refused, language.moderationLabels.noConflict(id),
                    back: "/note/\(id)"))
        }
        return nil
    }

    /// The 409 page when note `id` is no longer the note the page showed (digest `seen`); nil when it is.
    private func changedRefusal(_ id: Int64, seen: String, _ page: ModerationPage) throws -> HTTPResponse? {
        let store = try store(writing: false)
        guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
        if let current = try SeenNote.current(id, in: store.db), current.digest != seen {
            let text = language.moderationLabels.notTheNote(id)
            return html(
                409, page.changed(text, shown: shownNotes.text(seen), note: note, context: try noteContext(store, id)))
        }
        return nil
    }

    /// Withdraws the latest decision on note `id` while it is unsent (`tally notes undo`), then fetches
    /// D1's state (`tally pull`) so the copy shows the note as D1 has it, the other unsent decisions
    /// replayed on top; back to the note's page.
    func undo(_ id: Int64, _ form: [String: String], _ visitor: SiteGuard.Visitor) throws -> HTTPResponse {
        let page = page(visitor)
        guard let wrangler else { return .refusal(404, .noAction, in: language) }
        guard let seen = form["seen"], seen.count == SeenNote.digestLength else {
            return .refusal(400, .brokenForm, in: language)
        }
        guard syncLock.try() else { return .refusal(409, .busy, in: language) }
        defer { syncLock.unlock() }
        if let refusal = try changedRefusal(id, seen: seen, page) { return refusal }
        let (status, _, err) = run(["notes", "undo", "\(id)", "--db", database] + config)
        guard status == 0 else {
            let text = language == .english ? err : language.nothingToUndo(id)
            return html(409, page.message(language.moderationLabels.refused, text, back: "/note/\(id)"))
        }
        let (pulled, out, pullErr) = run(["pull", "--db", database, "--wrangler", wrangler] + config)
        guard pulled == 0 || pulled == 3 else {
            let said = out + pullErr + "(exit status \(pulled))\n"
            let text = try? sync(page, output: said, summary: language.moderationLabels.pullFailed)
            return text.map { html(502, $0) } ?? failed(page, ["note", "\(id)", "undo"], said)
        }
        return HTTPResponse(status: 303, headers: [("Location", "/\(visitor.token)/note/\(id)?done=undo")], body: [])
    }

    /// Runs the command line's own `tally pull --wrangler DB`, then back to the note's page (or the sync page).
    func pull(_ page: ModerationPage, _ form: [String: String], _ visitor: SiteGuard.Visitor) -> HTTPResponse {
        guard let wrangler else { return .refusal(404, .noAction, in: language) }
        let note = form["note"].flatMap { Int64($0) }
        guard form["note"] == nil || note != nil else { return .refusal(400, .brokenForm, in: language) }
        guard syncLock.try() else { return .refusal(409, .busy, in: language) }
        defer { syncLock.unlock() }
        let (status, out, err) = run(["pull", "--db", database, "--wrangler", wrangler] + config)
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

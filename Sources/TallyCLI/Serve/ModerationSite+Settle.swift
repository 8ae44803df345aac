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
            return .text(400, "The form lacks the digest of the note shown.")
        }
        if let refusal = try discardRefusal(id, seen: seen, page) { return refusal }
        let (status, _, err) = run(["notes", "discard", "\(id)", "--db", database] + config)
        guard status == 0 else { return html(500, page.message(language.moderationLabels.refused, err)) }
        return HTTPResponse(
            status: 303, headers: [("Location", "/\(visitor.token)/note/\(id)?done=discard")], body: [])
    }

    /// Why note `id`'s conflict cannot be dropped from this form: the note is not the one shown, or
    /// it has no open conflict; nil when it can.
    private func discardRefusal(_ id: Int64, seen: String, _ page: ModerationPage) throws -> HTTPResponse? {
        let store = try store(writing: false)
        guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
        if let current = try SeenNote.current(id, in: store.db), current.digest != seen {
            let text = ModerationError.noteChangedText(
                id, seen: shownNotes.text(seen), found: note.content, place: "this copy")
            return html(
                409, page.changed(text, shown: shownNotes.text(seen), note: note, context: try noteContext(store, id)))
        }
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

    /// Runs the command line's own `tally pull --wrangler DB`, then back to the note's page (or the sync page).
    func pull(_ page: ModerationPage, _ form: [String: String], _ visitor: SiteGuard.Visitor) -> HTTPResponse {
        guard let wrangler else { return .text(404, "No such action.") }
        let note = form["note"].flatMap { Int64($0) }
        guard form["note"] == nil || note != nil else { return .text(400, "The form's note is not a note id.") }
        guard syncLock.try() else { return .text(409, "A push or pull is already running; wait for it and reload.") }
        defer { syncLock.unlock() }
        let (status, out, err) = run(["pull", "--db", database, "--wrangler", wrangler] + config)
        // 3: the pull found a new conflict, which the page then shows.
        guard status == 0 || status == 3 else {
            let said = out + err + "(exit status \(status))\n"
            let text = try? sync(page, output: said, summary: language.moderationLabels.pullFailed)
            return text.map { html(502, $0) } ?? .text(500, said)
        }
        let back = note.map { "/note/\($0)?done=pull" } ?? "/sync?done=pull"
        return HTTPResponse(status: 303, headers: [("Location", "/\(visitor.token)\(back)")], body: [])
    }
}

import TallyCore

extension ModerationPage {
    /// What the note page shows besides the note: the author's notes, its history, open sync
    /// conflicts, a previewed option, a message about the last action.
    package struct NoteContext: Sendable {
        /// The author's other notes (the latest few, and how many in all); nil for a note without a session.
        package var others: OtherNotes?
        /// Its decisions, oldest first.
        package var history: [ModerationLogEntry] = []
        /// Its open sync conflicts.
        package var syncConflicts: [SyncDecision] = []
        /// The option being previewed (label text and section), when asked for.
        package var preview: (label: String, section: OptionDraft.Section)?
        /// A message shown on top (what was just done).
        package var done: String?
        /// The digest of the note as shown (`SeenNote.digest`), which every decision form carries back.
        package var seen = ""
        /// True when this copy still shows the moderator's own decision in conflict (no pull since the
        /// push found it): deciding again must wait for D1's state.
        package var conflictShown = false
        /// True when the server can fetch D1's state (`--wrangler`).
        package var canPull = false
        /// True when the copy still shows a decision of its own that was taken back (undo, keep D1's) and no
        /// fetch of D1's state has come since: deciding waits for that fetch (`SyncLedger.droppedStillShown`).
        package var droppedShown = false
        /// The latest decision on the note when it is unsent, the server can undo it (`tally notes undo`) and
        /// the reader may take it back (her own, or anyone's for the page's owner).
        package var undoable: SyncDecision?
        /// Who made a decision that keeping D1's decision would drop, when it is not the reader's to take back
        /// (the button is then not offered); nil when she may.
        package var keepD1By: String?
        /// Where this copy's latest decision on the note stands, from the ledger; nil when the note's state came
        /// from D1 (no decision of this copy's stands on it).
        package var standing: DecisionStanding?
        /// The reader's name: whose decisions are "yours".
        package var reader = ""
        /// This copy's decisions on the note that were withdrawn or dropped, never sent (the ledger keeps them).
        package var withdrawn: [SyncDecision] = []
        /// This copy's latest decision on the note that D1 holds, when a pull found the note's text changed on D1
        /// after it (`SyncLedger.changedAfterDecision`): the text decided on is shown beside D1's.
        package var changedAfter: SyncDecision?
        /// This copy's decisions on the note that D1 did not take, still open or settled by deciding again (the
        /// ledger keeps them; a pull takes them out of the log, and the history still shows them).
        package var notTaken: [SyncDecision] = []
        /// The option a promoted note became (its text and section as stored).
        package var option: (label: String, section: String)?
        /// What the moderator typed into a form that was refused (reason, chosen preset), offered again.
        package var typedReason = ""
        package var typedPreset: String?

        /// A context; see the properties.
        package init(others: OtherNotes?) { self.others = others }
    }

    /// One note: its text, state and version, the forms the state allows (each carrying the
    /// version, state and digest shown, so a decision made elsewhere meanwhile, or a note that is
    /// no longer the one shown, is a conflict), the
    /// author's other notes, the history and any sync conflict side by side.
    package func note(_ note: Note, _ context: NoteContext) -> String {
        var body = "<p>\(e(l.localOnly))</p>\n"
        if let done = context.done { body += "<p class=\"message done\" role=\"status\">\(e(done))</p>\n" }
        body +=
            "<p>\(e(l.state))\(e(language.colon))<strong>\(e(fate(note)))</strong> · "
            + "\(e(l.created)) \(e(time(note.created, stored: note.createdAt)))</p>\n"
        body += "<div class=\"note\">\(e(note.content))</div>\n"
        body += changedAfter(context.changedAfter)
        body += made(note, context)
        body += syncConflicts(context.syncConflicts)
        body += settle(note, context)
        if context.droppedShown {
            // The note as shown is not D1's: a decision now would build on one D1 will never hold.
            body += "<p id=\"fetch-first\">\(e(context.canPull ? l.fetchBeforeDeciding : l.ownerFetchesFirst))</p>\n"
            if context.canPull { body += pullForm(note: note.id) }
        } else if !context.conflictShown {
            body += actions(note, context)
        }
        if note.session != nil, let others = context.others, others.total > 0 {
            body += "<h2>\(e(l.otherNotes))</h2>\n" + otherNotes(others)
        }
        body += "<h2>\(e(l.history))</h2>\n" + history(context.history, setAside: context.withdrawn + context.notTaken)
        return layout(language.noteName(note.id), body)
    }

    /// Under the note: the option a promotion made, as the vote page shows it; then the undo of the
    /// latest decision while it is unsent, or for a promotion already sent, how to retire its option.
    func made(_ note: Note, _ context: NoteContext) -> String {
        var html = ""
        if let option = context.option {
            let section = OptionDraft.Section(rawValue: option.section).map(l.sectionName) ?? option.section
            html += optionPreview(option.label, sectionName: section, title: language.optionMade, id: "option-made")
        }
        if let undoable = context.undoable {
            html += "<section class=\"undo\"><h2>\(e(language.undoHeading))</h2>\n"
            html += form(
                "/note/\(note.id)/undo", [("seen", context.seen)],
                "<p>\(e(language.undoExplained(l.action(undoable.action), maker: undoable.moderator == context.reader ? nil : undoable.moderator)))</p>"
                    + "<button type=\"submit\">\(e(language.undoButton))</button>")
            html += "</section>\n"
        } else if note.state == .promoted, let option = note.promotedOptionID,
            let said = language.promotionStanding(option, context.standing)
        {
            html += "<p id=\"retire\">\(e(said))</p>\n"
        }
        return html
    }

    /// An option as the vote page lists it: its section, an unticked box and its label.
    func optionPreview(_ label: String, sectionName: String, title: String, id: String) -> String {
        "<div class=\"preview\" aria-label=\"\(e(title))\"><p><small>\(e(title)) · "
            + "\(e(sectionName))</small></p><p><label><input type=\"checkbox\" disabled> "
            + "<span id=\"\(id)\">\(e(label))</span></label></p></div>\n"
    }

    /// The note's decisions, oldest first: the log's, and this copy's decisions not in force (`setAside`:
    /// withdrawn, dropped, or not taken by D1), each struck through with where the ledger says it stands.
    func history(_ entries: [ModerationLogEntry], setAside: [SyncDecision] = []) -> String {
        // A decision set aside that the log still holds (this copy has not fetched D1's note since) is shown once,
        // struck through where the log has it; one the log no longer holds (a pull replaced the log with D1's)
        // takes its place in time from the ledger.
        let gone = setAside.filter { decision in !entries.contains { decision.isSame(as: $0) } }
        guard !entries.isEmpty || !gone.isEmpty else { return "<p>\(e(l.noHistory))</p>\n" }
        // A list, not a table: one decision a line reads at 390 px (a table's columns squeezed its headings
        // to one character a line). Withdrawn decisions take their place in time (stored UTC text sorts).
        var items: [(at: String, html: String)] = []
        for entry in entries {
            var what = "\(l.action(entry.action))\(language.colon)\(l.state(entry.from)) → \(l.state(entry.to))"
            if let option = numbered(entry.optionID) { what += l.asOption(option) }
            let reason = entry.reason.map { " · \(l.reason)\(language.colon)\(e(l.reasonShown($0)))" } ?? ""
            if let taken = setAside.first(where: { $0.isSame(as: entry) }) {
                items.append((entry.createdAt, withdrawnItem(entry.timeText(in: zone), what, taken)))
                continue
            }
            items.append(
                (
                    entry.createdAt,
                    "<li><small>\(e(entry.timeText(in: zone)))</small> \(e(what)) · "
                        + "\(e(l.moderatingAs)) \(e(entry.moderator))\(reason)</li>\n"
                ))
        }
        for decision in gone {
            let what =
                "\(l.action(decision.action))\(language.colon)\(l.state(decision.from)) → \(l.state(decision.to))"
            items.append(
                (decision.createdAt, withdrawnItem(MessageText.time(decision.createdAt, in: zone), what, decision)))
        }
        let sorted = items.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
        return "<ol class=\"history\">\n\(sorted.map(\.element.html).joined())</ol>\n"
    }

    /// A decision not in force in the history: struck through, who made it, and where the ledger says it stands
    /// (`ReportLanguage.notInForce`).
    func withdrawnItem(_ at: String, _ what: String, _ decision: SyncDecision) -> String {
        "<li class=\"withdrawn\"><small>\(e(at))</small> <s>\(e(what))</s> · "
            + "\(e(l.moderatingAs)) \(e(decision.moderator)) · \(e(language.notInForce(decision)))</li>\n"
    }

    func actions(_ note: Note, _ context: NoteContext) -> String {
        let seen = [("version", "\(note.version)"), ("state", note.stateName), ("seen", context.seen)]
        let decide = "/note/\(note.id)/decide"
        var html = ""
        switch note.state {
        case .pending:
            html += form(decide, seen + [("action", "approve")], "<button type=\"submit\">\(e(l.approve))</button>")
            var choices = ""
            for (index, preset) in l.presets.enumerated() {
                choices +=
                    "<label><input type=\"radio\" name=\"preset\" value=\"\(e(preset.value))\""
                    + "\(index == 0 ? " required" : "")\(checked(preset.value, context))> \(e(preset.text))</label>\n"
            }
            choices +=
                "<label><input type=\"radio\" name=\"preset\" value=\"other\"\(checked("other", context))> "
                + "\(e(l.otherReason))</label>\n"
            choices +=
                "<input type=\"text\" name=\"reason\" aria-label=\"\(e(l.otherReason))\" maxlength=\"2000\" "
                + "value=\"\(e(context.typedReason))\">\n"
            html += form(
                decide, seen + [("action", "reject")],
                "<fieldset><legend>\(e(l.reject)) — \(e(l.presetReason))</legend>\n\(choices)"
                    + "<button type=\"submit\">\(e(l.reject))</button></fieldset>")
        case .approved:
            html += promotion(note, context, seen: seen)
            html += reopen(note, context, seen: seen)
        case .rejected:
            html += reopen(note, context, seen: seen)
        case .promoted, nil:
            break
        }
        return html
    }

    /// ` checked` for the preset the moderator chose in a refused form.
    func checked(_ preset: String, _ context: NoteContext) -> String { context.typedPreset == preset ? " checked" : "" }

    func reopen(_ note: Note, _ context: NoteContext, seen: [(String, String)]) -> String {
        form(
            "/note/\(note.id)/decide", seen + [("action", "reopen")],
            "<fieldset><legend>\(e(l.reopen))</legend><label>\(e(l.reopenReason)) "
                + "<input type=\"text\" name=\"reason\" required maxlength=\"2000\" value=\"\(e(context.typedReason))\">"
                + "</label>"
                + "<button type=\"submit\">\(e(l.reopen))</button></fieldset>")
    }

    /// One form: the label and section boxes are the ones the promotion submits, so the option
    /// made is exactly what the box shows; its Preview button posts them to the note's preview (no script,
    /// nothing decided; a post, so the form's CSRF token never lands in a URL or the history) to show the
    /// option as the vote page will, and Enter in the box previews rather than publishes.
    func promotion(_ note: Note, _ context: NoteContext, seen: [(String, String)]) -> String {
        let label = context.preview?.label ?? note.content
        let section = context.preview?.section ?? .community
        let options = OptionDraft.Section.allCases.map {
            "<option value=\"\($0.rawValue)\"\($0 == section ? " selected" : "")>\(e(l.sectionName($0)))</option>"
        }.joined()
        var html = "<fieldset><legend>\(e(l.promote))</legend>\n"
        html += form(
            "/note/\(note.id)/decide", seen + [("action", "promote")],
            "<label>\(e(l.label)) <input type=\"text\" name=\"label\" value=\"\(e(label))\" maxlength=\"200\" "
                + "required></label><label>\(e(l.section)) <select name=\"section\">\(options)</select></label> "
                + "<button type=\"submit\" formaction=\"\(base)/note/\(note.id)/preview\">"
                + "\(e(l.preview))</button> <button type=\"submit\">\(e(l.promote))</button>")
        html += optionPreview(label, sectionName: l.sectionName(section), title: l.previewTitle, id: "preview-label")
        return html + "</fieldset>\n"
    }

    func syncConflicts(_ conflicts: [SyncDecision]) -> String {
        guard !conflicts.isEmpty else { return "" }
        var html = "<h2>\(e(l.syncConflict))</h2>\n"
        for conflict in conflicts {
            let remote =
                conflict.remote.map {
                    "\(l.action($0.action)) → \(l.state($0.to)) · \($0.moderator) · \(stored($0.createdAt))"
                } ?? ""
            // Why, in the page's words by its kind; the sync's own English words stay folded for the page's owner.
            let detail = conflict.detail.map {
                "<p>\(e(l.whyNotTaken))\(e(language.colon))\(e(l.notTaken(conflict.conflictReason)))</p>"
                    + "<details class=\"owner\"><summary>\(e(language.programOutput))</summary>"
                    + "<pre lang=\"en\">\(e($0))</pre></details>"
            }
            html +=
                "<div class=\"sides\"><div><h3>\(e(l.local))</h3><p>\(e(l.action(conflict.action))) → "
                + "\(e(l.state(conflict.to))) · \(e(conflict.moderator)) · \(e(stored(conflict.createdAt)))</p>"
                + (conflict.reason.map { "<p>\(e($0))</p>" } ?? "") + "</div>"
                + "<div><h3>\(e(l.remote))</h3>\(remote.isEmpty ? "" : "<p>\(e(remote))</p>")\(detail ?? "")</div></div>\n"
        }
        return html
    }

    /// A stored UTC time in the page's zone.
    func stored(_ text: String) -> String { time(StoredTimestamp.parse(text), stored: text) }

    /// The page for a decision that lost: what the moderator asked, what was decided meanwhile,
    /// and the note as it is now, side by side.
    package func conflict(_ conflict: ModerationConflict, note: Note, context: NoteContext) -> String {
        let asked = l.action(conflict.action.rawValue)
        let since = conflict.decisions.map { "<li>\(e(line($0)))</li>" }.joined()
        let text =
            conflict.decisions.isEmpty
            ? l.changedOutside(conflict.noteID, asked) : l.changedMeanwhile(conflict.noteID, asked, fate(note))
        var body = "<p class=\"message\" role=\"alert\">\(e(text))</p>\n"
        body +=
            "<div class=\"sides\"><div><h2>\(e(l.yourDecision))</h2><p>\(e(asked))</p>\(typed(context))</div>"
            + "<div><h2>\(e(l.meanwhile))</h2><ul>\(since)</ul><p>\(e(l.noteNow))\(e(language.colon))\(e(fate(note)))</p></div></div>\n"
        var now = context
        now.done = nil
        return layout(l.conflictTitle, body + "<hr>\n" + self.note(note, now).bodyOnly)
    }
}

extension ModerationPage {
    /// What the moderator typed into the refused form (label, reason), as text.
    func typed(_ context: NoteContext) -> String {
        let label = context.preview.map { "<p>\(e(l.label)): <span class=\"typed\">\(e($0.label))</span></p>" } ?? ""
        let reason =
            context.typedReason.isEmpty
            ? "" : "<p>\(e(l.reason)): <span class=\"typed\">\(e(context.typedReason))</span></p>"
        return label + reason
    }

    /// A logged decision in the page's words: what, who, when.
    package func line(_ entry: ModerationLogEntry) -> String {
        l.decisionLine(l.action(entry.action), entry.moderator, entry.timeText(in: zone))
    }

    /// The note's page under a refusal's message (a conflict with D1 this copy has not settled).
    package func refused(_ message: String, note: Note, context: NoteContext) -> String {
        layout(
            l.conflictTitle,
            "<p class=\"message\" role=\"alert\">\(e(message))</p>\n<hr>\n" + self.note(note, context).bodyOnly)
    }

    /// The page for a decision refused because the note is no longer the one the page showed
    /// (another text, author or creation time under the same id): the text shown, when the
    /// server still knows it, beside the note as it now is, and the note's page to decide again.
    package func changed(_ message: String, shown: String?, note: Note, context: NoteContext) -> String {
        var body = "<p class=\"message\" role=\"alert\">\(e(message))</p>\n"
        body +=
            "<div class=\"sides\"><div><h2>\(e(l.shownText))</h2><div class=\"note\">\(e(shown ?? "?"))</div></div>"
            + "<div><h2>\(e(l.noteNow))</h2><div class=\"note\">\(e(note.content))</div></div></div>\n"
        return layout(l.conflictTitle, body + "<hr>\n" + self.note(note, context).bodyOnly)
    }
}

extension String {
    /// The `<main>` content of a page made by `ModerationPage.layout`, without its heading.
    var bodyOnly: String {
        guard let start = range(of: "</h1>\n"), let end = range(of: "</main>") else { return self }
        return String(self[start.upperBound..<end.lowerBound])
    }
}

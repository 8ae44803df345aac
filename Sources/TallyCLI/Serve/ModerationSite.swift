import Foundation
import TallyCore
import TallyHTTP
import TallyRender
import TallySQLite

/// What `tally serve` answers. libmicrohttpd calls `respond` on several threads at once.
///
/// Each request opens its own SQLite connection (read-only for pages, writable for decisions)
/// and closes it when done: a connection held across requests would keep reading the old file
/// after `tally pull` renamed a new one into place. The page's own requests meet on `databaseLock`
/// (`PageDatabaseLock`): reads share it, a write holds it alone, since the copy is in SQLite's
/// rollback-journal mode, where a reader and a writer of the same file make each other sleep in the
/// busy handler (20 clients ran at p50 400 ms that way, against milliseconds serialized). Only values
/// are read under it; pages are rendered after, with it free. Other processes (`tally notes`, a
/// pull) still meet the server on SQLite's own locks and busy timeout, and a decision still
/// goes through `ModerationStore.decide`'s `BEGIN IMMEDIATE` compare-and-set. Pushes and the
/// report run the command line's own code (typed operations for push and pull) outside the lock, one push at a time (`syncLock`).
final class ModerationSite: Sendable {
    let guardian: SiteGuard
    let database: String
    let zone: Zone
    let language: ReportLanguage
    /// The D1 database name for `push --wrangler`; nil offers the SQL file instead.
    let wrangler: String?
    /// `--config`, `--tz` and `--lang` as given to serve, passed on to the report it runs.
    let reportSettings: [String]
    let context: Context
    let shownNotes = ShownNotes()
    /// One push or pull at a time.
    let syncLock = NSLock()
    private let databaseLock = PageDatabaseLock()

    init(
        guardian: SiteGuard, database: String, zone: Zone, language: ReportLanguage,
        wrangler: String?, reportSettings: [String], context: Context
    ) {
        self.guardian = guardian
        self.database = database
        self.zone = zone
        self.language = language
        self.wrangler = wrangler
        self.reportSettings = reportSettings
        self.context = context
    }

    func page(_ visitor: SiteGuard.Visitor) -> ModerationPage {
        var page = ModerationPage(
            base: "/" + visitor.token, csrf: guardian.csrf, language: language, zone: zone,
            moderator: visitor.moderator.name)
        page.ownsPage = visitor.isOwner
        return page
    }

    /// The answer to an admitted request.
    func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard let visitor = guardian.visitor(request.head.path) else {
            return .refusal(403, .link, in: language)
        }
        let parts = visitor.route.split(separator: "/").map(String.init)
        return answer(request, parts, visitor)
    }

    /// How long a request waits for the page's database lock before it is answered "busy".
    static let databaseWait: TimeInterval = 30

    /// Runs `work` (what a request reads from the copy, or with `writing` writes to it) under the page's database
    /// lock, waited on for at most `databaseWait`. Only values leave it: pages are rendered after, with the lock
    /// free, so one long page never holds up another request.
    func withDatabase<T>(writing: Bool = false, _ work: () throws -> T) throws -> T {
        guard databaseLock.lock(writing: writing, before: Date(timeIntervalSinceNow: Self.databaseWait)) else {
            throw ModerationError.databaseBusy("the page's other requests held it for \(Int(Self.databaseWait)) s")
        }
        defer { databaseLock.unlock(writing: writing) }
        return try work()
    }

    private func answer(_ request: HTTPRequest, _ parts: [String], _ visitor: SiteGuard.Visitor) -> HTTPResponse {
        let page = page(visitor)
        do {
            if request.head.method == "POST" {
                guard guardian.formIsOurs(request.form) else {
                    return .refusal(403, .staleForm, in: language)
                }
                switch parts.count {
                case 3 where parts[0] == "note" && parts[2] == "decide":
                    guard let id = Int64(parts[1]) else { break }
                    return try decide(id, request.form, visitor)
                case 3 where parts[0] == "note" && parts[2] == "preview":
                    // The promote form's Preview: the note's page with the typed label shown, nothing decided.
                    guard let id = Int64(parts[1]) else { break }
                    return try notePage(id, request.form.filter { $0.key == "label" || $0.key == "section" }, visitor)
                case 3 where parts[0] == "note" && parts[2] == "discard":
                    guard let id = Int64(parts[1]) else { break }
                    return try discard(id, request.form, visitor)
                case 3 where parts[0] == "note" && parts[2] == "reject-author":
                    guard let id = Int64(parts[1]) else { break }
                    return try rejectAuthor(id, request.form, visitor)
                case 3 where parts[0] == "note" && parts[2] == "undo" && wrangler != nil:
                    guard let id = Int64(parts[1]) else { break }
                    return try undo(id, request.form, visitor)
                case 2 where parts == ["sync", "push"]:
                    return push(page, visitor)
                case 2 where parts == ["sync", "pull"] && wrangler != nil:
                    return pull(page, request.form, visitor)
                default: break
                }
                return .refusal(404, .noAction, in: language)
            }
            switch parts.count {
            case 0: return try queue(page, request.head.query)
            case 1 where parts[0] == "sync":
                let summary = request.head.query["done"] == "pull" ? language.moderationLabels.pulled : nil
                return html(200, try sync(page, output: nil, summary: summary))
            case 1 where parts[0] == "report": return report(page)
            case 2 where parts[0] == "note":
                guard let id = Int64(parts[1]) else { break }
                return try notePage(id, request.head.query, visitor)
            case 3 where parts[0] == "note" && parts[2] == "author":
                guard let id = Int64(parts[1]) else { break }
                return try authorPage(id, visitor)
            default: break
            }
            return html(404, page.message(language.moderationLabels.notFound, language.plainRefusal(.noPage)))
        } catch let error as ModerationError {
            return html(422, page.message(language.moderationLabels.refused, language.refusal(error, zone: zone)))
        } catch let error as SyncError where error.isConflict {
            var text = error.description
            switch error {
            case .conflictNotPulled(let mine): text = language.moderationLabels.conflictNotSettled(mine.noteID)
            case .droppedNotPulled(let mine): text = language.moderationLabels.droppedNotFetched(mine.noteID)
            default: break
            }
            return html(409, page.message(language.moderationLabels.refused, text, back: back(parts)))
        } catch {
            return failed(page, parts, "\(error)")
        }
    }

    /// An error of the server's own (HTTP 500): a page in the page's language that says what to do. What went
    /// wrong, which may name files or SQL, goes to serve's stderr with the page asked for, never the link's token.
    func failed(_ page: ModerationPage, _ parts: [String], _ what: String) -> HTTPResponse {
        context.stderr.line(
            "tally serve: /\(parts.joined(separator: "/")) failed (HTTP 500): \(what.trimmingCharacters(in: .whitespacesAndNewlines))"
        )
        let labels = language.moderationLabels
        return html(500, page.message(labels.serverFailed, labels.serverFailedExplained))
    }

    /// The page a refused form came from (`/note/N` for `/note/N/decide`).
    func back(_ parts: [String]) -> String? { parts.count >= 2 ? "/" + parts.prefix(2).joined(separator: "/") : nil }

    func html(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/html; charset=utf-8")] + headers, body: Array(text.utf8))
    }

    func store(writing: Bool) throws -> ModerationStore {
        try ModerationStore(
            writing ? DatabaseFile.openForWriting(database) : DatabaseFile.openForReading(database))
    }

    /// One page of the queue (`?page=N&order=oldest|newest`, by default the first, oldest first): read under the
    /// lock, a page's notes only, then rendered.
    func queue(_ page: ModerationPage, _ query: [String: String]) throws -> HTTPResponse {
        var page = page
        let number = query["page"].map { Int($0) ?? 0 } ?? 1
        guard number >= 1, let order = QueueOrder(rawValue: query["order"] ?? QueueOrder.oldest.rawValue) else {
            return .refusal(400, .queuePage, in: language)
        }
        let (pending, conflicts): (PendingPage, [SyncDecision]) = try withDatabase {
            let store = try store(writing: false)
            page.optionsNotOnD1 = try SyncLedger(store.db).optionsNotOnD1()
            return (try store.pendingPage(number, order: order), try self.conflicts())
        }
        for note in pending.notes { if let seen = note.seen { shownNotes.remember(seen) } }
        return html(200, page.queue(pending, conflicts: conflicts))
    }

    /// Who takes back a decision through this visitor's link: the owner anyone's, an invited moderator her own.
    func withdrawer(_ visitor: SiteGuard.Visitor) -> Withdrawer {
        Withdrawer(name: visitor.moderator.name, mayActOnOthers: visitor.isOwner, at: context.now().d1Text)
    }

    func noteContext(_ store: ModerationStore, _ id: Int64, _ visitor: SiteGuard.Visitor) throws
        -> ModerationPage.NoteContext
    {
        let session = try store.note(id)?.session
        var context = ModerationPage.NoteContext(
            others: try session.map { try store.otherNotes(of: $0, excluding: id) })
        context.reader = visitor.moderator.name
        context.canPull = wrangler != nil
        context.history = try store.history(of: id)
        if let seen = try SeenNote.current(id, in: store.db) {
            shownNotes.remember(seen)
            context.seen = seen.digest
        }
        let note = try store.note(id)
        if let note { context.option = try store.promotedOption(of: note) }
        let ledger = SyncLedger(store.db)
        if try ledger.exists() {
            let mine = try ledger.decisions(where: "note_id = \(id)")
            let withdrawer = withdrawer(visitor)
            context.syncConflicts = mine.filter { $0.state == .conflict }
            context.withdrawn = mine.filter { $0.state == .dropped }
            context.changedAfter = SyncLedger.changedAfterDecision(in: mine).first
            context.notTaken = mine.filter { $0.state == .conflict || $0.state == .settled }
            context.standing = mine.last { $0.state != .dropped }?.standing
            // Keeping D1's decision drops these: offered only when every one is the visitor's to take back.
            context.keepD1By = try ledger.keepingD1Drops(of: id).first { !withdrawer.mayWithdraw($0) }?.moderator
            if let note {
                context.conflictShown = try ledger.conflictStillShown(on: note) != nil
                context.droppedShown = try ledger.droppedStillShown(on: note) != nil
            }
            // Undo needs a pull to show the note as D1 has it again, so only a server with wrangler offers it;
            // and only on a decision the visitor may take back.
            if wrangler != nil, let latest = mine.last(where: { $0.state != .dropped }), latest.state == .unpushed,
                withdrawer.mayWithdraw(latest)
            {
                context.undoable = latest
            }
        }
        return context
    }

    func notePage(_ id: Int64, _ query: [String: String], _ visitor: SiteGuard.Visitor) throws -> HTTPResponse {
        var page = page(visitor)
        var (note, context): (Note, ModerationPage.NoteContext) = try withDatabase {
            let store = try store(writing: false)
            guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
            page.optionsNotOnD1 = try SyncLedger(store.db).optionsNotOnD1()
            return (note, try noteContext(store, id, visitor))
        }
        if let label = query["label"] {
            guard let section = OptionDraft.Section(rawValue: query["section"] ?? "community") else {
                return .text(
                    400, language.formRefusal(.section, detail: Self.unknownSection(query["section"] ?? "") + "."))
            }
            context.preview = (label, section)
        }
        if let done = query["done"].flatMap(ModerationAction.init(rawValue:)) {
            context.done = language.moderationLabels.decided(id, done)
        } else if query["done"] == "undo" || query["done"] == "discard" {
            // Whose decision it was, from the ledger: the owner may have taken back another moderator's.
            let maker = context.withdrawn.last.map(\.moderator)
            let whose = maker == visitor.moderator.name ? nil : maker
            context.done =
                query["done"] == "undo"
                ? language.undone(id, whose: whose) : language.moderationLabels.dropped(id, whose: whose)
        } else if query["done"] == "pull" {
            context.done = language.moderationLabels.pulled
        }
        return html(200, page.note(note, context))
    }

    /// What a decision came to, read under the database lock; the page is rendered from it after.
    enum Decided {
        case done
        case refusedForm(String)
        case forged
        /// Already decided the same way, nothing given lost (a success).
        case sameWay(Note, ModerationPage.NoteContext, text: String)
        case conflict(ModerationConflict, ModerationPage.NoteContext)
        case changed(Note, ModerationPage.NoteContext)
        case notPulled(Note, ModerationPage.NoteContext)
        /// The copy still shows a decision that was taken back (undo, keep D1's) and no fetch has come since.
        case droppedNotPulled(Note, ModerationPage.NoteContext)
    }

    /// One decision through the one write path, against the version, state and note the page showed.
    func decide(_ id: Int64, _ form: [String: String], _ visitor: SiteGuard.Visitor) throws -> HTTPResponse {
        let page = page(visitor)
        guard let action = form["action"].flatMap(ModerationAction.init(rawValue:)),
            let version = form["version"].flatMap({ Int64($0) }),
            let state = form["state"].flatMap(NoteState.init(rawValue:)), let seen = form["seen"],
            seen.count == SeenNote.digestLength
        else {
            return .refusal(400, .brokenForm, in: language)
        }
        let labels = language.moderationLabels
        let decided: Decided = try withDatabase(writing: true) {
            try self.decided(id, action, version, state, seen, form, visitor)
        }
        switch decided {
        case .done:
            return HTTPResponse(
                status: 303, headers: [("Location", "/\(visitor.token)/note/\(id)?done=\(action.rawValue)")], body: [])
        case .refusedForm(let text):
            return html(422, page.message(labels.refused, text, back: "/note/\(id)"))
        case .forged: return .refusal(400, .forgedForm, in: language)
        case .sameWay(let note, var context, let text):
            context.done = text
            return html(200, page.note(note, context))
        case .conflict(let conflict, let context):
            return html(409, page.conflict(conflict, note: conflict.found, context: context))
        case .changed(let now, let context):
            return html(
                409, page.changed(labels.notTheNote(id), shown: shownNotes.text(seen), note: now, context: context))
        case .notPulled(let shown, let context):
            return html(409, page.refused(labels.conflictNotSettled(id), note: shown, context: context))
        case .droppedNotPulled(let shown, let context):
            return html(409, page.refused(labels.droppedNotFetched(id), note: shown, context: context))
        }
    }

    /// The decision's work on the copy (see `decide`), with the lock held.
    private func decided(
        _ id: Int64, _ action: ModerationAction, _ version: Int64, _ state: NoteState, _ seen: String,
        _ form: [String: String], _ visitor: SiteGuard.Visitor
    ) throws -> Decided {
        let store = try store(writing: true)
        guard let shown = try store.note(id) else { throw ModerationError.noteNotFound(id) }
        let labels = language.moderationLabels
        /// The note's page as it now is, with what the moderator typed offered again.
        func retry(_ note: Note) throws -> ModerationPage.NoteContext {
            var retry = try noteContext(store, id, visitor)
            retry.typedReason = form["reason"] ?? ""
            retry.typedPreset = form["preset"]
            if action == .promote, let label = form["label"],
                let section = OptionDraft.Section(rawValue: form["section"] ?? "community")
            {
                retry.preview = (label, section)
            }
            return retry
        }
        let reason: ModerationReason?
        var option = OptionDraft.verbatim
        do {
            reason = try Self.reason(action, form)
            if action == .promote { option = try Self.draft(form, note: shown) }
        } catch let refusal as FormRefusal {
            return .refusedForm(language.formRefusal(refusal.field, detail: refusal.detail))
        }
        let request = DecisionRequest(
            noteID: id, action: action, moderator: visitor.moderator, reason: reason, actedOnVersion: version,
            actedOnState: state, time: context.now(), option: option, seenDigest: seen)
        do {
            _ = try store.decide(request)
        } catch ModerationError.conflict(let conflict) {
            // A version and state this note never had together come from a forged or broken form, not from D1
            // (when a version came from outside tally, the log cannot tell the two apart).
            if try !store.wasAt(id, version: version, state: state),
                try conflict.decisions.isEmpty || store.isWhollyLogged(id)
            {
                return .forged
            }
            if conflict.madeAsAsked(reason: reason), let done = conflict.decisions.first {
                // The note ends as the moderator wanted and nothing she typed is lost: a success, not a refusal
                // (the command line answers it so too). A different reason is a conflict: offered back.
                let text = labels.alreadySame(id, labels.state(conflict.found.stateName), page(visitor).line(done))
                return .sameWay(conflict.found, try noteContext(store, id, visitor), text: text)
            }
            return .conflict(conflict, try retry(conflict.found))
        } catch ModerationError.noteChanged(let id, _, _) {
            guard let now = try store.note(id) else { throw ModerationError.noteNotFound(id) }
            return .changed(now, try retry(now))
        } catch SyncError.conflictNotPulled {
            return .notPulled(shown, try retry(shown))
        } catch SyncError.droppedNotPulled {
            return .droppedNotPulled(shown, try retry(shown))
        }
        return .done
    }

    /// The reason a form gives: for a reject, a preset (its English value, as the log is read by
    /// tools) with any free text after it, or the free text alone; for a reopen, the free text.
    static func reason(_ action: ModerationAction, _ form: [String: String]) throws -> ModerationReason? {
        let free = (form["reason"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        switch action {
        case .reject:
            let preset = form["preset"] ?? "other"
            let presets = ReportLanguage.english.moderationLabels.presetValues
            if preset != "other", !presets.contains(preset) {
                throw FormRefusal(field: .preset, detail: "unknown preset reason")
            }
            let text = preset == "other" ? free : (free.isEmpty ? preset : "\(preset): \(free)")
            do { return try ModerationReason(text) } catch {
                throw FormRefusal(field: .reason, detail: "the reason \(error); say why")
            }
        case .reopen:
            do { return try ModerationReason(free) } catch {
                throw FormRefusal(field: .reason, detail: "the reason \(error); say why")
            }
        case .approve, .promote:
            return free.isEmpty ? nil : try? ModerationReason(free)
        }
    }

    /// The option a promotion form asks for: the note's text verbatim when the label was left as
    /// it is, else the edited label.
    static func draft(_ form: [String: String], note: Note) throws -> OptionDraft {
        // The page's promote form always sends its section; a form without one is not the page's.
        guard let section = OptionDraft.Section(rawValue: form["section"] ?? "") else {
            throw FormRefusal(field: .section, detail: Self.unknownSection(form["section"] ?? ""))
        }
        guard let text = form["label"], text != note.content else { return OptionDraft(section: section) }
        do {
            return OptionDraft(label: try OptionLabel(text), section: section)
        } catch {
            throw FormRefusal(field: .label, detail: "the option label \(error)")
        }
    }

    /// The refusal of a section the page never offers.
    static func unknownSection(_ given: String) -> String {
        "unknown section '\(NoteText.oneLine(given, maximumCells: 40))'; the page offers "
            + OptionDraft.Section.allCases.map(\.rawValue).joined(separator: " or ")
    }

    func sync(_ page: ModerationPage, output: String?, summary: String? = nil) throws -> String {
        let (counts, conflicts, changed): ([SyncState: Int], [SyncDecision], [SyncDecision]) = try withDatabase {
            (try self.counts(), try self.conflicts(), try self.changedAfter())
        }
        return page.sync(
            counts: counts, conflicts: conflicts, wrangler: wrangler, pushOutput: output, summary: summary,
            changed: changed)
    }

    /// Notes changed on D1 after a decision of this copy's that D1 holds (read from the ledger).
    func changedAfter() throws -> [SyncDecision] {
        let ledger = SyncLedger(try DatabaseFile.openForReading(database))
        return try ledger.exists() ? try ledger.changedAfterDecision() : []
    }

    /// This copy's open conflicts, in the order the decisions were made (read from the ledger).
    func conflicts() throws -> [SyncDecision] {
        let ledger = SyncLedger(try DatabaseFile.openForReading(database))
        return try ledger.exists() ? try ledger.decisions(where: "state = 'conflict'") : []
    }

    /// How many of this copy's decisions are in each sync state.
    func counts() throws -> [SyncState: Int] {
        let ledger = SyncLedger(try DatabaseFile.openForReading(database))
        return try ledger.exists() ? try ledger.counts() : [:]
    }

    /// Runs the command line's own push operation (`PushCommand.push`) in this process, its messages captured
    /// for the page.
    func push(_ page: ModerationPage, _ visitor: SiteGuard.Visitor) -> HTTPResponse {
        // The SQL to send is a download for whoever runs wrangler: the page's owner, not a volunteer's phone.
        guard wrangler != nil || visitor.isOwner else {
            return html(403, page.message(language.moderationLabels.refused, language.ownerSendsSQL, back: "/sync"))
        }
        guard syncLock.try() else { return .refusal(409, .busy, in: language) }
        defer { syncLock.unlock() }
        let request = PushCommand.PushRequest(
            copy: database, zone: zone,
            destination: wrangler.map { .wrangler($0, timeout: Wrangler.defaultTimeout) } ?? .output(.standardOutput))
        // Without wrangler the push writes the SQL: a download, when the ledger says it marked decisions pushed.
        let pushedBefore = (try? counts())?[.pushed] ?? 0
        let (status, out, err) = perform { try PushCommand.push(request, $0) }
        if wrangler == nil, status == 0, let after = try? counts(), after[.pushed] ?? 0 > pushedBefore {
            return HTTPResponse(
                status: 200,
                headers: [
                    ("Content-Type", "application/sql; charset=utf-8"),
                    ("Content-Disposition", "attachment; filename=\"push.sql\""),
                ], body: Array(out.utf8))
        }
        let said = out + err + (status == 0 ? "" : "(exit status \(status))\n")
        do {
            let counts = try counts()
            let summary = language.pushSummary(status: status, counts: counts)
            return html(
                status == 0 || status == 3 ? 200 : 502,
                page.sync(
                    counts: counts, conflicts: try conflicts(), wrangler: wrangler, pushOutput: said,
                    summary: summary, changed: try changedAfter()))
        } catch {
            return failed(page, ["sync", "push"], "\(said)\(error)")
        }
    }

    /// The report as `tally report --format html` writes it for the copy as it stands.
    func report(_ page: ModerationPage) -> HTTPResponse {
        let (status, out, err) = run(["report", "--format", "html", "--db", database] + reportSettings)
        guard status == 0 else { return failed(page, ["report"], err) }
        // The report as `tally report` writes it, with a way back to the moderation page above it.
        let back = "<p><a href=\"\(page.base)/\">\(HTMLText.escape(language.moderationLabels.backToQueue))</a></p>\n"
        guard let body = out.range(of: "<body>\n") else { return html(200, out) }
        return html(200, out.replacingCharacters(in: body, with: "<body>\n" + back))
    }

    /// A fetch of D1's state through its query API: the command line's own pull operation (`PullCommand.pull`),
    /// as `perform` runs it.
    func pullD1(_ wrangler: String) -> (Int32, String, String) {
        perform {
            try PullCommand.pull(PullCommand.QueryPullRequest(database: wrangler, copy: database, zone: zone), $0)
        }
    }

    /// Runs one of the command line's typed operations in this process with the serve command's environment,
    /// its messages captured: the exit status the command line gives it (0, 3 for a conflict, …), what it
    /// wrote, and its error as the command line words it.
    func perform(_ operation: (Context) throws -> Void) -> (Int32, String, String) {
        captured { inner in
            do {
                try operation(inner)
                return ExitCode.success.rawValue
            } catch {
                inner.stderr.line("Error: " + TerminalText.visible("\(error)"))
                return (error as? ExitCodeProviding)?.exitCode.rawValue ?? ExitCode.failure.rawValue
            }
        }
    }

    /// `tally arguments…` in this process with the serve command's environment, output captured.
    func run(_ arguments: [String]) -> (Int32, String, String) {
        captured { Tally.run(arguments: arguments, context: $0) }
    }

    /// Runs `body` with a context of the serve command's environment whose output is collected: its exit
    /// status, what it wrote to stdout and to stderr.
    private func captured(_ body: (Context) -> Int32) -> (Int32, String, String) {
        let out = Captured()
        let err = Captured()
        let inner = Context(
            environment: context.environment, currentDirectory: context.currentDirectory,
            stdout: TextOutput { out.append($0) }, stderr: TextOutput { err.append($0) },
            stdin: LineInput { nil }, now: context.now)
        let status = body(inner)
        return (status, out.text, err.text)
    }
}

/// Text a command writes, collected (the command may write from its own thread).
private final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    func append(_ text: String) {
        lock.lock()
        buffer += text
        lock.unlock()
    }
    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}

/// A decision form's field the page cannot use: which field, and the command line's words for why.
struct FormRefusal: Error {
    let field: ReportLanguage.FormField
    let detail: String
}

import TallyCore
import TallyRender
import TallySQLite

/// What `approve`, `reject`, `reopen` and `promote` share: check every
/// argument before opening the database, then hand the decision to the one
/// write path (`ModerationStore.decide`).
enum NotesDecision {
    /// The options every decision command takes.
    static func options(reasonRequired: Bool) -> [OptionSpec] {
        [
            NotesOptions.moderator, NotesOptions.reason(required: reasonRequired), NotesOptions.expect,
            NotesOptions.expectVersion,
            NotesOptions.tz, SettingOptions.db, SettingOptions.config,
        ]
    }

    /// `tally notes approve`, `reject` and `reopen`: the same command but for the action and its words
    /// (`transition`: the discussion's opening, saying which states it moves a note between).
    static func spec(_ action: ModerationAction, abstract: String, _ transition: String) -> CommandSpec {
        CommandSpec(
            name: action.rawValue,
            abstract: abstract,
            discussion: transition + """

                Exit code 3 when the note changed since you read it (or with --expect-version N, since
                version N), including when someone already made this decision with another reason; nothing
                is changed then. Made already as asked (same action, no reason given or the same reason):
                exit 0, nothing written, saying who made it.
                With --expect DIGEST (printed by `tally notes show ID`), a note whose text, author or time
                is no longer the one shown is refused too (exit 3); without it, the message quotes the
                text decided on.
                """,
            options: options(reasonRequired: action.requiresReason),
            positionals: NotesOptions.noteIDArgument,
            run: { invocation, context in try run(action, invocation, context) })
    }

    static let approve = spec(
        .approve, abstract: "Approve a pending note",
        "pending → approved. The note stays a note; `promote` turns it into an option.")
    static let reject = spec(
        .reject, abstract: "Reject a pending note (a reason is required)",
        "pending → rejected. Nothing is deleted; `reopen` puts it back in the queue.")
    static let reopen = spec(
        .reopen, abstract: "Put an approved or rejected note back in the queue (a reason is required)",
        "approved | rejected → pending. A promoted note cannot be reopened: its option exists and\n"
            + "may already have votes.")

    /// What every report of a decision ends with: it is in this copy only until it is pushed.
    static let localUntilPushed = "It is recorded in this copy only; `tally push` sends it to D1."

    /// Runs one decision and reports it on stdout.
    static func run(
        _ action: ModerationAction, _ invocation: Invocation, _ context: Context, option: OptionDraft = .verbatim
    ) throws {
        let id = try NotesOptions.noteID(invocation)
        let moderator = try NotesOptions.moderator(invocation, context)
        let reason = try NotesOptions.reason(invocation, for: action)
        let expected = try NotesOptions.expectedVersion(invocation)
        let digest = try NotesOptions.expectedDigest(invocation)
        let settings = try Settings.resolve(invocation, context: context)
        let zone = settings.zone.value
        try zoned(zone) {
            let store = try ModerationStore(DatabaseFile.openForWriting(settings.db.value))
            // The decision is checked against what the moderator acted on: the
            // version they name, or else the note as this command first reads it.
            var actedOnVersion = expected ?? 0
            var actedOnState: NoteState?
            if expected == nil {
                guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
                actedOnVersion = note.version
                actedOnState = note.state
            }
            let request = DecisionRequest(
                noteID: id, action: action, moderator: moderator, reason: reason, actedOnVersion: actedOnVersion,
                actedOnState: actedOnState, time: context.now(), option: option, seenDigest: digest)
            let decision: Decision
            do { decision = try store.decide(request) } catch ModerationError.conflict(let conflict)
                where conflict.madeAsAsked(reason: reason)
            {
                // Already decided as asked, nothing given lost: done, as the page answers it.
                context.stdout.line(conflict.asAsked(in: zone))
                return
            }
            context.stdout.line(report(decision, option: option))
            if digest == nil { context.stdout.line(decidedOn(decision.after)) }
            context.stdout.line(localUntilPushed)
        }
    }

    /// Which text a decision made without `--expect` applied to, as the copy held it.
    static func decidedOn(_ note: Note) -> String {
        "It applied to the note's text as this copy has it: \(MessageText.quoted(note.content, limit: 200))."
    }

    /// Runs `body`; a moderation error it throws is reported with its times in `zone`.
    static func zoned<T>(_ zone: Zone, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ModerationError {
            throw ZonedModerationError(error: error, zone: zone)
        }
    }

    /// `Approved note 5 as mod-a (version 0 → 1).`
    static func report(_ decision: Decision, option draft: OptionDraft = .verbatim) -> String {
        let note = decision.after
        let versions = "(version \(decision.before.version) → \(note.version))"
        let who = NoteText.oneLine(decision.entry.moderator)
        switch decision.entry.knownAction {
        case .approve: return "Approved note \(note.id) as \(who) \(versions)."
        case .reject: return "Rejected note \(note.id) as \(who) \(versions)."
        case .reopen: return "Reopened note \(note.id) as \(who): it is pending again \(versions)."
        case .promote:
            let option = note.promotedOptionID.map { "option #\($0)" } ?? "an option"
            let label = draft.label.map { " labelled '\(NoteText.oneLine($0.text))'" } ?? ""
            return
                "Promoted note \(note.id) as \(who): it is \(option)\(label) in the \(draft.section.rawValue) section "
                + "\(versions)."
        case nil: return "Recorded \(decision.entry.action) of note \(note.id) \(versions)."
        }
    }
}

/// A moderation error as a moderator reads it: its times in the configured zone, its exit code kept.
struct ZonedModerationError: Error, ExitCodeProviding, CustomStringConvertible {
    let error: ModerationError
    let zone: Zone
    var exitCode: ExitCode { error.exitCode }
    var description: String { error.message(in: zone) }
}

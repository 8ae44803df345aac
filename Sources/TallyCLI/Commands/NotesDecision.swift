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
            NotesOptions.moderator, NotesOptions.reason(required: reasonRequired), NotesOptions.expectVersion,
            Settings.dbOption, Settings.configOption,
        ]
    }

    /// Runs one decision and reports it on stdout.
    static func run(_ action: ModerationAction, _ invocation: Invocation, _ context: Context) throws {
        let id = try NotesOptions.noteID(invocation)
        let moderator = try NotesOptions.moderator(invocation, context)
        let reason = try NotesOptions.reason(invocation, for: action)
        let expected = try NotesOptions.expectedVersion(invocation)
        let store = try ModerationStore(DatabaseFile.openForWriting(Settings.database(invocation, context)))
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
            actedOnState: actedOnState, time: context.now())
        let decision = try store.decide(request)
        context.stdout.line(report(decision))
    }

    /// `Approved note 5 as mod-a (version 0 → 1).`
    static func report(_ decision: Decision) -> String {
        let note = decision.after
        let versions = "(version \(decision.before.version) → \(note.version))"
        let who = NoteText.oneLine(decision.entry.moderator)
        switch decision.entry.knownAction {
        case .approve: return "Approved note \(note.id) as \(who) \(versions)."
        case .reject: return "Rejected note \(note.id) as \(who) \(versions)."
        case .reopen: return "Reopened note \(note.id) as \(who): it is pending again \(versions)."
        case .promote:
            let option = note.promotedOptionID.map { "option #\($0)" } ?? "an option"
            return "Promoted note \(note.id) as \(who): it is \(option) in the community section \(versions)."
        case nil: return "Recorded \(decision.entry.action) of note \(note.id) \(versions)."
        }
    }
}

/// Why a moderation command refused to act. Whatever the case, nothing was written.
package enum ModerationError: Error, Sendable, Equatable, CustomStringConvertible {
    case noteNotFound(Int64)
    /// The note's stored status is not a state tally knows, so no transition applies.
    case unknownStatus(Note)
    /// The action needs a reason and none was given.
    case reasonRequired(ModerationAction)
    /// The action does not apply to the note's current state.
    case illegalTransition(action: ModerationAction, note: Note, lastDecision: ModerationLogEntry?)
    /// A promoted note cannot be reopened: its option exists and may have votes.
    case promotedCannotReopen(note: Note, promotion: ModerationLogEntry?)
    /// A promotion asked for a note that is already promoted: nothing to do, and never a second option.
    case alreadyPromoted(note: Note, promotion: ModerationLogEntry?)
    /// The note changed since the moderator read it (a race lost, or a decision already made).
    case conflict(ModerationConflict)
    /// The note's text, author session or creation time is not what the moderator decided on:
    /// edited, or deleted and its id given to another note (on D1, without a logged decision).
    /// `seen` is the text read, when the decision carried it (a digest alone does not).
    case noteChanged(noteID: Int64, seen: String?, found: String)
    /// The database lacks the moderation columns and log (not migrated).
    case schemaMissing(String)
    /// A trigger in the database would write outside moderation's own tables while
    /// the decision is written; the decision was refused whole.
    case triggerWrites(trigger: String, write: String)
    /// The note's stored text is not plain UTF-8 text, so an option made from it
    /// would not hold the same text.
    case unpromotableText(noteID: Int64, why: String)
    /// `tally pull` replaced the database file while this command had it open.
    case databaseReplaced(String)
    /// Another process held the database locked for longer than the busy timeout; SQLite's name for
    /// the code (`database is locked`) is kept for the message.
    case databaseBusy(String)

    /// True for the lost-race cases, which the command line reports with exit code 3.
    package var isConflict: Bool {
        switch self {
        case .conflict, .noteChanged: return true
        default: return false
        }
    }

    /// A message that says what was wrong and what to do next.
    package var description: String { message(in: nil) }

    /// The description with every time in `zone` (UTC when nil), as a moderator's settings show times.
    package func message(in zone: Zone?) -> String {
        switch self {
        case .noteNotFound(let id):
            return "no note with id \(id); see the ids with `tally notes list`"
        case .unknownStatus(let note):
            let link = note.promotedOptionID.map { " with promoted_option_id \($0)" } ?? ""
            return "note \(note.id) has status \(MessageText.quoted(note.status))\(link), which is not a moderation "
                + "state tally knows (pending, approved, rejected, or approved with an option); "
                + "correct the row before deciding about it"
        case .reasonRequired(let action):
            return "a reason is required to \(action.rawValue) a note; it is kept in the log for whoever looks later"
        case .illegalTransition(let action, let note, let last):
            let state = note.state ?? .pending
            let who =
                last?.summary(in: zone)
                ?? (note.version == 0 ? "no decision recorded yet" : "set without a moderation_log entry")
            let allowed = NoteState.allCases.filter { action.sources.contains($0) }.map(\.rawValue)
                .joined(separator: " or ")
            var text =
                "cannot \(action.rawValue) note \(note.id): it is \(state.rawValue) (\(who)); "
                + "only \(allowed) notes can be \(action.pastTense)"
            switch (action, state) {
            case (.promote, .pending): text += "; approve it first"
            case (.promote, .rejected): text += "; reopen and approve it first"
            case (_, .promoted): text += "; a promoted note is final"
            case (.reopen, .pending): text += "; it is already waiting for a decision"
            default: break
            }
            return text
        case .promotedCannotReopen(let note, let promotion):
            let option = note.promotedOptionID.map { "option #\($0)" } ?? "an option"
            let who =
                promotion.map { entry in
                    " by \(MessageText.quoted(entry.moderator)) at \(entry.timeText(in: zone))"
                } ?? ""
            return "cannot reopen note \(note.id): it was promoted to \(option)\(who); a promoted note is final "
                + "because its option exists and may already have votes; withdraw the option on the vote page instead"
        case .alreadyPromoted(let note, let promotion):
            let option = note.promotedOptionID.map { "option #\($0)" } ?? "an option"
            let who = promotion.map { " (by \(MessageText.quoted($0.moderator)) at \($0.timeText(in: zone)))" } ?? ""
            return "note \(note.id) is already promoted as \(option)\(who); nothing was changed"
        case .conflict(let conflict):
            return conflict.message(in: zone)
        case .noteChanged(let id, let seen, let found):
            return Self.noteChangedText(id, seen: seen, found: found, place: "this copy")
        case .schemaMissing(let missing):
            return "the database has no moderation schema (\(missing) missing); run `tally migrate` on it first"
        case .triggerWrites(let trigger, let write):
            return "the trigger \(MessageText.quoted(trigger)) would \(write) while this decision is written; "
                + "a decision may only change the note, its option and moderation_log, so nothing was changed. "
                + "See it with `sqlite3 DB \".schema \(trigger)\"`; if your local copy should not run it, "
                + "remove it there (DROP TRIGGER) and decide again"
        case .unpromotableText(let noteID, let why):
            return "cannot promote note \(noteID): its stored text \(why), so the option would not hold the same "
                + "text; nothing was changed. Correct the note on the vote page (or reject it) instead"
        case .databaseReplaced(let path):
            return
                "\(path) was replaced (by `tally pull`, `import --replace` or `demo --replace`) while this command had "
                + "it open; nothing was written; "
                + "run the command again"
        case .databaseBusy(let code):
            return "the database stayed locked by another process for longer than the busy timeout; "
                + "nothing was changed; try again (\(code))"
        }
    }
}

extension ModerationError {
    /// Why a decision did not apply to note `id`: it is not the note the moderator read. Both texts
    /// are shown, so the moderator sees what changed; `place` is where the other text is (D1, this copy).
    package static func noteChangedText(_ id: Int64, seen: String?, found: String, place: String) -> String {
        let what =
            switch seen {
            case found:
                "its text is the same but its author or creation time is not (deleted and written again?)"
            case let seen?:
                "you read \(MessageText.quoted(seen, limit: 200)); \(place) has \(MessageText.quoted(found, limit: 200))"
            case nil:
                "its text, author or creation time is not the one you were shown; \(place) has "
                    + MessageText.quoted(found, limit: 200)
            }
        return "note \(id) is not the note you decided on (changed on D1 without a logged decision): \(what); "
            + "your decision was not applied. Read it (`tally notes show \(id)`) and decide again on it as it now is, "
            + "or drop yours with `tally notes discard \(id)`"
    }
}

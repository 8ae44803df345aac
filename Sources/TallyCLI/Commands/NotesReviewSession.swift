import Foundation
import TallyCore
import TallyRender

/// One run of the `notes review` queue: shows each pending note, reads keys,
/// and hands every decision to the one write path.
struct NotesReviewSession {
    /// Some decisions were refused because their notes changed meanwhile (exit code 3).
    struct Conflicts: Error, Equatable, ExitCodeProviding, CustomStringConvertible {
        let count: Int
        var exitCode: ExitCode { .conflict }
        var description: String {
            "\(count) decision\(count == 1 ? " was" : "s were") not applied because the note changed meanwhile "
                + "(see the conflicts above); look again with `tally notes show ID`"
        }
    }

    let store: ModerationStore
    let moderator: Moderator
    let zone: Zone
    let context: Context

    private var approved = 0
    private var rejected = 0
    private var promoted = 0
    private var skipped = 0
    private var conflicts = 0
    private var failed = 0
    /// A pull replaced the file under the session: no later decision can be written.
    private var replaced = false

    init(store: ModerationStore, moderator: Moderator, zone: Zone, context: Context) {
        self.store = store
        self.moderator = moderator
        self.zone = zone
        self.context = context
    }

    private enum Step {
        case next
        case stop
    }

    mutating func run() throws {
        let out = context.stdout
        let queue = try store.notes().filter { $0.state == .pending }.map(\.id)
        guard !queue.isEmpty else {
            out.line("No pending notes.")
            return
        }
        out.line("\(queue.count) pending note\(queue.count == 1 ? "" : "s"). Reviewing as \(moderator.name).")
        if context.stdin.isTerminal { out.line(NotesReviewCommand.help) }
        for (position, id) in queue.enumerated() {
            if try review(id, position: position + 1, of: queue.count) == .stop { break }
        }
        if replaced {
            // The notes shown are the old file's; counting them would describe a copy nobody reads.
            throw CommandFailure(
                "\(store.db.path) was replaced (by `tally pull`, `import --replace` or `demo --replace`) during the "
                    + "review, so it stopped there: \(approved) approved and \(rejected) rejected before that are in "
                    + "the new copy (a pull carries them); run `tally notes review` again for the notes as they now are"
            )
        }
        let pending = try store.notes().filter { $0.state == .pending }.count
        out.line("")
        out.line(
            "Done: \(approved) approved, \(rejected) rejected, \(promoted > 0 ? "\(promoted) promoted, " : "")"
                + "\(skipped) skipped, \(conflicts) conflict"
                + "\(conflicts == 1 ? "" : "s")\(failed > 0 ? ", \(failed) refused" : ""); \(pending) note"
                + "\(pending == 1 ? "" : "s") pending.")
        if approved + rejected + promoted > 0 {
            out.line("The decisions are recorded in this copy only; `tally push` sends them to D1.")
        }
        if failed > 0 {
            throw CommandFailure(
                "\(failed) decision\(failed == 1 ? " was" : "s were") refused (see above)"
                    + (conflicts > 0 ? " and \(conflicts) lost to a change made meanwhile" : ""))
        }
        if conflicts > 0 { throw Conflicts(count: conflicts) }
    }

    /// Shows one note and acts on the keys read for it.
    private mutating func review(_ id: Int64, position: Int, of total: Int) throws -> Step {
        let out = context.stdout
        // Read again: another moderator may have decided it since the queue was made.
        guard let note = try store.note(id), note.state == .pending else {
            let last = try store.history(of: id).last
            out.line("")
            out.line(
                "[\(position)/\(total)] note \(id) was decided meanwhile (\(last?.summary(in: zone) ?? "no log entry")); skipped."
            )
            return .next
        }
        let group = try store.authorGroup(of: id)
        // What is shown is what a key decides on: a note whose text, author or time changes before
        // the key arrives is refused (`ModerationError.noteChanged`), showing both texts.
        let seen = try SeenNote.current(id, in: store.db)
        out.line("")
        out.line("[\(position)/\(total)]")
        out.write(NoteDetailRenderer(note: note, history: [], group: group, zone: zone).card())
        while true {
            if context.stdin.isTerminal { out.write("Decision [a/r/p/s/q/?]: ") }
            guard let line = try context.stdin.readLine() else { return .stop }
            switch line.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            case "a", "approve":
                // The moderator decides on the card shown: if it never reached them, nothing is decided.
                try out.check()
                decide(.approve, note: note, seen: seen, reason: nil)
                return replaced ? .stop : .next
            case "r", "reject":
                if context.stdin.isTerminal { out.write("Reason for rejecting note \(id): ") }
                guard let text = try context.stdin.readLine() else { return .stop }
                guard let reason = try? ModerationReason(text) else {
                    out.line("A reason is required to reject; note \(id) was not rejected. Choose again.")
                    continue
                }
                try out.check()
                decide(.reject, note: note, seen: seen, reason: reason)
                return replaced ? .stop : .next
            case "p", "promote":
                if context.stdin.isTerminal {
                    out.write("Option label for note \(id) (Enter keeps the note's text): ")
                }
                guard let text = try context.stdin.readLine() else { return .stop }
                var draft = OptionDraft.verbatim
                if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    guard let label = try? OptionLabel(text) else {
                        out.line(
                            "An option label is one line of at most \(OptionLabel.maximumLength) characters without "
                                + "control characters; note \(id) was not promoted. Choose again.")
                        continue
                    }
                    draft = OptionDraft(label: label)
                }
                try out.check()
                // Promotion applies to approved notes: approve first, then promote the version that produced.
                guard let approval = decide(.approve, note: note, seen: seen, reason: nil) else {
                    return replaced ? .stop : .next
                }
                decide(.promote, note: approval.after, seen: seen, reason: nil, option: draft)
                return replaced ? .stop : .next
            case "s", "skip":
                skipped += 1
                out.line("Skipped note \(id).")
                return .next
            case "q", "quit":
                return .stop
            case "?", "h", "help":
                out.line(NotesReviewCommand.help)
            default:
                out.line(
                    "Unknown key '\(NoteText.oneLine(line, maximumCells: 20))': press a, r, p, s, q, or ? for help.")
            }
        }
    }

    /// One decision through the one write path, against the version and note shown.
    @discardableResult
    private mutating func decide(
        _ action: ModerationAction, note: Note, seen: SeenNote?, reason: ModerationReason?,
        option: OptionDraft = .verbatim
    ) -> Decision? {
        do {
            let decision = try store.decide(
                DecisionRequest(
                    noteID: note.id, action: action, moderator: moderator, reason: reason,
                    actedOnVersion: note.version, actedOnState: note.state, time: context.now(), option: option,
                    seen: seen))
            switch action {
            case .approve: approved += 1
            case .promote: promoted += 1
            default: rejected += 1
            }
            context.stdout.line(NotesDecision.report(decision, option: option))
            return decision
        } catch let error as ModerationError {
            if case .databaseReplaced = error { replaced = true }
            if error.isConflict { conflicts += 1 } else { failed += 1 }
            context.stderr.line("Error: \(error.message(in: zone))")
        } catch {
            failed += 1
            context.stderr.line("Error: \(error)")
        }
        return nil
    }
}

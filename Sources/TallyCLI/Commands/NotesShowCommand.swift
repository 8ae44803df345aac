import TallyCore
import TallyRender

/// `tally notes show`: one note, its author's other notes and its full history.
enum NotesShowCommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one note with its full decision history",
        discussion: """
            Prints the note's whole text (control characters made visible), its session and the
            session's other notes, and every decision: version, time, action, from → to, moderator,
            reason, and an open sync conflict (after `tally pull`) with both sides. --format json gives id, status, version, content, session, created and history[]
            (version, action, from, to, moderator, reason, time as ISO 8601 with offset, option_id).
            """,
        options: [
            OptionSpec("format", .value("FORMAT"), "text or json (default text)."),
            NotesOptions.tz,
            Settings.dbOption, Settings.configOption,
        ],
        positionals: NotesOptions.noteIDArgument,
        run: { invocation, context in
            let id = try NotesOptions.noteID(invocation)
            let format = try invocation.choice("format", of: ["text", "json"]) ?? "text"
            let settings = try Settings.resolve(invocation, context: context)
            let zone = try settings.zone()
            let store = try ModerationStore(DatabaseFile.openForReading(settings.db.value))
            guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
            let group = try store.authorGroup(of: id)
            let renderer = NoteDetailRenderer(note: note, history: try store.history(of: id), group: group, zone: zone)
            context.stdout.write(format == "json" ? renderer.json().serialized() : renderer.text())
            // A sync conflict is part of the note's story: D1 holds another decision than yours.
            if format == "text" {
                let conflicts = try SyncLedger(store.db).decisions().filter { $0.noteID == id && $0.state == .conflict }
                for conflict in conflicts {
                    context.stdout.line(SyncText.conflictLine(conflict))
                    context.stdout.line(
                        "Settle it: `tally pull`, then decide again on the note as D1 has it, "
                            + "or `tally notes discard \(id)` to let D1's decision stand.")
                }
            }
        })
}

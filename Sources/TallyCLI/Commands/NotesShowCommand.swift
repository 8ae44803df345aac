import TallyCore
import TallyRender

/// `tally notes show`: one note, its author's other notes and its full history.
enum NotesShowCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case text, json
    }

    static let formatOption = OptionSpec("format", .value("FORMAT"), "text or json (default text).")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one note with its full decision history",
        discussion: """
            Prints the note's whole text (control characters made visible), its session and the
            session's other notes, and every decision: version, time, action, from → to, moderator,
            reason. --format json gives id, status, version, content, session, created and history[]
            (version, action, from, to, moderator, reason, time as ISO 8601 with offset, option_id).
            """,
        options: [
            formatOption,
            NotesOptions.tz,
            Settings.dbOption, Settings.configOption,
        ],
        positionals: NotesOptions.noteIDArgument,
        run: { invocation, context in
            let id = try NotesOptions.noteID(invocation)
            let format = try invocation.choice(formatOption, of: Format.self) ?? .text
            let settings = try Settings.resolve(invocation, context: context)
            let zone = settings.zone.value
            let store = try ModerationStore(DatabaseFile.openForReading(settings.db.value))
            guard let note = try store.note(id) else { throw ModerationError.noteNotFound(id) }
            let group = try store.authorGroup(of: id)
            let renderer = NoteDetailRenderer(note: note, history: try store.history(of: id), group: group, zone: zone)
            context.stdout.write(format == .json ? renderer.json().serialized() : renderer.text())
        })
}

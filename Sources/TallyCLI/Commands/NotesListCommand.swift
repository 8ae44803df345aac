import TallyCore
import TallyRender

/// `tally notes list`: notes grouped by the session that wrote them.
enum NotesListCommand {
    static let formats = ["table", "markdown", "csv", "json"]

    static let spec = CommandSpec(
        name: "list",
        abstract: "List notes grouped by author session, with same-author signals",
        discussion: """
            Shows id, status, version, created time (in --tz, with its offset), the author session
            (first 8 characters) and the content. Notes are grouped by the session that wrote them;
            a session with several approved notes is flagged, and whether it voted for the options
            its own notes became is shown. Note text is shown verbatim but escaped for each
            format: control characters made visible and one row per note in the table, Markdown-
            escaped, formula-safe CSV, JSON strings. The table cuts long notes; `notes show ID`
            prints one whole.
            """,
        options: [
            OptionSpec(
                "status", .value("STATE"),
                "pending, approved (promoted included), rejected, promoted or all (default all)."),
            OptionSpec("format", .value("FORMAT"), "table, markdown, csv or json (default table)."),
            NotesOptions.tz,
            OptionSpec("output", .value("FILE"), "Write to FILE (atomically) instead of stdout."),
            Settings.dbOption, Settings.configOption,
        ],
        run: { invocation, context in
            let filterName = try invocation.choice("status", of: NoteFilter.allCases.map(\.rawValue)) ?? "all"
            let format = try invocation.choice("format", of: formats) ?? "table"
            let settings = try Settings.resolve(invocation, context: context)
            let zone = try settings.zone()
            let store = try ModerationStore(DatabaseFile.openForReading(settings.db.value))
            let renderer = NoteListRenderer(
                groups: try store.authorGroups(), filter: NoteFilter(rawValue: filterName) ?? .all, zone: zone)
            let text: String
            switch format {
            case "markdown": text = renderer.markdown()
            case "csv": text = renderer.csv()
            case "json": text = renderer.json().serialized()
            default: text = renderer.table()
            }
            if let output = invocation.value("output") {
                try AtomicFile.write(text, to: context.path(output))
            } else {
                context.stdout.write(text)
            }
        })
}

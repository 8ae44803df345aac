import TallyCore
import TallyRender

/// `tally notes list`: notes grouped by the session that wrote them.
enum NotesListCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case table, markdown, csv, json
    }

    static let statusOption = OptionSpec(
        "status", .value("STATE"), "pending, approved (promoted included), rejected, promoted or all (default all).")
    static let formatOption = OptionSpec("format", .value("FORMAT"), "table, markdown, csv or json (default table).")
    static let outputOption = OptionSpec(
        "output", .value("FILE"), "Write to FILE (atomically; - for stdout) instead of stdout.")

    static let spec = CommandSpec(
        name: "list",
        abstract: "List notes grouped by author, with same-author signals",
        discussion: """
            Shows id, status, version, created time (in --tz, with its offset), the author (the
            first 8 characters of their voter id) and the content. Notes are grouped by author; an
            author with several approved notes is flagged, and whether they voted for the options
            their own notes became is shown. Note text is shown verbatim but escaped for each
            format: control characters made visible and one row per note in the table, Markdown-
            escaped, formula-safe CSV, JSON strings. The table cuts long notes; `notes show ID`
            prints one whole.
            """,
        options: [
            statusOption,
            formatOption,
            NotesOptions.tz,
            outputOption,
            SettingOptions.db, SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let filter = try invocation.choice(statusOption, of: NoteFilter.self) ?? .all
        let format = try invocation.choice(formatOption, of: Format.self) ?? .table
        let output = try invocation.output(outputOption, context, example: "notes.txt") ?? .standardOutput
        let settings = try Settings.resolve(invocation, context: context)
        let zone = settings.zone.value
        let store = try ModerationStore(DatabaseFile.openForReading(settings.db.value))
        let renderer = NoteListRenderer(
            groups: try store.authorGroups(), filter: filter, zone: zone)
        let text: String
        switch format {
        case .markdown: text = renderer.markdown()
        case .csv: text = renderer.csv()
        case .json: text = renderer.json().serialized()
        case .table: text = renderer.table()
        }
        try output.write(text, context)
    }
}

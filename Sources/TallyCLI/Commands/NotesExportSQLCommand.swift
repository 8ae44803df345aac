import TallyCore

/// `tally notes export-sql`: the decisions as SQL to apply to the production D1 database.
enum NotesExportSQLCommand {
    static let sinceOption = OptionSpec(
        "since", .value("TIME"),
        "Only decisions recorded at or after TIME (YYYY-MM-DD[ HH:MM[:SS]], in --tz unless it has an offset).")
    static let outputOption = OptionSpec(
        "output", .value("FILE"), "Write to FILE (atomically; - for stdout) instead of stdout.")

    static let spec = CommandSpec(
        name: "export-sql",
        abstract: "Write the moderation decisions as SQL that D1 accepts",
        discussion: """
            Writes every decision in moderation_log (or those recorded at or after --since), in order,
            as SQL for `wrangler d1 execute DB --remote --file FILE`: no BEGIN/COMMIT/SAVEPOINT/PRAGMA,
            one statement per change, every value a quoted literal. Each statement applies only to
            the state it expects (e.g. UPDATE suggestions … WHERE id = 5 AND status = 'pending' AND
            version = 0); options and log entries are inserted only when absent. Applying the file
            twice, or to a database that already has some of the decisions, changes nothing else.
            """,
        options: [
            sinceOption,
            NotesOptions.tz,
            outputOption,
            SettingOptions.db, SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let settings = try Settings.resolve(invocation, context: context)
        let zone = settings.zone.value
        let since = try invocation.time(sinceOption, in: zone, context)
        let output = try invocation.output(outputOption, context, example: "decisions.sql") ?? .standardOutput
        let store = try ModerationStore(DatabaseFile.openForReading(settings.db.value))
        let script = try store.decisionScript(since: since)
        guard let path = try output.write(script.text, context) else { return }
        context.stdout.line(
            "Wrote \(script.decisions) decision\(script.decisions == 1 ? "" : "s") (\(script.statements) "
                + "statement\(script.statements == 1 ? "" : "s")) to \(path).")
        if script.decisions > 0 {
            let file = invocation.value(outputOption) ?? path
            context.stdout.line("Apply to production with: wrangler d1 execute <DATABASE> --remote --file \(file)")
        }
    }
}

import TallyCore

/// `tally notes export-sql`: the decisions as SQL to apply to the production D1 database.
enum NotesExportSQLCommand {
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
            OptionSpec(
                "since", .value("TIME"),
                "Only decisions recorded at or after TIME (YYYY-MM-DD[ HH:MM[:SS]], in --tz unless it has an offset)."),
            NotesOptions.tz,
            OptionSpec("output", .value("FILE"), "Write to FILE (atomically) instead of stdout."),
            Settings.dbOption, Settings.configOption,
        ],
        run: { invocation, context in
            let settings = try Settings.resolve(invocation, context: context)
            let zone = try settings.zone()
            let since = try invocation.time("since", in: zone)
            let store = try ModerationStore(DatabaseFile.openForReading(settings.db.value))
            let script = try store.decisionScript(since: since)
            guard let output = invocation.value("output") else {
                context.stdout.write(script.text)
                return
            }
            let path = context.path(output)
            try AtomicFile.write(script.text, to: path)
            context.stdout.line(
                "Wrote \(script.decisions) decision\(script.decisions == 1 ? "" : "s") (\(script.statements) "
                    + "statement\(script.statements == 1 ? "" : "s")) to \(path).")
            if script.decisions > 0 {
                context.stdout.line("Apply to production with: wrangler d1 execute <DATABASE> --remote --file \(output)")
            }
        })
}

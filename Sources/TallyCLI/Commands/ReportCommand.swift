import Foundation
import TallyCore
import TallyRender
import TallySQLite

/// `tally report`: the tally as Markdown, JSON or CSV.
enum ReportCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case markdown, json, csv
    }

    static let formatOption = OptionSpec("format", .value("FORMAT"), "markdown (default), json or csv.")
    static let outputOption = OptionSpec(
        "output", .value("FILE"), "Write to FILE (atomically, creating folders; - for stdout) instead of stdout.")
    static let asOfOption = OptionSpec(
        "as-of", .value("TIME"),
        "The time the report is as of, for days since the last vote (default: now; always printed).")
    static let throughOption = OptionSpec(
        "through", .value("TIME"), "Count only votes cast at or before TIME (default: all).")
    static let fromD1JSONOption = OptionSpec(
        "from-d1-json", .repeated("PATH"),
        "Render the results D1 computed (`wrangler d1 execute --json` output of `tally sql` queries): a "
            + "folder of NAME.json files or one file per query (repeatable); no database is opened. "
            + "Needs --as-of and the options given to tally sql.")

    static let spec = CommandSpec(
        name: "report",
        abstract: "Tally the votes: ranking, exclusions, activity, notes, anomalies (Markdown, JSON or CSV)",
        discussion: """
            Ranks every option by distinct voters (sessions), with each share's 95% range and
            the options the data cannot tell apart from the leader; lists excluded sessions,
            when votes came, how votes were used, the notes, and anything odd in the data.
            The database is only read. Times typed without an offset are read in --tz
            (daylight saving time included; a time in a gap or an overlap gets a note on
            stderr saying which reading was taken); every time shown carries its offset. A
            cutoff from the config file or the environment stays in the zone set there:
            --tz changes how it is shown, not which sessions it excludes. The same database
            and the same options always give the same bytes.

            Settings not given as options come from the environment (TALLY_DB, TALLY_TZ,
            TALLY_EXCLUDE_BEFORE, TALLY_EXCLUDE_SESSIONS, TALLY_VOTES_PER_SESSION, TALLY_LANG),
            then the config file (./tally.json or --config FILE); see `tally config show`.

            Example (the author's week-one settings; --demo uses them by default):
              tally report --db votes.sqlite --tz Asia/Taipei \\
                --exclude-before '2026-09-19 02:11' --as-of '2026-09-27 12:00'
            """,
        options: [
            SettingOptions.db,
            SettingOptions.config,
            SettingOptions.demo.withHelp(
                "Use the built-in demo data with the author's settings (Asia/Taipei, exclude before "
                    + "2026-09-19 02:11, as of 2026-09-27 12:00) instead of the config file and environment; "
                    + "other options override them."),
            SettingOptions.tz.withHelp(
                "Time zone for times given and shown: IANA name or offset (default: $TALLY_TZ, the config's timezone, UTC)."
            ),
            SettingOptions.excludeBefore.withHelp(
                "Exclude every session whose first vote is before TIME (a first vote at TIME is counted; read in "
                    + "--tz if given, else in the configured zone)."),
            SettingOptions.excludeSession,
            asOfOption,
            throughOption,
            SettingOptions.votesPerSession.withHelp(
                "Vote budget of a session; more is flagged (default: $TALLY_VOTES_PER_SESSION, the config's, 3)."),
            formatOption,
            SettingOptions.lang.withHelp(
                "Language of the Markdown: en or zh-TW (default: $TALLY_LANG, the config's lang, en)."),
            outputOption,
            fromD1JSONOption,
        ],
        run: { invocation, context in
            let options = try Options(invocation, context)
            let model: ReportModel
            if !options.d1JSON.isEmpty {
                model = try ReportCommand.modelFromD1JSON(options, context)
            } else {
                let db = options.demo ? try Demo.inMemory() : try DatabaseFile.openForReading(options.database)
                do {
                    model = try Analyzer(parameters: options.parameters).report(from: db)
                } catch let error as AnalysisError where !options.asOfGiven {
                    // The as-of time was the clock, not a flag: say so rather than blame --as-of.
                    throw error.asOfFromClock
                }
            }
            let text: String
            switch options.format {
            case .json: text = JSONReport.render(model)
            case .csv: text = CSVReport.render(model)
            case .markdown: text = MarkdownReport.render(model, language: options.language)
            }
            if let written = try options.output.write(text, context) {
                context.stdout.line("Wrote the \(options.format.rawValue) report to \(written).")
            }
        })

    /// Every option of one run, validated before the database is opened.
    struct Options {
        var demo: Bool
        var database: String
        var parameters: ReportParameters
        /// False when the as-of time is the clock's (no `--as-of`, not the demo).
        var asOfGiven: Bool
        var format: Format
        var language: ReportLanguage
        var output: OutputDestination
        /// Result files or folders of `--from-d1-json`; empty for a report from a database.
        var d1JSON: [String]

        init(_ invocation: Invocation, _ context: Context) throws {
            let path = invocation.path
            demo = invocation.flag(SettingOptions.demo)
            d1JSON = try ReportCommand.d1JSONPaths(invocation, context)
            if demo, invocation.has(SettingOptions.db) {
                throw UsageError("--demo reads the built-in demo data; leave out --db, or leave out --demo", command: path)
            }
            format = try invocation.choice(formatOption, of: Format.self) ?? .markdown
            let settings = try Settings.resolve(invocation, context: context)
            database = settings.db.value
            language = settings.language.value
            let zone = settings.zone.value
            let givenAsOf = try invocation.time(asOfOption, in: zone, context)
            asOfGiven = givenAsOf != nil || demo
            let asOf = givenAsOf ?? (demo ? Demo.Settings.asOfInstant() : context.now())
            parameters = settings.reportParameters(
                asOf: asOf, through: try invocation.time(throughOption, in: zone, context))
            output = try invocation.output(outputOption, context, example: "report.md") ?? .standardOutput
        }
    }
}

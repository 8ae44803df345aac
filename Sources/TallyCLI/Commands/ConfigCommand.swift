import TallyRender

/// `tally config show`: the settings in force and where each came from.
enum ConfigCommand {
    static let show = CommandSpec(
        name: "show",
        abstract: "Print the settings in force and where each came from",
        discussion: """
            Settings come from built-in defaults, then the config file (./tally.json or
            --config FILE, or $TALLY_CONFIG), then environment variables (TALLY_DB, TALLY_TZ,
            TALLY_EXCLUDE_BEFORE, TALLY_EXCLUDE_SESSIONS, TALLY_VOTES_PER_SESSION, TALLY_LAUNCH,
            TALLY_LANG, TALLY_REPORTS), then flags; later ones win.
            """,
        options: [
            Settings.configOption,
            OptionSpec("db", .value("PATH"), "Database file."),
            OptionSpec("tz", .value("ZONE"), "Time zone: an IANA name or a fixed offset such as +08:00."),
            OptionSpec("exclude-before", .value("TIME"), "Exclude sessions whose first vote is before TIME."),
            OptionSpec("exclude-session", .repeated("ID"), "Exclude a session (repeatable)."),
            OptionSpec("votes-per-session", .value("N"), "Vote budget of a session."),
            OptionSpec("launch", .value("DATE"), "Local launch date; week 1 starts then."),
            OptionSpec("lang", .value("LANG"), "Report language: en or zh-TW."),
            OptionSpec("reports", .value("DIR"), "Folder for weekly reports."),
        ],
        run: { invocation, context in
            let settings = try Settings.resolve(invocation, context: context)
            let rows: [(String, String, SettingSource)] = [
                ("db", settings.db.value, settings.db.source),
                ("timezone", settings.timezone.value, settings.timezone.source),
                ("exclude_before", settings.excludeBefore.value ?? "(none)", settings.excludeBefore.source),
                (
                    "exclude_sessions",
                    settings.excludeSessions.value.isEmpty ? "(none)" : settings.excludeSessions.value.joined(separator: ", "),
                    settings.excludeSessions.source
                ),
                ("votes_per_session", String(settings.votesPerSession.value), settings.votesPerSession.source),
                ("launch", settings.launch.value ?? "(none)", settings.launch.source),
                ("lang", settings.lang.value, settings.lang.source),
                ("reports", settings.reports.value, settings.reports.source),
            ]
            let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
            let valueWidth = rows.map { DisplayWidth.of($0.1) }.max() ?? 0
            for (key, value, source) in rows {
                context.stdout.line(
                    "\(DisplayWidth.padRight(key, to: width))  \(DisplayWidth.padRight(value, to: valueWidth))  (\(source))")
            }
        })

    static let spec = CommandSpec(
        name: "config", abstract: "Show the settings in force (config file < environment < flags)",
        subcommands: [show], run: nil)
}

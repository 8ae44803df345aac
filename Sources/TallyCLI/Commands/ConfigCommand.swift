import TallyCore
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

            exclude_before is read in the timezone set in the same place (the config file, the
            environment or the flags); where that place sets none, in the zone the config file
            and environment give. So --tz changes how times are shown, never which sessions a
            configured cutoff excludes. It is shown as the instant with its offset.
            """,
        options: [
            SettingOptions.config,
            SettingOptions.db.withHelp("Database file."),
            SettingOptions.tz,
            SettingOptions.excludeBefore.withHelp(
                "Exclude sessions whose first vote is before TIME (read in --tz if given, else the configured zone)."),
            SettingOptions.excludeSession.withHelp("Exclude a session (repeatable)."),
            SettingOptions.votesPerSession.withHelp("Vote budget of a session."),
            SettingOptions.launch,
            SettingOptions.lang,
            SettingOptions.reports,
            SettingOptions.internal,
            SettingOptions.title,
        ],
        run: { invocation, context in
            let settings = try Settings.resolve(invocation, context: context)
            let rows: [(String, String, SettingSource)] = [
                ("db", settings.db.value, settings.db.source),
                ("timezone", settings.zone.value.identifier, settings.zone.source),
                (
                    "exclude_before", settings.excludeBefore.value.map(ConfigCommand.cutoffText) ?? "(none)",
                    settings.excludeBefore.source
                ),
                (
                    "exclude_sessions",
                    settings.excludeSessions.value.isEmpty
                        ? "(none)" : settings.excludeSessions.value.joined(separator: ", "),
                    settings.excludeSessions.source
                ),
                ("votes_per_session", String(settings.votesPerSession.value), settings.votesPerSession.source),
                ("launch", settings.launch.value?.dateText ?? "(none)", settings.launch.source),
                ("lang", settings.languages.value.map(\.rawValue).joined(separator: ","), settings.languages.source),
                ("reports", settings.reports.value, settings.reports.source),
                ("internal", String(settings.internal.value), settings.internal.source),
                ("title", settings.title.value ?? "(none)", settings.title.source),
            ]
            // Values come from tally.json and the environment: control characters shown, never sent.
            let shown = rows.map { (NoteText.oneLine($0.0), NoteText.oneLine($0.1), NoteText.oneLine("\($0.2)")) }
            let width = shown.map { DisplayWidth.of($0.0) }.max() ?? 0
            let valueWidth = shown.map { DisplayWidth.of($0.1) }.max() ?? 0
            for (key, value, source) in shown {
                context.stdout.line(
                    "\(DisplayWidth.padRight(key, to: width))  \(DisplayWidth.padRight(value, to: valueWidth))  (\(source))"
                )
            }
        })

    /// The cutoff with its offset, and the zone it was read in when that is not plain from the
    /// offset: `2026-09-19 02:11 +08:00 (Asia/Taipei)`.
    static func cutoffText(_ cutoff: Cutoff) -> String {
        let zone = cutoff.zone.identifier
        return zone.hasPrefix("+") || zone.hasPrefix("-") ? cutoff.display : "\(cutoff.display) (\(zone))"
    }

    static let spec = CommandSpec(
        name: "config", abstract: "Show the settings in force (config file < environment < flags)",
        subcommands: [show], run: nil)
}

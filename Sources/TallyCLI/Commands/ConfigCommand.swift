import Foundation
import TallyCore
import TallyRender

/// `tally config show`: the settings in force and where each came from.
enum ConfigCommand {
    static let show = CommandSpec(
        name: "show",
        abstract: "Print the settings in force and where each came from",
        discussion: """
            Settings come from built-in defaults, then the config file (./tally.json or
            --config FILE, or $TALLY_CONFIG), then environment variables, then flags; later
            ones win. Each setting's key in the config file, variable and flag:

            \(names)

            exclude_before is read in the timezone set in the same place (the config file, the
            environment or the flags); where that place sets none, in the zone the config file
            and environment give. So --tz changes how times are shown, never which sessions a
            configured cutoff excludes. It is shown as the instant with its offset.
            """,
        options: [SettingOptions.config] + SettingSpec.all.map { ownHelp[$0.key].map($0.option.withHelp) ?? $0.option },
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let settings = try Settings.resolve(invocation, context: context)
        // Values come from tally.json and the environment: control characters shown, never sent.
        let shown = SettingSpec.all.map { spec in
            let (value, source) = spec.shown(settings)
            return (NoteText.oneLine(spec.key), NoteText.oneLine(value), NoteText.oneLine("\(source)"))
        }
        let width = shown.map { DisplayWidth.of($0.0) }.max() ?? 0
        let valueWidth = shown.map { DisplayWidth.of($0.1) }.max() ?? 0
        for (key, value, source) in shown {
            context.stdout.line(
                "\(DisplayWidth.padRight(key, to: width))  \(DisplayWidth.padRight(value, to: valueWidth))  (\(source))"
            )
        }
    }

    /// Help of `config show`'s own where the table's would say less, by key.
    private static let ownHelp = [
        SettingSpec.db.key: "Database file.",
        SettingSpec.excludeBefore.key:
            "Exclude sessions whose first vote is before TIME (read in --tz if given, else the configured zone).",
        SettingSpec.excludeSessions.key: "Exclude a session (repeatable).",
        SettingSpec.votesPerSession.key: "Vote budget of a session.",
        SettingSpec.lang.key:
            "Report language: en or zh-TW, or a comma list such as en,zh-TW (the first is the main one).",
    ]

    /// The table of names in the help: `db  TALLY_DB  --db`, one setting a line.
    private static var names: String {
        let rows = SettingSpec.all.map { [$0.key, $0.environment ?? "(none)", $0.option.flagName] }
        let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            "  " + (0..<2).map { row[$0].padding(toLength: widths[$0] + 2, withPad: " ", startingAt: 0) }.joined()
                + row[2]
        }.joined(separator: "\n")
    }

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

/// The options that set a setting, one spec each. Commands list them (with their own help text
/// where the setting means something particular to them, via `withHelp`), and `Settings` reads
/// them through the same specs, so no setting's flag is looked up by a string typed twice.
package enum SettingOptions {
    /// `--db` for commands that read or change an existing database.
    package static let db = OptionSpec(
        "db", .value("PATH"), "Database file (default: $TALLY_DB, then the config file's db, then ./tally.sqlite).")

    /// `--db` for commands that create the database.
    package static let newDatabase = db.withHelp(
        "Database file to create (default: $TALLY_DB, then the config file's db, then ./tally.sqlite).")

    /// `--config` for every command that reads settings.
    package static let config = OptionSpec(
        "config", .value("FILE"), "Config file (default: $TALLY_CONFIG, then ./tally.json if present).")

    /// `--demo`: the built-in demo data and the author's settings instead of the config file and environment.
    package static let demo = OptionSpec("demo", .flag, "Use the built-in demo data with the author's settings.")

    /// `--tz`: the zone times are read and shown in.
    package static let tz = OptionSpec(
        "tz", .value("ZONE"), "Time zone: an IANA name or a fixed offset such as +08:00.")

    /// `--exclude-before`: the cutoff, read in the zone in force for flags (`--tz`, else the configured zone).
    package static let excludeBefore = OptionSpec(
        "exclude-before", .value("TIME"), "Exclude every session whose first vote is before TIME.")

    /// `--exclude-session`, repeatable.
    package static let excludeSession = OptionSpec(
        "exclude-session", .repeated("ID"), "Exclude this session (repeatable).")

    /// `--votes-per-session`: the vote budget.
    package static let votesPerSession = OptionSpec(
        "votes-per-session", .value("N"), "Vote budget of a session; more is flagged (default 3).")

    /// `--launch`: the local date week 1 starts.
    package static let launch = OptionSpec("launch", .value("DATE"), "Local launch date; week 1 starts then.")

    /// `--lang`: `en`, `zh-TW`, or a comma list of them (`en,zh-TW`).
    package static let lang = OptionSpec(
        "lang", .value("LANG"), "Report language: en or zh-TW, or both as a comma list (en,zh-TW).")

    /// `--internal`: the moderators' pages, with session ids and moderators' names.
    package static let `internal` = OptionSpec(
        "internal", .flag,
        "Write the moderators' version: list session ids and moderators' names, and say so at the top. Never "
            + "publish it; without it every page is public (counts and descriptions only).")

    /// `--title`: the heading of every page and image, instead of the language's "Vote tally".
    package static let title = OptionSpec(
        "title", .value("TEXT"),
        "Title of every page and image (default: $TALLY_TITLE, the config's title, else \"Vote tally\" in the "
            + "page's language). Plain text: shown as written, never as markup.")

    /// `--reports`: the folder `tally weekly` writes into.
    package static let reports = OptionSpec("reports", .value("DIR"), "Folder for weekly reports.")
}

extension OptionSpec {
    /// The same option (name and kind) with help text of its own.
    package func withHelp(_ help: String) -> OptionSpec { OptionSpec(name, kind, help) }

    /// `--name`, as messages write it.
    package var flagName: String { "--" + name }
}

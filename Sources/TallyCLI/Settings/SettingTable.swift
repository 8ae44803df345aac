import Foundation
import TallyCore
import TallyRender

/// A setting's value as one place gives it, before it is read into its type.
enum GivenValue: Sendable, Equatable {
    case text(String)
    case list([String])
    case toggle(Bool)
    /// One text per language, by the language's name as written (`tally.json`'s `"title": {"zh-TW": …}`).
    case perLanguage([String: String])

    /// As messages quote it.
    var shown: String {
        switch self {
        case .text(let text): return text
        case .list(let items): return items.joined(separator: ",")
        case .toggle(let on): return String(on)
        case .perLanguage(let texts):
            return texts.keys.sorted().map { "\($0): \(texts[$0] ?? "")" }.joined(separator: ", ")
        }
    }

    /// The items of a list, or of a comma list written as text (each trimmed).
    var items: [String] {
        switch self {
        case .text(let text): return text.split(separator: ",", omittingEmptySubsequences: false).map(Self.trimmed)
        case .list(let items): return items
        case .toggle(let on): return [String(on)]
        case .perLanguage(let texts): return texts.keys.sorted().compactMap { texts[$0] }
        }
    }

    static func trimmed(_ text: Substring) -> String { text.trimmingCharacters(in: .whitespaces) }
}

/// What a setting holds, which decides how the config file, the environment and the command line
/// spell it (and what their messages say is accepted).
enum SettingKind: Sendable {
    /// A non-empty string.
    case text
    /// A non-empty string; in the config file also an object of one string per language
    /// (`{"zh-TW": "投票結果", "en": "Poll results"}`).
    case textPerLanguage
    /// A file or folder. In the config file a relative path is read against the file's folder (so one
    /// `tally.json` means the same from anywhere); in the environment and flags, against the working
    /// folder. An empty flag is refused (it would name the working folder): "give `what`, e.g. `example`".
    case path(what: String, example: String)
    /// Several values: a JSON list of strings, a comma list in the environment (blanks dropped), a
    /// repeated option (a blank one refused).
    case list(item: String)
    /// One value or several: a JSON string or list of strings; a comma list anywhere else.
    case commaList(item: String)
    /// A whole number in the range (a JSON number, or digits elsewhere).
    case count(ClosedRange<Int>)
    /// true or false in the file; a switch on the command line (which can only turn it on).
    case toggle
}

/// One setting, declared once: its key in `tally.json` (also its name in `config show` and in
/// messages), its environment variable, its command-line option, what it holds, its built-in value
/// and how `config show` prints it. Config reading, precedence, `config show`, the messages and the
/// generated docs all read this table; `Settings.init(_:)` holds each setting's parser.
package struct SettingSpec: Sendable {
    /// The key in `tally.json`.
    package let key: String
    /// The environment variable, if the setting has one.
    package let environment: String?
    /// The command-line option (commands list it, with help of their own where they need it).
    package let option: OptionSpec
    let kind: SettingKind
    /// The built-in value (a path read against the working folder); nil for none.
    let builtIn: GivenValue?
    /// The value `config show` prints, and where it came from.
    let shown: @Sendable (Settings) -> (value: String, source: SettingSource)

    /// Every setting, in the order `config show` lists them.
    package static let all: [SettingSpec] = [
        db, timezone, excludeBefore, excludeSessions, votesPerSession, launch, lang, reports, `internal`, title,
        voteURL, siteURL,
    ]

    /// The setting with this key in `tally.json`.
    static func named(_ key: String) -> SettingSpec? { all.first { $0.key == key } }

    static let db = SettingSpec(
        key: "db", environment: "TALLY_DB",
        option: OptionSpec(
            "db", .value("PATH"), "Database file (default: $TALLY_DB, then the config file's db, then ./tally.sqlite)."),
        kind: .path(what: "the database file", example: "tally.sqlite"), builtIn: .text("tally.sqlite"),
        shown: { ($0.db.value, $0.db.source) })

    static let timezone = SettingSpec(
        key: "timezone", environment: "TALLY_TZ",
        option: OptionSpec("tz", .value("ZONE"), "Time zone: an IANA name or a fixed offset such as +08:00."),
        kind: .text, builtIn: .text("UTC"), shown: { ($0.zone.value.identifier, $0.zone.source) })

    static let excludeBefore = SettingSpec(
        key: "exclude_before", environment: "TALLY_EXCLUDE_BEFORE",
        option: OptionSpec("exclude-before", .value("TIME"), "Exclude every session whose first vote is before TIME."),
        kind: .text, builtIn: nil,
        shown: { ($0.excludeBefore.value.map(ConfigCommand.cutoffText) ?? "(none)", $0.excludeBefore.source) })

    static let excludeSessions = SettingSpec(
        key: "exclude_sessions", environment: "TALLY_EXCLUDE_SESSIONS",
        option: OptionSpec("exclude-session", .repeated("ID"), "Exclude this session (repeatable)."),
        kind: .list(item: "session id"), builtIn: .list([]),
        shown: {
            let ids = $0.excludeSessions.value
            return (ids.isEmpty ? "(none)" : ids.joined(separator: ", "), $0.excludeSessions.source)
        })

    static let votesPerSession = SettingSpec(
        key: "votes_per_session", environment: "TALLY_VOTES_PER_SESSION",
        option: OptionSpec("votes-per-session", .value("N"), "Vote budget of a session; more is flagged (default 3)."),
        kind: .count(1...1000), builtIn: .text(String(ReportParameters.defaultVotesPerSession)),
        shown: { (String($0.votesPerSession.value), $0.votesPerSession.source) })

    static let launch = SettingSpec(
        key: "launch", environment: "TALLY_LAUNCH",
        option: OptionSpec("launch", .value("DATE"), "Local launch date; week 1 starts then."),
        kind: .text, builtIn: nil, shown: { ($0.launch.value?.dateText ?? "(none)", $0.launch.source) })

    static let lang = SettingSpec(
        key: "lang", environment: "TALLY_LANG",
        option: OptionSpec("lang", .value("LANG"), "Report language: en or zh-TW."),
        kind: .commaList(item: "language"), builtIn: .text("en"),
        shown: { ($0.languages.value.map(\.rawValue).joined(separator: ","), $0.languages.source) })

    static let reports = SettingSpec(
        key: "reports", environment: "TALLY_REPORTS",
        option: OptionSpec("reports", .value("DIR"), "Folder for weekly reports."),
        kind: .path(what: "the folder to write into", example: "reports"), builtIn: .text("reports"),
        shown: { ($0.reports.value, $0.reports.source) })

    /// No environment variable: the moderators' pages are asked for where they are written, never
    /// inherited from a shell.
    static let `internal` = SettingSpec(
        key: "internal", environment: nil,
        option: OptionSpec(
            "internal", .flag,
            "Write the moderators' version: list session ids and moderators' names, and say so at the top. Never "
                + "publish it; without it every page is public (counts and descriptions only)."),
        kind: .toggle, builtIn: .toggle(false), shown: { (String($0.internal.value), $0.internal.source) })

    static let title = SettingSpec(
        key: "title", environment: "TALLY_TITLE",
        option: OptionSpec("title", .value("TEXT"), "Title of the report and pages (one line of text)."),
        kind: .textPerLanguage, builtIn: nil, shown: { ($0.title.value.map(shownTitle) ?? "(none)", $0.title.source) })

    static let voteURL = SettingSpec(
        key: "vote_url", environment: "TALLY_VOTE_URL",
        option: OptionSpec(
            "vote-url", .value("URL"),
            "The vote page's address (http:// or https://): every weekly page and the share image link back to it."),
        kind: .text, builtIn: nil, shown: { ($0.voteURL.value?.text ?? "(none)", $0.voteURL.source) })

    static let siteURL = SettingSpec(
        key: "site_url", environment: "TALLY_SITE_URL",
        option: OptionSpec(
            "site-url", .value("URL"),
            "The public address of the reports folder (http:// or https://), for the HTML pages' og:url and og:image."),
        kind: .text, builtIn: nil, shown: { ($0.siteURL.value?.text ?? "(none)", $0.siteURL.source) })

    /// A title as `config show` prints it: `en: Poll results, zh-TW: 投票結果` when there is one per language.
    private static func shownTitle(_ title: PageTitle) -> String {
        switch title {
        case .everyLanguage(let text): text
        case .perLanguage(let titles):
            ReportLanguage.allCases.compactMap { language in titles[language].map { "\(language.rawValue): \($0)" } }
                .joined(separator: ", ")
        }
    }
}

/// The options that set a setting (each from the table) and the two that choose where settings come
/// from. Commands list them (with their own help text where the setting means something particular
/// to them, via `withHelp`), and `Settings` reads them through the same specs.
package enum SettingOptions {
    /// `--db` for commands that read or change an existing database.
    package static let db = SettingSpec.db.option

    /// `--db` for commands that create the database.
    package static let newDatabase = db.withHelp(
        "Database file to create (default: $TALLY_DB, then the config file's db, then ./tally.sqlite).")

    /// `--config` for every command that reads settings.
    package static let config = OptionSpec(
        "config", .value("FILE"), "Config file (default: $TALLY_CONFIG, then ./tally.json if present).")

    /// `--demo`: the built-in demo data and the author's settings instead of the config file and environment.
    package static let demo = OptionSpec("demo", .flag, "Use the built-in demo data with the author's settings.")

    /// `--tz`: the zone times are read and shown in.
    package static let tz = SettingSpec.timezone.option
    /// `--exclude-before`: the cutoff, read in the zone in force for flags (`--tz`, else the configured zone).
    package static let excludeBefore = SettingSpec.excludeBefore.option
    /// `--exclude-session`, repeatable.
    package static let excludeSession = SettingSpec.excludeSessions.option
    /// `--votes-per-session`: the vote budget.
    package static let votesPerSession = SettingSpec.votesPerSession.option
    /// `--launch`: the local date week 1 starts.
    package static let launch = SettingSpec.launch.option
    /// `--lang`: `en`, `zh-TW`, or a comma list of them.
    package static let lang = SettingSpec.lang.option
    /// `--internal`: the moderators' pages, with session ids and moderators' names.
    package static let `internal` = SettingSpec.internal.option
    /// `--reports`: the folder `tally weekly` writes into.
    package static let reports = SettingSpec.reports.option
    /// `--title`: the title of the report and pages.
    package static let title = SettingSpec.title.option
    /// `--vote-url`: the vote page the weekly pages link back to.
    package static let voteURL = SettingSpec.voteURL.option
    /// `--site-url`: the public address of the reports folder.
    package static let siteURL = SettingSpec.siteURL.option
}

extension OptionSpec {
    /// The same option (name and kind) with help text of its own.
    package func withHelp(_ help: String) -> OptionSpec { OptionSpec(name, kind, help) }

    /// `--name`, as messages write it.
    package var flagName: String { "--" + name }
}

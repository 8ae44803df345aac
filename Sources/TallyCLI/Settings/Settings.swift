import Foundation
import TallyCore

/// Where a setting's value came from (shown by `tally config show`).
public enum SettingSource: Equatable, Sendable, CustomStringConvertible {
    /// Nothing set it: the built-in default.
    case builtIn
    /// The built-in demo's settings (`--demo`).
    case demo
    /// The config file at this path.
    case file(String)
    /// This environment variable.
    case environment(String)
    /// This command-line option (without dashes).
    case flag(String)

    /// `default`, `demo`, `config PATH`, `env NAME`, `flag --name`.
    public var description: String {
        switch self {
        case .builtIn: return "default"
        case .demo: return "demo"
        case .file(let path): return "config \(path)"
        case .environment(let name): return "env \(name)"
        case .flag(let name): return "flag --\(name)"
        }
    }
}

/// A value and where it came from.
public struct Setting<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The value in force.
    public var value: Value
    /// Where it came from.
    public var source: SettingSource
}

/// The settings in force for one run: built-in defaults, overridden by the config
/// file (`tally.json` in the working folder, `--config FILE` or `$TALLY_CONFIG`),
/// overridden by environment variables, overridden by flags. Every value is
/// validated here, before any command touches data, and errors name the key and
/// where it was set. Every command that reads a setting (the database path above
/// all) takes it from here, so one `tally.json` means the same thing to all of them.
///
/// With `--demo` the built-in demo's settings (the author's) replace the defaults and
/// neither the config file nor the environment is read: the demo gives the same
/// report on every machine. Flags still override it.
public struct Settings: Sendable, Equatable {
    /// `db`: the database file, as an absolute path.
    public var db: Setting<String>
    /// `timezone`: an IANA name or a fixed offset, as given.
    public var timezone: Setting<String>
    /// `exclude_before`: a time as given (read in `timezone`), or none.
    public var excludeBefore: Setting<String?>
    /// `exclude_sessions`: session ids excluded by name.
    public var excludeSessions: Setting<[String]>
    /// `votes_per_session`: the vote budget.
    public var votesPerSession: Setting<Int>
    /// `launch`: the local date week 1 starts, as given, or none.
    public var launch: Setting<String?>
    /// `lang`: `en` or `zh-TW`.
    public var lang: Setting<String>
    /// `reports`: the folder `tally weekly` writes into, as an absolute path.
    public var reports: Setting<String>
    /// The config file read, if any.
    public var configFile: String?

    /// The languages reports can be written in.
    public static let languages = ["en", "zh-TW"]

    /// The options every command that reads settings takes to name its config file.
    /// `--db` for commands that read or change an existing database.
    public static let dbOption = OptionSpec(
        "db", .value("PATH"), "Database file (default: $TALLY_DB, then the config file's db, then ./tally.sqlite).")

    /// `--db` for commands that create the database.
    public static let newDatabaseOption = OptionSpec(
        "db", .value("PATH"), "Database file to create (default: $TALLY_DB, then the config file's db, then ./tally.sqlite).")

    /// `--config` for every command that reads settings.
    public static let configOption = OptionSpec(
        "config", .value("FILE"), "Config file (default: $TALLY_CONFIG, then ./tally.json if present).")

    /// The zone these settings name (validated by `resolve`).
    public func zone() throws -> Zone { try Zone(parsing: timezone.value) }

    /// `exclude_before` read in the zone (validated by `resolve`).
    public func cutoff() throws -> Instant? {
        guard let text = excludeBefore.value else { return nil }
        return try zone().parseUserTime(text)
    }

    /// The launch date (validated by `resolve`), nil when none is set.
    public func launchDate() -> CivilDateTime? { launch.value.flatMap(Zone.parseDate) }

    /// Resolves the settings for an invocation. Flags count only if the command declares them.
    public static func resolve(_ invocation: Invocation, context: Context) throws -> Settings {
        let demo = invocation.flag("demo")
        if demo, invocation.has("config") {
            throw UsageError(
                "--demo uses the author's settings and reads no config file; leave out --config, or leave out --demo",
                command: invocation.path)
        }
        var settings = demo ? Settings.demo(context) : Settings.builtIn(context)
        if !demo {
            try settings.applyFile(invocation, context)
            try settings.applyEnvironment(context)
        }
        try settings.applyFlags(invocation, context)
        try settings.validate(command: invocation.path)
        return settings
    }

    /// The database path alone: `--db`, `$TALLY_DB`, the config file's `db`, or `./tally.sqlite`.
    public static func database(_ invocation: Invocation, _ context: Context) throws -> String {
        try resolve(invocation, context: context).db.value
    }

    static func builtIn(_ context: Context) -> Settings {
        Settings(
            db: Setting(value: context.path("tally.sqlite"), source: .builtIn),
            timezone: Setting(value: "UTC", source: .builtIn),
            excludeBefore: Setting(value: nil, source: .builtIn),
            excludeSessions: Setting(value: [], source: .builtIn),
            votesPerSession: Setting(value: ReportParameters.defaultVotesPerSession, source: .builtIn),
            launch: Setting(value: nil, source: .builtIn),
            lang: Setting(value: "en", source: .builtIn),
            reports: Setting(value: context.path("reports"), source: .builtIn),
            configFile: nil)
    }

    static func demo(_ context: Context) -> Settings {
        var settings = builtIn(context)
        settings.timezone = Setting(value: Demo.Settings.timezone, source: .demo)
        settings.excludeBefore = Setting(value: Demo.Settings.excludeBefore, source: .demo)
        settings.votesPerSession = Setting(value: Demo.Settings.votesPerSession, source: .demo)
        settings.launch = Setting(value: Demo.Settings.launch, source: .demo)
        return settings
    }

    private mutating func applyFile(_ invocation: Invocation, _ context: Context) throws {
        let explicit = invocation.value("config") ?? context.environment["TALLY_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let configPath = context.path(explicit ?? "tally.json")
        guard explicit != nil || FileManager.default.fileExists(atPath: configPath) else { return }
        let file = try ConfigFile.load(configPath)
        configFile = configPath
        let source = SettingSource.file(configPath)
        let folder = URL(fileURLWithPath: configPath).deletingLastPathComponent().path
        func relative(_ path: String) -> String {
            path.hasPrefix("/") ? path : URL(fileURLWithPath: folder).appendingPathComponent(path).path
        }
        if let value = file.db { db = Setting(value: relative(value), source: source) }
        if let value = file.timezone { timezone = Setting(value: value, source: source) }
        if let value = file.excludeBefore { excludeBefore = Setting(value: value, source: source) }
        if let value = file.excludeSessions { excludeSessions = Setting(value: value, source: source) }
        if let value = file.votesPerSession { votesPerSession = Setting(value: value, source: source) }
        if let value = file.launch { launch = Setting(value: value, source: source) }
        if let value = file.lang { lang = Setting(value: value, source: source) }
        if let value = file.reports { reports = Setting(value: relative(value), source: source) }
    }

    private mutating func applyEnvironment(_ context: Context) throws {
        let env = context.environment
        func variable(_ name: String) -> String? { env[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let value = variable("TALLY_DB") { db = Setting(value: context.path(value), source: .environment("TALLY_DB")) }
        if let value = variable("TALLY_TZ") { timezone = Setting(value: value, source: .environment("TALLY_TZ")) }
        if let value = variable("TALLY_EXCLUDE_BEFORE") {
            excludeBefore = Setting(value: value, source: .environment("TALLY_EXCLUDE_BEFORE"))
        }
        if let value = variable("TALLY_EXCLUDE_SESSIONS") {
            let sessions = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            excludeSessions = Setting(value: sessions, source: .environment("TALLY_EXCLUDE_SESSIONS"))
        }
        if let value = variable("TALLY_VOTES_PER_SESSION") {
            guard let number = Int(value), (1...1000).contains(number) else {
                throw CommandFailure(
                    "TALLY_VOTES_PER_SESSION is '\(value)'; expected a whole number from 1 to 1000")
            }
            votesPerSession = Setting(value: number, source: .environment("TALLY_VOTES_PER_SESSION"))
        }
        if let value = variable("TALLY_LAUNCH") { launch = Setting(value: value, source: .environment("TALLY_LAUNCH")) }
        if let value = variable("TALLY_LANG") { lang = Setting(value: value, source: .environment("TALLY_LANG")) }
        if let value = variable("TALLY_REPORTS") {
            reports = Setting(value: context.path(value), source: .environment("TALLY_REPORTS"))
        }
    }

    private mutating func applyFlags(_ invocation: Invocation, _ context: Context) throws {
        if let value = invocation.value("db") { db = Setting(value: context.path(value), source: .flag("db")) }
        if let value = invocation.value("tz") { timezone = Setting(value: value, source: .flag("tz")) }
        if let value = invocation.value("exclude-before") {
            excludeBefore = Setting(value: value, source: .flag("exclude-before"))
        }
        if invocation.has("exclude-session") {
            let sessions = invocation.values("exclude-session")
            if sessions.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw UsageError("--exclude-session needs a session id, not an empty value", command: invocation.path)
            }
            excludeSessions = Setting(value: sessions, source: .flag("exclude-session"))
        }
        if let value = try invocation.integer("votes-per-session", in: 1...1000) {
            votesPerSession = Setting(value: value, source: .flag("votes-per-session"))
        }
        if let value = invocation.value("launch") { launch = Setting(value: value, source: .flag("launch")) }
        if let value = invocation.value("lang") { lang = Setting(value: value, source: .flag("lang")) }
        if let value = invocation.value("reports") { reports = Setting(value: context.path(value), source: .flag("reports")) }
    }

    /// Checks every value, naming the setting and its source when one is wrong. A bad flag is a
    /// usage error (exit 2) worded like every other bad option; a bad file or environment value
    /// is a failure (exit 1) naming the key and where it was set.
    func validate(command: [String]) throws {
        /// `problem` starts with ": " (why) or "; " (what would be accepted).
        func fail(_ key: String, _ source: SettingSource, _ value: String, _ problem: String) -> Error {
            switch source {
            case .flag(let name): return UsageError("invalid value '\(value)' for --\(name)\(problem)", command: command)
            default: return CommandFailure("\(key) (from \(source)) is '\(value)'\(problem)")
            }
        }
        let zone: Zone
        do {
            zone = try Zone(parsing: timezone.value)
        } catch {
            throw fail("timezone", timezone.source, timezone.value, ": \(error.description)")
        }
        if let text = excludeBefore.value {
            do {
                _ = try zone.parseUserTime(text)
            } catch {
                throw fail("exclude_before", excludeBefore.source, text, ": \(error.description)")
            }
        }
        if let text = launch.value, Zone.parseDate(text) == nil {
            throw fail("launch", launch.source, text, ": not a date; expected YYYY-MM-DD (a local date)")
        }
        guard Settings.languages.contains(lang.value) else {
            throw fail("lang", lang.source, lang.value, "; expected one of: \(Settings.languages.joined(separator: ", "))")
        }
        if excludeSessions.value.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw fail("exclude_sessions", excludeSessions.source, "", ": a session id is empty")
        }
    }
}

import Foundation
import TallyCore

/// Where a setting's value came from (shown by `tally config show`).
public enum SettingSource: Equatable, Sendable, CustomStringConvertible {
    case builtIn
    case file(String)
    case environment(String)
    case flag(String)

    public var description: String {
        switch self {
        case .builtIn: return "default"
        case .file(let path): return "config \(path)"
        case .environment(let name): return "env \(name)"
        case .flag(let name): return "flag --\(name)"
        }
    }
}

/// A value and where it came from.
public struct Setting<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var source: SettingSource
}

/// The settings in force for one run: built-in defaults, overridden by the config
/// file (`tally.json` in the working folder or `--config FILE`), overridden by
/// environment variables, overridden by flags. Every value is validated here,
/// before any command touches data, and errors name the key and where it was set.
public struct Settings: Sendable, Equatable {
    public var db: Setting<String>
    public var timezone: Setting<String>
    public var excludeBefore: Setting<String?>
    public var excludeSessions: Setting<[String]>
    public var votesPerSession: Setting<Int>
    public var launch: Setting<String?>
    public var lang: Setting<String>
    public var reports: Setting<String>
    /// The config file read, if any.
    public var configFile: String?

    /// The languages reports can be written in.
    public static let languages = ["en", "zh-TW"]

    /// The zone these settings name.
    public func zone() throws -> Zone { try Zone(parsing: timezone.value) }

    /// Resolves the settings for an invocation. Flags count only if the command declares them.
    public static func resolve(_ invocation: Invocation, context: Context) throws -> Settings {
        var settings = Settings(
            db: Setting(value: context.path("tally.sqlite"), source: .builtIn),
            timezone: Setting(value: "UTC", source: .builtIn),
            excludeBefore: Setting(value: nil, source: .builtIn),
            excludeSessions: Setting(value: [], source: .builtIn),
            votesPerSession: Setting(value: 3, source: .builtIn),
            launch: Setting(value: nil, source: .builtIn),
            lang: Setting(value: "en", source: .builtIn),
            reports: Setting(value: context.path("reports"), source: .builtIn),
            configFile: nil)

        // 1. The config file.
        let explicit = invocation.value("config") ?? context.environment["TALLY_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let configPath = context.path(explicit ?? "tally.json")
        if explicit != nil || FileManager.default.fileExists(atPath: configPath) {
            let file = try ConfigFile.load(configPath)
            settings.configFile = configPath
            let source = SettingSource.file(configPath)
            let folder = URL(fileURLWithPath: configPath).deletingLastPathComponent().path
            func relative(_ path: String) -> String {
                path.hasPrefix("/") ? path : URL(fileURLWithPath: folder).appendingPathComponent(path).path
            }
            if let value = file.db { settings.db = Setting(value: relative(value), source: source) }
            if let value = file.timezone { settings.timezone = Setting(value: value, source: source) }
            if let value = file.excludeBefore { settings.excludeBefore = Setting(value: value, source: source) }
            if let value = file.excludeSessions { settings.excludeSessions = Setting(value: value, source: source) }
            if let value = file.votesPerSession { settings.votesPerSession = Setting(value: value, source: source) }
            if let value = file.launch { settings.launch = Setting(value: value, source: source) }
            if let value = file.lang { settings.lang = Setting(value: value, source: source) }
            if let value = file.reports { settings.reports = Setting(value: relative(value), source: source) }
        }

        // 2. Environment variables.
        let env = context.environment
        func variable(_ name: String) -> String? { env[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let value = variable("TALLY_DB") { settings.db = Setting(value: context.path(value), source: .environment("TALLY_DB")) }
        if let value = variable("TALLY_TZ") { settings.timezone = Setting(value: value, source: .environment("TALLY_TZ")) }
        if let value = variable("TALLY_EXCLUDE_BEFORE") {
            settings.excludeBefore = Setting(value: value, source: .environment("TALLY_EXCLUDE_BEFORE"))
        }
        if let value = variable("TALLY_EXCLUDE_SESSIONS") {
            let sessions = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            settings.excludeSessions = Setting(value: sessions, source: .environment("TALLY_EXCLUDE_SESSIONS"))
        }
        if let value = variable("TALLY_VOTES_PER_SESSION") {
            guard let number = Int(value), (1...1000).contains(number) else {
                throw CommandFailure(
                    "TALLY_VOTES_PER_SESSION is '\(value)'; expected a whole number from 1 to 1000")
            }
            settings.votesPerSession = Setting(value: number, source: .environment("TALLY_VOTES_PER_SESSION"))
        }
        if let value = variable("TALLY_LAUNCH") { settings.launch = Setting(value: value, source: .environment("TALLY_LAUNCH")) }
        if let value = variable("TALLY_LANG") { settings.lang = Setting(value: value, source: .environment("TALLY_LANG")) }
        if let value = variable("TALLY_REPORTS") {
            settings.reports = Setting(value: context.path(value), source: .environment("TALLY_REPORTS"))
        }

        // 3. Flags.
        if let value = invocation.value("db") { settings.db = Setting(value: context.path(value), source: .flag("db")) }
        if let value = invocation.value("tz") { settings.timezone = Setting(value: value, source: .flag("tz")) }
        if let value = invocation.value("exclude-before") {
            settings.excludeBefore = Setting(value: value, source: .flag("exclude-before"))
        }
        if !invocation.values("exclude-session").isEmpty {
            settings.excludeSessions = Setting(value: invocation.values("exclude-session"), source: .flag("exclude-session"))
        }
        if let value = try invocation.integer("votes-per-session", in: 1...1000) {
            settings.votesPerSession = Setting(value: value, source: .flag("votes-per-session"))
        }
        if let value = invocation.value("launch") { settings.launch = Setting(value: value, source: .flag("launch")) }
        if let value = invocation.value("lang") { settings.lang = Setting(value: value, source: .flag("lang")) }
        if let value = invocation.value("reports") {
            settings.reports = Setting(value: context.path(value), source: .flag("reports"))
        }

        try settings.validate(command: invocation.path)
        return settings
    }

    /// Checks every value, naming the setting and its source when one is wrong.
    func validate(command: [String]) throws {
        func fail(_ key: String, _ source: SettingSource, _ problem: String) -> Error {
            if case .flag = source { return UsageError("\(source.description.dropFirst(5)): \(problem)", command: command) }
            return CommandFailure("\(key) (from \(source)): \(problem)")
        }
        let zone: Zone
        do {
            zone = try Zone(parsing: timezone.value)
        } catch {
            throw fail("timezone", timezone.source, error.description)
        }
        if let text = excludeBefore.value {
            do {
                _ = try zone.parseUserTime(text)
            } catch {
                throw fail("exclude_before", excludeBefore.source, error.description)
            }
        }
        if let text = launch.value, Zone.parseDate(text) == nil {
            throw fail("launch", launch.source, "'\(text)' is not a date; expected YYYY-MM-DD (a local date)")
        }
        guard Settings.languages.contains(lang.value) else {
            throw fail("lang", lang.source, "'\(lang.value)' is not a report language; expected one of: en, zh-TW")
        }
        if excludeSessions.value.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw fail("exclude_sessions", excludeSessions.source, "a session id is empty")
        }
    }
}

import Foundation
import TallyCore
import TallyRender

/// The settings as given, layer over layer (built-in or demo < config file < environment < flags),
/// still text; `typed` reads them into `Settings` once, naming the setting and its source when a
/// value is wrong.
struct GivenSettings {
    var db: Setting<String>
    /// The zone in force (flags included).
    var timezone: Setting<String>
    /// The zone the config file and environment give (built-in or demo below them): what a cutoff
    /// is read in when the place that set it sets no zone.
    var configuredZone: Setting<String>
    var excludeBefore: Setting<String?>
    /// The zone set in the same place as `excludeBefore`, if that place set one.
    var cutoffZone: Setting<String>?
    var excludeSessions: Setting<[String]>
    var votesPerSession: Setting<Int>
    var launch: Setting<String?>
    /// The language names as given, in order (`en,zh-TW` split at its commas).
    var lang: Setting<[String]>
    var reports: Setting<String>
    var `internal`: Setting<Bool>
    var title: Setting<String?>
    var configFile: String?

    static func builtIn(_ context: Context) -> GivenSettings {
        let utc = Setting(value: "UTC", source: .builtIn)
        return GivenSettings(
            db: Setting(value: context.path("tally.sqlite"), source: .builtIn),
            timezone: utc, configuredZone: utc,
            excludeBefore: Setting(value: nil, source: .builtIn), cutoffZone: nil,
            excludeSessions: Setting(value: [], source: .builtIn),
            votesPerSession: Setting(value: ReportParameters.defaultVotesPerSession, source: .builtIn),
            launch: Setting(value: nil, source: .builtIn),
            lang: Setting(value: [ReportLanguage.english.rawValue], source: .builtIn),
            reports: Setting(value: context.path("reports"), source: .builtIn),
            internal: Setting(value: false, source: .builtIn), title: Setting(value: nil, source: .builtIn),
            configFile: nil)
    }

    static func demo(_ context: Context) -> GivenSettings {
        var settings = builtIn(context)
        let zone = Setting(value: Demo.Settings.timezone, source: .demo)
        settings.timezone = zone
        settings.configuredZone = zone
        settings.excludeBefore = Setting(value: Demo.Settings.excludeBefore, source: .demo)
        settings.cutoffZone = zone
        settings.votesPerSession = Setting(value: Demo.Settings.votesPerSession, source: .demo)
        settings.launch = Setting(value: Demo.Settings.launch, source: .demo)
        return settings
    }

    mutating func applyFile(_ invocation: Invocation, _ context: Context) throws {
        let explicit =
            invocation.value(SettingOptions.config)
            ?? context.environment["TALLY_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let configPath = context.path(explicit ?? "tally.json")
        // Without --config or $TALLY_CONFIG, ./tally.json is read only when something is there
        // (lstat: a dangling link is there, and ConfigFile.load says what is wrong with it).
        var info = stat()
        guard explicit != nil || lstat(configPath, &info) == 0 else { return }
        let file = try ConfigFile.load(configPath)
        configFile = configPath
        let source = SettingSource.file(configPath)
        let folder = URL(fileURLWithPath: configPath).deletingLastPathComponent()
        func relative(_ path: String) -> String {
            path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
        }
        if let value = file.db { db = Setting(value: relative(value), source: source) }
        if let value = file.timezone {
            timezone = Setting(value: value, source: source)
            configuredZone = timezone
        }
        if let value = file.excludeBefore {
            excludeBefore = Setting(value: value, source: source)
            cutoffZone = file.timezone.map { Setting(value: $0, source: source) }
        }
        if let value = file.excludeSessions { excludeSessions = Setting(value: value, source: source) }
        if let value = file.votesPerSession { votesPerSession = Setting(value: value, source: source) }
        if let value = file.launch { launch = Setting(value: value, source: source) }
        if let value = file.lang { lang = Setting(value: value, source: source) }
        if let value = file.reports { reports = Setting(value: relative(value), source: source) }
        if let value = file.internal { self.internal = Setting(value: value, source: source) }
        if let value = file.title { title = Setting(value: value, source: source) }
    }

    mutating func applyEnvironment(_ context: Context) throws {
        let env = context.environment
        func variable(_ name: String) -> String? { env[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let value = variable("TALLY_DB") {
            db = Setting(value: context.path(value), source: .environment("TALLY_DB"))
        }
        let zone = variable("TALLY_TZ").map { Setting(value: $0, source: .environment("TALLY_TZ")) }
        if let zone {
            timezone = zone
            configuredZone = zone
        }
        if let value = variable("TALLY_EXCLUDE_BEFORE") {
            excludeBefore = Setting(value: value, source: .environment("TALLY_EXCLUDE_BEFORE"))
            cutoffZone = zone
        }
        if let value = variable("TALLY_EXCLUDE_SESSIONS") {
            let sessions = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
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
        if let value = variable("TALLY_LANG") {
            lang = Setting(value: Self.languageNames(value), source: .environment("TALLY_LANG"))
        }
        if let value = variable("TALLY_TITLE") { title = Setting(value: value, source: .environment("TALLY_TITLE")) }
        if let value = variable("TALLY_REPORTS") {
            reports = Setting(value: context.path(value), source: .environment("TALLY_REPORTS"))
        }
    }

    mutating func applyFlags(_ invocation: Invocation, _ context: Context) throws {
        func source(_ option: OptionSpec) -> SettingSource { .flag(option.name) }
        if let value = invocation.value(SettingOptions.db) {
            db = Setting(value: context.path(value), source: source(SettingOptions.db))
        }
        let zone = invocation.value(SettingOptions.tz).map { Setting(value: $0, source: source(SettingOptions.tz)) }
        if let zone { timezone = zone }
        if let value = invocation.value(SettingOptions.excludeBefore) {
            excludeBefore = Setting(value: value, source: source(SettingOptions.excludeBefore))
            cutoffZone = zone
        }
        if invocation.has(SettingOptions.excludeSession) {
            let sessions = invocation.values(SettingOptions.excludeSession)
            if sessions.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw UsageError(
                    "\(SettingOptions.excludeSession.flagName) needs a session id, not an empty value",
                    command: invocation.path)
            }
            excludeSessions = Setting(value: sessions, source: source(SettingOptions.excludeSession))
        }
        if let value = try invocation.integer(SettingOptions.votesPerSession, in: 1...1000) {
            votesPerSession = Setting(value: value, source: source(SettingOptions.votesPerSession))
        }
        if let value = invocation.value(SettingOptions.launch) {
            launch = Setting(value: value, source: source(SettingOptions.launch))
        }
        if let value = invocation.value(SettingOptions.lang) {
            lang = Setting(value: Self.languageNames(value), source: source(SettingOptions.lang))
        }
        if let value = invocation.value(SettingOptions.reports) {
            // '' would resolve to the working folder and fill it with pages.
            if value.isEmpty {
                throw UsageError(
                    "--reports is empty; give the folder to write into, e.g. --reports reports",
                    command: invocation.path)
            }
            reports = Setting(value: context.path(value), source: source(SettingOptions.reports))
        }
        if let value = invocation.value(SettingOptions.title) {
            title = Setting(value: value, source: source(SettingOptions.title))
        }
        if invocation.flag(SettingOptions.internal) {
            self.internal = Setting(value: true, source: source(SettingOptions.internal))
        }
    }

    /// Reads every value into its type, naming the setting and its source when one is wrong. A bad
    /// flag is a usage error (exit 2) worded like every other bad option; a bad file or environment
    /// value is a failure (exit 1) naming the key and where it was set.
    func typed(command: [String]) throws -> Settings {
        /// `problem` starts with ": " (why) or "; " (what would be accepted).
        func fail(_ key: String, _ source: SettingSource, _ value: String, _ problem: String) -> Error {
            switch source {
            case .flag(let name):
                return UsageError("invalid value '\(value)' for --\(name)\(problem)", command: command)
            default: return CommandFailure("\(key) (from \(source)) is '\(value)'\(problem)")
            }
        }
        func zone(_ setting: Setting<String>) throws -> Zone {
            do {
                return try Zone(parsing: setting.value)
            } catch {
                throw fail("timezone", setting.source, setting.value, ": \(error.description)")
            }
        }
        let shown = try zone(timezone)
        var cutoff: Cutoff?
        if let text = excludeBefore.value {
            let readIn = try zone(cutoffZone ?? configuredZone)
            do {
                let time = try readIn.readUserTime(text)
                cutoff = Cutoff(text: text, zone: readIn, instant: time.instant, ambiguity: time.ambiguity)
            } catch {
                throw fail("exclude_before", excludeBefore.source, text, ": \(error.description)")
            }
        }
        var launchDate: CivilDateTime?
        if let text = launch.value {
            guard let date = Zone.parseDate(text) else {
                throw fail("launch", launch.source, text, ": not a date; expected YYYY-MM-DD (a local date)")
            }
            launchDate = date
        }
        let languages = try typedLanguages(fail)
        if let text = title.value, let problem = Self.titleProblem(text) {
            throw fail("title", title.source, TerminalText.visible(text, keepNewlines: false), problem)
        }
        if excludeSessions.value.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw fail("exclude_sessions", excludeSessions.source, "", ": a session id is empty")
        }
        return Settings(
            db: db, zone: Setting(value: shown, source: timezone.source),
            excludeBefore: Setting(value: cutoff, source: excludeBefore.source),
            excludeSessions: excludeSessions, votesPerSession: votesPerSession,
            launch: Setting(value: launchDate, source: launch.source),
            languages: Setting(value: languages, source: lang.source), reports: reports, internal: self.internal,
            title: title, configFile: configFile)
    }

    /// The longest title taken, in characters: a heading, not a paragraph.
    static let titleLimit = 120

    /// Why a title cannot be used, or nil. A title is one line of plain text: control characters (a newline
    /// would end the heading, an escape would reach a terminal) and bidi controls (which reorder what follows)
    /// are refused rather than shown as symbols, since a heading full of "␛" is not what the author meant.
    static func titleProblem(_ text: String) -> String? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            return ": the title is empty; give some text, or leave the setting out for the default heading"
        }
        if text.count > titleLimit {
            return ": the title is \(text.count) characters long; give at most \(titleLimit)"
        }
        let refused = text.unicodeScalars.first {
            $0.properties.generalCategory == .control || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}"
        }
        if let refused {
            let code = "U+" + String(refused.value, radix: 16, uppercase: true)
            return ": it holds the control character \(code); a title is one line of plain text"
        }
        return nil
    }

    /// `en,zh-TW` → `["en", "zh-TW"]`: split at commas, each name trimmed (empty names kept, so
    /// `typed` can refuse them rather than skip them).
    static func languageNames(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The languages in order: at least one, each known, none twice (a page per language, so a
    /// repeated one would write the same files twice and say nothing the user meant).
    private func typedLanguages(_ fail: (String, SettingSource, String, String) -> Error) throws -> [ReportLanguage] {
        let given = lang.value.joined(separator: ",")
        let choices = ReportLanguage.allCases.map(\.rawValue).joined(separator: ", ")
        var languages: [ReportLanguage] = []
        for name in lang.value {
            guard !name.isEmpty else {
                throw fail(
                    "lang", lang.source, given,
                    ": a language name is empty; expected \(choices) or a comma list such as en,zh-TW")
            }
            guard let language = ReportLanguage(rawValue: name) else {
                throw fail(
                    "lang", lang.source, given, "; expected one of: \(choices), or a comma list such as en,zh-TW")
            }
            guard !languages.contains(language) else {
                throw fail("lang", lang.source, given, ": \(name) is listed twice; list each language once")
            }
            languages.append(language)
        }
        guard !languages.isEmpty else {
            throw fail(
                "lang", lang.source, given, ": no language given; expected \(choices) or a comma list such as en,zh-TW")
        }
        return languages
    }
}

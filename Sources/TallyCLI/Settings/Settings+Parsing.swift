import Foundation
import TallyCore
import TallyRender

/// Why a given value is wrong: starts with ": " (why) or "; " (what would be accepted).
struct SettingProblem: Error {
    let text: String
    /// The value to quote, when it is not the value as given (an item of a list, say).
    var value: String?

    init(_ text: String, value: String? = nil) {
        self.text = text
        self.value = value
    }
}

extension Settings {
    /// Reads every given value into its type: one parser per setting of `SettingSpec.all`. A bad flag
    /// is a usage error (exit 2) worded like every other bad option; a bad file or environment value
    /// is a failure (exit 1) naming the key and where it was set.
    init(_ given: GivenSettings, command: [String]) throws {
        func parsed<Value>(
            _ spec: SettingSpec, _ setting: Setting<GivenValue>, _ parse: (GivenValue) throws(SettingProblem) -> Value
        ) throws -> Value {
            do {
                return try parse(setting.value)
            } catch {
                // A 5,000-character value is not echoed whole: its start says which it is.
                let given = error.value ?? setting.value.shown
                let value =
                    given.count > Settings.echoLimit ? String(given.prefix(Settings.echoLimit - 1)) + "…" : given
                switch setting.source {
                case .flag(let name):
                    throw UsageError("invalid value '\(value)' for --\(name)\(error.text)", command: command)
                default: throw CommandFailure("\(spec.key) (from \(setting.source)) is '\(value)'\(error.text)")
                }
            }
        }
        func read<Value>(_ spec: SettingSpec, _ parse: (GivenValue) throws(SettingProblem) -> Value) throws
            -> Setting<Value?>
        {
            guard let setting = given[spec] else { return Setting(value: nil, source: .builtIn) }
            return Setting(value: try parsed(spec, setting, parse), source: setting.source)
        }
        /// A setting with a built-in value: always set.
        func required<Value>(_ spec: SettingSpec, _ parse: (GivenValue) throws(SettingProblem) -> Value) throws
            -> Setting<Value>
        {
            guard let setting = given[spec] else { preconditionFailure("\(spec.key) has a built-in value") }
            return Setting(value: try parsed(spec, setting, parse), source: setting.source)
        }
        func readZone(_ given: GivenValue) throws(SettingProblem) -> Zone {
            do { return try Zone(parsing: given.shown) } catch { throw SettingProblem(": \(error.description)") }
        }

        db = try required(.db) { $0.shown }
        zone = try required(.timezone, readZone)
        excludeBefore = Setting(value: nil, source: .builtIn)
        if let cutoff = given[.excludeBefore] {
            // Read in the zone set where the cutoff was set, else the configured zone (see `Settings`).
            let readIn = try parsed(.timezone, given.cutoffZone ?? given.configuredZone, readZone)
            let value = try parsed(.excludeBefore, cutoff) { text throws(SettingProblem) in
                let time: UserTime
                do throws(TimeError) {
                    time = try readIn.readUserTime(text.shown)
                } catch { throw SettingProblem(": \(error.description)") }
                return Cutoff(text: text.shown, zone: readIn, instant: time.instant, ambiguity: time.ambiguity)
            }
            excludeBefore = Setting(value: value, source: cutoff.source)
        }
        excludeSessions = try required(.excludeSessions) { given throws(SettingProblem) in
            let ids = given.items
            if ids.contains(where: { GivenValue.trimmed($0[...]).isEmpty }) {
                throw SettingProblem(": a session id is empty", value: "")
            }
            return ids
        }
        guard case .count(let range) = SettingSpec.votesPerSession.kind else { preconditionFailure("a count") }
        votesPerSession = try required(.votesPerSession) { given throws(SettingProblem) in
            guard let number = Int(given.shown), range.contains(number) else {
                throw SettingProblem("; expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        launch = try read(.launch) { given throws(SettingProblem) in
            guard let date = Zone.parseDate(given.shown) else {
                throw SettingProblem(": not a date; expected YYYY-MM-DD (a local date)")
            }
            return date
        }
        languages = try required(.lang, Self.languages)
        reports = try required(.reports) { $0.shown }
        self.internal = try required(.internal) { $0 == .toggle(true) }
        title = try read(.title, Self.title)
        if case .perLanguage(let titles)? = title.value,
            let missing = languages.value.first(where: { titles[$0] == nil })
        {
            throw CommandFailure(
                "title (from \(title.source)) has no \(missing.rawValue) title, and pages are written in "
                    + "\(missing.rawValue) (lang from \(languages.source)); add \"\(missing.rawValue)\": \"…\" to the "
                    + "title, or give one title as a string for every language")
        }
        voteURL = try read(.voteURL, Self.publicURL)
        siteURL = try read(.siteURL, Self.publicURL)
        configFile = given.configFile
    }

    /// `vote_url`, `site_url`: an address a public page links to (`WebAddress`).
    private static func publicURL(_ given: GivenValue) throws(SettingProblem) -> WebAddress {
        do {
            return try WebAddress(parsing: given.shown)
        } catch {
            throw SettingProblem(": \(error); expected \(WebAddress.accepted)", value: NoteText.oneLine(given.shown))
        }
    }

    /// `title`: one title, or (from the file) one per language, each keyed by a language tally writes.
    private static func title(_ given: GivenValue) throws(SettingProblem) -> PageTitle {
        guard case .perLanguage(let texts) = given else { return .everyLanguage(try oneTitle(given.shown, "")) }
        var titles: [ReportLanguage: String] = [:]
        for key in texts.keys.sorted() {
            guard let language = ReportLanguage(rawValue: key) else {
                let choices = ReportLanguage.allCases.map(\.rawValue).joined(separator: ", ")
                throw SettingProblem(
                    "; '\(NoteText.oneLine(key))' is not a language tally writes; a title object's keys are: \(choices)"
                )
            }
            titles[language] = try oneTitle(texts[key] ?? "", key + " ")
        }
        return .perLanguage(titles)
    }

    /// One title: one line of text by the rule every one-line text follows (`Moderator.oneLine`: no control,
    /// separator, bidi or other invisible formatting character), kept as given; it is shown in pages and
    /// terminals. `which` names it in messages (`zh-TW `, or empty for the one title).
    private static func oneTitle(_ text: String, _ which: String) throws(SettingProblem) -> String {
        do {
            return try Moderator.oneLine(text, maximumLength: titleLimit, keepingEnds: true)
        } catch {
            let plain = "; a title is one line of plain text"
            switch error {
            case .empty, .blank:
                throw SettingProblem(
                    which.isEmpty
                        ? ": a title needs some text; leave the setting out for none"
                        : ": the \(which)title needs some text")
            case .controlCharacter(let value):
                throw SettingProblem(
                    ": \(which.isEmpty ? "it" : "the \(which)title") holds a control character (\(Moderator.Problem.codePoint(value)))\(plain)",
                    value: NoteText.oneLine(text))
            case .formattingCharacter(let value):
                throw SettingProblem(
                    ": \(which.isEmpty ? "it" : "the \(which)title") holds an invisible formatting character (\(Moderator.Problem.codePoint(value)))\(plain)",
                    value: NoteText.oneLine(text))
            case .tooLong(let count, _):
                throw SettingProblem(
                    ": the \(which)title is \(count) characters long; give at most \(titleLimit)",
                    value: NoteText.oneLine(text)
                )
            }
        }
    }

    /// The most characters of a refused value a message quotes.
    static let echoLimit = 80

    /// The longest title taken, in characters: a heading, not a paragraph.
    static let titleLimit = 120

    /// `lang`: one language or a comma list (or a JSON list): each known, none twice, order kept.
    private static func languages(_ given: GivenValue) throws(SettingProblem) -> [ReportLanguage] {
        let choices = ReportLanguage.allCases.map(\.rawValue).joined(separator: ", ")
        let items = given.items
        var languages: [ReportLanguage] = []
        for item in items {
            guard let language = ReportLanguage(rawValue: item) else {
                if items.count == 1 { throw SettingProblem("; expected one of: \(choices)") }
                if item.isEmpty {
                    throw SettingProblem("; a language name is empty; expected a comma list of: \(choices)")
                }
                throw SettingProblem("; '\(item)' is not a language tally writes; expected a comma list of: \(choices)")
            }
            guard !languages.contains(language) else {
                throw SettingProblem("; '\(item)' is listed twice; name each language once")
            }
            languages.append(language)
        }
        guard !languages.isEmpty else { throw SettingProblem("; expected at least one of: \(choices)") }
        return languages
    }
}

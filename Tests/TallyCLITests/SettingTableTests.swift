import Foundation
import TallyCore
import TallyRender
import Testing

@testable import TallyCLI

/// The settings table: every setting is read from `tally.json`, its variable and its flag through the
/// one declaration, and the two settings added through it (`title`, a list of languages) behave like
/// the others.
@Suite("Settings: one table")
struct SettingTableTests {
    /// The settings `tally config show arguments…` resolves in `folder` with `environment`.
    static func resolve(
        _ arguments: [String] = [], environment: [String: String] = [:], in folder: TemporaryDirectory
    ) throws -> Settings {
        guard case .run(_, let invocation) = try ArgumentParser.parse(["config", "show"] + arguments, root: Tally.root)
        else { throw UsageError("not a run") }
        let context = Context(
            environment: environment, currentDirectory: folder.url.path, stdout: TextOutput { _ in },
            stderr: TextOutput { _ in }, stdin: LineInput(isTerminal: false) { nil }, now: { InProcessTally.now })
        return try Settings.resolve(invocation, context: context)
    }

    static func configShow(
        _ json: String?, _ arguments: [String] = [], environment: [String: String] = [:]
    ) throws -> (result: InProcessTally.Result, config: String) {
        let folder = try TemporaryDirectory()
        if let json { try SettingsTests.write(json, in: folder) }
        let result = InProcessTally.run(
            ["config", "show"] + arguments, environment: environment, directory: folder.url.path)
        return (result, folder.path("tally.json"))
    }

    @Test func namesAreUniqueAndEveryOneIsShownAndDocumented() throws {
        let all = SettingSpec.all
        #expect(Set(all.map(\.key)).count == all.count)
        #expect(Set(all.map(\.option.name)).count == all.count)
        #expect(Set(all.compactMap(\.environment)).count == all.compactMap(\.environment).count)
        let shown = try Self.configShow(nil).result.stdout.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(shown == all.map { Substring($0.key) }, "config show lists every setting once, in table order")
        let help = ArgumentParser.help(for: ConfigCommand.show, path: ["config", "show"])
        for spec in all {
            #expect(ConfigCommand.show.options.contains { $0.name == spec.option.name }, "\(spec.key)")
            #expect(help.contains(spec.option.flagName))
            if let variable = spec.environment { #expect(help.contains(variable), "\(variable) is documented") }
        }
    }

    /// Every key a config file may hold, each set there: every one is read and shown as from the file.
    @Test func everyKeyIsReadFromTheConfigFile() throws {
        let json = """
            {"db": "v.sqlite", "timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11",
             "exclude_sessions": ["s1"], "votes_per_session": 4, "launch": "2026-09-19", "lang": "zh-TW",
             "reports": "out", "internal": true, "title": "Votes 2026", "vote_url": "https://example.org/vote",
             "site_url": "https://example.org/tally/"}
            """
        let (result, config) = try Self.configShow(json)
        #expect(result.status == 0, "\(result.stderr)")
        for spec in SettingSpec.all {
            #expect(SettingsTests.fields(result.stdout, spec.key)?.last == "(config \(config))", "\(spec.key)")
        }
        #expect(SettingsTests.fields(result.stdout, "title")?.first == "Votes 2026")
    }

    @Test func theTitleComesFromEachPlaceLikeTheOthers() throws {
        let folder = try TemporaryDirectory()
        try SettingsTests.write(#"{"title": "From the file"}"#, in: folder)
        #expect(
            try Self.resolve(in: folder).title
                == Setting(value: .everyLanguage("From the file"), source: .file(folder.path("tally.json"))))
        let env = try Self.resolve(environment: ["TALLY_TITLE": "Env 投票"], in: folder)
        #expect(env.title == Setting(value: .everyLanguage("Env 投票"), source: .environment("TALLY_TITLE")))
        let flag = try Self.resolve(["--title", "Flag"], environment: ["TALLY_TITLE": "Env"], in: folder)
        #expect(flag.title == Setting(value: .everyLanguage("Flag"), source: .flag("title")))
        let none = try Self.resolve(in: try TemporaryDirectory())
        #expect(none.title == Setting(value: nil, source: .builtIn))
        #expect(SettingsTests.fields(try Self.configShow(nil).result.stdout, "title") == ["(none)", "(default)"])
    }

    @Test func aTitleWithAControlCharacterIsRefusedWhereItWasSet() throws {
        let (file, config) = try Self.configShow(#"{"title": "Votes\nInjected"}"#)
        #expect(file.status == 1)
        #expect(
            file.stderr
                == "Error: title (from config \(config)) is 'Votes↵Injected': it holds a control character "
                + "(U+000A); a title is one line of plain text\n", "\(file.stderr)")
        let flag = try Self.configShow(nil, ["--title", "A\u{1B}[31mB"]).result
        #expect(flag.status == 2)
        #expect(flag.stderr.hasPrefix("Error: invalid value 'A"), "\(flag.stderr)")
        #expect(flag.stderr.contains("for --title: it holds a control character (U+001B)"))
        #expect(!flag.stderr.contains("\u{1B}"), "the escape is shown, never sent to the terminal")
        let env = try Self.configShow(nil, environment: ["TALLY_TITLE": "A\u{2028}B"]).result
        #expect(env.status == 1)
        #expect(env.stderr.contains("title (from env TALLY_TITLE)"), "\(env.stderr)")
        #expect(env.stderr.contains("(U+2028)"))
        let blank = try Self.configShow(nil, ["--title", " "]).result
        #expect(blank.status == 2)
        #expect(blank.stderr.contains("invalid value ' ' for --title: a title needs some text"), "\(blank.stderr)")
        let trailing = try Self.configShow(nil, ["--title", "Votes\n"]).result
        #expect(trailing.status == 2, "a line break at the end is refused, not kept or trimmed away")
        #expect(trailing.stderr.contains("for --title: it holds a control character (U+000A)"), "\(trailing.stderr)")
    }

    /// The title follows the one-line rule of every short text (`Moderator.oneLine`): invisible
    /// formatting characters (zero-width space, word joiner, bidi controls) are refused by code point.
    @Test(arguments: [("A\u{200B}B", "U+200B"), ("A\u{2060}B", "U+2060"), ("\u{202E}txet", "U+202E")])
    func aTitleWithAnInvisibleFormattingCharacterIsRefused(_ title: String, _ code: String) throws {
        let (file, config) = try Self.configShow(#"{"title": "\#(title)"}"#)
        #expect(file.status == 1)
        #expect(
            file.stderr.contains(
                "title (from config \(config)) is '"),
            "\(file.stderr)")
        #expect(
            file.stderr.contains(
                "': it holds an invisible formatting character (\(code)); a title is one line of plain text\n"),
            "\(file.stderr)")
        let flag = try Self.configShow(nil, ["--title", title]).result
        #expect(flag.status == 2)
        #expect(
            flag.stderr.contains("for --title: it holds an invisible formatting character (\(code))"), "\(flag.stderr)")
        #expect(
            try Self.configShow(nil, ["--title", "A\u{200D}B"]).result.status == 0, "the zero-width joiner is kept")
    }

    @Test(arguments: [
        (#"{"lang": "en,zh-TW"}"#, [ReportLanguage.english, .traditionalChinese]),
        (#"{"lang": ["zh-TW", "en"]}"#, [.traditionalChinese, .english]),
        (#"{"lang": "zh-TW"}"#, [.traditionalChinese]),
        (#"{"lang": ["en"]}"#, [.english]),
    ])
    func aLanguageListFromTheConfigFileKeepsItsOrder(_ json: String, _ expected: [ReportLanguage]) throws {
        let folder = try TemporaryDirectory()
        try SettingsTests.write(json, in: folder)
        let settings = try Self.resolve(in: folder)
        #expect(settings.languages.value == expected)
        #expect(settings.language.value == expected[0], "language is the first, as every command reads it")
        #expect(settings.language.source == .file(folder.path("tally.json")))
    }

    @Test func aLanguageListFromTheEnvironmentAndTheFlag() throws {
        let folder = try TemporaryDirectory()
        let env = try Self.resolve(environment: ["TALLY_LANG": "zh-TW, en"], in: folder)
        #expect(env.languages == Setting(value: [.traditionalChinese, .english], source: .environment("TALLY_LANG")))
        let flag = try Self.resolve(["--lang", "en,zh-TW"], environment: ["TALLY_LANG": "zh-TW"], in: folder)
        #expect(flag.languages == Setting(value: [.english, .traditionalChinese], source: .flag("lang")))
        let shown = try Self.configShow(nil, ["--lang", "zh-TW,en"]).result
        #expect(SettingsTests.fields(shown.stdout, "lang") == ["zh-TW,en", "(flag --lang)"], "\(shown.stdout)")
        #expect(try Self.resolve(in: folder).languages == Setting(value: [.english], source: .builtIn))
    }

    @Test func aBadLanguageListIsRefusedNamingWhereItWasSet() throws {
        let (twice, config) = try Self.configShow(#"{"lang": ["en", "en"]}"#)
        #expect(twice.status == 1)
        #expect(
            twice.stderr
                == "Error: lang (from config \(config)) is 'en,en'; 'en' is listed twice; name each language once\n",
            "\(twice.stderr)")
        let unknown = try Self.configShow(nil, ["--lang", "en,fr"]).result
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.hasPrefix(
                "Error: invalid value 'en,fr' for --lang; 'fr' is not a language tally writes; expected a comma list "
                    + "of: en, zh-TW"), "\(unknown.stderr)")
        let env = try Self.configShow(nil, environment: ["TALLY_LANG": "fr"]).result
        #expect(env.status == 1)
        #expect(
            env.stderr == "Error: lang (from env TALLY_LANG) is 'fr'; expected one of: en, zh-TW\n", "\(env.stderr)")
        let empty = try Self.configShow(#"{"lang": []}"#).result
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("expected at least one of: en, zh-TW"), "\(empty.stderr)")
        let notText = try Self.configShow(#"{"lang": 7}"#).result
        #expect(notText.stderr.contains("key 'lang' in config"), "\(notText.stderr)")
        #expect(notText.stderr.contains("must be a language string or a list of language strings"))
        let blankItem = try Self.configShow(nil, ["--lang", "en,"]).result
        #expect(blankItem.status == 2)
        #expect(blankItem.stderr.contains("a language name is empty"), "\(blankItem.stderr)")
    }
}

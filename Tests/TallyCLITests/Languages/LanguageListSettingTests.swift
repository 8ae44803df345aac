import Foundation
import TallyCore
import Testing

@testable import TallyCLI

/// `lang` as a list: `--lang en,zh-TW`, `TALLY_LANG=en,zh-TW`, `"lang": "en,zh-TW"` or
/// `"lang": ["en", "zh-TW"]`, order kept; an empty, unknown or repeated name is refused with a
/// message naming where it was set and what is accepted.
@Suite("Settings: a list of languages")
struct LanguageListSettingTests {
    @Test(arguments: [
        (#"{"lang": "en,zh-TW"}"#, [String: String](), [String](), "en,zh-TW", "config"),
        (#"{"lang": ["zh-TW", "en"]}"#, [:], [], "zh-TW,en", "config"),
        (#"{"lang": "zh-TW , en"}"#, [:], [], "zh-TW,en", "config"),
        (#"{"lang": ["en"]}"#, [:], [], "en", "config"),
        ("{}", ["TALLY_LANG": "zh-TW,en"], [], "zh-TW,en", "env TALLY_LANG"),
        (#"{"lang": "en"}"#, ["TALLY_LANG": "zh-TW"], ["--lang", "en,zh-TW"], "en,zh-TW", "flag --lang"),
    ])
    func theListAndWhereItCameFrom(
        _ json: String, _ environment: [String: String], _ flags: [String], _ shown: String, _ source: String
    ) throws {
        let folder = try TemporaryDirectory()
        try SettingsTests.write(json, in: folder)
        let result = InProcessTally.run(
            ["config", "show"] + flags, environment: environment, directory: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let fields = try #require(SettingsTests.fields(result.stdout, "lang"))
        #expect(fields.first == shown)
        #expect(fields.last?.hasPrefix("(\(source)") == true, "\(fields)")
    }

    @Test(arguments: [
        (#"{"lang": "en,en"}"#, "is 'en,en'; 'en' is listed twice; name each language once"),
        (#"{"lang": "en,fr"}"#, "is 'en,fr'; 'fr' is not a language tally writes; expected a comma list of: en, zh-TW"),
        (#"{"lang": "en,"}"#, "is 'en,'; a language name is empty"),
        (#"{"lang": ["en", "en"]}"#, "is 'en,en'; 'en' is listed twice"),
        (#"{"lang": []}"#, "expected at least one of: en, zh-TW"),
        (#"{"lang": ["en", 1]}"#, "must be a language string or a list of language strings"),
        (#"{"lang": ""}"#, "key 'lang' in config"),
    ])
    func badListsInTheFileNameTheFileAndWhatIsAccepted(_ json: String, _ expected: String) throws {
        let folder = try TemporaryDirectory()
        try SettingsTests.write(json, in: folder)
        let result = InProcessTally.run(["config", "show"], directory: folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("config \(folder.path("tally.json"))"), "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }

    @Test func badListsInTheEnvironmentAndFlags() throws {
        let folder = try TemporaryDirectory()
        let env = InProcessTally.run(
            ["config", "show"], environment: ["TALLY_LANG": "zh-TW,fr"], directory: folder.url.path)
        #expect(env.status == 1)
        #expect(
            env.stderr
                == "Error: lang (from env TALLY_LANG) is 'zh-TW,fr'; 'fr' is not a language tally writes; expected a "
                + "comma list of: en, zh-TW\n")
        let flag = InProcessTally.run(["report", "--demo", "--lang", "zh-TW,zh-TW"], directory: folder.url.path)
        #expect(flag.status == 2)
        #expect(
            flag.stderr.contains(
                "invalid value 'zh-TW,zh-TW' for --lang; 'zh-TW' is listed twice; name each language once"),
            "\(flag.stderr)")
        let empty = InProcessTally.run(["weekly", "--demo", "--lang", ","], directory: folder.url.path)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("invalid value ',' for --lang; a language name is empty"), "\(empty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("reports")), "nothing written")
    }
}

import Foundation
import Testing

@testable import TallyCLI

@Suite("Settings: config file < environment < flags")
struct SettingsTests {
    static func write(_ json: String, in folder: TemporaryDirectory, name: String = "tally.json") throws {
        try Data(json.utf8).write(to: folder.url.appendingPathComponent(name))
    }

    static func line(_ output: String, _ key: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(key + " ") }.map(String.init)
    }

    /// The value and source columns of a `config show` line.
    static func fields(_ output: String, _ key: String) -> [String]? {
        line(output, key).map { text in
            text.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.dropFirst().map { $0 }
        }
    }

    @Test func defaultsWithoutAnyFile() throws {
        let folder = try TemporaryDirectory()
        let result = InProcessTally.run(["config", "show"], directory: folder.url.path)
        #expect(result.status == 0)
        #expect(Self.fields(result.stdout, "timezone") == ["UTC", "(default)"], "\(result.stdout)")
        #expect(Self.line(result.stdout, "db")?.contains(folder.path("tally.sqlite")) == true)
    }

    @Test func fileThenEnvironmentThenFlagWins() throws {
        let folder = try TemporaryDirectory()
        try Self.write(
            #"{"timezone": "Asia/Taipei", "db": "poll.sqlite", "lang": "zh-TW", "votes_per_session": 4}"#, in: folder)
        let fromFile = InProcessTally.run(["config", "show"], directory: folder.url.path)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(Self.line(fromFile.stdout, "timezone")?.contains("Asia/Taipei") == true)
        #expect(Self.line(fromFile.stdout, "timezone")?.contains("(config ") == true)
        #expect(Self.line(fromFile.stdout, "db")?.contains(folder.path("poll.sqlite")) == true)

        let env = ["TALLY_TZ": "America/New_York", "TALLY_LANG": "en"]
        let fromEnv = InProcessTally.run(["config", "show"], environment: env, directory: folder.url.path)
        #expect(Self.fields(fromEnv.stdout, "timezone") == ["America/New_York", "(env TALLY_TZ)"])
        #expect(Self.line(fromEnv.stdout, "lang")?.contains("(env TALLY_LANG)") == true)
        #expect(Self.line(fromEnv.stdout, "votes_per_session")?.contains("4") == true, "file value kept")

        let fromFlag = InProcessTally.run(["config", "show", "--tz", "+08:00"], environment: env, directory: folder.url.path)
        #expect(Self.fields(fromFlag.stdout, "timezone") == ["+08:00", "(flag --tz)"])
        #expect(Self.line(fromFlag.stdout, "lang")?.contains("(env TALLY_LANG)") == true)
    }

    @Test func configFlagAndVariableNameTheFile() throws {
        let folder = try TemporaryDirectory()
        try Self.write(#"{"lang": "zh-TW"}"#, in: folder, name: "other.json")
        let viaFlag = InProcessTally.run(["config", "show", "--config", "other.json"], directory: folder.url.path)
        #expect(Self.line(viaFlag.stdout, "lang")?.contains("zh-TW") == true)
        let viaEnv = InProcessTally.run(["config", "show"], environment: ["TALLY_CONFIG": "other.json"], directory: folder.url.path)
        #expect(Self.line(viaEnv.stdout, "lang")?.contains("zh-TW") == true)
        let missing = InProcessTally.run(["config", "show", "--config", "absent.json"], directory: folder.url.path)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("absent.json not found"))
    }

    @Test(arguments: [
        (#"{"colour": "red"}"#, "unknown key 'colour'"),
        (#"{"timezone": "Mars/Olympus"}"#, "timezone (from config"),
        (#"{"exclude_before": "soon", "timezone": "UTC"}"#, "exclude_before (from config"),
        (#"{"votes_per_session": 0}"#, "'votes_per_session'"),
        (#"{"votes_per_session": true}"#, "'votes_per_session'"),
        (#"{"votes_per_session": 2.5}"#, "'votes_per_session'"),
        (#"{"exclude_sessions": "abc"}"#, "'exclude_sessions'"),
        (#"{"launch": "next monday"}"#, "launch (from config"),
        (#"{"lang": "fr"}"#, "lang (from config"),
        (#"{"db": 12}"#, "'db'"),
        (#"["db"]"#, "must be a JSON object"),
        (#"{"db": "#, "not valid JSON"),
    ])
    func badFileValuesNameTheKey(_ json: String, _ expected: String) throws {
        let folder = try TemporaryDirectory()
        try Self.write(json, in: folder)
        let result = InProcessTally.run(["config", "show"], directory: folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }

    @Test func badEnvironmentAndFlagValues() throws {
        let folder = try TemporaryDirectory()
        let env = InProcessTally.run(["config", "show"], environment: ["TALLY_VOTES_PER_SESSION": "many"], directory: folder.url.path)
        #expect(env.status == 1)
        #expect(env.stderr.contains("TALLY_VOTES_PER_SESSION"))
        let flag = InProcessTally.run(["config", "show", "--lang", "fr"], directory: folder.url.path)
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("--lang"))
        let number = InProcessTally.run(["config", "show", "--votes-per-session", "0"], directory: folder.url.path)
        #expect(number.status == 2)
        #expect(number.stderr.contains("--votes-per-session"))
    }
}

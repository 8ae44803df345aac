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

        let fromFlag = InProcessTally.run(
            ["config", "show", "--tz", "+08:00"], environment: env, directory: folder.url.path)
        #expect(Self.fields(fromFlag.stdout, "timezone") == ["+08:00", "(flag --tz)"])
        #expect(Self.line(fromFlag.stdout, "lang")?.contains("(env TALLY_LANG)") == true)
    }

    @Test func configFlagAndVariableNameTheFile() throws {
        let folder = try TemporaryDirectory()
        try Self.write(#"{"lang": "zh-TW"}"#, in: folder, name: "other.json")
        let viaFlag = InProcessTally.run(["config", "show", "--config", "other.json"], directory: folder.url.path)
        #expect(Self.line(viaFlag.stdout, "lang")?.contains("zh-TW") == true)
        let viaEnv = InProcessTally.run(
            ["config", "show"], environment: ["TALLY_CONFIG": "other.json"], directory: folder.url.path)
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
        let env = InProcessTally.run(
            ["config", "show"], environment: ["TALLY_VOTES_PER_SESSION": "many"], directory: folder.url.path)
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

/// Every command takes its settings from the same place: `tally.json` alone gives the same
/// weekly report as the flags; the environment and flags override it; `--demo` ignores it.
@Suite("Settings: used by every command")
struct SettingsInCommandsTests {
    static func config(_ json: String, in folder: TemporaryDirectory, name: String = "tally.json") throws {
        try Data(json.utf8).write(to: folder.url.appendingPathComponent(name))
    }

    static let authorsSettings =
        #"{"db": "votes.sqlite", "timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11"}"#

    @Test func reportTakesItsDefaultsFromTheConfigFile() throws {
        let folder = try TemporaryDirectory()
        #expect(InProcessTally.run(["demo", "--db", "votes.sqlite"], directory: folder.url.path).status == 0)
        try Self.config(Self.authorsSettings, in: folder)
        let fromFile = InProcessTally.run(["report", "--as-of", "2026-09-27 12:00"], directory: folder.url.path)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout == (try ReportFixtures.golden("demo.en.md")))

        // file < environment < flag
        let env = InProcessTally.run(
            ["report", "--as-of", "2026-09-27 12:00"], environment: ["TALLY_TZ": "UTC", "TALLY_LANG": "zh-TW"],
            directory: folder.url.path)
        #expect(env.stdout.contains("時間以 UTC 為準。"))
        // The file's cutoff stays in the file's zone; it is only shown in the environment's.
        #expect(env.stdout.contains("9/18（五）18:11"), "the file's cutoff read in the file's zone")
        let flag = InProcessTally.run(
            ["report", "--as-of", "2026-09-27 12:00", "--tz", "Asia/Taipei", "--lang", "en"],
            environment: ["TALLY_TZ": "UTC", "TALLY_LANG": "zh-TW"], directory: folder.url.path)
        #expect(flag.stdout == (try ReportFixtures.golden("demo.en.md")))

        // --config names another file.
        let other = try TemporaryDirectory()
        try Self.config(
            #"{"db": "\#(folder.path("votes.sqlite"))", "timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11", "lang": "zh-TW"}"#,
            in: other, name: "poll.json")
        let named = InProcessTally.run(
            ["report", "--config", other.path("poll.json"), "--as-of", "2026-09-27 12:00"], directory: other.url.path)
        #expect(named.stdout == (try ReportFixtures.golden("demo.zh-TW.md")))
    }

    @Test func theDemoReportIgnoresTheConfigFileAndTheEnvironment() throws {
        let folder = try TemporaryDirectory()
        try Self.config(
            #"{"db": "absent.sqlite", "timezone": "UTC", "exclude_before": "2020-01-01", "votes_per_session": 1}"#,
            in: folder)
        let result = InProcessTally.run(
            ["report", "--demo"], environment: ["TALLY_TZ": "Europe/London", "TALLY_EXCLUDE_SESSIONS": "x"],
            directory: folder.url.path)
        #expect(result.status == 0)
        #expect(result.stdout == (try ReportFixtures.golden("demo.en.md")))
    }

    /// A bad value in the file is reported (naming the key and the file) before the database is opened.
    @Test func aBadConfigValueStopsTheReportBeforeTheDatabase() throws {
        let folder = try TemporaryDirectory()
        try Self.config(#"{"db": "absent.sqlite", "exclude_before": "soon"}"#, in: folder)
        let result = InProcessTally.run(["report"], directory: folder.url.path)
        #expect(result.status == 1)
        #expect(
            result.stderr == "Error: exclude_before (from config \(folder.path("tally.json"))) is 'soon': "
                + "cannot read the time 'soon'; use YYYY-MM-DD, YYYY-MM-DD HH:MM or YYYY-MM-DD HH:MM:SS, "
                + "optionally followed by Z or an offset such as +08:00\n")
        let variable = InProcessTally.run(["report"], environment: ["TALLY_LANG": "fr"], directory: folder.url.path)
        #expect(variable.status == 1)
        #expect(variable.stderr.hasPrefix("Error: exclude_before (from config"), "the file's error comes first")
        try Self.config(#"{"db": "absent.sqlite"}"#, in: folder)
        let env = InProcessTally.run(["report"], environment: ["TALLY_LANG": "fr"], directory: folder.url.path)
        #expect(env.stderr == "Error: lang (from env TALLY_LANG) is 'fr'; expected one of: en, zh-TW\n")
    }

    /// init, migrate, demo and notes find the database through the same settings, and notes
    /// show times in the configured zone.
    @Test func otherCommandsUseTheConfiguredDatabaseAndZone() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("data"), withIntermediateDirectories: true)
        try Self.config(#"{"db": "data/poll.sqlite", "timezone": "Asia/Taipei"}"#, in: folder)
        let created = InProcessTally.run(["demo"], directory: folder.url.path)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.hasPrefix("Wrote the demo to \(folder.path("data/poll.sqlite"))"))
        let status = InProcessTally.run(["migrate", "--status"], directory: folder.url.path)
        #expect(status.status == 0 && status.stdout.contains("applied  0001_tally_contract.sql"))
        let notes = InProcessTally.run(["notes", "list", "--status", "pending"], directory: folder.url.path)
        #expect(notes.status == 0, "\(notes.stderr)")
        #expect(notes.stdout.contains("+08:00"))
        let utc = InProcessTally.run(
            ["notes", "list", "--status", "pending", "--tz", "UTC"], directory: folder.url.path)
        #expect(utc.stdout.contains("+00:00") && !utc.stdout.contains("+08:00"))
        let initialised = InProcessTally.run(["init"], directory: folder.url.path)
        #expect(initialised.status == 1)
        #expect(initialised.stderr.contains("\(folder.path("data/poll.sqlite")) already exists"))
        let elsewhere = InProcessTally.run(
            ["init"], environment: ["TALLY_DB": "other.sqlite"], directory: folder.url.path)
        #expect(elsewhere.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("other.sqlite")))
    }
}

import Foundation
import Testing

@testable import TallyCLI
@testable import TallyCore

/// Issue 12 items 7, 8, 9 and 10: a cutoff keeps its zone, daylight-saving readings are said out
/// loud, votes after the clock's now are flagged (and the clock named), and a config file or a weekly
/// run that would silently do something else is refused.
@Suite("Settings: cutoffs keep their zone, nothing read silently otherwise", .timeLimit(.minutes(10)))
struct SettingsHardeningTests {
    static let author = #"{"db": "votes.sqlite", "timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11"}"#

    /// The demo database and the author's config file in a fresh folder.
    static func authorsFolder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        #expect(InProcessTally.run(["demo", "--db", "votes.sqlite"], directory: folder.url.path).status == 0)
        try Data(author.utf8).write(to: folder.url.appendingPathComponent("tally.json"))
        return folder
    }

    static func counted(_ json: String) throws -> (voters: Int, votes: Int) {
        let report = try ReportFixtures.json(json)
        let totals = try #require(report["totals"] as? [String: Any])
        let counted = try #require(totals["counted"] as? [String: Any])
        return (try #require(counted["voters"] as? Int), try #require(counted["votes"] as? Int))
    }

    // MARK: item 7, a cutoff belongs to the zone it was written in

    @Test func theConfigCutoffStaysInTheConfigZoneWhateverTzShows() async throws {
        let folder = try Self.authorsFolder()
        let asOf = ["--as-of", "2026-09-27 12:00+08:00"]
        let taipei = InProcessTally.run(["report", "--format", "json"] + asOf, directory: folder.url.path)
        #expect(taipei.status == 0, "\(taipei.stderr)")
        #expect(try Self.counted(taipei.stdout) == (15, 43))
        // The issue's case: --tz UTC used to read 02:11 as UTC and count 13 voters / 37 votes.
        let utc = InProcessTally.run(["report", "--format", "json", "--tz", "UTC"] + asOf, directory: folder.url.path)
        #expect(utc.status == 0, "\(utc.stderr)")
        #expect(try Self.counted(utc.stdout) == (15, 43))
        #expect(utc.stdout.contains(#""exclude_before": "2026-09-18T18:11:00+00:00""#))
        let env = InProcessTally.run(
            ["report", "--format", "json"] + asOf, environment: ["TALLY_TZ": "America/New_York"],
            directory: folder.url.path)
        #expect(try Self.counted(env.stdout) == (15, 43), "the environment's zone does not move it either")
    }

    @Test func everyReportPrintsTheCutoffWithItsOffset() async throws {
        let folder = try Self.authorsFolder()
        let base = ["report", "--tz", "UTC", "--as-of", "2026-09-27 12:00+08:00"]
        let english = InProcessTally.run(base, directory: folder.url.path)
        // A page shows times to the minute in its zone and names the zone once (ReaderTimes).
        #expect(english.stdout.contains("before Fri 18 Sep, 18:11 are left out"), "\(english.stdout)")
        #expect(english.stdout.contains("Times are in UTC."), "\(english.stdout)")
        let chinese = InProcessTally.run(base + ["--lang", "zh-TW"], directory: folder.url.path)
        #expect(chinese.stdout.contains("第一票早於 9/18（五）18:11 的人"), "\(chinese.stdout)")
        #expect(chinese.stdout.contains("時間以 UTC 為準"), "\(chinese.stdout)")
        let csv = InProcessTally.run(base + ["--format", "csv"], directory: folder.url.path)
        let line = csv.stdout.split(separator: "\n").first { $0.contains("exclude_before") }
        #expect(line?.contains("2026-09-18T18:11:00+00:00") == true, "\(String(describing: line))")
        let json = InProcessTally.run(base + ["--format", "json"], directory: folder.url.path)
        #expect(json.stdout.contains(#""exclude_before": "2026-09-18T18:11:00+00:00""#))
    }

    @Test func configShowPrintsTheCutoffWithItsOffsetAndZone() async throws {
        let folder = try Self.authorsFolder()
        let shown = InProcessTally.run(["config", "show", "--tz", "UTC"], directory: folder.url.path)
        #expect(shown.status == 0)
        let line = try #require(shown.stdout.split(separator: "\n").first { $0.hasPrefix("exclude_before") })
        #expect(line.contains("2026-09-19 02:11 +08:00 (Asia/Taipei)"), "\(line)")
        #expect(line.contains("(config "))
    }

    @Test func aFlagCutoffIsReadInTzElseInTheConfiguredZone() async throws {
        let folder = try Self.authorsFolder()
        func cutoff(_ arguments: [String], _ environment: [String: String] = [:]) -> String? {
            let shown = InProcessTally.run(
                ["config", "show"] + arguments, environment: environment, directory: folder.url.path)
            return shown.stdout.split(separator: "\n").first { $0.hasPrefix("exclude_before") }.map(String.init)
        }
        #expect(cutoff(["--exclude-before", "2026-09-20 00:00"])?.contains("2026-09-20 00:00 +08:00") == true)
        let withTz = cutoff(["--exclude-before", "2026-09-20 00:00", "--tz", "UTC"])
        #expect(withTz?.contains("2026-09-20 00:00 +00:00") == true)
        // The environment's cutoff without TALLY_TZ: the config's zone; with it: TALLY_TZ.
        #expect(cutoff([], ["TALLY_EXCLUDE_BEFORE": "2026-09-20"])?.contains("2026-09-20 00:00 +08:00") == true)
        let withEnvironmentZone = cutoff([], ["TALLY_EXCLUDE_BEFORE": "2026-09-20", "TALLY_TZ": "+02:00"])
        #expect(withEnvironmentZone?.contains("2026-09-20 00:00 +02:00") == true)
        // The demo's cutoff is the author's, in Taipei, whatever --tz shows.
        let demo = InProcessTally.run(
            ["report", "--demo", "--tz", "UTC", "--format", "json"], directory: folder.url.path)
        #expect(try Self.counted(demo.stdout) == (15, 43))
    }

    // MARK: item 8, daylight saving time

    @Test func aCutoffInAGapSaysWhichReadingWasTaken() async throws {
        let result = InProcessTally.run([
            "report", "--demo", "--tz", "America/New_York", "--exclude-before", "2026-03-08 02:30", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "Note: exclude_before (from flag --exclude-before) 2026-03-08 02:30 does not exist in "
                + "America/New_York (the clocks jump from -05:00 to -04:00); read as 2026-03-08 03:30 -04:00 (the "
                + "typed time at the old offset -05:00); for 2026-03-08 01:30 -05:00 write '2026-03-08 02:30-04:00'\n")
        #expect(result.stdout.contains(#""exclude_before": "2026-03-08T03:30:00-04:00""#))
    }

    @Test func aTimeInAnOverlapSaysWhichReadingAndAnOffsetChooses() async throws {
        let overlap = InProcessTally.run([
            "report", "--demo", "--tz", "America/New_York", "--as-of", "2026-11-01 01:30", "--format", "json",
        ])
        #expect(overlap.status == 0, "\(overlap.stderr)")
        #expect(
            overlap.stderr
                == "Note: --as-of 2026-11-01 01:30 happens twice in America/New_York (the clocks are turned back); "
                + "read as the first, 2026-11-01 01:30 -04:00; for the second write '2026-11-01 01:30-05:00'\n")
        #expect(overlap.stdout.contains(#""as_of": "2026-11-01T01:30:00-04:00""#))
        for (offset, shown) in [("-04:00", "2026-11-01T01:30:00-04:00"), ("-05:00", "2026-11-01T01:30:00-05:00")] {
            let chosen = InProcessTally.run([
                "report", "--demo", "--tz", "America/New_York", "--as-of", "2026-11-01 01:30\(offset)",
                "--format", "json",
            ])
            #expect(chosen.status == 0, "\(chosen.stderr)")
            #expect(chosen.stderr.isEmpty, "an explicit offset is no guess")
            #expect(chosen.stdout.contains(#""as_of": "\#(shown)""#))
        }
    }

    // MARK: item 9, votes after the clock's now are flagged; an --as-of before the last vote is refused

    @Test func votesAfterTheClocksNowAreCountedAndFlaggedAndTheReportRenders() async throws {
        let folder = try TemporaryDirectory()
        #expect(InProcessTally.run(["demo", "--db", "t.sqlite"], directory: folder.url.path).status == 0)
        let oracle = try await SQLiteShell.run(
            folder.path("t.sqlite"), input: "SELECT count(*) FROM votes WHERE created_at > '2026-09-20 00:00:00';")
        let later = try #require(Int(oracle.trimmingCharacters(in: .whitespacesAndNewlines)))
        try #require(later > 0)
        let early = Instant(seconds: CivilDateTime(year: 2026, month: 9, day: 20).secondsIfUTC)
        let clock = InProcessTally.run(
            ["report", "--db", "t.sqlite", "--format", "json"], directory: folder.url.path, now: early)
        #expect(clock.status == 0, "\(clock.stderr)")
        #expect(
            clock.stderr
                == "Note: \(later) votes are dated after now (this computer's clock says 2026-09-20 00:00:00 +00:00), "
                + "the time a report is as of by default: counted, and flagged as votes dated after the as-of time. "
                + "Is the clock right, or were they stored with a wrong time? To report as of another time, give "
                + "--as-of TIME (with --through TIME to count only the votes until then)\n")
        #expect(!clock.stderr.contains("--as-of 2026"), "no --as-of was typed")
        // Counted like every odd row (all 55 votes), flagged with their number, and no time "since" a later vote.
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(clock.stdout.utf8)) as? [String: Any])
        let raw = (json["totals"] as? [String: Any])?["raw"] as? [String: Any]
        #expect(raw?["votes"] as? Int == 55)
        let anomalies = try #require(json["anomalies"] as? [[String: Any]])
        #expect(anomalies.first { $0["kind"] as? String == "future_vote" }?["count"] as? Int == later)
        let activity = try #require(json["activity"] as? [String: Any])
        #expect(activity["days_since_last_vote"] is NSNull)
        #expect(activity["quiet_local_days"] is NSNull)
        // An --as-of someone typed before the last vote asks for an earlier tally: refused, with --through named.
        let given = InProcessTally.run(
            ["report", "--db", "t.sqlite", "--as-of", "2026-09-20"], directory: folder.url.path, now: early)
        #expect(given.status == 1)
        #expect(given.stderr.hasPrefix("Error: --as-of 2026-09-20 00:00:00 +00:00 is before the last vote"))
        #expect(given.stderr.contains("add --through"))
    }

    // MARK: item 10, weekly limits and the config file

    @Test func weeklyRefusesMoreThanTenYearsOfWeeksUnlessForced() async throws {
        let folder = try TemporaryDirectory()
        let reports = folder.path("reports")
        let far = InProcessTally.run(
            ["weekly", "--demo", "--through", "2100-01-01", "--reports", reports], directory: folder.url.path)
        #expect(far.status == 1)
        #expect(
            far.stderr.hasPrefix(
                "Error: the weeks from the launch 2026-09-19 (from demo) to 2100-01-01 00:00 +08:00 are more than 520"),
            "\(far.stderr)")
        #expect(far.stderr.contains("add --force"))
        #expect(!FileManager.default.fileExists(atPath: reports), "nothing written")
    }

    @Test func weeklyRefusesALaunchOverAYearBeforeTheFirstVoteUnlessForced() async throws {
        let folder = try TemporaryDirectory()
        let reports = folder.path("reports")
        let arguments = ["weekly", "--demo", "--launch", "2025-08-30", "--through", "2026-09-27", "--reports", reports]
        let early = InProcessTally.run(arguments, directory: folder.url.path)
        #expect(early.status == 1)
        #expect(
            early.stderr.hasPrefix(
                "Error: the launch 2025-08-30 (from flag --launch) is more than a year before the first vote"),
            "\(early.stderr)")
        #expect(!FileManager.default.fileExists(atPath: reports), "nothing written")
        // Weeks that end before any vote count none, so the first vote is looked up in the data itself.
        let beforeAnyVote = InProcessTally.run(
            ["weekly", "--demo", "--launch", "2025-08-30", "--through", "2025-12-01", "--reports", reports],
            directory: folder.url.path)
        #expect(beforeAnyVote.status == 1)
        #expect(
            beforeAnyVote.stderr.hasPrefix(
                "Error: the launch 2025-08-30 (from flag --launch) is more than a year before the first vote"),
            "\(beforeAnyVote.stderr)")
        #expect(!FileManager.default.fileExists(atPath: reports), "nothing written")
        let forced = InProcessTally.run(arguments + ["--force"], directory: folder.url.path)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("reports/week-56.md")))
    }

    @Test(arguments: [
        (#"{"timezone": "UTC", "timezone": "Asia/Taipei"}"#, "key 'timezone' appears more than once in config"),
        (#"{"lang": "en", "l\u0061ng": "zh-TW"}"#, "key 'lang' appears more than once in config"),
        (#"{"db": null}"#, "key 'db' in config"),
        (#"{"exclude_sessions": null}"#, "key 'exclude_sessions' in config"),
        ("", "is empty; expected a JSON object"),
        (" \n", "is empty; expected a JSON object"),
    ])
    func aConfigThatWouldBeReadSilentlyOtherwiseIsRefused(_ json: String, _ expected: String) async throws {
        let folder = try TemporaryDirectory()
        try Data(json.utf8).write(to: folder.url.appendingPathComponent("tally.json"))
        let result = InProcessTally.run(["config", "show"], directory: folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }

    @Test func aNullIsRefusedWithAWayOut() async throws {
        let folder = try TemporaryDirectory()
        try Data(#"{"db": null}"#.utf8).write(to: folder.url.appendingPathComponent("tally.json"))
        let result = InProcessTally.run(["report"], directory: folder.url.path)
        #expect(
            result.stderr
                == "Error: key 'db' in config \(folder.path("tally.json")) is null; give a value, or remove the key "
                + "to use the default\n")
    }

    @Test func aConfigThatIsADeviceSaysSo() async throws {
        let result = InProcessTally.run(["config", "show", "--config", "/dev/null"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: config /dev/null is a character device, not a file; give the path of a JSON file\n")
    }

    @Test func aConfigFromAPipeIsRead() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("config.fifo")
        try #require(mkfifo(fifo, 0o644) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                try? handle.write(contentsOf: Data(#"{"lang": "zh-TW"}"#.utf8))
                try? handle.close()
            }
        }
        writer.start()
        let result = InProcessTally.run(["config", "show", "--config", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").first { $0.hasPrefix("lang") }?.contains("zh-TW") == true)
    }
}

import Foundation
import TallyCore
import TallySQLite
import Testing

/// `tally weekly` end to end: the files it writes, byte-identical reruns, only changed files
/// rewritten after new data, settings from tally.json, and every bad input.
@Suite("tally weekly (end to end)", .timeLimit(.minutes(10)))
struct WeeklyCommandTests {
    static let weekFiles = [
        "week-01.md", "week-01.json", "week-01-daily.svg", "week-01-ranking-original.svg",
        "week-02.md", "week-02.json", "index.md",
    ]

    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func contents(of folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try names(in: folder) {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
        return result
    }

    static let longAgo = Date(timeIntervalSince1970: 1_000_000_000)

    /// Sets every file's modification time far back, so a rewrite is seen whatever the clock's resolution.
    static func age(_ folder: String) throws {
        for name in try names(in: folder) {
            try FileManager.default.setAttributes(
                [.modificationDate: longAgo],
                ofItemAtPath: URL(fileURLWithPath: folder).appendingPathComponent(name).path)
        }
    }

    /// Files whose modification time is no longer the old one.
    static func touched(_ folder: String) throws -> [String] {
        try names(in: folder).filter { name in
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
            return date != longAgo
        }
    }

    @Test func theDemoWritesTwoWeeksAndAnIndex() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--reports", "out"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "Weekly tallies for weeks 1–2 (ended by 2026-10-03 00:00 +08:00) in \(folder.path("out")): "
                    + "7 files written, 0 unchanged."))
        #expect(try Self.names(in: folder.path("out")) == Self.weekFiles.sorted())
        let page = try String(contentsOfFile: folder.path("out/week-01.md"), encoding: .utf8)
        #expect(page.hasPrefix("# Week 1: Sat 19 Sep to Fri 25 Sep\n"))
        #expect(page.contains("![Counted votes per day — week 1: Sat 19 Sep (15); Sun 20 Sep (9); "))
        #expect(page.contains("Fri 25 Sep (0)](week-01-daily.svg)"))
        #expect(page.contains("![Ranking: original options — week 1: 做了好多事，另一半不知道 (10); "))
        #expect(page.contains("孩子的功課，誰來陪？ (5)](week-01-ranking-original.svg)"))
        #expect(page.contains("**43 counted votes this week; 15 new voters.**"))
        #expect(page.contains("**Counted: 15 voters, 43 votes.** Left out as test data: 4 voters, 12 votes."))
        // The fingerprint's one line, then the links to the index and the next week (as under the title).
        #expect(
            page.hasSuffix(
                "` (the same data always gives the same fingerprint).\n\n[All weeks](index.md) · [Week 2 →](week-02.md)\n"
            ),
            "\(page.suffix(200))")
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.path("out/week-02.json")))) as? [String: Any]
        #expect(json?["schema"] as? String == "tally.weekly/1")
        #expect((json?["report"] as? [String: Any])?["fingerprint"] != nil)
        // Every link of the pages points at a file that was written.
        for name in Self.weekFiles where name.hasSuffix(".md") {
            let text = try String(contentsOfFile: folder.path("out/\(name)"), encoding: .utf8)
            for link in text.components(separatedBy: "](").dropFirst().map({ String($0.prefix { $0 != ")" }) }) {
                #expect(FileManager.default.fileExists(atPath: folder.path("out/\(link)")), "\(name) links to \(link)")
            }
        }
    }

    /// A week's page is as of its end, midnight: the day that only begins then had no time for a vote, so the
    /// quiet days run to the week's last day, not the next one (the page covers 09-19 to 09-25).
    @Test func theQuietDaysEndOnTheWeeksLastDay() async throws {
        let folder = try TemporaryDirectory()
        for language in ["en", "zh-TW"] {
            let result = try await TallyProcess.run(
                ["weekly", "--demo", "--through", "2026-10-03", "--lang", language, "--reports", language],
                in: folder.url.path)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let english = try String(contentsOfFile: folder.path("en/week-01.md"), encoding: .utf8)
        #expect(english.contains("since the last vote; no votes from Thu 24 Sep to Fri 25 Sep."), "\(english)")
        let chinese = try String(contentsOfFile: folder.path("zh-TW/week-01.md"), encoding: .utf8)
        #expect(chinese.contains("；9/24（四）到 9/25（五）每天都沒有人投票。"), "\(chinese)")
        // The report is as of Sun 27 Sep, 12:00: the 27th is under way, and quiet so far.
        let report = try await TallyProcess.run(["report", "--demo"], in: folder.url.path)
        #expect(report.stdout.contains("no votes from Thu 24 Sep to Sun 27 Sep."), "\(report.stdout)")
    }

    @Test func aRerunOnTheSameDataChangesNoByteAndNoFile() async throws {
        let folder = try TemporaryDirectory()
        let arguments = ["weekly", "--demo", "--through", "2026-10-03", "--reports", folder.path("out")]
        #expect(try await TallyProcess.run(arguments).status == 0)
        let first = try Self.contents(of: folder.path("out"))
        try Self.age(folder.path("out"))
        // Later, in another language folder's neighbour and at another wall-clock time: still the same bytes.
        let again = try await TallyProcess.run(arguments)
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 files written, 7 unchanged."))
        #expect(try Self.contents(of: folder.path("out")) == first)
        #expect(try Self.touched(folder.path("out")).isEmpty)
        // A later --through in the same week writes nothing new either.
        #expect(
            try await TallyProcess.run([
                "weekly", "--demo", "--through", "2026-10-09 23:59", "--reports", folder.path("out"),
            ])
            .status == 0)
        #expect(try Self.touched(folder.path("out")).isEmpty)
    }

    /// A vote in week 3 rewrites week 3's files and the index; weeks 1 and 2 are left alone.
    @Test func newDataRewritesOnlyTheFilesThatChange() async throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("votes.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", db]).status == 0)
        let arguments = [
            "weekly", "--db", db, "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--launch",
            "2026-09-19",
            "--through", "2026-10-10", "--reports", folder.path("out"),
        ]
        let first = try await TallyProcess.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        // Empty charts are not drawn: week 3 has no votes yet and the community section none at all.
        #expect(first.stdout.contains("9 files written, 0 unchanged."))
        try Self.age(folder.path("out"))
        let before = try Self.contents(of: folder.path("out"))
        try DatabaseFile.openForWriting(db).execute(
            "INSERT INTO votes (option_id, session_id, created_at) VALUES (2, 'week-three', '2026-10-05 03:00:00')")
        let second = try await TallyProcess.run(arguments)
        #expect(second.status == 0, "\(second.stderr)")
        let rewritten = try Self.touched(folder.path("out"))
        #expect(
            rewritten == [
                "index.md", "week-03-daily.svg", "week-03-ranking-original.svg", "week-03.json", "week-03.md",
            ])
        #expect(second.stdout.contains("5 files written, 6 unchanged."))
        let after = try Self.contents(of: folder.path("out"))
        for name in before.keys where !rewritten.contains(name) { #expect(after[name] == before[name], "\(name)") }
        let three = try String(contentsOfFile: folder.path("out/week-03.md"), encoding: .utf8)
        #expect(three.contains("**1 counted vote this week; 1 new voter.**"))
    }

    /// Everything from tally.json: no flag at all, paths relative to the file's folder.
    @Test func settingsComeFromTheConfigFile() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("poll/data"), withIntermediateDirectories: true)
        #expect(try await TallyProcess.run(["demo", "--db", folder.path("poll/data/votes.sqlite")]).status == 0)
        let config = """
            {"db": "data/votes.sqlite", "timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11",
             "launch": "2026-09-19", "lang": "zh-TW", "reports": "published"}
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder.path("poll/tally.json")))
        let result = try await TallyProcess.run(["weekly", "--through", "2026-10-03"], in: folder.path("poll"))
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOfFile: folder.path("poll/published/week-01.md"), encoding: .utf8)
        #expect(page.hasPrefix("# 第 1 週：9/19（六）至 9/25（五）\n"))
        // The same pages as the demo's, from a file and a config instead of --demo.
        let demo = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--lang", "zh-TW", "--reports", folder.path("demo")])
        #expect(demo.status == 0)
        #expect(try Self.contents(of: folder.path("poll/published")) == Self.contents(of: folder.path("demo")))
        // --config names another file from anywhere; the environment beats the file; a flag beats both.
        let elsewhere = try await TallyProcess.run(
            [
                "weekly", "--config", folder.path("poll/tally.json"), "--through", "2026-10-03", "--reports",
                folder.path("en"),
            ],
            environment: ["TALLY_LANG": "en"])
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        #expect(try String(contentsOfFile: folder.path("en/week-01.md"), encoding: .utf8).hasPrefix("# Week 1: "))
        let flag = try await TallyProcess.run(
            ["weekly", "--through", "2026-10-03", "--lang", "zh-TW", "--reports", folder.path("flag")],
            in: folder.path("poll"), environment: ["TALLY_LANG": "en"])
        #expect(flag.status == 0)
        #expect(try String(contentsOfFile: folder.path("flag/week-01.md"), encoding: .utf8).hasPrefix("# 第 1 週"))
    }

    /// --demo reads no config file: a tally.json with other settings changes nothing.
    @Test func theDemoIgnoresTheConfigFileAndTheEnvironment() async throws {
        let folder = try TemporaryDirectory()
        try Data(#"{"timezone": "UTC", "launch": "2026-09-01", "exclude_before": "2020-01-01", "lang": "zh-TW"}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.path("tally.json")))
        let plain = try TemporaryDirectory()
        let arguments = ["weekly", "--demo", "--through", "2026-10-03", "--reports", "out"]
        #expect(
            try await TallyProcess.run(arguments, in: folder.url.path, environment: ["TALLY_TZ": "Europe/London"])
                .status == 0
        )
        #expect(try await TallyProcess.run(arguments, in: plain.url.path).status == 0)
        #expect(try Self.contents(of: folder.path("out")) == Self.contents(of: plain.path("out")))
    }

    @Test func noFinishedWeekWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-09-25 23:59", "--reports", folder.path("out")])
        #expect(result.status == 0)
        #expect(
            result.stdout == "No week has ended by 2026-09-25 23:59 +08:00: week 1 ends at 2026-09-26 00:00 +08:00. "
                + "Nothing was written.\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test(arguments: [
        (["--through", "soon"], 2, "Error: invalid value 'soon' for --through: cannot read the time 'soon'"),
        (
            ["--launch", "next monday"], 2,
            "Error: invalid value 'next monday' for --launch: not a date; expected YYYY-MM-DD"
        ),
        (["--lang", "fr"], 2, "Error: invalid value 'fr' for --lang; expected one of: en, zh-TW"),
        (["--tz", "Mars/Base"], 2, "Error: invalid value 'Mars/Base' for --tz: unknown time zone"),
        (["--db", "x.sqlite"], 2, "Error: --demo reads the built-in demo data; leave out --db"),
        (["--config", "tally.json"], 2, "Error: --demo uses the author's settings and reads no config file"),
        (["--exclude-session", ""], 2, "Error: --exclude-session needs a session id"),
        (["--votes-per-session", "0"], 2, "Error: invalid value '0' for --votes-per-session"),
        (["--colour"], 2, "Error: unknown option '--colour'"),
    ])
    func badDemoOptions(_ extra: [String], _ status: Int32, _ message: String) async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(["weekly", "--demo", "--reports", "out"] + extra, in: folder.url.path)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "nothing written")
    }

    @Test func missingLaunchBadFolderBadConfigMissingDatabase() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", folder.path("votes.sqlite")]).status == 0)
        let noLaunch = try await TallyProcess.run(
            ["weekly", "--db", "votes.sqlite", "--reports", "out"], in: folder.url.path)
        #expect(noLaunch.status == 2)
        #expect(
            noLaunch.stderr.hasPrefix("Error: tally weekly needs the launch date, where week 1 starts: set \"launch\""))
        #expect(noLaunch.stderr.contains("Usage: tally weekly [options]"))

        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: folder.path("file")))
        let file = try await TallyProcess.run(
            ["weekly", "--db", "votes.sqlite", "--launch", "2026-09-19", "--reports", "file"], in: folder.url.path)
        #expect(file.status == 1)
        #expect(
            file.stderr.hasPrefix("Error: the reports folder \(folder.path("file")) (from flag --reports) is a file"))

        let missing = try await TallyProcess.run(
            ["weekly", "--db", "absent.sqlite", "--launch", "2026-09-19", "--reports", "out"], in: folder.url.path)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Error: no database at \(folder.path("absent.sqlite"))"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))

        try Data(#"{"launch": "2026-09-19", "reprots": "out"}"#.utf8).write(
            to: URL(fileURLWithPath: folder.path("tally.json")))
        let typo = try await TallyProcess.run(["weekly", "--db", "votes.sqlite"], in: folder.url.path)
        #expect(typo.status == 1)
        #expect(typo.stderr.hasPrefix("Error: unknown key 'reprots' in config \(folder.path("tally.json"))"))

        try Data(#"{"launch": "2026-02-30"}"#.utf8).write(to: URL(fileURLWithPath: folder.path("tally.json")))
        let date = try await TallyProcess.run(["weekly", "--db", "votes.sqlite"], in: folder.url.path)
        #expect(date.status == 1)
        #expect(
            date.stderr.hasPrefix(
                "Error: launch (from config \(folder.path("tally.json"))) is '2026-02-30': not a date"))
    }

    /// Issue 34.5: a poll that went quiet (the demo's last vote is in week 1) lists its weeks newest first, and the
    /// nine weeks without counted votes are one line, not nine lines repeating week 1's totals.
    @Test func aQuietPollsIndexIsNewestFirstWithItsQuietWeeksFolded() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-11-28", "--lang", "en,zh-TW", "--reports", folder.path("out")])
        #expect(result.status == 0, "\(result.stderr)")
        func lines(_ language: String) throws -> [String] {
            try String(contentsOfFile: folder.path("out/index.\(language).md"), encoding: .utf8)
                .split(separator: "\n").map(String.init).filter { $0.hasPrefix("- ") }
        }
        #expect(
            try lines("en") == [
                "- [Weeks 2–10: Sat 26 Sep to Fri 27 Nov](week-10.en.md): no new votes; still 15 voters, 43 votes in all",
                "- [Week 1: Sat 19 Sep to Fri 25 Sep](week-01.en.md): 15 voters, 43 votes in all; this week +15 voters, "
                    + "+43 votes",
            ])
        #expect(
            try lines("zh-TW") == [
                "- [第 2–10 週：9/26（六）至 11/27（五）](week-10.zh-TW.md)：沒有新的票，累計仍是 15 人、43 票",
                "- [第 1 週：9/19（六）至 9/25（五）](week-01.zh-TW.md)：累計 15 人、43 票；本週 +15 人、+43 票",
            ])
        // The intro does not promise charts and a fingerprint on every page: the quiet weeks' pages have neither.
        func intro(_ language: String) throws -> String {
            try String(contentsOfFile: folder.path("out/index.\(language).md"), encoding: .utf8)
                .split(separator: "\n").map(String.init).first { $0.hasPrefix("Week 1 ") || $0.hasPrefix("第 1 週") }
                ?? ""
        }
        #expect(
            try intro("en").hasSuffix(
                "with charts and a data fingerprint; a week in which nothing changed is one sentence saying so."))
        #expect(try intro("zh-TW").hasSuffix("附上圖表和資料指紋；沒有新的票、也沒有任何變動的那幾週，頁面只用一句話交代。"))
    }

    /// Issue 34.5: each quiet week's page is its title and one sentence that no votes came in, linking the last week
    /// with news (the page whose tally still stands), in both languages and in HTML; it repeats no ranking and draws no
    /// chart. The files a quiet week used to have (its ranking chart) are not deleted by a later run.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (Debian package cmark-gfm)"))
    func aQuietWeeksPageSaysSoInOneSentenceAndLinksTheLastWeekWithVotes() async throws {
        let folder = try TemporaryDirectory()
        let old = folder.path("out/week-05-ranking-original.en.svg")
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let result = try await TallyProcess.run(
            [
                "weekly", "--demo", "--through", "2026-11-28", "--lang", "en,zh-TW", "--html", "--reports",
                folder.path("out"),
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let sentences = [
            "en": "No votes came in this week, and no notes or options changed: the tally still stands as on "
                + "[week 1's page](week-01.en.md), at 15 voters and 43 votes.",
            "zh-TW": "本週沒有新的票，便利貼和選項也沒有變動，結果和[第 1 週](week-01.zh-TW.md)相同：累計 15 人、43 票。",
        ]
        for (language, sentence) in sentences {
            let other = language == "en" ? "zh-TW" : "en"
            for week in 2...10 {
                let name = "week-\(week < 10 ? "0" : "")\(week)"
                let page = try String(contentsOfFile: folder.path("out/\(name).\(language).md"), encoding: .utf8)
                let blocks = page.components(separatedBy: "\n\n")
                // The title, the other language, the links (index, previous, next, newest week), the sentence.
                #expect(blocks.count == 4, "\(name).\(language).md: \(page)")
                #expect(blocks.last == sentence + "\n", "\(name).\(language).md: \(page)")
                #expect(!page.contains("|") && !page.contains("!["), "\(name).\(language).md repeats the tally")
                let rendering = try await CommonMark.render(page)
                #expect(rendering.strayAsterisks == 0 && rendering.renderedTables == 0)
                func weekPage(_ number: Int) -> String { "week-\(number < 10 ? "0" : "")\(number).\(language).md" }
                let navigation =
                    ["index.\(language).md", weekPage(week - 1)] + (week < 10 ? [weekPage(week + 1)] : [])
                    + (week < 9 ? [weekPage(10)] : [])
                #expect(
                    Self.hrefs(rendering.html) == ["\(name).\(other).md"] + navigation + ["week-01.\(language).md"],
                    "\(name).\(language).md")
                let html = try String(contentsOfFile: folder.path("out/\(name).\(language).html"), encoding: .utf8)
                #expect(html.contains("href=\"week-01.\(language).html\""), "\(name).\(language).html")
                #expect(!html.contains("<table") && !html.contains("<figure"), "\(name).\(language).html")
                #expect(
                    !FileManager.default.fileExists(atPath: folder.path("out/\(name)-ranking-original.\(language).svg"))
                )
                // The machine-readable week keeps its whole tally.
                #expect(FileManager.default.fileExists(atPath: folder.path("out/\(name).json")))
            }
            let first = try String(contentsOfFile: folder.path("out/week-01.\(language).md"), encoding: .utf8)
            #expect(first.contains("| ") && first.contains("!["), "week 1 has news and its whole page")
        }
        // A chart an earlier run wrote for a week now quiet stays: weekly never deletes.
        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: old))
        let again = try await TallyProcess.run(
            [
                "weekly", "--demo", "--through", "2026-11-28", "--lang", "en,zh-TW", "--html", "--reports",
                folder.path("out"),
            ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: old))
    }

    /// The `href`s of rendered HTML, in order.
    static func hrefs(_ html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }
}

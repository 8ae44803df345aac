import Foundation
import TallyTestSupport
import Testing

/// The `title` setting (`tally.json` < `TALLY_TITLE` < `--title`): every heading and every image of the report,
/// the brief and the weekly pages carries it as plain text; without it each page keeps its own heading.
@Suite("The title setting", .timeLimit(.minutes(10)))
struct TitleSettingTests {
    /// Markup of every kind a renderer might act on, an entity, quotes and CJK: all of it must stay text.
    static let hostile = "**Which** <b>one</b> [next](http://x.test) # `code` & \"q\" _é_ 下一步？"

    /// The text of the first `<h1>` of an HTML document, with entities decoded; nil when it holds a tag.
    static func heading(_ html: String) -> String? {
        guard let start = html.range(of: "<h1>"),
            let end = html.range(of: "</h1>", range: start.upperBound..<html.endIndex)
        else { return nil }
        let inner = String(html[start.upperBound..<end.lowerBound])
        guard !inner.contains("<") else { return nil }
        return inner.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"))
    func aHostileTitleIsPlainTextInEveryHeadingAndChart() async throws {
        let folder = try TemporaryDirectory()
        let title = Self.hostile
        for arguments in [["report"], ["report", "--brief"], ["report", "--lang", "zh-TW"]] {
            let result = try await TallyProcess.run(
                arguments + ["--demo", "--title", title, "--charts", "c", "-o", "p.md"], in: folder.url.path)
            #expect(result.status == 0, "\(result.stderr)")
            let markdown = try String(contentsOfFile: folder.path("p.md"), encoding: .utf8)
            let rendered = try await CommonMark.render(markdown)
            #expect(Self.heading(rendered.html) == title, "\(arguments): \(rendered.html.prefix(300))")
            let chart = try String(contentsOfFile: folder.path("c/ranking-original.svg"), encoding: .utf8)
            #expect(chart.contains(">**Which** &lt;b&gt;one&lt;/b&gt; [next](http://x.test) # `code` &amp; "))
        }
        let html = try await TallyProcess.run(
            ["report", "--demo", "--title", title, "--format", "html", "--charts", "c"], in: folder.url.path)
        #expect(Self.heading(html.stdout) == title)
        #expect(html.stdout.contains("<title>**Which** &lt;b&gt;one&lt;/b&gt;"))
        // The inline charts carry it too (the phone layouts leave titles to the headings above them); nothing of it
        // became an element.
        #expect(html.stdout.components(separatedBy: "&lt;b&gt;one").count - 1 == 4)
        #expect(!html.stdout.contains("<b>") && !html.stdout.contains("<a href=\"http://x.test\""))

        let weekly = try await TallyProcess.run(
            [
                "weekly", "--demo", "--through", "2026-10-03", "--reports", "r", "--html", "--force", "-q", "--title",
                title,
            ],
            in: folder.url.path)
        #expect(weekly.status == 0, "\(weekly.stderr)")
        for (name, page) in [("week-01.md", "Week 1: Sat 19 Sep to Fri 25 Sep"), ("index.md", "Weekly tallies")] {
            let markdown = try String(contentsOfFile: folder.path("r/\(name)"), encoding: .utf8)
            #expect(Self.heading(try await CommonMark.render(markdown).html) == "\(title) — \(page)", "\(name)")
        }
        let page = try String(contentsOfFile: folder.path("r/week-01.html"), encoding: .utf8)
        #expect(page.contains("<title>**Which** &lt;b&gt;one&lt;/b&gt;") && page.contains(" — Week 1: Sat 19 Sep"))
        let daily = try String(contentsOfFile: folder.path("r/week-01-daily.svg"), encoding: .utf8)
        #expect(daily.contains("&lt;b&gt;one&lt;/b&gt;"))
    }

    @Test func withoutATitleEachPageKeepsItsOwnHeading() async throws {
        let folder = try TemporaryDirectory()
        let en = try await TallyProcess.run(["report", "--demo", "--brief"], in: folder.url.path)
        #expect(en.stdout.hasPrefix("# Vote tally\n"))
        let zh = try await TallyProcess.run(["report", "--demo", "--brief", "--lang", "zh-TW"], in: folder.url.path)
        #expect(zh.stdout.hasPrefix("# 投票統計\n"))
        let weekly = try await TallyProcess.run(
            [
                "weekly", "--demo", "--through", "2026-10-03", "--reports", "r", "--lang", "zh-TW", "-q", "--title",
                "下一步",
            ],
            in: folder.url.path)
        #expect(weekly.status == 0, "\(weekly.stderr)")
        let page = try String(contentsOfFile: folder.path("r/week-01.md"), encoding: .utf8)
        #expect(page.hasPrefix("# 下一步｜第 1 週：9/19（六）至 9/25（五）\n"))
    }

    @Test func theTitleComesFromTheFileTheEnvironmentOrTheFlag() async throws {
        let folder = try TemporaryDirectory()
        try Data("{\"title\": \"From the file\"}".utf8).write(to: folder.url.appendingPathComponent("tally.json"))
        #expect(try await TallyProcess.run(["demo", "--db", "tally.sqlite", "-q"], in: folder.url.path).status == 0)
        func heading(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> String {
            let result = try await TallyProcess.run(
                ["report", "--brief"] + arguments, in: folder.url.path, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.prefix { $0 != "\n" })
        }
        #expect(try await heading([]) == "# From the file")
        #expect(try await heading([], ["TALLY_TITLE": "From the environment"]) == "# From the environment")
        #expect(try await heading(["--title", "From the flag"], ["TALLY_TITLE": "x"]) == "# From the flag")
        let shown = try await TallyProcess.run(["config", "show"], in: folder.url.path)
        #expect(shown.stdout.contains("From the file") && shown.stdout.contains("title"))
    }

    @Test func aTitleThatIsNotOneLineOfTextIsRefused() async throws {
        let folder = try TemporaryDirectory()
        for (title, status, said) in [
            ("two\nlines", Int32(2), "U+000A"), ("", 2, "needs some text"),
            (String(repeating: "x", count: 121), 2, "at most 120"),
            ("a\u{202E}b", 2, "U+202E"),
        ] {
            let result = try await TallyProcess.run(["report", "--demo", "--title", title], in: folder.url.path)
            #expect(result.status == status && result.stderr.contains(said), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        // From tally.json, an escape is named and shown as a symbol, never sent to the terminal.
        try Data("{\"title\": \"\\u001b]0;PWN\\u0007\"}".utf8).write(
            to: folder.url.appendingPathComponent("tally.json"))
        let result = try await TallyProcess.run(["report", "--brief"], in: folder.url.path)
        #expect(result.status == 1 && result.stderr.contains("title (from config") && result.stderr.contains("U+001B"))
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{7}"))
    }

    /// A title written in each language (`"title": {"zh-TW": …, "en": …}` in `tally.json`) heads each language's
    /// report, weekly pages, charts and share image; `config show` shows both.
    @Test(
        .enabled(
            if: OutsideProgram.mayRun(needing: "rsvg-convert"), "needs rsvg-convert (apt-get install librsvg2-bin)"))
    func aTitlePerLanguageHeadsEachLanguagesPages() async throws {
        let folder = try TemporaryDirectory()
        try Data(#"{"title": {"zh-TW": "九月的投票", "en": "September's poll"}, "lang": ["en", "zh-TW"]}"#.utf8).write(
            to: folder.url.appendingPathComponent("tally.json"))
        #expect(try await TallyProcess.run(["demo", "--db", "tally.sqlite", "-q"], in: folder.url.path).status == 0)
        let report = try await TallyProcess.run(
            ["report", "--brief", "--charts", "c", "-o", "post.md", "--share", "card.png"], in: folder.url.path)
        #expect(report.status == 0, "\(report.stderr)")
        for (name, title) in [("post.en.md", "September's poll"), ("post.zh-TW.md", "九月的投票")] {
            let page = try String(contentsOfFile: folder.path(name), encoding: .utf8)
            #expect(page.hasPrefix("# \(title)\n"), "\(name): \(page.prefix(80))")
        }
        let chart = try String(contentsOfFile: folder.path("c/zh-TW/ranking-original.svg"), encoding: .utf8)
        #expect(chart.contains("九月的投票") && !chart.contains("September"))
        let weekly = try await TallyProcess.run(
            ["weekly", "--through", "2026-10-03", "--launch", "2026-09-19", "--reports", "r", "-q"], in: folder.url.path
        )
        #expect(weekly.status == 0, "\(weekly.stderr)")
        let english = try String(contentsOfFile: folder.path("r/week-01.en.md"), encoding: .utf8)
        #expect(english.hasPrefix("# September's poll — Week 1: "), "\(english.prefix(80))")
        let chinese = try String(contentsOfFile: folder.path("r/index.zh-TW.md"), encoding: .utf8)
        #expect(chinese.hasPrefix("# 九月的投票｜"), "\(chinese.prefix(80))")
        let shown = try await TallyProcess.run(["config", "show"], in: folder.url.path)
        #expect(
            shown.stdout.contains("en: September's poll") && shown.stdout.contains("zh-TW: 九月的投票"), "\(shown.stdout)")
    }

    /// A title object that does not give one line of text for each language written is refused before anything is
    /// read or written, naming the key, the file, what is wrong and what would be accepted.
    @Test func aTitlePerLanguageThatIsWrongSaysWhatWhereAndWhatIsAccepted() async throws {
        let folder = try TemporaryDirectory()
        let cases: [(json: String, lang: [String], said: [String])] = [
            (
                #"{"en": "Votes"}"#, ["--lang", "zh-TW"],
                ["no zh-TW title", "zh-TW (lang from flag --lang)", #""zh-TW": "#]
            ),
            (#"{"en": "Votes"}"#, ["--lang", "en,zh-TW"], ["no zh-TW title"]),
            (#"{"fr": "Votes", "en": "Votes"}"#, [], ["'fr' is not a language tally writes", "en, zh-TW"]),
            (#"{"en": 3}"#, [], ["gives en a value that is not a string"]),
            (#"{"en": ["Votes"]}"#, [], ["gives en a value that is not a string"]),
            ("3", [], ["must be a string or an object of one string per language", #"{"zh-TW": "#]),
            ("[\"Votes\"]", [], ["must be a string or an object of one string per language"]),
            ("{}", [], ["is an empty object", "en, zh-TW"]),
            (#"{"en": " "}"#, [], ["gives en an empty string"]),
            (#"{"en": "", "zh-TW": "投票"}"#, [], ["gives en an empty string"]),
            (#"{"en": "Votes", "zh-TW": "兩\n行"}"#, ["--lang", "zh-TW"], ["zh-TW title", "U+000A"]),
            (#"{"en": "a", "en": "b"}"#, [], ["key 'en' appears more than once", "keep one"]),
            (#"{"en": null}"#, [], ["gives en a value that is not a string"]),
        ]
        for item in cases {
            try Data("{\"title\": \(item.json)}".utf8).write(to: folder.url.appendingPathComponent("tally.json"))
            let result = try await TallyProcess.run(["report", "--brief"] + item.lang, in: folder.url.path)
            #expect(result.status == 1, "\(item.json): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            let named = item.said[0].hasPrefix("key ") ? ["tally.json"] : ["title", "tally.json"]
            for text in item.said + named {
                #expect(result.stderr.contains(text), "\(item.json) should say \(text): \(result.stderr)")
            }
        }
        // A title object is for the file: a flag or the environment gives one title, taken as it is written.
        let flag = try await TallyProcess.run(
            ["report", "--demo", "--brief", "--title", #"{"en": "x"}"#], in: folder.url.path)
        #expect(flag.stdout.hasPrefix(#"# {"en": "x"}"#), "\(flag.stderr)")
    }
}

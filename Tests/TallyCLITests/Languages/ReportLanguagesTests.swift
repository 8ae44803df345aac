import Foundation
import Testing

/// `tally report --lang en,zh-TW -o post.md`: post.en.md and post.zh-TW.md, each the one-language
/// report with a link to the other under its title; the same for HTML; to standard output refused
/// (use -o); JSON and CSV hold no language and stay one file.
@Suite("tally report in two languages", .timeLimit(.minutes(10)))
struct ReportLanguagesTests {
    static func report(_ folder: TemporaryDirectory, _ arguments: [String]) async throws -> TallyProcess.Result {
        try await TallyProcess.run(["report", "--demo"] + arguments, in: folder.url.path)
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (Debian package cmark-gfm)"))
    func markdownOnePagePerLanguageEachLinkingTheOther() async throws {
        let folder = try TemporaryDirectory()
        let both = try await Self.report(folder, ["--lang", "en,zh-TW", "-o", "post.md"])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(
            both.stdout
                == "Wrote the markdown report to \(folder.path("post.en.md")).\n"
                + "Wrote the markdown report to \(folder.path("post.zh-TW.md")).\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("post.md")))
        for (language, other, link) in [
            ("en", "zh-TW", "Also in: [繁體中文](post.zh-TW.md)"), ("zh-TW", "en", "其他語言：[English](post.en.md)"),
        ] {
            let page = try String(contentsOfFile: folder.path("post.\(language).md"), encoding: .utf8)
            let alone = try await Self.report(folder, ["--lang", language])
            let title = try #require(alone.stdout.range(of: "\n\n"))
            #expect(page == alone.stdout[..<title.upperBound] + link + "\n\n" + alone.stdout[title.upperBound...])
            let rendering = try await CommonMark.render(page)
            #expect(rendering.strayAsterisks == 0)
            #expect(WeeklyLanguagesTests.links(rendering.html).first == "post.\(other).md")
        }
    }

    /// A name chosen with -o becomes the link's target, percent-encoded, never Markdown structure.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (Debian package cmark-gfm)"))
    func anOddFileNameStaysAName() async throws {
        let folder = try TemporaryDirectory()
        let name = "my post (draft) [1] *x* <a>.md"
        let both = try await Self.report(folder, ["--lang", "zh-TW,en", "-o", name])
        #expect(both.status == 0, "\(both.stderr)")
        let page = try String(contentsOfFile: folder.path("my post (draft) [1] *x* <a>.zh-TW.md"), encoding: .utf8)
        let rendering = try await CommonMark.render(page)
        #expect(WeeklyLanguagesTests.links(rendering.html).first == "my post (draft) [1] *x* <a>.en.md")
        #expect(rendering.strayAsterisks == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("my post (draft) [1] *x* <a>.en.md")))
    }

    @Test func htmlPagesNameTheirLanguageAndLinkTheOther() async throws {
        let folder = try TemporaryDirectory()
        let both = try await Self.report(folder, ["--lang", "en,zh-TW", "--format", "html", "-o", "out/post.html"])
        #expect(both.status == 0, "\(both.stderr)")
        let zh = try String(contentsOfFile: folder.path("out/post.zh-TW.html"), encoding: .utf8)
        #expect(zh.contains("<html lang=\"zh-TW\">"))
        #expect(zh.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"post.en.html\">"))
        #expect(zh.contains("<a href=\"post.en.html\" hreflang=\"en\" lang=\"en\">English</a>"))
        let en = try String(contentsOfFile: folder.path("out/post.en.html"), encoding: .utf8)
        #expect(en.contains("<html lang=\"en\">"))
        #expect(en.contains("<a href=\"post.zh-TW.html\" hreflang=\"zh-TW\" lang=\"zh-TW\">繁體中文</a>"))
        // One language alone: today's page, no links.
        let alone = try await Self.report(folder, ["--lang", "en", "--format", "html"])
        #expect(!alone.stdout.contains("hreflang"))
    }

    /// Each language's charts go into their own subfolder of --charts, linked from that language's page.
    @Test func chartsPerLanguage() async throws {
        let folder = try TemporaryDirectory()
        let both = try await Self.report(folder, ["--lang", "en,zh-TW", "--charts", "ch", "-o", "post.md"])
        #expect(both.status == 0, "\(both.stderr)")
        let zh = try String(contentsOfFile: folder.path("post.zh-TW.md"), encoding: .utf8)
        #expect(zh.contains("](ch/zh-TW/ranking-original.svg)"), "\(zh)")
        let svg = try String(contentsOfFile: folder.path("ch/zh-TW/ranking-original.svg"), encoding: .utf8)
        #expect(svg.contains("排名"), "the zh-TW chart has zh-TW words")
        #expect(FileManager.default.fileExists(atPath: folder.path("ch/en/ranking-original.svg")))
    }

    @Test func standardOutputWithTwoLanguagesIsRefused() async throws {
        let folder = try TemporaryDirectory()
        for format in ["markdown", "html"] {
            let refused = try await Self.report(folder, ["--lang", "en,zh-TW", "--format", format])
            #expect(refused.status == 2)
            let file = format == "html" ? "post.html" : "post.md"
            #expect(
                refused.stderr.contains(
                    "--lang en,zh-TW with the report on standard output: one page per language needs a file name: "
                        + "-o \(file) writes"), "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
        let dash = try await Self.report(folder, ["--lang", "en,zh-TW", "-o", "-"])
        #expect(dash.status == 2)
        // From tally.json (not --demo, which reads no config): named as set there.
        try Data(#"{"lang": ["zh-TW", "en"]}"#.utf8).write(to: URL(fileURLWithPath: folder.path("tally.json")))
        #expect(try await TallyProcess.run(["demo", "--db", "tally.sqlite", "-q"], in: folder.url.path).status == 0)
        // Issue 34.7: the README's first example prints to the terminal: the first language's page, with a note.
        let configured = try await TallyProcess.run(["report"], in: folder.url.path)
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout.hasPrefix("# 投票統計\n"), "\(configured.stdout.prefix(80))")
        #expect(!configured.stdout.contains("# Vote tally"))
        #expect(
            configured.stderr.hasPrefix(
                "Note: lang (from config \(folder.path("tally.json"))) is zh-TW,en; printed the zh-TW page only: "
                    + "one page per language needs a file name: -o post.md writes post.zh-TW.md and post.en.md"),
            "\(configured.stderr)")
        // JSON and CSV hold no language: one document, as with one language.
        let json = try await TallyProcess.run(["report", "--format", "json"], in: folder.url.path)
        #expect(json.status == 0, "\(json.stderr)")
        let csv = try await TallyProcess.run(["report", "--format", "csv", "-o", "r.csv"], in: folder.url.path)
        #expect(csv.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("r.csv")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.en.csv")))
        // A device is no place for two files.
        let device = try await Self.report(folder, ["--lang", "en,zh-TW", "-o", "/dev/null"])
        #expect(device.status == 2)
        #expect(device.stderr.contains("is a pipe or a device"), "\(device.stderr)")
    }
}

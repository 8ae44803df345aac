import Foundation
import Testing

/// `tally report --brief`, `--only`, `--bom` and `--format html`, and `tally weekly --html`,
/// run as a user runs them.
@Suite("tally report and weekly: blog-ready output (end to end)", .timeLimit(.minutes(10)))
struct ReportBlogOptionsTests {
    @Test(arguments: [
        (["--brief"], "demo.brief.en.md"), (["--brief", "--lang", "zh-TW"], "demo.brief.zh-TW.md"),
        (["--format", "html"], "demo.en.html"), (["--format", "html", "--lang", "zh-TW"], "demo.zh-TW.html"),
        (["--format", "html", "--brief"], "demo.brief.en.html"),
        (["--only", "ranking", "--format", "csv"], "demo.ranking.csv"),
        (["--only", " ranking ", "--format", "csv"], "demo.ranking.csv"),
    ])
    func demoPrintsTheGoldenOutput(arguments: [String], golden: String) async throws {
        let result = try await TallyProcess.run(["report", "--demo"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == (try ReportFixtures.golden(golden)))
    }

    @Test func bomPutsTheByteOrderMarkFirstAndOnlyThere() async throws {
        let plain = try await TallyProcess.run(["report", "--demo", "--format", "csv"])
        let marked = try await TallyProcess.run(["report", "--demo", "--format", "csv", "--bom"])
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(Array(marked.stdout.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(marked.stdout == "\u{FEFF}" + plain.stdout)
        #expect(!plain.stdout.hasPrefix("\u{FEFF}"))
        let folder = try TemporaryDirectory()
        let written = try await TallyProcess.run(
            ["report", "--demo", "--only", "ranking", "--format", "csv", "--bom", "--output", "ranking.csv"],
            in: folder.url.path)
        #expect(written.status == 0, "\(written.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("ranking.csv")))
        #expect(Array(data.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: data.dropFirst(3), as: UTF8.self) == (try ReportFixtures.golden("demo.ranking.csv")))
    }

    @Test(arguments: [
        (
            ["--only", "rankings"],
            "--only: \"rankings\" is not a part of the report; use a comma list of: headline, "
                + "ranking, exclusions, activity, usage, notes, anomalies, settings, fingerprint"
        ),
        (["--only", "ranking,"], "--only: \"ranking,\" has an empty part name"),
        (
            ["--brief", "--format", "json"],
            "--only and --brief pick parts of Markdown, HTML and CSV; the JSON document"
        ),
        (["--only", "ranking", "--format", "json"], "the JSON document always holds the whole report"),
        (
            ["--brief", "--only", "ranking"],
            "--brief already picks the parts (headline, ranking); give --brief or --only"
        ),
        (["--bom"], "--bom is for CSV; add --format csv, or leave out --bom"),
        (["--format", "pdf"], "markdown, json, csv, html"),
    ])
    func badCombinationsAreUsageErrors(arguments: [String], message: String) async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["report", "--demo", "--output", "out.md"] + arguments, in: folder.url.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.md")), "nothing is written")
    }

    @Test func weeklyHTMLWritesAPagePerWeekAndAnIndexThatLinksToThem() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--html", "--reports", folder.path("out")])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["week-01.html", "week-02.html", "index.html"] {
            #expect(result.stdout.contains("  wrote \(name)\n"), "\(name)")
        }
        let index = try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8)
        #expect(index.contains("<a href=\"week-01.html\">") && index.contains("<a href=\"week-02.html\">"))
        #expect(!index.contains(".md\""))
        let week = try String(contentsOfFile: folder.path("out/week-01.html"), encoding: .utf8)
        let svg = try String(contentsOfFile: folder.path("out/week-01-daily.svg"), encoding: .utf8)
        #expect(
            week.components(separatedBy: "<figure>").count - 1 == 2, "the daily and the original ranking chart, inline")
        let bar = try #require(svg.split(separator: "\n").first { $0.contains("<rect x=") })
        #expect(week.contains(String(bar)), "the daily chart's own drawing")
        #expect(!week.contains(".svg") && !week.contains("<img"))
        // Without --html no HTML is written.
        let plain = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--reports", folder.path("plain")])
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains(".html"))
    }

    /// Weekly pages nest: one H1, the page's parts as H2, the tally's parts one level below.
    @Test func weeklyHeadingsNest() async throws {
        let folder = try TemporaryDirectory()
        #expect(
            try await TallyProcess.run(
                ["weekly", "--demo", "--through", "2026-10-03", "--html", "--reports", folder.path("out")]).status == 0)
        let page = try String(contentsOfFile: folder.path("out/week-01.md"), encoding: .utf8)
        let headings = page.split(separator: "\n").filter { $0.hasPrefix("#") }.map { $0.prefix { $0 == "#" }.count }
        #expect(headings.filter { $0 == 1 }.count == 1)
        #expect(headings.first == 1)
        // No heading skips a level on the way down.
        for (previous, next) in zip(headings, headings.dropFirst()) { #expect(next <= previous + 1, "\(headings)") }
        // Result first: the ranking, then the week's changes; the method last, under one heading.
        let ranking = try #require(page.range(of: "\n## Ranking: original options\n"))
        let changes = try #require(page.range(of: "\n## This week\n"))
        let counted = try #require(page.range(of: "\n## How this was counted\n"))
        let exclusions = try #require(page.range(of: "\n### Voters left out\n"))
        #expect(ranking.upperBound < changes.lowerBound && changes.upperBound < counted.lowerBound)
        #expect(counted.upperBound < exclusions.lowerBound)
        let html = try String(contentsOfFile: folder.path("out/week-01.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<h1>").count == 2)
        #expect(html.contains("<h2>Ranking: original options</h2>"))
    }

    /// Notes are "note N", options "#N": the decisions table never writes a note as "#N".
    @Test func notesAndOptionsAreNumberedDifferently() async throws {
        let folder = try TemporaryDirectory()
        #expect(
            try await TallyProcess.run(
                ["weekly", "--demo", "--through", "2026-10-03", "--reports", folder.path("out")]).status == 0)
        let page = try String(contentsOfFile: folder.path("out/week-01.md"), encoding: .utf8)
        let decisions = page.components(separatedBy: "### Notes decided this week")[1].components(separatedBy: "\n## ")[
            0]
        let rows = decisions.split(separator: "\n").filter {
            $0.hasPrefix("|") && !$0.hasPrefix("| When") && !$0.hasPrefix("| :")
        }
        #expect(rows.count >= 4)
        // A public page names notes by their text (a rejected one's is withheld), never by a number.
        for row in rows {
            let note = row.split(separator: "|")[1].trimmingCharacters(in: .whitespaces)
            #expect(!note.hasPrefix("note ") && !note.contains("#"), "\(row)")
        }
        #expect(decisions.contains("| promoted to an option |"))
    }
}

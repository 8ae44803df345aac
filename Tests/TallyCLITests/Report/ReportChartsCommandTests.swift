import Foundation
import Testing

/// `tally report --charts DIR [--png]` and `tally weekly --png`, run as a user runs them.
@Suite("tally report --charts and --png (end to end)", .timeLimit(.minutes(10)))
struct ReportChartsCommandTests {
    static let hasRSVG = OutsideProgram.isInstalled("rsvg-convert")
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Width, height, and the count of drawn pixels of a PNG, decoded completely by png_ink.py.
    static func decode(_ path: String) async throws -> (width: Int, height: Int, ink: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data.prefix(24))
        try #require(bytes.count == 24 && bytes.prefix(4) == [0x89, 0x50, 0x4E, 0x47], "\(path) is not a PNG")
        func integer(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let script = ToolProcess.repository.appendingPathComponent("Tests/TallyRenderTests/Support/png_ink.py").path
        let counts = try await ToolProcess.run("python3", [script, path]).split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(counts.count == 2 && counts[1] == integer(16) * integer(20))
        return (integer(16), integer(20), counts[0])
    }

    @Test func chartsAreWrittenAndLinkedRelativeToThePage() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["report", "--demo", "--charts", "site/charts", "--output", "site/posts/report.md"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "Wrote 2 charts (SVG) to \(folder.path("site/charts")).\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("site/charts")).sorted()
        #expect(names == [".tally-pages.json", "daily.svg", "ranking-original.svg"], "the charts and their record")
        let page = try String(contentsOfFile: folder.path("site/posts/report.md"), encoding: .utf8)
        #expect(page.contains("![Ranking: original options — voters per option: 做了好多事，另一半不知道 (10); "))
        #expect(page.contains(" (5)](../charts/ranking-original.svg)"))
        #expect(page.contains("![Counted votes per day: Sat 19 Sep (15); "))
        #expect(page.contains(" (8)](../charts/daily.svg)"))
        // A section nobody voted in has no chart and no sentence about one: its own sentence says it has no votes.
        #expect(!page.contains("No chart for"))
        // Each ranking chart sits under its section's heading, before the table; the daily chart after the activity.
        let heading = try #require(page.range(of: "## Ranking: original options\n\n![Ranking: original options"))
        let table = try #require(page.range(of: "| Rank |"))
        #expect(heading.upperBound < table.lowerBound)
        let activity = try #require(page.range(of: "## Votes by day"))
        let daily = try #require(page.range(of: "![Counted votes per day: "))
        #expect(activity.upperBound < daily.lowerBound && daily.upperBound < page.range(of: "## How votes")!.lowerBound)
        // To stdout, links are the folder as given; the brief shows the ranking chart only.
        let printed = try await TallyProcess.run(
            ["report", "--demo", "--brief", "--charts", "out"], in: folder.url.path)
        #expect(printed.stdout.contains("](out/ranking-original.svg)") && !printed.stdout.contains("daily.svg"))
        // HTML draws them inline and requests nothing.
        let html = try await TallyProcess.run(
            ["report", "--demo", "--format", "html", "--charts", "c"], in: folder.url.path)
        #expect(html.stdout.components(separatedBy: "<figure>").count - 1 == 2)
        #expect(!html.stdout.contains(".svg"))
    }

    @Test(.enabled(if: hasRSVG || required, "needs rsvg-convert (Debian package librsvg2-bin)"))
    func pngCopiesAreValidImagesOfTheCharts() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["report", "--demo", "--charts", "c", "--png", "-o", "post/p.md"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Wrote 2 charts (SVG and PNG)"))
        // The phone layouts, as the HTML page draws them below 600 px: ranking first, then daily.
        let page = try await TallyProcess.run(["report", "--demo", "--format", "html"], in: folder.url.path).stdout
        let phones = page.components(separatedBy: "<div class=\"phone\">").dropFirst().map {
            $0.components(separatedBy: "</svg>")[0]
        }
        try #require(phones.count == 2)
        for (name, svg) in zip(["ranking-original", "daily"], phones) {
            let image = try await Self.decode(folder.path("c/\(name).png"))
            // Twice the phone layout's viewBox in pixels (drawn for a phone's column, sharp on a 2x screen).
            let box = try #require(svg.range(of: "viewBox=\"0 0 ")).upperBound
            let size = svg[box...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
            try #require(size.count == 2)
            #expect(abs(Double(image.width) - 2 * size[0]) <= 1, "\(name): \(image.width) px for width \(size[0])")
            #expect(abs(Double(image.height) - 2 * size[1]) <= 1, "\(name): \(image.height) px for \(size[1])")
            #expect(image.ink > image.width * image.height / 50, "\(name): only \(image.ink) pixels drawn")
            // Shown 366 CSS px wide (a phone's blog column), its smallest text is at least 11 CSS px.
            let sizes = svg.components(separatedBy: "font-size=\"").dropFirst().compactMap {
                Double($0.prefix { $0 != "\"" })
            }
            let smallest = try #require(sizes.min())
            #expect(smallest * 2 * 366 / Double(image.width) >= 11, "\(name): \(smallest) units in \(image.width) px")
        }
        // The Markdown links the PNGs, and each link, as cmark-gfm reads it, finds its file from the page's folder.
        let markdown = try String(contentsOfFile: folder.path("post/p.md"), encoding: .utf8)
        let sources = try await Self.imageSources(markdown)
        #expect(sources == ["../c/ranking-original.png", "../c/daily.png"])
        for source in sources {
            #expect(FileManager.default.fileExists(atPath: folder.path("post/" + source)), "\(source)")
        }
        // The HTML still draws the SVGs inline and links no file.
        let html = try await TallyProcess.run(
            ["report", "--demo", "--charts", "c", "--png", "--format", "html"], in: folder.url.path)
        #expect(html.stdout.components(separatedBy: "<figure>").count - 1 == 2 && !html.stdout.contains(".png"))
    }

    /// The `src` of every image cmark-gfm finds in `markdown`, percent-decoded as a browser resolves it.
    static func imageSources(_ markdown: String) async throws -> [String] {
        let html = try await ToolProcess.run("cmark-gfm", ["-e", "table"], input: markdown)
        return html.components(separatedBy: "<img src=\"").dropFirst().compactMap {
            $0.prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&").removingPercentEncoding
        }
    }

    @Test(.enabled(if: hasRSVG || required, "needs rsvg-convert (Debian package librsvg2-bin)"))
    func weeklyWritesAPNGBesideEverySVGAndLeavesThemAloneOnARerun() async throws {
        let folder = try TemporaryDirectory()
        let arguments = ["weekly", "--demo", "--through", "2026-10-03", "--png", "--reports", folder.path("out")]
        let first = try await TallyProcess.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("out"))
        let svgs = names.filter { $0.hasSuffix(".svg") }
        // Week 2 is quiet: its page draws no chart (issue 34.5).
        #expect(svgs.count == 2)
        for svg in svgs {
            let png = String(svg.dropLast(4)) + ".png"
            #expect(names.contains(png), "\(png)")
            #expect(try await Self.decode(folder.path("out/\(png)")).ink > 0)
        }
        // The pages link the PNGs, and every link finds its file.
        for page in ["week-01.md"] {
            let sources = try await Self.imageSources(
                String(contentsOfFile: folder.path("out/\(page)"), encoding: .utf8))
            #expect(!sources.isEmpty && sources.allSatisfy { $0.hasSuffix(".png") }, "\(page): \(sources)")
            for source in sources {
                #expect(FileManager.default.fileExists(atPath: folder.path("out/" + source)), "\(page): \(source)")
            }
        }
        let again = try await TallyProcess.run(arguments)
        #expect(again.stdout.contains("0 files written, 9 unchanged."), "\(again.stdout)")
    }

    @Test func aMissingRSVGConvertNamesTheDebianPackageAndWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        let empty = folder.path("bin")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for arguments in [
            ["report", "--demo", "--charts", "c", "--png", "--output", "report.md"],
            ["weekly", "--demo", "--through", "2026-10-03", "--png", "--reports", "w"],
        ] {
            let result = try await TallyProcess.run(arguments, in: folder.url.path, environment: ["PATH": empty])
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    "--png needs rsvg-convert, which is not installed (not found on PATH); install the Debian package "
                        + "librsvg2-bin (apt-get install librsvg2-bin), or leave out --png. Nothing was written."))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["bin"], "\(arguments)")
        }
    }

    @Test(arguments: [
        (["--png"], "--png adds PNG copies of the charts; add --charts DIR"),
        (["--charts", "c", "--format", "json"], "--charts links the charts from a Markdown or HTML page"),
        (["--charts", "c", "--format", "csv"], "use --format markdown or html"),
        (["--charts", "file.txt"], "is a file; give a folder, e.g. --charts charts"),
    ])
    func badChartOptionsAreUsageErrors(arguments: [String], message: String) async throws {
        let folder = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path("file.txt")))
        let result = try await TallyProcess.run(["report", "--demo"] + arguments, in: folder.url.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["file.txt"])
    }
}

/// Chart folders with ordinary names (spaces, parens, brackets, `#`, `%`, a backslash, CJK): the Markdown link,
/// as cmark-gfm reads it, finds the chart, and the HTML draws every chart inline.
@Suite("tally report --charts with ordinary folder names", .timeLimit(.minutes(10)))
struct ChartFolderNameTests {
    static let names = [
        "c (1)", "my charts", "a)b", "<x>", "c#1?", "100%", "back\\slash", "圖表 資料", "[x](y)", "c:d", "-dash",
    ]

    @Test(
        .enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"),
        arguments: names)
    func theLinkFindsTheChartAndTheHTMLDrawsIt(_ name: String) async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["report", "--demo", "--charts", "site/\(name)", "-o", "site/post.md"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let markdown = try String(contentsOfFile: folder.path("site/post.md"), encoding: .utf8)
        let sources = try await ReportChartsCommandTests.imageSources(markdown)
        #expect(sources.count == 2, "\(name): \(sources)")
        for source in sources {
            #expect(source.hasPrefix(name + "/"), "\(name): \(source)")
            #expect(FileManager.default.fileExists(atPath: folder.path("site/" + source)), "\(name): \(source)")
        }
        let html = try await TallyProcess.run(
            ["report", "--demo", "--format", "html", "--charts", name], in: folder.url.path)
        #expect(html.status == 0 && html.stdout.components(separatedBy: "<figure>").count - 1 == 2, "\(name)")
    }

    @Test func aFolderNameWithAControlCharacterIsRefused() async throws {
        let folder = try TemporaryDirectory()
        for name in ["two\nlines", "tab\there", "esc\u{1B}[2J"] {
            let result = try await TallyProcess.run(
                ["report", "--demo", "--charts", name, "-o", "p.md"], in: folder.url.path)
            #expect(result.status == 2 && result.stderr.contains("holds the control character"), "\(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        }
    }
}

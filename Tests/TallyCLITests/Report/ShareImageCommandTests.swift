import Foundation
import Testing

/// `tally report --share FILE.png`, run as a user runs it.
@Suite("tally report --share (end to end)", .timeLimit(.minutes(10)))
struct ShareImageCommandTests {
    static let hasRSVG = OutsideProgram.isInstalled("rsvg-convert")
    /// rsvg-convert draws Chinese only with a CJK font installed (`.ci/run` installs fonts-wqy-microhei).
    /// rsvg-convert and a CJK font, or CI (where both must be).
    static func mayDrawChinese() async -> Bool {
        if OutsideProgram.isCI { return true }
        guard hasRSVG else { return false }
        return (try? await ToolProcess.run("fc-list", [":lang=zh"]).contains(":")) ?? false
    }

    @Test(.enabled(if: hasRSVG || OutsideProgram.isCI, "needs rsvg-convert (Debian package librsvg2-bin)"))
    func theEnglishImageIsA1200By630PNG() async throws { try await Self.check("en") }

    @Test(
        .enabled("needs rsvg-convert and a CJK font (fc-list :lang=zh is empty; install fonts-wqy-microhei)") {
            await mayDrawChinese()
        })
    func theChineseImageIsA1200By630PNG() async throws { try await Self.check("zh-TW") }

    /// Writes the image in `language` and checks its size, its ink and the rerun.
    static func check(_ language: String) async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["report", "--demo", "--lang", language, "--share", "s/result.png", "-o", "r.md"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Wrote the share image (1200×630 PNG) to \(folder.path("s/result.png"))."))
        let image = try await ReportChartsCommandTests.decode(folder.path("s/result.png"))
        #expect(image.width == 1200 && image.height == 630)
        #expect(image.ink > 1200 * 630 / 40, "only \(image.ink) pixels drawn")
        // No temporary file is left beside it; a rerun replaces the PNG.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("s")) == ["result.png"])
        let again = try await TallyProcess.run(
            ["report", "--demo", "--lang", language, "--share", "s/result.png"], in: folder.url.path)
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// One card per language when two are written (issue 34 item 4), named as the pages are; a title too wide for
    /// the card is shortened there and named in full on stderr.
    @Test(
        .enabled("needs rsvg-convert and a CJK font (fonts-wqy-microhei)") { await mayDrawChinese() })
    func oneCardPerLanguageAndAShortenedTitleIsSaid() async throws {
        let folder = try TemporaryDirectory()
        let title = String(repeating: "Wide ", count: 20) + "end"
        let result = try await TallyProcess.run(
            ["report", "--demo", "--lang", "en,zh-TW", "--share", "s/result.png", "-o", "r.md", "--title", title],
            in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("s")).sorted() == [
                "result.en.png", "result.zh-TW.png",
            ])
        for name in ["result.en.png", "result.zh-TW.png"] {
            let image = try await ReportChartsCommandTests.decode(folder.path("s/\(name)"))
            #expect(image.width == 1200 && image.height == 630 && image.ink > 1200 * 630 / 40, "\(name)")
            #expect(result.stderr.contains("Wrote the share image (1200×630 PNG) to \(folder.path("s/\(name)"))."))
        }
        #expect(
            result.stderr.contains(
                "Note: the image shortens a text to fit, with an ellipsis (the report shows it whole): “Wide Wide"),
            "\(result.stderr)")
    }

    @Test func whatIsNotAPNGIsNeverReplaced() async throws {
        let folder = try TemporaryDirectory()
        try Data("my post\n".utf8).write(to: URL(fileURLWithPath: folder.path("post.png")))
        let refused = try await TallyProcess.run(["report", "--demo", "--share", "post.png"], in: folder.url.path)
        #expect(refused.status == 1 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("post.png exists and is not a PNG image; tally replaces only a PNG there"))
        #expect(try String(contentsOfFile: folder.path("post.png"), encoding: .utf8) == "my post\n")
        for (value, said) in [("result.jpg", "is not a .png file name"), (".png", "is not a .png file name")] {
            let result = try await TallyProcess.run(["report", "--demo", "--share", value], in: folder.url.path)
            #expect(result.status == 2 && result.stderr.contains(said), "\(result.stderr)")
        }
        try FileManager.default.createDirectory(atPath: folder.path("d.png"), withIntermediateDirectories: true)
        let directory = try await TallyProcess.run(["report", "--demo", "--share", "d.png"], in: folder.url.path)
        #expect(directory.status == 2 && directory.stderr.contains("is a folder"), "\(directory.stderr)")
        // Without rsvg-convert: a clear message, exit 1, nothing written.
        try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
        let missing = try await TallyProcess.run(
            ["report", "--demo", "--share", "new.png", "-o", "r.md"], in: folder.url.path,
            environment: ["PATH": folder.path("bin")])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("--share needs rsvg-convert, which is not installed"), "\(missing.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "bin", "d.png", "post.png",
            ])
    }
}

/// `tally weekly --share FILE.png`: the latest week's card.
@Suite("tally weekly --share (end to end)", .timeLimit(.minutes(10)))
struct WeeklyShareImageTests {
    @Test(.enabled(if: ShareImageCommandTests.hasRSVG || OutsideProgram.isCI, "needs rsvg-convert (librsvg2-bin)"))
    func theLatestWeeksCardIsWritten() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--reports", "r", "-q", "--share", "week.png"],
            in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try await ReportChartsCommandTests.decode(folder.path("week.png"))
        #expect(image.width == 1200 && image.height == 630 && image.ink > 1200 * 630 / 40)
        // A file that is not a PNG is refused before anything is written.
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: folder.path("n.png")))
        let refused = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-10-03", "--reports", "s", "-q", "--share", "n.png"],
            in: folder.url.path)
        #expect(refused.status == 1 && !FileManager.default.fileExists(atPath: folder.path("s")))
    }
}

import Foundation
import TallyTestSupport
import Testing

/// Hostile class "outside programs": an `rsvg-convert` that fails, exits without reading its input
/// or prints nothing is a clear error; tally is never killed by SIGPIPE, and the chart folder keeps
/// what it held (no new SVG beside an old PNG), the page is not written.
@Suite("Hostile: outside programs that fail", .timeLimit(.minutes(10)))
struct HostileOutsideProgramTests {
    /// A folder holding a fake `rsvg-convert` running `body`, to put first on PATH.
    static func fakeRenderer(_ body: String, in folder: TemporaryDirectory) throws -> String {
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\n\(body)\n".write(toFile: bin + "/rsvg-convert", atomically: false, encoding: .utf8)
        chmod(bin + "/rsvg-convert", 0o755)
        return bin + ":/usr/bin:/bin"
    }

    static func contents(_ folder: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            found[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return found
    }

    @Test(arguments: [
        ("exit 1", "rsvg-convert could not render ranking-"),
        ("echo 'cannot parse' >&2; exit 3", "(exit status 3); it said: cannot parse"),
        ("exit 0", "rsvg-convert exited 0 without printing a PNG for ranking-"),
        ("kill -9 $$", "(signal 9); it printed no message"),
    ])
    func aFailingRendererLeavesTheChartFolderAsItWas(_ body: String, _ message: String) async throws {
        let folder = try TemporaryDirectory()
        let path = try Self.fakeRenderer(body, in: folder)
        // An earlier run's charts (real SVGs and PNG bytes), which must stay as they are.
        let charts = folder.path("ch")
        try FileManager.default.createDirectory(atPath: charts, withIntermediateDirectories: true)
        for name in ["ranking-original.svg", "ranking-original.png", "mine.txt"] {
            try Data("old \(name)\n".utf8).write(to: URL(fileURLWithPath: charts + "/" + name))
        }
        let before = try Self.contents(charts)
        let result = try await TallyProcess.run(
            ["report", "--demo", "--charts", "ch", "--png", "-o", "r.md"], in: folder.url.path,
            environment: ["PATH": path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try Self.contents(charts) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.md")))
    }

    /// An `rsvg-convert` that fails on the second language's charts (their titles hold 票) and prints a
    /// PNG header for the first language's.
    static let failsOnChinese =
        "svg=$(cat); case \"$svg\" in *票*) echo 'no glyph' >&2; exit 1;; esac; printf '\\211PNG\\r\\n\\032\\nfake'"

    /// `weekly --png`: a PNG that cannot be rendered, in the only language or in the second one, leaves the
    /// folder as the earlier run wrote it: no page linking a missing PNG, no language's PNGs without the other's.
    @Test(arguments: [
        (["--lang", "en"], "exit 1", "rsvg-convert could not render week-01-daily.svg"),
        (["--lang", "en,zh-TW"], failsOnChinese, "rsvg-convert could not render week-01-daily.zh-TW.svg"),
    ])
    func aFailingRendererWritesNoWeeklyFile(_ languages: [String], _ body: String, _ message: String) async throws {
        let folder = try TemporaryDirectory()
        let weekly = ["weekly", "--demo", "--through", "2026-10-03", "--reports", "out"] + languages
        let earlier = try await TallyProcess.run(weekly, in: folder.url.path)
        #expect(earlier.status == 0, "\(earlier.stderr)")
        let before = try Self.contents(folder.path("out"))
        let result = try await TallyProcess.run(
            weekly + ["--png"], in: folder.url.path, environment: ["PATH": try Self.fakeRenderer(body, in: folder)])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try Self.contents(folder.path("out")) == before)
    }

    /// `report --charts --png` in two languages: the second language's failing PNG leaves the first
    /// language's charts unwritten too, and no page.
    @Test func aFailingSecondLanguageWritesNoChart() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["report", "--demo", "--charts", "ch", "--png", "--lang", "en,zh-TW", "-o", "r.md"], in: folder.url.path,
            environment: ["PATH": try Self.fakeRenderer(Self.failsOnChinese, in: folder)])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("rsvg-convert could not render"), "\(result.stderr)")
        let written = FileManager.default.subpaths(atPath: folder.path("ch")) ?? []
        #expect(written.filter { $0.hasSuffix(".svg") || $0.hasSuffix(".png") }.isEmpty, "\(written)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.en.md")))
    }

    /// `--share` is written with the run's other files: a card that cannot be rendered (the second language's)
    /// leaves no page, chart or card (before, report's charts and weekly's pages were already written).
    @Test(arguments: [
        ["report", "--demo", "--charts", "out/ch", "--lang", "en,zh-TW", "-o", "out/r.md"],
        ["weekly", "--demo", "--through", "2026-10-03", "--reports", "out", "--lang", "en,zh-TW"],
    ])
    func aFailingShareCardWritesNothing(_ arguments: [String]) async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            arguments + ["--share", "card.png"], in: folder.url.path,
            environment: ["PATH": try Self.fakeRenderer(Self.failsOnChinese, in: folder)])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("rsvg-convert could not render card.png"), "\(result.stderr)")
        let files = (FileManager.default.subpaths(atPath: folder.url.path) ?? []).filter { path in
            var isFolder: ObjCBool = false
            return !path.hasPrefix("bin")
                && FileManager.default.fileExists(atPath: folder.path(path), isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        #expect(files.isEmpty, "\(files)")
    }
}

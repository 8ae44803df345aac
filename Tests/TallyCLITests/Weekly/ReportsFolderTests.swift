import Foundation
import Testing

/// `reports/demo/` holds the demo's weekly tallies as the tool writes them. They are
/// regenerated here into a temporary folder and must be identical, file for file and
/// byte for byte, so the committed pages and charts never go stale. The PNG screenshots
/// beside them are the browser tests' (TallyRenderTests/BrowserTests) and the share image (`share.png`, drawn
/// by rsvg-convert, whose bytes vary with its version): neither is compared.
@Suite("reports/: the demo's weekly tallies are current")
struct ReportsFolderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The demo's weekly site: its vote page and its own public address (example.org, reserved for examples), so the
    /// committed pages show the links back to the vote page and the preview tags with the share image.
    static func siteArguments(_ language: String) -> [String] {
        ["--vote-url", "https://example.org/vote", "--site-url", "https://example.org/tally/\(language)/"]
    }

    @Test(arguments: ["en", "zh-TW"])
    func committedFilesEqualAFreshRun(_ language: String) throws {
        let command =
            "swift run tally weekly --demo --through 2026-10-03 --lang \(language) --html --reports reports/demo/\(language) "
            + "\(Self.siteArguments(language).joined(separator: " ")) --share reports/demo/\(language)/share.png"
        let folder = try TemporaryDirectory()
        let result = InProcessTally.run(
            [
                "weekly", "--demo", "--through", "2026-10-03", "--lang", language, "--html", "--reports",
                folder.path("fresh"), "--share", folder.path("fresh/share.png"),
            ] + Self.siteArguments(language))
        #expect(result.status == 0, "\(result.stderr)")
        let committed = Self.repository.appendingPathComponent("reports/demo/\(language)").path
        let fresh = try WeeklyCommandTests.contents(of: folder.path("fresh")).filter { !$0.key.hasSuffix(".png") }
        let stored = ((try? WeeklyCommandTests.contents(of: committed)) ?? [:]).filter { !$0.key.hasSuffix(".png") }
        #expect(!fresh.isEmpty)
        for name in Set(fresh.keys).union(stored.keys).sorted() {
            #expect(
                fresh[name] == stored[name],
                "reports/demo/\(language)/\(name) is \(stored[name] == nil ? "missing" : fresh[name] == nil ? "not written any more" : "out of date"); regenerate with: \(command)"
            )
        }
    }
}

import Foundation
import Testing

/// `reports/demo/` holds the demo's weekly tallies as the tool writes them. They are
/// regenerated here into a temporary folder and must be identical, file for file and
/// byte for byte, so the committed pages and charts never go stale. The PNG screenshots
/// beside them are the browser tests' (TallyRenderTests/BrowserTests), not the tool's.
@Suite("reports/: the demo's weekly tallies are current")
struct ReportsFolderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["en", "zh-TW"])
    func committedFilesEqualAFreshRun(_ language: String) throws {
        let command =
            "swift run tally weekly --demo --through 2026-10-03 --lang \(language) --html --reports reports/demo/\(language)"
        let folder = try TemporaryDirectory()
        let result = InProcessTally.run(
            [
                "weekly", "--demo", "--through", "2026-10-03", "--lang", language, "--html", "--reports",
                folder.path("fresh"),
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let committed = Self.repository.appendingPathComponent("reports/demo/\(language)").path
        let fresh = try WeeklyCommandTests.contents(of: folder.path("fresh"))
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

import Foundation
import TallyCore
import Testing

/// Every output meant for readers is public: no session id (often the cookie that casts the votes)
/// and no moderator's name. `--internal` (or `"internal": true`) puts them back and says so at the top.
@Suite("Public by default: no voter identifiers in what is published")
struct PublicOutputTests {
    /// Every session id of the demo: the test sessions, the voters, the authors of notes.
    static let sessionIDs = Set(Demo.sessions.values).union(Demo.notes.map { Demo.sessions[$0.session] ?? $0.session })
    /// The demo's moderators, as the weekly JSON would name them.
    static let moderatorFields = Set(Demo.notes.flatMap { $0.history.map { "\"moderator\": \"\($0.by)\"" } })

    /// Writes the weekly folder (pages, JSON, charts, HTML) and every report format into a folder,
    /// with `extra` arguments, and returns every file by name.
    static func artefacts(_ extra: [String], language: String) throws -> (TemporaryDirectory, [String: String]) {
        let folder = try TemporaryDirectory()
        let weekly = InProcessTally.run(
            [
                "weekly", "--demo", "--through", "2026-10-03", "--lang", language, "--html", "--reports",
                folder.path("week"),
            ]
                + extra)
        #expect(weekly.status == 0, "\(weekly.stderr)")
        let reports: [(String, [String])] = [
            ("report.md", []), ("brief.md", ["--brief"]), ("report.html", ["--format", "html"]),
            ("report.json", ["--format", "json"]), ("report.csv", ["--format", "csv"]),
            ("charts.md", ["--charts", folder.path("charts")]),
        ]
        for (name, arguments) in reports {
            let result = InProcessTally.run(
                ["report", "--demo", "--lang", language, "--output", folder.path(name)] + arguments + extra)
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        var files: [String: String] = [:]
        for sub in ["week", "charts", "."] {
            let path = folder.path(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                var isDirectory: ObjCBool = false
                let file = URL(fileURLWithPath: path).appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                else { continue }
                files["\(sub)/\(name)"] = try String(contentsOf: file, encoding: .utf8)
            }
        }
        return (folder, files)
    }

    @Test(arguments: ["en", "zh-TW"])
    func publishedArtefactsNameNoSessionAndNoModerator(_ language: String) throws {
        #expect(Self.sessionIDs.count >= 19 && Self.sessionIDs.allSatisfy { $0.count == 36 })
        let (_, files) = try Self.artefacts([], language: language)
        #expect(files.count >= 16, "\(files.keys.sorted())")
        for (name, content) in files.sorted(by: { $0.key < $1.key }) {
            for id in Self.sessionIDs { #expect(!content.contains(id), "\(name) names session \(id)") }
            for field in Self.moderatorFields { #expect(!content.contains(field), "\(name) names a moderator") }
        }
        // Excluded sessions are counted and described, not listed.
        let report = try #require(files["./report.md"])
        #expect(report.contains(language == "en" ? "between Sat 19 Sep, 02:06 and" : "這些人的第一票都在"))
    }

    @Test(arguments: ["en", "zh-TW"])
    func internalPagesListThemAndSaySo(_ language: String) throws {
        let (_, files) = try Self.artefacts(["--internal"], language: language)
        let notice = language == "en" ? "**Internal page.**" : "**內部頁面。**"
        for name in ["week/week-01.md", "./report.md", "./brief.md"] {
            let page = try #require(files[name])
            let lines = page.split(separator: "\n")
            #expect(lines.count > 2 && lines[1].contains(notice), "\(name) does not say it is internal at the top")
        }
        let week = try #require(files["week/week-01.md"])
        let testSession = try #require(Demo.sessions[Demo.testSessionTags[0]])
        #expect(week.contains(testSession))
        #expect(try #require(files["week/week-01.json"]).contains("\"moderator\": \"author\""))
    }

    @Test func theConfigFileCanAskForInternalPages() throws {
        let folder = try TemporaryDirectory()
        try Data("{\"internal\": true}".utf8).write(to: folder.url.appendingPathComponent("tally.json"))
        let shown = InProcessTally.run(["config", "show"], directory: folder.url.path)
        #expect(shown.stdout.contains("internal") && shown.stdout.contains("true"), "\(shown.stdout)")
        try Data("{\"internal\": \"yes\"}".utf8).write(to: folder.url.appendingPathComponent("tally.json"))
        let bad = InProcessTally.run(["config", "show"], directory: folder.url.path)
        #expect(bad.status == 1 && bad.stderr.contains("key 'internal'") && bad.stderr.contains("true or false"))
    }
}

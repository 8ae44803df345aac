import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// Every Markdown document tally writes, through the real renderer (`cmark-gfm -e table`) and through
/// tally's own HTML page: no emphasis marker is left for readers to see, and every table is a table.
@Suite("Markdown through cmark-gfm", .timeLimit(.minutes(10)))
struct CommonMarkRendererTests {
    static let demoFolder = ToolProcess.repository.appendingPathComponent("reports/demo")

    /// Every document by a name for messages: the report (full, brief, with charts), the weekly pages and
    /// index of the demo (as committed; ReportsFolderTests keeps them current), and the hostile fixtures.
    static func documents() async throws -> [(String, String)] {
        let demo = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        let hostile = try HostileTextTests.model()
        let tally = try WeeklyHostileTextTests.tally()
        let calendar = WeekCalendar(launch: tally.launch, zone: tally.report.parameters.zone)
        var documents: [(String, String)] = []
        for language in ReportLanguage.allCases {
            let tag = language.rawValue
            let selections: [(String, ReportSelection)] = [
                ("report", .all), ("brief", .briefing), ("report+charts", ReportSelection.all.withCharts(in: "charts")),
                ("brief+charts", ReportSelection.briefing.withCharts(in: "charts")),
            ]
            for (name, selection) in selections {
                documents.append(
                    ("\(tag) demo \(name)", MarkdownReport.render(demo, language: language, selection: selection)))
                documents.append(
                    ("\(tag) hostile \(name)", MarkdownReport.render(hostile, language: language, selection: selection))
                )
            }
            documents.append(("\(tag) hostile week", WeeklyMarkdown.render(tally, edition: .single(language))))
            documents.append(
                (
                    "\(tag) hostile index",
                    WeeklyPages.index([tally], calendar: calendar, edition: .single(language)).content
                ))
            for name in ["week-01.md", "week-02.md", "index.md"] {
                let file = demoFolder.appendingPathComponent("\(tag)/\(name)")
                documents.append(("\(tag) demo \(name)", try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return documents
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"))
    func everyDocumentRendersWithoutStrayMarkersAndWithItsTables() async throws {
        let documents = try await Self.documents()
        #expect(documents.count == 26)
        for (name, markdown) in documents {
            let rendering = try await CommonMark.render(markdown)
            #expect(
                rendering.strayAsterisks == 0, "\(name): \(rendering.strayAsterisks) literal * in cmark-gfm's output")
            #expect(
                rendering.sourceTables > 0 || name.contains("index") || name.hasSuffix("week-02.md"),
                "\(name) has no table (the demo's week 2 is quiet: one sentence)")
            if name.contains("hostile"), !name.contains("index") {
                #expect(rendering.html.contains(HostileTextTests.longName), "\(name): the long option name is cut")
            }
            #expect(
                rendering.renderedTables == rendering.sourceTables && rendering.renderedRows == rendering.sourceRows,
                "\(name): tables \(rendering.sourceRows) in the Markdown, \(rendering.renderedRows) rendered")
            // tally's own HTML page, made from the same blocks, shows what cmark-gfm shows.
            let page = HTMLPage.render(markdown: markdown, title: name, language: .english)
            let own = CommonMark.check(markdown: markdown, html: page)
            #expect(own.strayAsterisks == 0, "\(name): \(own.strayAsterisks) literal * in tally's HTML")
            #expect(own.renderedRows == own.sourceRows, "\(name): tally's HTML tables \(own.renderedRows)")
            for element in ["<strong>", "<em>"] {
                let cmark = rendering.html.components(separatedBy: element).count
                let ours = page.components(separatedBy: element).count
                #expect(cmark == ours, "\(name): \(element) \(cmark - 1) by cmark-gfm, \(ours - 1) by tally's HTML")
            }
        }
    }

    /// The checks see the flaws they look for: strong emphasis closed after `。` before a letter, a bare
    /// single asterisk, and a table whose alignment row is broken.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"))
    func theChecksCatchBrokenMarkup() async throws {
        #expect(try await CommonMark.render("**計入 15 人、43 票。**另有 4 人\n").strayAsterisks == 4)
        #expect(try await CommonMark.render("**計入 15 人、43 票**。另有 4 人\n").strayAsterisks == 0)
        #expect(try await CommonMark.render("a * b and \\* c\n").strayAsterisks == 1)
        let broken = try await CommonMark.render("| a | b |\n| --- |\n| 1 | 2 |\n")
        #expect(broken.sourceTables == 1 && broken.renderedTables == 0)
        #expect(CommonMark.check(markdown: "*Chance*: x\n", html: "<p>*Chance*: x</p>").strayAsterisks == 2)
    }
}

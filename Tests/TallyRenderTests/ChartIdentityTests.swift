import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// Inline charts keep their own ids apart from each other and from user text, and an image's alt text is made
/// once from the plain chart title (no double escaping of a section name tally does not know).
@Suite("Chart ids and alt text", .timeLimit(.minutes(10)))
struct ChartIdentityTests {
    /// Every `id="…"` of a page.
    static func ids(_ html: String) -> [String] {
        html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test(arguments: ReportLanguage.allCases)
    func idsAreUniqueAndOptionTextStaysAsWritten(_ language: ReportLanguage) async throws {
        let model = try HostileTextTests.model()
        let tally = try WeeklyHostileTextTests.tally()
        let pages = [
            HTMLReport.render(model, language: language, selection: ReportSelection.all.withCharts(in: "c")),
            WeeklyPages.html(tally, edition: .single(language)).content,
        ]
        for page in pages {
            let charts = page.components(separatedBy: "<svg ").count - 1
            #expect(charts >= 2)
            let ids = Self.ids(page)
            #expect(ids.count == 2 * charts && Set(ids).count == ids.count, "\(ids)")
            // The options named like the ids are drawn as written, in the bars' labels.
            #expect(page.contains(">chart-title</text>") && page.contains(">id=&quot;chart-desc&quot;</text>"))
            for number in 1...charts {
                #expect(page.contains("aria-labelledby=\"chart-\(number)-title chart-\(number)-desc\""))
            }
        }
    }

    @Test(
        .enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"),
        arguments: ReportLanguage.allCases)
    func altTextIsThePlainChartTitleAndItsNumbers(_ language: ReportLanguage) async throws {
        let tally = try WeeklyHostileTextTests.tally()
        let model = try HostileTextTests.model()
        let section = try #require(model.sections.first { !$0.isKnown })
        let plain = MarkdownReport.plainSectionHeading(section, language)
        let documents = [
            WeeklyMarkdown.render(tally, edition: .single(language)),
            MarkdownReport.render(model, language: language, selection: ReportSelection.all.withCharts(in: "c")),
        ]
        for markdown in documents {
            let html = try await CommonMark.render(markdown).html
            let alts = html.components(separatedBy: "alt=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" }).replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            }
            #expect(alts.contains { $0.contains(plain) }, "\(alts) lacks \(plain)")
            // The title part shows no escape. The numbers after it name options as the tables do (a control
            // character made visible, `\u{202E}`, keeps its backslash there too).
            let titles = alts.map { $0.components(separatedBy: language == .english ? ": " : "：").first ?? $0 }
            #expect(!titles.contains { $0.contains("\\") }, "an escape shows in the alt text: \(alts)")
        }
    }
}

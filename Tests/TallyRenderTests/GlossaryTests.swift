import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// The glossary (`docs/glossary.md`) over every page a reader sees: the demo's weekly pages and index
/// as committed (Markdown through cmark-gfm, HTML, charts), the report and brief in Markdown and HTML,
/// and the share image, in both languages. No word of a "never" column appears; a zh-TW page shows no
/// English word outside option names, note text, names, numbers and code.
@Suite("Glossary and English leaks", .timeLimit(.minutes(20)))
struct GlossaryTests {
    static let glossary = ToolProcess.repository.appendingPathComponent("docs/glossary.md")

    /// Every page of one language as the text a reader sees, by a name for messages.
    static func pages(_ language: ReportLanguage) async throws -> [(String, String)] {
        let tag = language.rawValue
        let folder = CommonMarkRendererTests.demoFolder.appendingPathComponent(tag)
        var pages: [(String, String)] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter {
            $0.hasSuffix(".md") || $0.hasSuffix(".html") || $0.hasSuffix(".svg")
        }
        for name in names {
            let content = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            if name.hasSuffix(".md") {
                pages.append(("\(tag)/\(name)", PageWords.visibleText(try await CommonMark.render(content).html)))
            } else {
                pages.append(("\(tag)/\(name)", PageWords.visibleText(content)))
            }
        }
        let demo = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        for (name, selection) in [("report", ReportSelection.all), ("brief", .briefing)] {
            let markdown = MarkdownReport.render(demo, language: language, selection: selection)
            pages.append(("\(tag) demo \(name)", PageWords.visibleText(try await CommonMark.render(markdown).html)))
        }
        pages.append(("\(tag) demo report.html", PageWords.visibleText(HTMLReport.render(demo, language: language))))
        pages.append(("\(tag) share image", PageWords.visibleText(ShareImage.svg(demo, language: language))))
        return pages
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"))
    func noPageUsesAWordTheGlossaryRulesOut() async throws {
        let rules = PageWords.glossaryRules(try String(contentsOf: Self.glossary, encoding: .utf8))
        #expect(rules.count > 20, "the glossary's table was not read")
        #expect(rules.contains { $0.never["zh-TW"] == ["工作階段"] && $0.never["en"] == ["session"] })
        for language in ReportLanguage.allCases {
            let pages = try await Self.pages(language)
            #expect(pages.count == 12, "\(language): \(pages.count) pages")
            for (name, text) in pages {
                for rule in rules {
                    for word in rule.never[language.rawValue] ?? [] {
                        #expect(
                            text.range(of: word, options: .caseInsensitive) == nil,
                            "\(name) says \(word) (\(rule.concept))")
                    }
                }
            }
        }
    }

    /// The page and the report use the one pair for approve and reject that the glossary gives.
    @Test func theReportAndTheModerationPageShareTheApproveAndRejectWords() async throws {
        let rules = try String(contentsOf: Self.glossary, encoding: .utf8)
        #expect(rules.contains("| approve / approved | 通過 / 已通過 |"))
        #expect(rules.contains("| reject / rejected | 退回 / 已退回 |"))
        let page = ReportLanguage.traditionalChinese.moderationLabels
        #expect(page.approve == "通過" && page.reject == "退回")
        let report = ReportLanguage.traditionalChinese
        #expect(report.statusName("approved") == "已通過" && report.statusName("rejected") == "已退回")
        let weekly = ReportLanguage.traditionalChinese
        #expect(weekly.decision("approve", nil) == "通過" && weekly.decision("reject", nil) == "退回")
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"))
    func aTraditionalChinesePageShowsNoEnglishWord() async throws {
        for (name, text) in try await Self.pages(.traditionalChinese) {
            let english = PageWords.englishWords(in: text)
            #expect(english.isEmpty, "\(name): \(Set(english).sorted())")
        }
    }

    /// The checks see what they look for: an English word in a Chinese sentence, a ruled-out word.
    @Test func theChecksCatchWhatTheyLookFor() async {
        let html = "<p>計入 15 人（Asia/Taipei）<code>votes</code> D1 SHA-256 by Wilson</p>"
        #expect(PageWords.englishWords(in: PageWords.visibleText(html)) == ["Asia", "Taipei", "by"])
        #expect(PageWords.englishWords(in: "選項 Pets 很好", userTexts: ["Pets"]).isEmpty)
        let rules = PageWords.glossaryRules(
            "| Concept | never in zh-TW | never in English |\n| :-- | :-- | :-- |\n"
                + "| voter | 工作階段、作者 | session, sessions |\n")
        #expect(rules.first?.never["zh-TW"] == ["工作階段", "作者"] && rules.first?.never["en"] == ["session", "sessions"])
    }
}

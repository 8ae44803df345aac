import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// Issue 46 item 8, typography in both languages: no slanted Chinese (a key term is quoted 「」, never in italics),
/// a chart's alt text in Markdown carries its numbers (a reader who gets the image as text gets the result), and a
/// table right under its heading and chart does not show the heading's words a third time as its caption. (The
/// share image's footer joins its parts with 「·」, not the katakana 「・」: `ShareImageTests`.)
@Suite("Typography of the public pages", .timeLimit(.minutes(10)))
struct TypographyTests {
    static func model(internal: Bool = false) throws -> ReportModel {
        var parameters = ReportParameters.demo()
        if `internal` { parameters.audience = .moderators }
        return try Analyzer(parameters: parameters).report(from: Demo.inMemory())
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "cmark-gfm"), "needs cmark-gfm (apt-get install cmark-gfm)"))
    func chineseIsNeverSlanted() async throws {
        var italics: [ReportLanguage: Int] = [:]
        for language in ReportLanguage.allCases {
            var documents = [
                MarkdownReport.render(try Self.model(), language: language),
                MarkdownReport.render(try Self.model(internal: true), language: language),
                MarkdownReport.render(try Self.model(), language: language, selection: .briefing),
            ]
            for name in ["week-01.md", "week-02.md", "index.md"] {
                let file = ReaderPagesTests.demoFolder.appendingPathComponent("\(language.rawValue)/\(name)")
                documents.append(try String(contentsOf: file, encoding: .utf8))
            }
            for markdown in documents {
                let html = try await CommonMark.render(markdown).html
                italics[language, default: 0] += html.components(separatedBy: "<em>").count - 1
                italics[language, default: 0] +=
                    HTMLPage.render(markdown: markdown, title: "t", language: language).components(separatedBy: "<em>")
                    .count - 1
            }
        }
        #expect(italics[.traditionalChinese] == 0, "\(italics)")
        // The control: the English moderators' page sets its terms in italics, and the check sees them.
        #expect((italics[.english] ?? 0) > 0, "\(italics)")
    }

    /// Every chart image of the Markdown (the report's `--charts --png` and a week's page with `--png`): its alt text
    /// names each option voted for with its voters, and each day with its votes.
    @Test(arguments: ReportLanguage.allCases)
    func aChartsAltTextCarriesItsNumbers(_ language: ReportLanguage) throws {
        let model = try Self.model()
        let report = MarkdownReport.render(
            model, language: language, selection: ReportSelection.all.withCharts(in: "charts", png: true))
        let calendar = WeekCalendar(launch: Zone.parseDate("2026-09-19")!, zone: model.parameters.zone)
        let tally = try #require(
            try WeeklyAnalyzer(calendar: calendar, parameters: .demo())
                .tallies(from: Demo.inMemory(), through: StoredTimestamp.parse("2026-09-26 00:00:00")!).first)
        let week = WeeklyMarkdown.render(tally, edition: .single(language), png: true)
        for (name, page, days) in [
            ("report", report, model.activity.days), ("week", week, tally.days),
        ] {
            let alts = ReaderPagesTests.matches("!\\[[^\\]]*\\]\\([^)]*\\.png\\)", page)
            #expect(alts.count == 2, "\(name): \(alts)")
            let ranking = try #require(alts.first { $0.contains("ranking") }, "\(name)")
            let section = try #require(model.sections.first)
            for option in section.options where option.voters > 0 {
                let item =
                    language == .english
                    ? "\(option.content) (\(option.voters))" : "\(option.content) \(option.voters) 人"
                #expect(ranking.contains(item), "\(name): \(ranking) lacks \(item)")
            }
            let daily = try #require(alts.first { $0.contains("daily") }, "\(name)")
            let t = ReaderTimes(model, language)
            for day in days where day.votes > 0 {
                let item =
                    language == .english ? "\(t.date(day.date)) (\(day.votes))" : "\(t.date(day.date))\(day.votes) 票"
                #expect(daily.contains(item), "\(name): \(daily) lacks \(item)")
            }
        }
    }

    /// No two tables of a page share a caption (the notes' tables were both 「便利貼（網友的建議）」).
    @Test(arguments: ReportLanguage.allCases)
    func everyTableHasACaptionOfItsOwn(_ language: ReportLanguage) throws {
        for moderators in [false, true] {
            let page = HTMLReport.render(try Self.model(internal: moderators), language: language)
            let captions = ReaderPagesTests.matches("<caption[^>]*>[^<]*</caption>", page).map {
                $0.replacingOccurrences(of: " class=\"heard\"", with: "")
            }
            #expect(captions.count > 5 && Set(captions).count == captions.count, "\(captions)")
        }
    }

    /// The phone layout of a ranking chart (what a 390 px page shows) keeps its Chinese note on one line: no
    /// 「這段」 left alone on a line of its own.
    @Test func thePhoneChartsNoteIsOneLineInChinese() throws {
        let model = try Self.model()
        let section = try #require(model.sections.first)
        let svg = ReportCharts.ranking(
            section, model: model, title: "t", until: "9/27（日）", language: .traditionalChinese, phone: true)
        let notes = ReaderPagesTests.matches(">細線[^<]*</text>", svg)
        #expect(notes == [">細線：換一群差不多的人重投，多半落在這段</text>"], "\(notes)")
        #expect(!svg.contains(">這段</text>") && !svg.contains(">段</text>"))
    }

    /// The HTML report and a week's page at any width: a table right under its heading and that section's chart
    /// has its caption for screen readers only; the heading's words are not shown a third time.
    @Test(arguments: ReportLanguage.allCases)
    func aHeadingIsNotRepeatedByTheCaptionUnderItsChart(_ language: ReportLanguage) throws {
        let week = try String(
            contentsOf: ReaderPagesTests.demoFolder.appendingPathComponent("\(language.rawValue)/week-01.html"),
            encoding: .utf8)
        let pattern =
            "</h[2-4]>\\n<figure>(?:(?!</figure>)[\\s\\S])*</figure>\\n<div class=\"table\"><table>\\n<caption"
        for page in [HTMLReport.render(try Self.model(), language: language), week] {
            #expect(page.contains("<figure>"))
            #expect(ReaderPagesTests.matches(pattern + ">", page).isEmpty, "a caption repeats its heading")
            #expect(!ReaderPagesTests.matches(pattern + " class=\"heard\">", page).isEmpty)
        }
    }
}

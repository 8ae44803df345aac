import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// Issue 46: the public pages read as a blogger writes for her readers, in both languages: times as people write
/// them, a short method, one numbering, no technical leftovers, a weekly site to move through and share.
@Suite("Pages written for readers", .timeLimit(.minutes(10)))
struct ReaderPagesTests {
    static let demoFolder = ToolProcess.repository.appendingPathComponent("reports/demo")

    let model: ReportModel

    init() throws {
        model = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
    }

    /// The demo's published pages in one language: the report (full, brief, HTML), and the committed weekly pages
    /// and index, Markdown and HTML.
    func publicPages(_ language: ReportLanguage) throws -> [(String, String)] {
        var pages: [(String, String)] = [
            ("report", MarkdownReport.render(model, language: language)),
            ("brief", MarkdownReport.render(model, language: language, selection: .briefing)),
            ("report.html", HTMLReport.render(model, language: language)),
            ("brief.html", HTMLReport.render(model, language: language, selection: .briefing)),
        ]
        for name in ["week-01.md", "week-02.md", "index.md", "week-01.html", "week-02.html", "index.html"] {
            let file = Self.demoFolder.appendingPathComponent("\(language.rawValue)/\(name)")
            pages.append((name, try String(contentsOf: file, encoding: .utf8)))
        }
        return pages
    }

    /// The text a reader sees of a page: an HTML page without its tags, styles and scripts (a Markdown page as is).
    static func visible(_ page: String) -> String {
        var text = page
        for pattern in ["<style[^>]*>[\\s\\S]*?</style>", "<script[^>]*>[\\s\\S]*?</script>", "<[^>]+>"] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text
    }

    static func matches(_ pattern: String, _ text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range, in: text)!])
        }
    }

    // MARK: 1. Readers' times

    @Test func datesAndTimesAreWrittenAsReadersWriteThem() {
        let zone = Demo.Settings.zoneValue()
        // 2026-09-19 09:12:05 +08:00 (01:12:05 UTC).
        let vote = Instant(seconds: 1_789_780_325)
        let zh = ReaderTimes(.traditionalChinese, zone: zone, exact: false, year: 2026)
        let en = ReaderTimes(.english, zone: zone, exact: false, year: 2026)
        #expect(zh.time(vote) == "9/19（六）09:12")
        #expect(en.time(vote) == "Sat 19 Sep, 09:12")
        #expect(zh.date(Zone.parseDate("2025-12-30")!) == "2025/12/30（二）")
        #expect(en.date(Zone.parseDate("2025-12-30")!) == "Tue 30 Dec 2025")
        // A week ends at midnight: its "as of" is its last day; so is the last second of a day counted through.
        let midnight = zone.instant(fromLocal: Zone.parseDate("2026-10-03")!)
        #expect(zh.until(midnight) == "10/2（五）")
        #expect(en.until(midnight) == "Fri 2 Oct")
        #expect(zh.until(Instant(seconds: midnight.seconds - 1)) == "10/2（五）")
        #expect(zh.until(Instant(seconds: midnight.seconds + 43_200)) == "10/3（六）12:00")
        // A setting is exact: its seconds are kept when it has some.
        #expect(en.setting(vote) == "Sat 19 Sep, 09:12:05")
        // The moderators' page keeps the exact, sortable form.
        let exact = ReaderTimes(.traditionalChinese, zone: zone, exact: true, year: 2026)
        #expect(exact.time(vote) == "2026-09-19 09:12:05 +08:00")
        #expect(exact.date(Zone.parseDate("2026-09-19")!) == "2026-09-19")
    }

    @Test(arguments: ReportLanguage.allCases)
    func publicPagesShowNoOffsetNoSecondsAndOneDateFormat(_ language: ReportLanguage) throws {
        for (name, page) in try publicPages(language) {
            let text = Self.visible(page)
            #expect(Self.matches("[+-]\\d\\d:\\d\\d\\b", text).isEmpty, "\(language) \(name): an offset")
            #expect(Self.matches("\\d\\d:\\d\\d:\\d\\d", text).isEmpty, "\(language) \(name): seconds")
            #expect(Self.matches("\\b20\\d\\d-\\d\\d-\\d\\d\\b", text).isEmpty, "\(language) \(name): an ISO date")
        }
    }

    @Test func theHTMLTitleIsWhatAPreviewShouldSay() throws {
        let zh = HTMLReport.render(model, language: .traditionalChinese)
        let en = HTMLReport.render(model, language: .english)
        #expect(zh.contains("<title>投票統計｜統計至 9/27（日）12:00</title>"))
        #expect(en.contains("<title>Vote tally — as of Sun 27 Sep, 12:00</title>"))
        let week = try String(
            contentsOf: Self.demoFolder.appendingPathComponent("zh-TW/week-01.html"), encoding: .utf8)
        #expect(week.contains("<title>第 1 週：9/19（六）至 9/25（五）</title>"))
    }

    @Test func aWeeksAsOfIsItsLastDay() throws {
        for (language, expected) in [
            (ReportLanguage.traditionalChinese, "統計至 9/25（五），時間以台灣時間為準。"),
            (.english, "As of Fri 25 Sep. Times are in Taiwan time."),
        ] {
            let page = try String(
                contentsOf: Self.demoFolder.appendingPathComponent("\(language.rawValue)/week-01.md"), encoding: .utf8)
            #expect(page.contains(expected), "\(language)")
            #expect(!page.contains("9/26") && !page.contains("26 Sep"), "\(language): the next day named")
        }
    }

    @Test func theInternalReportJSONAndCSVKeepExactTimes() throws {
        var parameters = ReportParameters.demo()
        parameters.audience = .moderators
        let moderators = try Analyzer(parameters: parameters).report(from: Demo.inMemory())
        for language in ReportLanguage.allCases {
            let page = MarkdownReport.render(moderators, language: language)
            #expect(page.contains("2026-09-23 23:04:12 +08:00"), "\(language)")
        }
        #expect(JSONReport.render(model).contains("\"2026-09-27T12:00:00+08:00\""))
        #expect(CSVReport.render(model).contains("2026-09-27T12:00:00+08:00"))
    }
}

extension ReaderPagesTests {
    // MARK: 2. A short method by default

    @Test(arguments: ReportLanguage.allCases)
    func thePublicMethodIsThreePlainSentences(_ language: ReportLanguage) throws {
        let method = language.shortMethod(
            chances: true, standings: [.behind, .probablyBehind, .notDistinguishable], ratio: "3")
        let sentences =
            language == .english
            ? method.components(separatedBy: ". ").count : method.filter { $0 == "。" }.count
        #expect(sentences <= 3, "\(method)")
        for (name, page) in try publicPages(language) where !name.hasPrefix("brief") && name != "index.md" {
            let text = Self.visible(page)
            for lecture in ["Wilson", "1%", "77%", "Hochberg", language == .english ? "95% range" : "95% 範圍"] {
                #expect(!text.contains(lecture), "\(language) \(name): “\(lecture)”")
            }
            if !name.hasPrefix("week-02") && !name.hasPrefix("index") {
                #expect(text.contains(language == .english ? "margin of error" : "有 95% 的把握"), "\(language) \(name)")
            }
        }
        // The whole method stays on the moderators' page.
        var parameters = ReportParameters.demo()
        parameters.audience = .moderators
        let moderators = try Analyzer(parameters: parameters).report(from: Demo.inMemory())
        let full = MarkdownReport.render(moderators, language: language)
        #expect(full.contains("Wilson") && full.contains("1%"))
    }

    @Test(arguments: ReportLanguage.allCases)
    func onlyTheChosenPartsAreShown(_ language: ReportLanguage) throws {
        let selection = try ReportSelection.parse(only: "headline,ranking")
        let page = MarkdownReport.render(model, language: language, selection: selection)
        #expect(!page.contains(language.countedHeading), "\(page)")
        #expect(!page.contains(language.chanceColumn) && !page.contains(language.range))
        #expect(MarkdownCells.tables(in: page).count == 2)
    }

    @Test(arguments: ReportLanguage.allCases)
    func everyMarkdownTableReadsInAPhonesColumn(_ language: ReportLanguage) throws {
        for (name, page) in try publicPages(language) where !name.hasSuffix(".html") {
            for table in MarkdownCells.tables(in: page) {
                #expect(table.allSatisfy { $0 <= 5 }, "\(language) \(name): a table of \(table.max() ?? 0) columns")
            }
        }
    }
}

extension ReaderPagesTests {
    // MARK: 3. One numbering

    @Test(arguments: ReportLanguage.allCases)
    func publicPagesShowNoOptionOrNoteNumbers(_ language: ReportLanguage) throws {
        for (name, page) in try publicPages(language) {
            let text = Self.visible(page)
            #expect(Self.matches("(?<![&\\w])#\\d", text).isEmpty, "\(language) \(name): an option number")
            #expect(Self.matches("(便利貼|[Nn]ote) \\d", text).isEmpty, "\(language) \(name): a note number")
        }
        // Week 1 names its decided notes by their text; the rejected ones' text is withheld, not numbered.
        let week = try String(
            contentsOf: Self.demoFolder.appendingPathComponent("\(language.rawValue)/week-01.md"), encoding: .utf8)
        #expect(week.contains("| \(language.withheldNote) "))
        #expect(week.contains(language == .english ? "| promoted to an option |" : "| 升為選項 |"))
    }
}

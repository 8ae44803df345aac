import TallyCore
import TallyRender
import Testing

/// The demo report in every format, compared with the files in Golden/.
@Suite("Golden files: the demo report")
struct GoldenReportTests {
    let model: ReportModel

    init() throws {
        model = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
    }

    @Test func markdownEnglish() throws {
        Golden.check(MarkdownReport.render(model, language: .english), "demo.en.md")
    }

    @Test func markdownTraditionalChinese() throws {
        Golden.check(MarkdownReport.render(model, language: .traditionalChinese), "demo.zh-TW.md")
    }

    @Test func json() throws {
        Golden.check(JSONReport.render(model), "demo.json")
    }

    @Test func csv() throws {
        Golden.check(CSVReport.render(model), "demo.csv")
    }

    @Test func theEnglishMarkdownStatesTheBriefsFigures() {
        let text = MarkdownReport.render(model, language: .english)
        #expect(text.contains("**Counted: 15 voters, 43 votes.** Left out as test data: 4 voters, 12 votes."))
        #expect(text.contains("Tied for first with 10 voters each: “做了好多事，另一半不知道” and “今天吃什麼，永遠臨時才有人想”."))
        #expect(text.contains("Counting the test data too, the top is the same."))
        #expect(text.contains("read these numbers as a direction, not a conclusion"))
        #expect(text.contains("Two approved notes, both by one author."))
        #expect(text.contains("The promoted options have no votes yet."))
        #expect(text.contains("Last counted vote: Wed 23 Sep, 23:04"))
        #expect(text.contains("no votes from Thu 24 Sep to Sun 27 Sep"))
    }

    @Test func theChineseMarkdownStatesTheBriefsFigures() {
        let text = MarkdownReport.render(model, language: .traditionalChinese)
        #expect(text.contains("**計入 15 人、43 票**。另有 4 人、12 票屬於測試資料，沒有計入。"))
        #expect(text.contains("「做了好多事，另一半不知道」和「今天吃什麼，永遠臨時才有人想」並列第一，各有 10 人選。"))
        #expect(text.contains("只能看出方向，不足以下結論"))
        #expect(text.contains("通過的兩則便利貼，都是同一個人寫的。"))
    }

    @Test func everyTableRowHasTheHeadersCellCount() {
        for language in ReportLanguage.allCases {
            let tables = MarkdownCells.tables(in: MarkdownReport.render(model, language: language))
            // Twelve with the moderators' exclusion ledger; the public report describes the exclusions instead.
            // Each section's ranking is narrow, and its full table stands under "How this was counted". The public
            // fingerprint is one line, not a table of the database's tables.
            #expect(tables.count == 10)
            for table in tables { #expect(Set(table).count == 1, "\(language): \(table)") }
        }
    }

    @Test func everyTableLineIsEquallyWideOnScreen() {
        for language in ReportLanguage.allCases {
            let document = MarkdownReport.render(model, language: language)
            var widths: [Int] = []
            for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("|") {
                    widths.append(DisplayWidth.of(String(line)))
                } else if !widths.isEmpty {
                    #expect(Set(widths).count == 1, "\(language): a table's lines differ in width: \(widths)")
                    widths = []
                }
            }
        }
    }

    @Test func renderingTwiceGivesTheSameBytes() throws {
        let again = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        #expect(MarkdownReport.render(again) == MarkdownReport.render(model))
        #expect(JSONReport.render(again) == JSONReport.render(model))
        #expect(CSVReport.render(again) == CSVReport.render(model))
    }

    /// A fingerprint counted on D1 renders the same page, and where the hash was, the statement that there is
    /// none — never a hash-looking value (a public page's one line; the moderators' table is `FingerprintLines`').
    @Test func aFingerprintFromD1SaysTheHashIsNotAvailable() throws {
        var figures = try Analyzer(parameters: .demo()).figures(from: Demo.inMemory())
        let local = try #require(figures.fingerprint)
        figures.fingerprint = DataFingerprint(countedOnD1: local.tables, latest: local.latest)
        let d1 = try ReportModel(figures: figures, parameters: .demo())
        let hash = try #require(local.sha256)
        for language in [ReportLanguage.english, .traditionalChinese] {
            let labels = language
            let here = MarkdownReport.render(model, language: language)
            let there = MarkdownReport.render(d1, language: language)
            let shown = ReportText.hashGroups(hash)
            let line = labels.publicFingerprint("`\(shown)`")
            #expect(here.contains("\n" + line + "\n"))
            #expect(there == here.replacingOccurrences(of: line, with: labels.publicFingerprint(nil)))
            #expect(!there.contains(shown))
        }
        let json = JSONReport.render(d1)
        #expect(
            json
                == JSONReport.render(model)
                .replacingOccurrences(of: #""source": "database""#, with: #""source": "d1""#)
                .replacingOccurrences(of: #""sha256": "\#(hash)""#, with: #""sha256": null"#))
        let csv = CSVReport.render(d1)
        #expect(
            csv
                == CSVReport.render(model)
                .replacingOccurrences(of: "source,,,,,,,,database\r\n", with: "source,,,,,,,,d1\r\n")
                .replacingOccurrences(of: hash, with: "\"\(CSVReport.sha256NotOnD1)\""))
    }
}

import Foundation
import Testing

@testable import TallyCore
@testable import TallyRender

/// The output meant for a blog post (issue 11): parts, readers' words, numbers for readers,
/// the HTML page and the charts, on the demo and on hand-made figures.
@Suite("Blog-ready output")
struct BlogOutputTests {
    let demo: ReportModel

    init() throws {
        demo = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
    }

    /// A big poll: 207,601 counted voters, one option nobody voted for beside ones with votes.
    static func bigModel() throws -> ReportModel {
        let zone = try Zone(parsing: "Asia/Taipei")
        let at = Instant(seconds: 1_789_754_400)
        func option(_ id: Int64, _ text: String, _ voters: Int) -> ReportFigures.Option {
            .init(
                id: id, content: text, section: "original", createdAt: at, voters: voters, votes: voters * 2,
                votersAll: voters, votesAll: voters * 2)
        }
        let figures = ReportFigures(
            options: [option(1, "Nobody", 0), option(2, "Most", 150_000), option(3, "Some", 57_601)],
            totals: .init(
                votersAll: 207_650, votesAll: 415_300, voters: 207_601, votes: 415_202, firstVoteAll: at,
                lastVoteAll: at.adding(seconds: 3600)),
            exclusions: .init(listed: [], total: 0),
            days: [.init(date: CivilDateTime(year: 2026, month: 9, day: 19), votes: 415_202, voters: 207_601)],
            timeline: .init(firstVote: at, lastVote: at.adding(seconds: 3600), longestGap: nil),
            usage: [.init(votesUsed: 2, sessions: 207_601, stackingSessions: 1_234)],
            statuses: [], approved: [], anomalies: [])
        return try ReportModel(
            figures: figures,
            parameters: ReportParameters(
                zone: zone, excludeBefore: at, excludedSessions: [], asOf: at.adding(seconds: 86_400)))
    }

    /// The trimmed cells of every table line (the tally's tables: `|` inside cells is escaped).
    static func rows(in document: String) -> [[String]] {
        document.split(separator: "\n").filter { $0.hasPrefix("|") }.map { line in
            line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    // MARK: Golden files of the new outputs

    @Test(arguments: ReportLanguage.allCases)
    func briefMarkdown(_ language: ReportLanguage) {
        Golden.check(
            MarkdownReport.render(demo, language: language, selection: .briefing), "demo.brief.\(language.rawValue).md")
    }

    @Test(arguments: ReportLanguage.allCases)
    func html(_ language: ReportLanguage) {
        Golden.check(HTMLReport.render(demo, language: language), "demo.\(language.rawValue).html")
    }

    @Test(arguments: ReportLanguage.allCases)
    func briefHTML(_ language: ReportLanguage) {
        Golden.check(
            HTMLReport.render(demo, language: language, selection: .briefing), "demo.brief.\(language.rawValue).html")
    }

    @Test(arguments: ReportLanguage.allCases)
    func markdownWithCharts(_ language: ReportLanguage) {
        Golden.check(
            MarkdownReport.render(demo, language: language, selection: ReportSelection.all.withCharts(in: "charts")),
            "demo.charts.\(language.rawValue).md")
    }

    @Test(arguments: ReportLanguage.allCases)
    func chartsOfTheReport(_ language: ReportLanguage) {
        let charts = ReportChartSet.charts(demo, language: language)
        #expect(charts.map(\.name) == ["ranking-original.svg", "daily.svg"])
        for chart in charts { Golden.check(chart.svg, "demo.chart.\(language.rawValue).\(chart.name)") }
    }

    @Test func rankingCSV() {
        Golden.check(CSVReport.render(demo, selection: ReportSelection(parts: [.ranking])), "demo.ranking.csv")
    }

    // MARK: Parts

    @Test func onlyParsesNamesInDocumentOrderOnce() throws {
        let selection = try ReportSelection.parse(only: "notes, ranking,headline,ranking")
        #expect(selection.parts == [.headline, .ranking, .notes])
        #expect(!selection.brief)
        #expect(try ReportSelection.parse(only: "ranking").isRankingOnly)
        #expect(!ReportSelection.briefing.isRankingOnly)
    }

    @Test func onlyRejectsUnknownAndEmptyNames() {
        #expect(throws: ReportSelectionError.unknownPart("rankings")) {
            try ReportSelection.parse(only: "headline,rankings")
        }
        #expect(throws: ReportSelectionError.emptyName("ranking,,notes")) {
            try ReportSelection.parse(only: "ranking,,notes")
        }
        #expect(throws: ReportSelectionError.emptyName("")) { try ReportSelection.parse(only: "") }
        #expect(
            ReportSelectionError.unknownPart("x").description.contains(
                "use a comma list of: headline, ranking, exclusions, activity, usage, notes, anomalies, settings, fingerprint"
            ))
    }

    /// Each part alone shows its own heading and none of the others'.
    @Test func eachPartShowsOnlyItself() {
        let l = ReportLanguage.english
        let headings: [ReportPart: String] = [
            .exclusions: l.exclusionsHeading, .usage: l.usageHeading, .notes: l.suggestionsHeading,
            .anomalies: l.anomaliesHeading, .settings: l.settingsHeading, .fingerprint: l.fingerprintHeading,
        ]
        for part in ReportPart.allCases {
            let text = MarkdownReport.render(demo, selection: ReportSelection(parts: [part]))
            #expect(text.hasPrefix("# \(l.title)\n\n"))
            for (other, heading) in headings {
                // The method parts sit one level down, under "How this was counted".
                // A public page whose checks found nothing says so in one sentence, without a heading; its
                // fingerprint is one line, without one.
                let shown = other == part && part != .anomalies && part != .fingerprint
                #expect(text.contains("# \(heading)\n") == shown, "\(part) and \(heading)")
            }
            #expect(text.contains(l.anomaliesNoneBrief) == (part == .anomalies), "\(part)")
            #expect(text.contains("Data fingerprint: `") == (part == .fingerprint), "\(part)")
            #expect(text.contains("## Ranking: original options") == (part == .ranking), "\(part)")
            #expect(text.contains("**Counted:") == (part == .headline), "\(part)")
        }
    }

    @Test func theBriefIsTheHeadlineTheRankingAndOneLineOfSettings() throws {
        let text = MarkdownReport.render(demo, selection: .briefing)
        let hash = try #require(demo.fingerprint?.sha256)
        #expect(text.contains("**Counted: 15 voters, 43 votes.**"))
        #expect(text.contains("## Ranking: original options"))
        #expect(!text.contains("## Voters left out") && !text.contains("## Data fingerprint") && !text.contains(hash))
        let last = try #require(text.split(separator: "\n").last)
        #expect(
            last.hasPrefix("Settings: Taiwan time; voters whose first vote is before Sat 19 Sep, 02:11 left out"))
        #expect(last.hasSuffix("as of Sun 27 Sep, 12:00; data fingerprint `\(hash.prefix(12))`."))
        // Short enough to paste: title, headline, the ranking of sections with votes, one settings line.
        for language in ReportLanguage.allCases {
            let brief = MarkdownReport.render(
                demo, language: language, selection: ReportSelection.briefing.withCharts(in: "charts"))
            let lines = brief.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 20, "\(language): \(lines.count) lines")
            #expect(lines.count > 2 && lines[2].hasPrefix(language == .english ? "Tied for first" : "「做了好多事"))
            #expect(!brief.contains(language.chanceColumn + "*"), "no method paragraph")
            #expect(!brief.contains("community") && !brief.contains("社群"), "no section without votes")
            #expect(brief.contains("](charts/ranking-original.svg)"))
        }
    }

    /// The Chinese prose says people (人, 投票者), not 工作階段, and has no English method word; the tables
    /// keep 工作階段 where the data's unit really is a browser session.
    @Test func theChineseProseSaysPeopleNotSessions() throws {
        let week = try String(
            contentsOf: CommonMarkRendererTests.demoFolder.appendingPathComponent("zh-TW/week-01.md"), encoding: .utf8)
        for text in [MarkdownReport.render(demo, language: .traditionalChinese), week] {
            #expect(!text.lowercased().contains("bootstrap"))
            for block in text.components(separatedBy: "\n\n") where !block.hasPrefix("|") && !block.hasPrefix("#") {
                #expect(!block.contains("工作階段"), "\(block)")
            }
        }
    }

    /// The page answers first: the headline right under the title, each section's ranking before the rest,
    /// and the method, exclusions, settings and fingerprint last under one heading.
    @Test(arguments: ReportLanguage.allCases)
    func theResultComesFirstAndTheMethodLast(_ language: ReportLanguage) throws {
        let text = MarkdownReport.render(demo, language: language)
        let l = language
        let blocks = text.components(separatedBy: "\n\n")
        #expect(blocks[1].hasPrefix(language == .english ? "Tied for first" : "「做了好多事"))
        #expect(blocks[2].contains(l.votingRule(3)))
        #expect(blocks[3] == "## " + l.sectionHeading(l.sectionName("original")))
        let counted = try #require(text.range(of: "\n## \(l.countedHeading)\n"))
        for heading in [l.exclusionsHeading, l.settingsHeading] {
            let range = try #require(text.range(of: "\n### \(heading)\n"), "\(heading)")
            #expect(counted.upperBound < range.lowerBound)
        }
        // The fingerprint's one line closes the page.
        #expect(blocks.last?.hasPrefix(language == .english ? "Data fingerprint: `" : "資料指紋：`") == true)
        // Checks that found nothing are one sentence of the method, with no heading of their own.
        #expect(text.range(of: "\n## " + l.anomaliesHeading) == nil)
        #expect(try #require(text.range(of: l.anomaliesNoneBrief)).lowerBound > counted.upperBound)
        // The method (three plain sentences) and the as-of line come after the heading, not before the ranking.
        let method = l.shortMethod(chances: false, standings: [], ratio: "3")
        #expect(try #require(text.range(of: method)).lowerBound > counted.upperBound)
    }

    /// `--brief` in CSV keeps the settings and fingerprint rows; `--only` keeps only its parts' rows.
    @Test func csvKeepsTheRowsOfTheChosenParts() throws {
        func tables(_ csv: String) -> Set<String> { Set(CSVCells.parse(csv).dropFirst().map { $0[0] }) }
        // The ranking part carries the chance of leading and the pairs chosen together.
        #expect(
            tables(CSVReport.render(demo, selection: .briefing)) == [
                "report", "totals", "option", "option_with_excluded", "section", "leader", "chance_of_leading",
                "order_chance", "covote", "covote_expected", "chance_model", "parameter",
                "fingerprint",
            ])
        #expect(
            tables(CSVReport.render(demo, selection: ReportSelection(parts: [.notes]))) == [
                "notes_summary", "notes", "notes_promoted", "approved", "promoted",
            ])
        #expect(CSVReport.render(demo, selection: .all) == CSVReport.render(demo))
        // Every table of the long CSV belongs to a part, so --only can pick it.
        let written = tables(CSVReport.render(demo)).union(tables(CSVReport.render(try HostileTextTests.model())))
        #expect(
            written.subtracting(CSVReport.tableParts.keys).isEmpty, "\(written.subtracting(CSVReport.tableParts.keys))")
        // ... and has its place in the file's order (an unlisted table would sort last).
        #expect(
            written.subtracting(CSVReport.tableGroup.keys).isEmpty, "\(written.subtracting(CSVReport.tableGroup.keys))")
    }

    // MARK: Numbers for readers

    @Test func countsHaveThousandsSeparatorsInMarkdownAndHTMLOnly() throws {
        let model = try Self.bigModel()
        let english = MarkdownReport.render(model, language: .english)
        #expect(english.contains("**Counted: 207,601 voters, 415,202 votes.**"))
        #expect(english.contains("| 150,000 |") && !english.contains("| 300,000 |"))
        #expect(HTMLReport.render(model).contains("<td class=\"num\" data-label=\"Votes\">300,000</td>"))
        #expect(!english.contains("207601"))
        let chinese = MarkdownReport.render(model, language: .traditionalChinese)
        #expect(chinese.contains("**計入 207,601 人、415,202 票**。"))
        #expect(HTMLReport.render(model).contains("<td class=\"num\" data-label=\"Voters\">150,000</td>"))
        // JSON and CSV stay plain numbers.
        #expect(JSONReport.render(model).contains("207601") && !JSONReport.render(model).contains("207,601"))
        #expect(CSVReport.render(model).contains(",150000,300000,") && !CSVReport.render(model).contains("150,000"))
        // The weekly pages' sentences too.
        #expect(
            ReportLanguage.english.votersChange(1_000, 207_601)
                == "Counted voters: 1,000 → 207,601 (+206,601)")
        #expect(
            ReportLanguage.traditionalChinese.thisWeek(415_202, 207_601)
                == "**本週計入 415,202 票，新加入的投票者 207,601 人**。")
        #expect(NumberText.grouped(-1_234_567, separator: ",") == "-1,234,567")
        #expect(NumberText.grouped(999, separator: ",") == "999")
        #expect(NumberText.grouped(1000, separator: ",") == "1,000")
    }

    @Test func optionsWithoutVotersComeLastWithoutARank() throws {
        let model = try Self.bigModel()
        // The narrow ranking: rank, option, voters, share.
        let ranks = Self.rows(in: MarkdownReport.render(model))
            .filter { $0.count == 4 && ($0[0].hasPrefix("-") || ["1", "2", "—"].contains($0[0])) }
            .map { [$0[0], $0[1]] }
        #expect(ranks.count == 4, "the three options and the alignment row")
        #expect(ranks.dropFirst() == [["1", "Most"], ["2", "Some"], ["—", "Nobody"]])
        // A section nobody voted in shows no row of firsts.
        let demoRanks = Self.rows(in: MarkdownReport.render(demo)).filter { $0.count == 4 }
            .filter { $0[1].hasPrefix("爸爸") }.map { $0[0] }
        #expect(demoRanks == ["—", "—"])
        // The plain ranking CSV leaves the rank empty.
        let csv = CSVCells.parse(CSVReport.ranking(model))
        #expect(csv.map { $0[1] } == ["rank", "1", "2", ""])
    }

    /// The ranges' table counts the voters its ranges are of, under the ranking's heading (issue 46 "Written for her
    /// readers" item 1: 13 votes beside a range of 10 voters read as a contradiction of a tie at 10 voters each).
    @Test func rankingTablesSayVotersInReadersWords() {
        #expect(MarkdownReport.render(demo).contains("| Option                       | Voters |"))
        #expect(
            MarkdownReport.render(demo, language: .traditionalChinese).contains(
                "| 選項                         | 選的人數 |"))
    }

    // MARK: HTML

    @Test(arguments: ReportLanguage.allCases)
    func htmlIsSelfContainedAndSemantic(_ language: ReportLanguage) {
        let page = HTMLReport.render(demo, language: language)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"\(language.rawValue)\">"))
        // The inline charts name SVG's namespace, which is never fetched; nothing else may name a URL.
        let requests = page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        #expect(page.contains("<figure>"), "the page draws its charts without --charts")
        #expect(
            !requests.contains("<script") && !requests.contains("src=") && !requests.contains("http://")
                && !requests.contains("https://") && !requests.contains("<link"))
        #expect(page.contains("default-src 'none'"), "a Content-Security-Policy forbids scripts and requests")
        #expect(page.contains("@media (prefers-color-scheme: dark)") && page.contains("@media print"))
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        let tables = page.components(separatedBy: "<table>").count - 1
        #expect(tables == 8)
        // Every table has a caption; one right under its heading is for screen readers only (class "heard").
        #expect(page.components(separatedBy: "<caption").count - 1 == tables)
        #expect(page.contains("<th scope=\"col\""))
        #expect(page.components(separatedBy: "<h1>").count == 2)
    }

    @Test func hostileTextIsInertInHTML() throws {
        let model = try HostileTextTests.model()
        for language in ReportLanguage.allCases {
            let page = HTMLReport.render(model, language: language)
            #expect(!page.contains("<script>alert") && !page.contains("<b>bold"))
            #expect(page.contains("&lt;b&gt;bold&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.contains("<a ") && !page.contains("<img"))
            // Emphasis comes only from the method paragraph's own terms; the user's `*emph*` stays text.
            #expect(!page.contains("<em>emph</em>") && page.contains("*emph* _under_ ~strike~"))
            #expect(page.contains("[link](http://x) ![img](http://y)"), "links stay literal text")
            #expect(page.contains("a | b || c"))
            #expect(!page.unicodeScalars.contains("\u{202E}"), "a bidi override would reorder the page")
            #expect(page.contains("\\u{202E}"))
            // Every table keeps its columns: each row has as many cells as its header.
            for table in page.components(separatedBy: "<table>").dropFirst() {
                let body = table.components(separatedBy: "</table>")[0]
                let header = body.components(separatedBy: "<th ").count - 1
                for row in body.components(separatedBy: "<tr>").dropFirst(2) {
                    #expect(row.components(separatedBy: "<td").count - 1 == header, "\(row.prefix(200))")
                }
            }
        }
    }

    @Test func markdownInlineKeepsOnlyTallysOwnFormatting() {
        let inline = MarkdownInline(link: { $0 + "!" })
        #expect(
            inline.html("**Counted:** `code <x>` \\*not\\* \\[x\\](y)")
                == "<strong>Counted:</strong> <code>code &lt;x&gt;</code> *not* [x](y)")
        #expect(inline.html("- [Week 1](week-01.md): 3") == "- <a href=\"week-01.md!\">Week 1</a>: 3")
        #expect(inline.html("\"quote\" & 'apostrophe'") == "&quot;quote&quot; &amp; &#39;apostrophe&#39;")
        #expect(inline.html("**unclosed") == "<strong>unclosed</strong>")
        #expect(inline.html("a\\u{202E}b \\\\ c") == "a\\u{202E}b \\ c", "only punctuation is escaped")
    }

    // MARK: Charts

    @Test func bidiControlsInChartLabelsAreVisibleAsInMarkdown() {
        let label = "abc\u{202E}cba\u{2066}x\u{2069}"
        let svg = SVGChart.horizontalBars(
            title: "t\u{202E}", description: "d\u{202E}", bars: [.init(label: label, value: 1, valueText: "1")],
            axisLabel: ["a"])
        #expect(!svg.unicodeScalars.contains { [0x202E, 0x2066, 0x2069].contains($0.value) })
        #expect(svg.contains("abc\\u{202E}cba\\u{2066}x\\u{2069}"))
        #expect(MarkdownText.cell(label) == "abc\\u{202E}cba\\u{2066}x\\u{2069}")
    }

    /// The count is drawn inside its bar in white; only a bar too short for it has the count past the whisker.
    @Test func theValueLabelIsNotAtTheWhiskersEnd() throws {
        let svg = SVGChart.horizontalBars(
            title: "t", description: "d",
            bars: [
                .init(label: "long", value: 10, low: 6, high: 13, valueText: "10"),
                .init(label: "short", value: 0, low: 0, high: 3, valueText: "0"),
            ],
            axisLabel: ["a"], maximum: 15)
        let texts = svg.split(separator: "\n").filter { $0.contains("<text") }
        let ten = try #require(texts.first { $0.hasSuffix(">10</text>") && $0.contains("fill=") })
        #expect(ten.contains("fill=\"#ffffff\""))
        let zero = try #require(texts.first { $0.hasSuffix(">0</text>") && $0.contains("fill=") })
        #expect(zero.contains("fill=\"\(SVGChart.barColour)\""))
        // The "10" starts left of the whisker's low end, inside the bar.
        let x = try #require(Double(ten.split(separator: "\"")[1]))
        let rect = try #require(svg.split(separator: "\n").first { $0.contains("<rect x=") && !$0.contains("100%") })
        let barStart = try #require(Double(rect.split(separator: "\"")[1]))
        #expect(x == barStart + 4)
    }

    @Test func emptyChartsAreNotDrawnAndTheWeekSaysWhy() throws {
        let community = try #require(demo.sections.first { $0.name == "community" })
        #expect(!ReportCharts.drawsRanking(community))
        #expect(ReportCharts.drawsRanking(try #require(demo.sections.first)))
        #expect(
            !ReportCharts.drawsDaily([.init(date: CivilDateTime(year: 2026, month: 9, day: 19), votes: 0, voters: 0)]))
    }
}

import Foundation
import Testing

@testable import TallyCore
@testable import TallyRender

/// The weekly charts built from the demo: well-formed, accessible SVG whose description
/// states the data in words, with user text escaped, drawn by a real renderer.
@Suite("Report charts", .timeLimit(.minutes(10)))
struct ReportChartsTests {
    let model: ReportModel

    init() throws {
        var parameters = ReportParameters.demo()
        parameters.asOf = .init(seconds: 1_790_265_600)  // 2026-09-26 00:00 +08:00, the end of week 1
        parameters.through = .init(millis: parameters.asOf.millis - 1)
        model = try Analyzer(parameters: parameters).report(from: Demo.inMemory())
    }

    func ranking(_ section: String, _ language: ReportLanguage) throws -> String {
        let section = try #require(model.sections.first { $0.name == section })
        return ReportCharts.ranking(
            section, model: model, title: "Ranking", until: "2026-09-26 00:00 +08:00", language: language)
    }

    func daily(_ language: ReportLanguage) -> String {
        let week = WeekCalendar(launch: Zone.parseDate("2026-09-19")!, zone: model.parameters.zone).week(1)
        let byDate = Dictionary(uniqueKeysWithValues: model.activity.days.map { ($0.date.dayNumber, $0) })
        let days = week.days.map { byDate[$0.dayNumber] ?? ReportFigures.Day(date: $0, votes: 0, voters: 0) }
        return ReportCharts.daily(
            days, zone: model.parameters.zone, title: "Votes per day", language: language)
    }

    @Test func theRankingShowsVotersWithTheirRanges() async throws {
        let svg = try ranking("original", .english)
        let names = try SVGChartTests.elements(svg)
        #expect(names.first == "svg" && names.contains("title") && names.contains("desc"))
        #expect(names.filter { $0 == "rect" }.count == 1 + 5, "the background and one bar per option")
        #expect(names.filter { $0 == "path" }.count == 5 + 1, "one whisker per option and the axis")
        #expect(svg.contains("做了好多事，另一半不知道: 10 voters (likely range 6 to 13)"))
        #expect(svg.contains("孩子的功課，誰來陪？: 5 voters (likely range 2 to 9)"))
        // The thin line is explained in plain words, never called a whisker.
        #expect(svg.contains(">voters (of 15)</text>"))
        #expect(svg.contains(">thin line: the likely count if a similar crowd voted again</text>"))
        #expect(svg.contains("shows where its count would likely fall if a similar crowd voted again"))
        #expect(!svg.lowercased().contains("whisker"))
        // The scale is all 15 counted voters: a bar of 10 is two thirds of the plot.
        #expect(svg.contains(">15</text>") && svg.contains(">10</text>"))
        let chinese = try ranking("original", .traditionalChinese)
        #expect(chinese.contains("做了好多事，另一半不知道：10 人（誤差範圍 6 到 13 人）"))
        #expect(chinese.contains(">人數（共 15 人）</text>") && chinese.contains(">細線：換一群差不多的人重投，多半落在這段</text>"))
        #expect(!chinese.contains("誤差線"))
    }

    @Test func theDailyChartHasTheWeeksSevenLocalDays() async throws {
        let svg = daily(.english)
        #expect(try SVGChartTests.elements(svg).filter { $0 == "rect" }.count == 1 + 7)
        for label in ["Sat 09-19", "Sun 09-20", "Fri 09-25"] { #expect(svg.contains(">\(label)</text>")) }
        #expect(
            svg.contains(
                "2026-09-19: 15; 2026-09-20: 9; 2026-09-21: 5; 2026-09-22: 6; 2026-09-23: 8; 2026-09-24: 0; 2026-09-25: 0."
            ))
        let chinese = daily(.traditionalChinese)
        #expect(chinese.contains(">09-19（六）</text>") && chinese.contains(">09-25（五）</text>"))
    }

    /// An option name with markup and control characters stays text.
    @Test func userTextIsEscaped() async throws {
        let figures = ReportFigures(
            options: [
                .init(
                    id: 1, content: "<script>alert(1)</script> & \"x\"\u{7}", section: "original", createdAt: nil,
                    voters: 2, votes: 2, votersAll: 2, votesAll: 2)
            ],
            totals: .init(votersAll: 2, votesAll: 2, voters: 2, votes: 2, firstVoteAll: nil, lastVoteAll: nil),
            exclusions: .init(listed: [], total: 0), days: [],
            timeline: .init(firstVote: nil, lastVote: nil, longestGap: nil),
            usage: [], statuses: [], approved: [], anomalies: [])
        let hostile = try ReportModel(figures: figures, parameters: ReportParameters(asOf: Instant(seconds: 0)))
        let svg = ReportCharts.ranking(
            hostile.sections[0], model: hostile, title: "<b>", until: "now", language: .english)
        _ = try SVGChartTests.elements(svg)
        #expect(!svg.contains("<script>") && !svg.contains("<b>") && !svg.contains("\u{7}"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;␇"))
    }

    @Test(
        .enabled(
            if: OutsideProgram.mayRun(needing: "rsvg-convert", "python3"),
            "needs rsvg-convert (Debian: librsvg2-bin) and python3 to render the SVG; required when CI=true"))
    func aRealRendererDrawsEveryChart() async throws {
        var charts: [(String, String)] = [("daily-en", daily(.english)), ("daily-zh", daily(.traditionalChinese))]
        for language in ReportLanguage.allCases {
            for section in ["original", "community"] {
                charts.append(("\(section)-\(language.rawValue)", try ranking(section, language)))
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-charts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Support/png_ink.py")
        for (name, svg) in charts {
            let svgPath = folder.appendingPathComponent("\(name).svg").path
            let pngPath = folder.appendingPathComponent("\(name).png").path
            try Data(svg.utf8).write(to: URL(fileURLWithPath: svgPath))
            try await ToolProcess.run("rsvg-convert", ["-o", pngPath, svgPath])
            let counts = try await ToolProcess.run("python3", [script.path, pngPath]).split(separator: " ")
                .compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            #expect(counts.count == 2 && counts[0] > counts[1] / 100, "\(name): \(counts)")
        }
    }

    @Test func ticksAreRoundNumbers() async {
        let cases: [(Double, [Double])] = [
            (0, [0, 1]), (1, [0, 1]), (7, [0, 2, 4, 6, 8]), (15, [0, 5, 10, 15]), (43, [0, 10, 20, 30, 40, 50]),
            (1234, [0, 500, 1000, 1500]),
        ]
        for (maximum, expected) in cases { #expect(SVGChart.ticks(upTo: maximum) == expected, "\(maximum)") }
    }
}

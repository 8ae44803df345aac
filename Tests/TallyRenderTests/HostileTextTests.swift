import Foundation
import TallyRender
import Testing

@testable import TallyCore

/// User text that tries to break out of its cell: it must stay text in every format.
@Suite("Hostile text in options, sessions and notes")
struct HostileTextTests {
    static let hostile = [
        "a | b || c", "line one\nline two\r\nline three", "back\\slash \\| and \\", "`code` ```fence```",
        "<b>bold</b> <script>alert(1)</script>", "=HYPERLINK(\"https://example.com\",\"點我\")", "+1 -1 @SUM(A1)",
        "\tTabbed", "\rCarriage", "# heading", "- item", "[link](http://x) ![img](http://y)", "*emph* _under_ ~strike~",
        "right\u{202E}to left\u{2066}isolate",
        String(repeating: "很長的選項", count: 200),
        longName + " <i>end</i>", "chart-title", "id=\"chart-desc\"",
    ]

    /// An option name of 251 letters with no place to break a line.
    static let longName = "Unbreakable" + String(repeating: "Supercalifragilistic", count: 12)

    /// A report where every piece of user text is hostile, with anomalies of every kind.
    static func model() throws -> ReportModel {
        let zone = try Zone(parsing: "Asia/Taipei")
        let at = Instant(seconds: 1_789_754_400)
        let options = hostile.enumerated().map { index, text in
            ReportFigures.Option(
                id: Int64(index + 1), content: text, section: index < 12 ? "original" : "=cmd|' /C calc'!A0",
                createdAt: at, voters: index % 4, votes: index % 4 + 1, votersAll: index % 4, votesAll: index % 4 + 1)
        }
        let sessions = hostile.map { "-" + $0 }
        let figures = ReportFigures(
            options: options,
            totals: .init(
                votersAll: 20, votesAll: 40, voters: 10, votes: 25, firstVoteAll: at,
                lastVoteAll: at.adding(seconds: 3600)),
            exclusions: .init(
                listed: sessions.map { .init(session: $0, firstVote: at, votes: 2, beforeCutoff: true, named: true) },
                total: sessions.count + 5),
            days: [.init(date: CivilDateTime(year: 2026, month: 9, day: 19), votes: 25, voters: 10)],
            timeline: .init(
                firstVote: at, lastVote: at.adding(seconds: 3600),
                longestGap: .init(start: at, end: at.adding(seconds: 60))),
            usage: [.init(votesUsed: 3, sessions: 10, stackingSessions: 2)],
            statuses: [
                .init(status: "=evil()", notes: 3, promoted: 1, sessions: 2),
                .init(status: "approved", notes: 14, promoted: 1, sessions: 3),
            ],
            approved: hostile.enumerated().map { index, text in
                .init(
                    id: Int64(index + 1), session: sessions[index % 3], content: text, createdAt: at,
                    promotedOptionID: index == 0 ? 1 : nil, sessionNotes: 5)
            },
            anomalies: AnomalyKind.allCases.map { kind in
                .init(
                    kind: kind, total: 7,
                    examples: hostile.prefix(4).enumerated().map { index, text in
                        .init(
                            table: kind == .unknownStatus ? "suggestions" : "votes",
                            rowID: index == 0 ? nil : Int64(index),
                            session: "-" + text, optionID: 3, text: text, at: at, count: 4)
                    })
            },
            // Choice sets, so the chance-of-leading and chosen-together sentences quote hostile names too.
            choices: [
                ChoicePattern(optionIDs: [2, 3, 4], sessions: 3), ChoicePattern(optionIDs: [4, 8], sessions: 4),
                ChoicePattern(optionIDs: [], sessions: 3),
            ])
        let parameters = ReportParameters(
            zone: zone, excludeBefore: at, excludedSessions: sessions, asOf: at.adding(seconds: 86_400))
        return try ReportModel(figures: figures, parameters: parameters)
    }

    @Test(arguments: ReportLanguage.allCases)
    func everyMarkdownRowKeepsItsCellCount(language: ReportLanguage) throws {
        let document = MarkdownReport.render(try HostileTextTests.model(), language: language)
        let tables = MarkdownCells.tables(in: document)
        #expect(tables.count >= 8)
        for table in tables {
            #expect(table.count >= 3)
            #expect(Set(table).count == 1, "a row's cell count differs from its header: \(table)")
        }
        // Nothing became Markdown or HTML structure.
        for line in document.split(separator: "\n") {
            #expect(!line.hasPrefix("# heading") && !line.hasPrefix("- item"))
            #expect(!line.contains("<b>") && !line.contains("<script>"))
            #expect(!line.contains("```"))
        }
        #expect(!document.contains("line one\nline two"))
        // Very long text is kept whole, and only its own lines are long: columns are padded to at most
        // MarkdownTable.paddingLimit cells.
        #expect(document.contains(String(repeating: "很長的選項", count: 200)))
        #expect(document.contains(HostileTextTests.longName))
        for line in document.split(separator: "\n")
        where line.hasPrefix("|") && !line.contains("很長的選項") && !line.contains("Supercali") {
            #expect(DisplayWidth.of(String(line)) < 400, "a line is padded for a long cell: \(line.prefix(80))")
        }
    }

    @Test func noCSVCellStartsAFormula() throws {
        let csv = CSVReport.render(try HostileTextTests.model())
        let records = CSVCells.parse(csv)
        #expect(records.count > 40)
        #expect(Set(records.map(\.count)) == [CSVReport.columns.count])
        for record in records {
            for cell in record {
                guard let first = cell.unicodeScalars.first else { continue }
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(first), "formula-like cell: \(cell)")
            }
        }
        // The text itself survives (after the neutralising quote mark), numbers stay numbers.
        #expect(records.contains { $0.contains("'=HYPERLINK(\"https://example.com\",\"點我\")") })
        #expect(records.contains { $0.contains("line one\nline two\r\nline three") })
        #expect(records.dropFirst().allSatisfy { Int($0[7]) != nil || $0[7].isEmpty })
    }

    @Test func jsonKeepsTheTextExactly() throws {
        let model = try HostileTextTests.model()
        let json = JSONReport.render(model)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let options = object?["options"] as? [[String: Any]] ?? []
        #expect(Set(options.compactMap { $0["content"] as? String }) == Set(HostileTextTests.hostile))
    }
}

/// The weekly page and its charts with the same hostile text: every table row keeps its
/// cells, no markup gets through, the charts stay well-formed XML.
@Suite("Hostile text in the weekly pages")
struct WeeklyHostileTextTests {
    static func tally() throws -> WeeklyTally {
        let report = try HostileTextTests.model()
        let calendar = WeekCalendar(launch: CivilDateTime(year: 2026, month: 9, day: 19), zone: report.parameters.zone)
        let decisions = HostileTextTests.hostile.enumerated().map { index, text in
            WeekDecision(
                entry: ModerationLogEntry(
                    id: Int64(index + 1), noteID: Int64(index + 1), action: index % 3 == 0 ? "reject" : "approve|<b>",
                    from: "pending", to: "approved", moderator: text, reason: text, createdAt: "2026-09-20 00:00:00",
                    version: 1, optionID: nil),
                noteContent: text)
        }
        return WeeklyTally(
            week: calendar.week(1), launch: calendar.launch, report: report, previous: report, decisions: decisions)
    }

    @Test(arguments: ReportLanguage.allCases)
    func everyTableRowKeepsItsCells(_ language: ReportLanguage) throws {
        let tally = try Self.tally()
        let page = WeeklyMarkdown.render(tally, edition: .single(language))
        for table in MarkdownCells.tables(in: page) { #expect(Set(table).count == 1, "\(table)") }
        #expect(!page.contains("<script>") && !page.contains("<b>"))
        #expect(!page.contains("\n# heading") && !page.contains("\n- item"))
        // A public page names notes by their text and shows a rejected note's text nowhere; no number at all.
        #expect(!page.contains("| \(language.noteReference(1)) ") && page.contains("| \(language.withheldNote) "))
        for file in WeeklyPages.files(tally, edition: .single(language)) where file.name.hasSuffix(".svg") {
            _ = try SVGChartTests.elements(file.content)
            #expect(!file.content.contains("<script>"), "\(file.name)")
        }
        let json = WeeklyJSON.render(tally)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }
}

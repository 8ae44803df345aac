import Foundation
import FoundationXML
import Testing

@testable import TallyRender

@Suite("SVG charts", .timeLimit(.minutes(10)))
struct SVGChartTests {
    static let bars = [
        SVGChart.Bar(label: "做了好多事，另一半不知道", value: 10, low: 6.5, high: 12.9, valueText: "10"),
        SVGChart.Bar(label: "今天吃什麼 <b>&amp;</b> \"x\"", value: 10, low: 6.5, high: 12.9, valueText: "10"),
        SVGChart.Bar(label: "孩子的功課\u{1B}[2J", value: 0, low: 0, high: 3.1, valueText: "0"),
    ]

    static var barChart: String {
        SVGChart.horizontalBars(
            title: "Ranking by voters", description: "Two options tie at 10 voters.", bars: bars,
            axisLabel: ["voters (sessions)"], maximum: 15)
    }

    static var columnChart: String {
        SVGChart.columns(
            title: "Votes per day", description: "Votes per local day, Asia/Taipei.",
            columns: [
                .init(label: "09-19", value: 12, valueText: "12"), .init(label: "09-20", value: 9, valueText: "9"),
                .init(label: "09-21", value: 0, valueText: "0"),
            ], axisLabel: "votes")
    }

    /// Parses the SVG as XML; returns element names in order (throws on malformed XML).
    static func elements(_ svg: String) throws -> [String] {
        final class Collector: NSObject, XMLParserDelegate {
            var names: [String] = []
            var texts: [String] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]
            ) { names.append(name) }
            func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
            var ended: [String] = []
            var errors: [Error] = []
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
            {
                ended.append(name)
            }
            func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { errors.append(parseError) }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        // Also count open/close pairs ourselves: some XMLParser builds recover silently.
        guard parser.parse(), collector.errors.isEmpty, collector.names.count == collector.ended.count else {
            throw CocoaError(
                .coderReadCorrupt,
                userInfo: [NSDebugDescriptionErrorKey: "\(parser.parserError.map { "\($0)" } ?? "?")"])
        }
        return collector.names
    }

    @Test func chartsAreWellFormedAndAccessible() async throws {
        for svg in [Self.barChart, Self.columnChart] {
            let names = try Self.elements(svg)
            #expect(names.first == "svg")
            #expect(names.contains("title") && names.contains("desc"))
            #expect(svg.contains("role=\"img\""))
            #expect(svg.contains("Noto Sans CJK TC"))
        }
        // User text is escaped, not markup; control characters are made visible.
        #expect(Self.barChart.contains("今天吃什麼 &lt;b&gt;&amp;amp;&lt;/b&gt; &quot;x&quot;"))
        #expect(!Self.barChart.contains("\u{1B}"))
        #expect(Self.barChart.contains("孩子的功課␛[2J"))
        #expect(try Self.elements(Self.barChart).filter { $0 == "path" }.count == 4, "three whiskers and the axis")
    }

    /// Two drawings of equal inputs have equal bytes (no dictionary order, clock or random ids in them),
    /// and the comparison can fail: one changed value gives other bytes.
    @Test func sameInputSameBytes() async {
        func draw(_ bars: [SVGChart.Bar]) -> String {
            SVGChart.horizontalBars(
                title: "Ranking by voters", description: "Two options tie at 10 voters.", bars: bars,
                axisLabel: ["voters (sessions)"], maximum: 15)
        }
        let first = draw(Self.bars)
        #expect(draw(Self.bars) == first)
        var changed = Self.bars
        changed[1] = SVGChart.Bar(label: changed[1].label, value: 9, low: 6.5, high: 12.9, valueText: "9")
        #expect(draw(changed) != first)
        #expect(Self.barChart.contains("<rect x=\"") && !Self.barChart.contains("nan"))
    }

    @Test func malformedXMLIsDetectedByTheCheck() async {
        #expect(throws: (any Error).self) { try Self.elements("<svg><title>x</svg>") }
    }

    @Test(
        .enabled(
            if: OutsideProgram.mayRun(needing: "rsvg-convert", "python3"),
            "needs rsvg-convert (Debian: librsvg2-bin) and python3 to render the SVG; required when CI=true"))
    func aRealRendererDrawsThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Support/png_ink.py")
        for (name, svg) in [("bars", Self.barChart), ("columns", Self.columnChart), ("blank", Self.blank)] {
            let svgPath = folder.appendingPathComponent("\(name).svg").path
            let pngPath = folder.appendingPathComponent("\(name).png").path
            try Data(svg.utf8).write(to: URL(fileURLWithPath: svgPath))
            try await ToolProcess.run("rsvg-convert", ["-o", pngPath, svgPath])
            let counts = try await ToolProcess.run("python3", [script.path, pngPath]).split(separator: " ").compactMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            try #require(counts.count == 2, "png_ink.py printed \(counts)")
            let ink = counts[0]
            if name == "blank" {
                #expect(ink == 0, "the check itself must see a blank image as blank")
            } else {
                #expect(ink > counts[1] / 50, "\(name): only \(ink) of \(counts[1]) pixels drawn")
            }
        }
    }

    static let blank = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100%" height="100%" fill="#fff"/></svg>
        """

    /// A chart note wraps without leaving one character alone on its last line (the demo's 「段」), and keeps
    /// every character in order, at every phone width.
    @Test func aWrappedNoteLeavesNoCharacterAlone() async {
        let notes = ["細線：換一群差不多的人再投一次，多半落在這段", "Thin line: where most reruns of the vote would land"]
        for note in notes {
            for width in stride(from: 80.0, through: 340, by: 2) {
                let lines = SVGChart.wrapped(note, width: width, size: 12)
                #expect(
                    lines.joined() == note.replacingOccurrences(of: " ", with: "")
                        || lines.joined(separator: " ") == note)
                #expect(lines.count < 2 || lines.last!.count > 1, "\(width): \(lines)")
            }
        }
    }
}

import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// The share image's SVG: 1200×630, made to be read at 300 px wide (issue 31 item 10, issue 34 item 4): three
/// bars at most, every text at least 56 px (14 px at 300), the date to the minute without offset, a tie said in
/// words, "no votes yet" on an empty poll, text measured as drawn and shortened rather than run off the card.
@Suite("Share image", .timeLimit(.minutes(10)))
struct ShareImageTests {
    /// The demo with its votes replaced: options 1 and 2 voted by the same two sessions, option 3 by one.
    /// With `untied`, session c votes option 1 too, which then leads alone.
    static func tiedModel(labels: [Int64: String] = [:], untied: Bool = false) throws -> ReportModel {
        let db = try Demo.inMemory()
        try db.execute("DELETE FROM votes")
        let votes = [(1, 1, "a"), (2, 2, "a"), (3, 1, "b"), (4, 2, "b"), (5, 3, "c")] + (untied ? [(6, 1, "c")] : [])
        for (id, option, session) in votes {
            try db.execute(
                "INSERT INTO votes (id, option_id, session_id, created_at) VALUES (?, ?, ?, '2026-09-20 10:00:00')",
                [.integer(Int64(id)), .integer(Int64(option)), .text(session)])
        }
        for (id, label) in labels {
            try db.execute("UPDATE survey_options SET content = ? WHERE id = ?", [.text(label), .integer(id)])
        }
        return try Analyzer(parameters: .demo()).report(from: db)
    }

    /// The font sizes of the SVG's texts (not the root's default).
    static func textSizes(_ svg: String) -> [Double] {
        svg.components(separatedBy: "<text ").dropFirst().compactMap { element in
            element.components(separatedBy: "font-size=\"").dropFirst().first.flatMap {
                Double($0.prefix { $0 != "\"" })
            }
        }
    }

    @Test(arguments: ReportLanguage.allCases)
    func theCardCarriesTheResultInLargeText(_ language: ReportLanguage) async throws {
        let model = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        let svg = ShareImage.svg(model, language: language, title: "<b>Next</b> & \"more\"")
        #expect(svg.contains("width=\"1200.0\" height=\"630.0\" viewBox=\"0 0 1200.0 630.0\""))
        let texts = svg.components(separatedBy: "<text ").count - 1
        let sizes = Self.textSizes(svg)
        #expect(sizes.count == texts && sizes.allSatisfy { $0 >= 56 } && !sizes.isEmpty, "\(sizes)")
        #expect(svg.contains(">&lt;b&gt;Next&lt;/b&gt; &amp; &quot;more&quot;</text>") && !svg.contains("<b>"))
        let section = try #require(model.sections.first)
        let top = section.options.filter { $0.voters > 0 }.prefix(3)
        #expect(top.count == 3 && svg.components(separatedBy: "<rect x=\"60.0\"").count - 1 == 3)
        for option in top {
            #expect(svg.contains(">\(SVGChart.escape(option.content))</text>"))
            #expect(svg.contains(">\(option.voters)</text>"))
        }
        // As the page's readers write it (to the minute, without the offset), joined by a middle dot, not 「・」.
        let footer =
            language == .english ? "15 voters · Sun 27 Sep, 12:00</text>" : "計入 15 人 · 統計至 9/27（日）12:00</text>"
        #expect(svg.contains(footer), "\(svg)")
        #expect(!svg.contains("12:00:00") && !svg.contains("+08:00") && !svg.contains("・"))
    }

    @Test(arguments: ReportLanguage.allCases)
    func anEmptyPollSaysNoVotesYet(_ language: ReportLanguage) async throws {
        let db = try Demo.inMemory()
        try db.execute("DELETE FROM votes")
        let svg = ShareImage.svg(try Analyzer(parameters: .demo()).report(from: db), language: language)
        #expect(svg.contains(language == .english ? ">No votes yet</text>" : ">還沒有人投票</text>"), "\(svg)")
        #expect(!svg.contains("<rect x=\"60.0\""))
    }

    @Test(arguments: ReportLanguage.allCases)
    func aTieForFirstIsSaidInWords(_ language: ReportLanguage) async throws {
        let svg = ShareImage.svg(try Self.tiedModel(), language: language)
        #expect(svg.contains(language == .english ? ">Tied for first: 2 options</text>" : ">2 個選項並列第一</text>"))
        #expect(svg.components(separatedBy: "<rect x=\"60.0\"").count - 1 == 3)
        let untied = ShareImage.svg(try Self.tiedModel(untied: true), language: language)
        #expect(!untied.contains("Tied for first") && !untied.contains("並列第一"))
    }

    /// Wide letters and CJK are measured as drawn (`DrawnWidth`), not at 0.6 em a character: a label that would
    /// run off the card is shortened with an ellipsis, and said so.
    @Test func wideLabelsAreShortenedAndNamed() async throws {
        let wide = String(repeating: "W", count: 30)
        let chinese = String(repeating: "選", count: 30)
        let card = ShareImage.card(try Self.tiedModel(labels: [1: wide, 2: chinese]), language: .english)
        #expect(card.shortened.contains(wide) && card.shortened.contains(chinese), "\(card.shortened)")
        #expect(card.svg.contains(">WWW") && card.svg.contains("W…</text>") && card.svg.contains("選…</text>"))
        #expect(DrawnWidth.of(String(repeating: "W", count: 10), size: 56) > 10 * 0.6 * 56 * 1.5)
    }
}

/// The card rendered by rsvg-convert, as a feed shows it: 300 px wide. Every text is measured there (its ink
/// height) against the same text drawn at 14 px, and wide labels stay on the card.
@Suite("Share image rendered at thumbnail size", .timeLimit(.minutes(10)))
struct ShareImageThumbnailTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/png_ink.py").path

    /// The ink box of `svg` rendered at `zoom`: (left, top, right, bottom), nil when blank.
    static func inkBox(_ svg: String, zoom: Double, in folder: TemporaryDirectory) async throws -> [Int]? {
        let (svgPath, pngPath) = (folder.path("t.svg"), folder.path("t.png"))
        try Data(svg.utf8).write(to: URL(fileURLWithPath: svgPath))
        try await ToolProcess.run("rsvg-convert", ["--zoom", String(zoom), "-o", pngPath, svgPath])
        let numbers = try await ToolProcess.run("python3", [script, pngPath, "--box"]).split(separator: " ").compactMap
        {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard numbers.count == 6, numbers[0] > 0 else { return nil }
        return Array(numbers[2...])
    }

    /// The card with only `keep` of its drawn elements (texts and bars).
    static func only(_ keep: String, of svg: String) -> String {
        svg.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !(line.hasPrefix("  <text ") || line.hasPrefix("  <rect x=")) || line == keep
        }.joined(separator: "\n")
    }

    @Test(
        .enabled(if: OutsideProgram.mayRun(needing: "rsvg-convert", "python3"), "needs rsvg-convert and python3"),
        arguments: ReportLanguage.allCases)
    func everyTextIsAtLeast14PixelsAt300Wide(_ language: ReportLanguage) async throws {
        let folder = try TemporaryDirectory()
        let svg = ShareImage.svg(try ShareImageTests.tiedModel(), language: language)
        let texts = svg.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  <text ") }
        try #require(texts.count >= 6)
        for text in texts {
            let alone = Self.only(text, of: svg)
            let box = try #require(try await Self.inkBox(alone, zoom: 0.25, in: folder), "\(text)")
            // The same text at exactly 14 px on a 300 px card.
            let referenceBox = try #require(
                try await Self.inkBox(Self.scaled(alone, text), zoom: 1, in: folder), "\(text)")
            #expect(
                box[3] - box[1] + 1 >= referenceBox[3] - referenceBox[1], "\(text): \(box) vs 14 px \(referenceBox)")
        }
    }

    /// With `vote_url` the card names the vote page on a line of its own above the footer (issue 46 item 6): every
    /// text keeps its size, and drawn by rsvg-convert no two elements' ink touches and all stay on the card.
    @Test(
        .enabled(if: OutsideProgram.mayRun(needing: "rsvg-convert", "python3"), "needs rsvg-convert and python3"),
        arguments: ReportLanguage.allCases)
    func theVotePageHasALineOfItsOwn(_ language: ReportLanguage) async throws {
        let folder = try TemporaryDirectory()
        let model = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        let vote = try WebAddress(parsing: "https://example.org/vote/?ref=card")
        let svg = ShareImage.svg(model, language: language, voteURL: vote)
        let line = language == .english ? ">Vote: example.org/vote</text>" : ">投票：example.org/vote</text>"
        #expect(svg.contains(line), "\(svg)")
        #expect(!ShareImage.svg(model, language: language).contains("example.org"))
        #expect(ShareImageTests.textSizes(svg).allSatisfy { $0 >= 56 })
        let elements = svg.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("  <text ") || $0.hasPrefix("  <rect x=")
        }
        try #require(elements.count == 13)  // title, tie, 3 × (label, count, bar), vote page, footer
        var boxes: [(String, [Int])] = []
        for element in elements {
            boxes.append(
                (element, try #require(try await Self.inkBox(Self.only(element, of: svg), zoom: 1, in: folder))))
        }
        for (index, (element, box)) in boxes.enumerated() {
            #expect(box[0] >= 56 && box[2] <= 1144 && box[1] >= 0 && box[3] < 630, "\(element): \(box)")
            for (other, otherBox) in boxes[(index + 1)...] {
                let apart = box[2] < otherBox[0] || otherBox[2] < box[0] || box[3] < otherBox[1] || otherBox[3] < box[1]
                #expect(apart, "\(element) \(box) touches \(other) \(otherBox)")
            }
        }
    }

    /// The one-text card with its text at 14 px placed on a 300 px wide card (x and y a quarter).
    static func scaled(_ svg: String, _ text: String) -> String {
        var line = text.replacingOccurrences(
            of: #"font-size="[0-9.]+""#, with: "font-size=\"14.0\"", options: .regularExpression)
        for attribute in ["x", "y"] {
            if let range = line.range(of: #" \#(attribute)="[0-9.]+""#, options: .regularExpression) {
                let value = Double(line[range].dropFirst(attribute.count + 3).dropLast()) ?? 0
                line.replaceSubrange(range, with: " \(attribute)=\"\(value / 4)\"")
            }
        }
        return svg.replacingOccurrences(of: text, with: line)
            .replacingOccurrences(of: "width=\"1200.0\" height=\"630.0\"", with: "width=\"300.0\" height=\"157.5\"")
            .replacingOccurrences(of: "viewBox=\"0 0 1200.0 630.0\"", with: "viewBox=\"0 0 300.0 157.5\"")
    }

    @Test(
        .enabled(if: OutsideProgram.mayRun(needing: "rsvg-convert", "python3"), "needs rsvg-convert and python3"))
    func wideLabelsStayOnTheCardAndUseItsWidth() async throws {
        let folder = try TemporaryDirectory()
        let labels: [Int64: String] = [
            1: String(repeating: "W", count: 40), 2: String(repeating: "選", count: 40),
            3: String(repeating: "Ш", count: 40),
        ]
        for language in ReportLanguage.allCases {
            let svg = ShareImage.svg(try ShareImageTests.tiedModel(labels: labels), language: language)
            let box = try #require(try await Self.inkBox(svg, zoom: 1, in: folder))
            // The margins stay empty (60 px, less a few for anti-aliasing), and the rows reach across the card.
            #expect(box[0] >= 56 && box[2] <= 1144, "\(language): ink from \(box[0]) to \(box[2])")
            #expect(box[2] >= 1100, "\(language): the right side is used (ink ends at \(box[2]))")
        }
    }
}

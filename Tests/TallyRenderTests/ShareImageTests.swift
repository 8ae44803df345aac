import Foundation
import TallyCore
import TallyRender
import Testing

/// The share image's SVG: 1200×630, every text large enough for a thumbnail, the facts it must carry, and
/// user text (the title, option names) as text.
@Suite("Share image")
struct ShareImageTests {
    @Test(arguments: ReportLanguage.allCases)
    func theCardCarriesTheResultInLargeText(_ language: ReportLanguage) throws {
        let model = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        let svg = ShareImage.svg(model, language: language, title: "<b>Next</b> & \"more\"")
        #expect(svg.contains("width=\"1200.0\" height=\"630.0\" viewBox=\"0 0 1200.0 630.0\""))
        let sizes = svg.components(separatedBy: "font-size=\"").dropFirst().compactMap {
            Double($0.prefix { $0 != "\"" })
        }
        let texts = svg.components(separatedBy: "<text ").count - 1
        // The root's font-size is the charts' default; every text sets its own, at least 28 px.
        #expect(sizes.count == texts + 1 && sizes.dropFirst().allSatisfy { $0 >= 28 }, "\(sizes)")
        #expect(svg.contains(">&lt;b&gt;Next&lt;/b&gt; &amp; &quot;more&quot;</text>") && !svg.contains("<b>"))
        let section = try #require(model.sections.first)
        let top = section.options.filter { $0.voters > 0 }.prefix(ShareImage.maximumBars)
        #expect(top.count == 5 && svg.components(separatedBy: "<rect x=\"60.0\"").count - 1 == 5)
        for option in top {
            #expect(svg.contains(">\(SVGChart.escape(option.content))</text>"))
            #expect(svg.contains(">\(option.voters)</text>"))
        }
        let footer =
            language == .english ? "15 voters counted · as of 2026-09-27 12:00" : "計入 15 人・統計到 2026-09-27 12:00"
        #expect(svg.contains(footer))
    }
}

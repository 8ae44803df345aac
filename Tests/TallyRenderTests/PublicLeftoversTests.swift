import Foundation
import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// Issue 46 item 5: no technical leftovers on the public pages of the demo (report, brief, HTML, the weekly pages
/// and index): no table name, schema id or hash name, one short fingerprint line for readers who check, and no
/// sentence addressed to the operator. The moderators' page (`--internal`) keeps the whole fingerprint: the control.
@Suite("No technical leftovers on public pages", .timeLimit(.minutes(10)))
struct PublicLeftoversTests {
    static let leftovers = [
        "`votes`", "survey_options", "`suggestions`", "moderation_log", "tally.fingerprint", "SHA-256", "Wilson",
        "--internal", "拿掉排除條件", "without the exclusion", "Highest id", "最大編號", "列數",
    ]

    @Test(arguments: ReportLanguage.allCases)
    func publicPagesShowOneFingerprintLineAndNoTableSchemaOrHashName(_ language: ReportLanguage) throws {
        let pages = try ReaderPagesTests().publicPages(language)
        #expect(pages.count == 10)
        for (name, page) in pages {
            let visible = ReaderPagesTests.visible(page)
            for word in Self.leftovers { #expect(!visible.contains(word), "\(language.rawValue) \(name): \(word)") }
            // One fingerprint line at most (the brief's settings sentence has the short form; a quiet week none).
            let lines = visible.split(separator: "\n").filter { $0.contains("66872e16") }
            #expect(lines.count <= 1, "\(language.rawValue) \(name): \(lines)")
            if name == "report" || name == "week-01.md" {
                let label = language == .english ? "Data fingerprint: `66872e16" : "資料指紋：`66872e16"
                #expect(lines.count == 1 && lines[0].hasPrefix(label), "\(language.rawValue) \(name): \(lines)")
            }
        }
        // The control: the moderators' page keeps the table, the scheme and the operator's sentence.
        var parameters = ReportParameters.demo()
        parameters.audience = .moderators
        let moderators = MarkdownReport.render(
            try Analyzer(parameters: parameters).report(from: Demo.inMemory()), language: language)
        for word in ["moderation_log", "tally.fingerprint/2", "SHA-256"] {
            #expect(moderators.contains(word), "\(word)")
        }
        #expect(moderators.contains(language == .english ? "without the exclusion" : "拿掉排除條件"))
    }
}

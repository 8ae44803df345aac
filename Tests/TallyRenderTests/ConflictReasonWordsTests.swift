import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// Why D1 did not take a decision, in the page's words: a sentence of its own for each reason (and for a
/// refusal of no known kind) in both languages, the zh-TW one without an English word or a version number.
@Suite("The moderation page: why D1 did not take a decision")
struct ConflictReasonWordsTests {
    @Test func eachReasonHasItsOwnSentenceInEachLanguage() {
        let reasons: [SyncConflictReason?] = SyncConflictReason.allCases + [nil]
        for language in ReportLanguage.allCases {
            let labels = language.moderationLabels
            let sentences = reasons.map { labels.notTaken($0) }
            #expect(Set(sentences).count == reasons.count, "\(language): one sentence per reason")
        }
        for sentence in reasons.map({ ReportLanguage.traditionalChinese.moderationLabels.notTaken($0) }) {
            #expect(PageWords.englishWords(in: sentence).isEmpty, "\(sentence)")
            #expect(!sentence.contains("版本") && !sentence.contains("工作階段"), "\(sentence)")
        }
    }
}

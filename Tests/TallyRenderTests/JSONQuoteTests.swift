import Foundation
import TallyCore
import Testing

@testable import TallyRender

/// `JSONValue.quote(_:into:)` appends the UTF-8 of text with nothing to escape whole: it must write exactly
/// what the scalar-by-scalar `quote(_:)` writes, for every kind of text.
@Suite("JSON string quoting")
struct JSONQuoteTests {
    static let samples = [
        "", "plain", "session-0001", "2026-09-19T02:06:14+08:00", "quote \" inside", "back\\slash", "tab\there",
        "line\nbreak", "\r\n", "\u{0}\u{1F}\u{7F}", "line separator \u{2028} and \u{2029}", "em dash — and …",
        "珍珠奶茶 ⓘ", "e\u{301}", "🇹🇼 flag", "\u{E2}", "ends with \\",
    ]

    @Test(arguments: JSONQuoteTests.samples)
    func appendingEqualsQuoting(text: String) {
        var output = Array("prefix ".utf8)
        JSONValue.quote(text, into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "prefix " + JSONValue.quote(text))
    }

    @Test func randomTextEqualsQuoting() {
        var random = SplitMix64(seed: 7)
        let alphabet: [Unicode.Scalar] = [
            "a", "\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}", "—", "é", "珍", "😀",
        ]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.unicodeScalars.append(alphabet.randomElement(using: &random)!)
            }
            var output: [UInt8] = []
            JSONValue.quote(text, into: &output)
            #expect(String(decoding: output, as: UTF8.self) == JSONValue.quote(text), "\(Array(text.unicodeScalars))")
        }
    }
}

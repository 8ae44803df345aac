import Testing

@testable import TallyCLI

/// The repeated-key check `tally.json` needs because JSONSerialization keeps one value silently.
@Suite("JSONKeyCheck: repeated keys in any object")
struct JSONKeyCheckTests {
    static func duplicate(_ json: String) -> String? {
        JSONKeyCheck.firstDuplicateKey(in: Array(json.utf8))
    }

    @Test func repeatsAreFoundWhereverTheyAre() {
        #expect(Self.duplicate(#"{"a": 1, "b": 2, "a": 3}"#) == "a")
        #expect(Self.duplicate(#"{"outer": {"x": [1, {"y": 1, "y": 2}]}}"#) == "y")
        #expect(Self.duplicate(#"[{"k": "v"}, {"k": "v", "k": "w"}]"#) == "k")
        // The same key after decoding escapes is the same key.
        #expect(Self.duplicate(#"{"lang": "en", "l\u0061ng": "zh-TW"}"#) == "lang")
        #expect(Self.duplicate(#"{"\ud83d\ude00": 1, "😀": 2}"#) == "😀")
    }

    @Test func distinctKeysAndKeysInOtherObjectsAreFine() {
        #expect(Self.duplicate(#"{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}"#) == nil)
        #expect(Self.duplicate(#"{"a\"b": "x", "a": "{\"a\": 1}", "s": "a,b}"}"#) == nil)
        #expect(Self.duplicate(#"{"n": -1.5e3, "t": true, "f": false, "z": null, "e": {}, "l": []}"#) == nil)
        #expect(Self.duplicate("[1, 2, 3]") == nil)
    }
}

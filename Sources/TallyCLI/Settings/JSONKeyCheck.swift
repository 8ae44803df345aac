import Foundation

/// What `JSONSerialization` does not say about a config's JSON text: a key repeated in one object
/// (it keeps one of the values without a word, silently dropping a setting the user wrote) and a
/// number too large for a Double (it refuses the text as if it were not JSON).
///
/// A lenient walk over the tokens: strings (an object's keys are the strings after `{` or `,`,
/// decoded by `JSONDecoder`, escapes included, before comparing), brackets and bare words.
enum JSONKeyCheck {
    /// The first key that appears twice in one object, or nil.
    static func firstDuplicateKey(in bytes: [UInt8]) -> String? { scan(bytes).duplicate }

    /// The first number too large for a Double (such as `1e400`), with the key it is the value of;
    /// nil when there is none. Works on text `JSONSerialization` refused.
    static func firstOutOfRangeNumber(in bytes: [UInt8]) -> (key: String?, number: String)? { scan(bytes).outOfRange }

    private static func scan(_ bytes: [UInt8]) -> (duplicate: String?, outOfRange: (key: String?, number: String)?) {
        // The keys seen in each open object; nil for an open list.
        var open: [Set<String>?] = []
        var expectingKey = false
        var key: String?
        var outOfRange: (key: String?, number: String)?
        var index = 0
        while index < bytes.count {
            let start = index
            index += 1
            switch UnicodeScalar(bytes[start]) {
            case "{", "[":
                open.append(bytes[start] == UInt8(ascii: "{") ? [] : nil)
                expectingKey = bytes[start] == UInt8(ascii: "{")
            case "}", "]":
                _ = open.popLast()
                expectingKey = false
            case ",": expectingKey = (open.last ?? nil) != nil
            case ":": expectingKey = false
            case " ", "\t", "\n", "\r": break
            case "\"":
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(index + 1, bytes.count)
                guard expectingKey, var keys = open.last ?? nil else { continue }
                let text = (try? JSONDecoder().decode(String.self, from: Data(bytes[start..<index]))) ?? ""
                if !keys.insert(text).inserted { return (text, outOfRange) }
                open[open.count - 1] = keys
                key = text
            default:
                // A number, true, false or null: up to the next delimiter.
                while index < bytes.count, !",]}: \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                let token = String(decoding: bytes[start..<index], as: UTF8.self)
                if outOfRange == nil, token.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) }),
                    Double(token)?.isInfinite == true
                {
                    outOfRange = (key, token)
                }
            }
        }
        return (nil, outOfRange)
    }
}

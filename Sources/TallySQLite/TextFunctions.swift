/// SQLite's `unhex()` and `unistr()` as plain functions over UTF-8 bytes, for
/// libraries older than the ones that have them (unhex came in 3.41, unistr in
/// 3.50; Debian 12 ships 3.40). Newer `sqlite3` shells write both into dumps.
///
/// They follow https://sqlite.org/lang_corefunc.html#unhex and #unistr, and
/// are tested against SQLite 3.54 itself (through Python's apsw) on the same inputs.
package enum TextFunctions {
    /// `unhex(X, Y)`: the bytes whose hexadecimal digits X holds, in pairs.
    /// Characters of `ignoring` (Y) may stand between pairs, never inside one;
    /// any other character, or an odd digit, makes the result nil (SQL NULL).
    package static func unhex(_ text: [UInt8], ignoring: [UInt8] = []) -> [UInt8]? {
        let allowed = Set(UTF8Scalars(ignoring))
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 2)
        var index = 0
        // SQLite reads the argument as C text: a NUL ends it.
        while index < text.count, text[index] != 0 {
            guard let high = hexValue(text[index]) else {
                let (scalar, length) = UTF8Scalars.decode(text, at: index)
                guard allowed.contains(scalar) else { return nil }
                index += length
                continue
            }
            guard index + 1 < text.count, let low = hexValue(text[index + 1]) else { return nil }
            output.append(high << 4 | low)
            index += 2
        }
        return output
    }

    /// Why `unistr` refused its argument; SQLite's own message.
    package static let invalidEscape = "invalid Unicode escape"

    /// `unistr(X)`: X with its escapes replaced by the characters they name —
    /// `\XXXX` and `\uXXXX` (4 hex digits), `\+XXXXXX` (6), `\UXXXXXXXX` (8) —
    /// and `\\` by one backslash. Nil for any other backslash, as SQLite raises
    /// "invalid Unicode escape". Also nil, where SQLite would write bytes that
    /// are not UTF-8, for a surrogate or a value above U+10FFFF: tally never
    /// stores text that is not what the dump meant.
    package static func unistr(_ text: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == 0 {
                // SQLite looks for the next backslash as in C text: after a NUL it finds none.
                output.append(contentsOf: text[index...])
                break
            }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let next = index + 1 < text.count ? text[index + 1] : 0
            let digits: Int
            let start: Int
            switch next {
            case UInt8(ascii: "\\"):
                output.append(next)
                index += 2
                continue
            case UInt8(ascii: "+"): (digits, start) = (6, index + 2)
            case UInt8(ascii: "u"): (digits, start) = (4, index + 2)
            case UInt8(ascii: "U"): (digits, start) = (8, index + 2)
            default:
                guard hexValue(next) != nil else { return nil }
                (digits, start) = (4, index + 1)
            }
            guard start + digits <= text.count else { return nil }
            var value: UInt32 = 0
            for position in start..<(start + digits) {
                guard let digit = hexValue(text[position]) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
            index = start + digits
        }
        return output
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// The characters of UTF-8 bytes as code points; a byte that starts no valid
/// sequence counts as one U+FFFD, as SQLite reads malformed text.
struct UTF8Scalars: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> UInt32? {
        guard index < bytes.count else { return nil }
        let (scalar, length) = UTF8Scalars.decode(bytes, at: index)
        index += length
        return scalar
    }

    /// The code point at `index` and how many bytes it takes.
    static func decode(_ bytes: [UInt8], at index: Int) -> (UInt32, Int) {
        var decoder = UTF8()
        var iterator = bytes[index...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return (scalar.value, scalar.value < 0x80 ? 1 : scalar.value < 0x800 ? 2 : scalar.value < 0x10000 ? 3 : 4)
        }
        return (0xFFFD, 1)
    }
}

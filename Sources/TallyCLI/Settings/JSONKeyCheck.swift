/// Finds a repeated key in any object of a JSON text. Foundation's `JSONSerialization` keeps one
/// of two values for the same key without a word; in a config file that would silently drop a
/// setting the user wrote, so `ConfigFile` refuses the file instead.
///
/// It reads text already accepted by `JSONSerialization`, so it only needs to find the keys:
/// strings right after `{` or `,` inside an object, decoded (escapes included) before comparing.
enum JSONKeyCheck {
    /// The first key that appears twice in one object, or nil.
    static func firstDuplicateKey(in bytes: [UInt8]) -> String? {
        var reader = Reader(bytes: bytes)
        return reader.value()
    }

    /// The first number too large for a Double (such as `1e400`, which `JSONSerialization` refuses
    /// as if the text were not JSON), with the key it is the value of; nil when there is none.
    /// Read leniently, so it also works on the text `JSONSerialization` refused.
    static func firstOutOfRangeNumber(in bytes: [UInt8]) -> (key: String?, number: String)? {
        var reader = Reader(bytes: bytes)
        _ = reader.value()
        return reader.outOfRange
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        /// The key whose value is being read, for `outOfRange`.
        var key: String?
        /// The first number whose magnitude overflows a Double, and its key.
        var outOfRange: (key: String?, number: String)?

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// Reads one value; returns a duplicate key found inside it.
        mutating func value() -> String? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""):
                _ = string()
                return nil
            default:
                // A number, true, false or null: up to the next delimiter.
                let start = index
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                let token = String(decoding: bytes[start..<index], as: UTF8.self)
                if outOfRange == nil, token.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) }),
                    let number = Double(token), number.isInfinite
                {
                    outOfRange = (key, token)
                }
                return nil
            }
        }

        mutating func object() -> String? {
            index += 1
            var keys: Set<String> = []
            while true {
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return nil
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                let key = string()
                if !keys.insert(key).inserted { return key }
                self.key = key
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
                if let duplicate = value() { return duplicate }
            }
        }

        mutating func array() -> String? {
            index += 1
            while true {
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return nil
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if let duplicate = value() { return duplicate }
            }
        }

        /// Reads a string starting at its opening quote and decodes its escapes.
        mutating func string() -> String {
            index += 1
            var scalars: [UInt8] = []
            var units: [UInt16] = []
            func flushUnits() {
                scalars += Array(String(decoding: units, as: UTF16.self).utf8)
                units = []
            }
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    let escape = bytes[index + 1]
                    index += 2
                    if escape == UInt8(ascii: "u"), index + 4 <= bytes.count,
                        let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    {
                        units.append(unit)
                        index += 4
                        continue
                    }
                    flushUnits()
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    default: scalars.append(escape)
                    }
                } else {
                    flushUnits()
                    scalars.append(bytes[index])
                    index += 1
                }
            }
            flushUnits()
            index += 1
            return String(decoding: scalars, as: UTF8.self)
        }
    }
}

/// A JSON document built in code and written deterministically: object keys keep
/// the order they were given, numbers are written without locale or float noise,
/// so the same report gives the same bytes on every run.
package indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A number written with a fixed count of decimals.
    case number(Double, decimals: Int)
    case string(String)
    case array([JSONValue])
    /// Key–value pairs in the order they are written.
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// An integer or null.
    package static func int(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }
    /// A string or null.
    package static func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The document as text, pretty-printed with two-space indents and a final newline; `reused` holds the
    /// text of an array written before, copied wherever the document holds that very array again.
    package func serialized(reusing reused: ReusedArray? = nil) -> String {
        var output: [UInt8] = []
        write(into: &output, indent: 0, reused: reused)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    /// One array whose text is written once for many documents: a weekly run's exclusion ledger is the same
    /// rows in nearly every week's JSON, half of its bytes. The array is known by its storage, which this
    /// holds, so no other array can take it while its text is kept.
    package final class ReusedArray {
        private var items: [JSONValue] = []
        private var indent = -1
        private var text: [UInt8] = []

        package init() {}

        /// From now on, `items` is the array whose text is kept.
        package func hold(_ items: [JSONValue]) {
            (self.items, indent, text) = (items, -1, [])
        }

        /// The text of `items` at `indent` when they are the array held (written the first time), else nil.
        fileprivate func text(of items: [JSONValue], indent: Int) -> [UInt8]? {
            guard items.count == self.items.count, Self.sameStorage(items, self.items) else { return nil }
            if indent != self.indent {
                text = []
                JSONValue.array(items).write(into: &text, indent: indent, reused: nil)
                self.indent = indent
            }
            return text
        }

        private static func sameStorage(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
            a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
        }
    }

    /// Indents of up to this many levels are made once, not per container (a weekly page's JSON
    /// has thousands of containers; making each indent again was a visible share of rendering).
    private static let indents = (0...16).map { Array(repeating: UInt8(ascii: " "), count: 2 * $0) }

    private static func indent(_ level: Int, into output: inout [UInt8]) {
        if level < indents.count {
            output += indents[level]
        } else {
            output += repeatElement(UInt8(ascii: " "), count: 2 * level)
        }
    }

    /// Writes into bytes, not a `String`: appending UTF-8 to an array is a copy, where a string
    /// append checks and grows its storage on every one of a weekly run's millions of pieces.
    private func write(into output: inout [UInt8], indent: Int, reused: ReusedArray?) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): output += String(value).utf8
        case .number(let value, let decimals):
            output += (value.isFinite ? NumberText.fixed(value, decimals: decimals) : "null").utf8
        case .string(let text): JSONValue.quote(text, into: &output)
        case .array(let items):
            if let text = reused?.text(of: items, indent: indent) {
                output += text
                return
            }
            if items.isEmpty {
                output += "[]".utf8
                return
            }
            output += "[\n".utf8
            for (index, item) in items.enumerated() {
                JSONValue.indent(indent + 1, into: &output)
                item.write(into: &output, indent: indent + 1, reused: reused)
                output += (index == items.count - 1 ? "\n" : ",\n").utf8
            }
            JSONValue.indent(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let pairs):
            if pairs.isEmpty {
                output += "{}".utf8
                return
            }
            output += "{\n".utf8
            for (index, (key, value)) in pairs.enumerated() {
                JSONValue.indent(indent + 1, into: &output)
                JSONValue.quote(key, into: &output)
                output += ": ".utf8
                value.write(into: &output, indent: indent + 1, reused: reused)
                output += (index == pairs.count - 1 ? "\n" : ",\n").utf8
            }
            JSONValue.indent(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `quote(text)` to `output`; text with nothing to escape (nearly all of it) is
    /// appended whole instead of scalar by scalar.
    static func quote(_ text: String, into output: inout [UInt8]) {
        guard text.utf8.contains(where: JSONValue.mayNeedEscape) else {
            output.append(UInt8(ascii: "\""))
            output += text.utf8
            output.append(UInt8(ascii: "\""))
            return
        }
        output += quote(text).utf8
    }

    /// True for a UTF-8 byte that may start something `quote` escapes: a control character, a
    /// quote, a backslash, or 0xE2, the first byte of U+2028 and U+2029.
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    package static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

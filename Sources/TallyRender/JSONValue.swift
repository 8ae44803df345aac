/// A JSON document built in code and written deterministically: object keys keep
/// the order they were given, numbers are written without locale or float noise,
/// so the same report gives the same bytes on every run.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A number written with a fixed count of decimals.
    case number(Double, decimals: Int)
    case string(String)
    case array([JSONValue])
    /// Key–value pairs in the order they are written.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// An integer or null.
    public static func int(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }
    /// A string or null.
    public static func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The document as text, pretty-printed with two-space indents and a final newline.
    public func serialized() -> String {
        var output = ""
        write(into: &output, indent: 0)
        return output + "\n"
    }

    private func write(into output: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value, let decimals):
            output += value.isFinite ? NumberText.fixed(value, decimals: decimals) : "null"
        case .string(let text): output += JSONValue.quote(text)
        case .array(let items):
            if items.isEmpty {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += pad
                item.write(into: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += closing + "]"
        case .object(let pairs):
            if pairs.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in pairs.enumerated() {
                output += pad + JSONValue.quote(key) + ": "
                value.write(into: &output, indent: indent + 1)
                output += index == pairs.count - 1 ? "\n" : ",\n"
            }
            output += closing + "}"
        }
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    public static func quote(_ text: String) -> String {
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

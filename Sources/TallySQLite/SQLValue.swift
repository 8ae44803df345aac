/// A value SQLite stores or binds: one of its five storage classes.
///
/// See https://sqlite.org/datatype3.html — every value in SQLite has exactly
/// one of these classes, whatever the column's declared type.
package enum SQLValue: Equatable, Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as an integer, when it is one.
    package var int64: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The value as text, when it is text.
    package var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The value as a double, converting integers.
    package var double: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    package var isNull: Bool { self == .null }
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral,
    ExpressibleByFloatLiteral
{
    package init(stringLiteral value: String) { self = .text(value) }
    package init(integerLiteral value: Int64) { self = .integer(value) }
    package init(nilLiteral: ()) { self = .null }
    package init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue {
    /// Text or NULL.
    package init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    /// Integer or NULL.
    package init(_ number: Int64?) { self = number.map(SQLValue.integer) ?? .null }
    /// Integer or NULL.
    package init(_ number: Int?) { self = number.map { .integer(Int64($0)) } ?? .null }
}

/// SQLite's storage classes (https://sqlite.org/datatype3.html), named as `typeof()` names them.
package enum StorageClass: String, Sendable, Equatable {
    case null, integer, real, text, blob
}

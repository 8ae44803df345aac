/// One result row copied out of a statement: column names and values.
public struct Row: Equatable, Sendable {
    /// Column names in result order.
    public let columns: [String]
    /// Values in result order.
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value at a column position.
    public subscript(index: Int) -> SQLValue { values[index] }

    /// The value of the first column with this name, or nil when there is no such column.
    public subscript(name: String) -> SQLValue? {
        columns.firstIndex(of: name).map { values[$0] }
    }
}

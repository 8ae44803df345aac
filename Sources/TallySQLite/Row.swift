/// One result row copied out of a statement: column names and values.
package struct Row: Equatable, Sendable {
    /// Column names in result order.
    package let columns: [String]
    /// Values in result order.
    package let values: [SQLValue]

    package init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value at a column position.
    package subscript(index: Int) -> SQLValue { values[index] }

    /// The value of the first column with this name, or nil when there is no such column.
    package subscript(name: String) -> SQLValue? {
        columns.firstIndex(of: name).map { values[$0] }
    }
}

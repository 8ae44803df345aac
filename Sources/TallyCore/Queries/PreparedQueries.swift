import TallySQLite

/// The statements of one or more reports read on one connection, each prepared once: a weekly run makes a report
/// at each of its 105 boundaries, and preparing the shipped queries again for each (their values written into
/// the text) was a tenth of a 104-week run's instructions. A shipped query's parameters are bound
/// (`PortableQuery.bindable`), which gives the rows `filled` with the same values gives.
final class PreparedQueries {
    let db: Connection
    /// By SQL text.
    private var statements: [String: Statement] = [:]
    /// Shipped queries by name, with their parameters in the order they are bound.
    private var shipped: [String: (statement: Statement, parameters: [PortableQuery.Parameter])] = [:]

    init(_ db: Connection) { self.db = db }

    /// `sql` with `values` bound, ready to step.
    func statement(_ sql: String, _ values: [SQLValue] = []) throws -> Statement {
        let statement = try statements[sql] ?? db.prepare(sql)
        statements[sql] = statement
        try statement.bind(values)
        return statement
    }

    /// The shipped query `name` with `values` bound (the file's own value for a parameter not given), ready to step.
    func statement(_ name: String, _ values: [String: QueryValue]) throws -> Statement {
        if shipped[name] == nil {
            let query = try PortableQuery.named(name)
            shipped[name] = (try db.prepare(query.bindable), query.parameters)
        }
        let (statement, parameters) = shipped[name]!
        try statement.bind(parameters.map { (values[$0.name] ?? $0.value).bound })
        return statement
    }

    /// Every row of the shipped query `name` with `values`.
    func rows(_ name: String, _ values: [String: QueryValue]) throws -> [Row] {
        let statement = try statement(name, values)
        var rows: [Row] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }
}

extension QueryValue {
    /// The value bound in place of the literal.
    fileprivate var bound: SQLValue {
        switch self {
        case .null: .null
        case .integer(let value): .integer(value)
        case .text(let text): .text(text)
        }
    }
}

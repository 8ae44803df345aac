import TallyCore

/// Every figure of a report once, in one list that both machine writers read (docs/report-json.md,
/// docs/report-csv.md): a record is a leaf of the JSON document (its path and value) and, when the long CSV holds
/// it, the cell it fills there. The walk (`ReportRecords+Walk.swift`) goes in the JSON's order; each CSV row has a
/// place of its own (its table's group in `CSVReport.tableGroups`, then its `order`, then when it was made), so
/// neither format's order bends the other's.
struct ReportRecords {
    /// A step of a JSON path: an object's key or an array's position.
    enum Step: Equatable, ExpressibleByStringLiteral {
        case key(String)
        case index(Int)

        init(stringLiteral key: String) { self = .key(key) }
    }

    /// One CSV row: its table, its place within the table's group, and the cells that pick it (the option's id on
    /// its `option_with_excluded` row, `counted` on a leader row): text that repeats a figure or names the row.
    struct Row {
        var table: String
        var order: [Int]
        var cells: [CSVReport.Column: CSVWriter.Field]
    }

    /// One figure: where it sits in the JSON, its value, and the CSV cell it fills (none: a figure the CSV says
    /// with another, as `excluded[].in_data` with the row's `votes`).
    struct Record {
        var path: [Step]
        var value: JSONValue
        var cell: Cell?
    }

    struct Cell {
        var row: Int
        var column: CSVReport.Column
        var field: CSVWriter.Field
    }

    let zone: Zone
    /// Session ids only for moderators (`--internal`): a public report keeps every row and key, without them.
    let showsSessions: Bool
    private(set) var rows: [Row] = []
    private(set) var records: [Record] = []

    /// A new CSV row of `table`; its index, for the figures that fill it.
    mutating func row(
        _ table: String, order: [Int] = [], label: String? = nil, _ cells: [CSVReport.Column: CSVWriter.Field] = [:]
    ) -> Int {
        var cells = cells
        if let label { cells[.label] = .text(label) }
        rows.append(Row(table: table, order: order, cells: cells))
        return rows.count - 1
    }

    /// Adds a figure at `path`, written in `column` of `row` in the CSV (as `field` when that is not the value's
    /// own text: `ahead_of:3`, `ongoing`). A value that opens an array (`.array([])`) is the array when nothing is
    /// added under it.
    mutating func add(
        _ path: [Step], _ value: JSONValue, _ row: Int? = nil, _ column: CSVReport.Column? = nil,
        field: CSVWriter.Field? = nil
    ) {
        let cell = row.flatMap { row in column.map { Cell(row: row, column: $0, field: field ?? Self.field(value)) } }
        records.append(Record(path: path, value: value, cell: cell))
    }

    /// A time in the report's zone, as both formats write it; null for none.
    func time(_ instant: Instant?) -> JSONValue { instant.map { .string(ReportText.iso8601($0, zone)) } ?? .null }

    /// A session id, or null on a public report.
    func session(_ id: String?) -> JSONValue { showsSessions ? .text(id) : .null }

    /// A share, interval bound, chance or lift with 4 decimals; null for nil.
    static func fraction(_ value: Double?) -> JSONValue { value.map { .number($0, decimals: 4) } ?? .null }

    /// A JSON leaf as the CSV cell that says the same: a yes/no as `true`/`false`, null as an empty cell.
    static func field(_ value: JSONValue) -> CSVWriter.Field {
        switch value {
        case .null, .array, .object: return .empty
        case .bool(let flag): return .text(flag ? "true" : "false")
        case .integer(let number): return .integer(number)
        case .number(let number, let decimals): return .number(number, decimals: decimals)
        case .string(let text): return .text(text)
        }
    }

    /// The JSON document: each record's value at its path, keys in the order they were first written.
    var document: JSONValue { Self.tree(records[...], depth: 0) }

    /// The value the records (all under one path of length `depth`) make.
    static func tree(_ records: ArraySlice<Record>, depth: Int) -> JSONValue {
        let children = records.filter { $0.path.count > depth }
        guard let first = children.first else { return records.first?.value ?? .null }
        var groups: [(step: Step, records: ArraySlice<Record>)] = []
        var start = children.startIndex
        for index in children.indices.dropFirst() where children[index].path[depth] != children[start].path[depth] {
            groups.append((children[start].path[depth], children[start..<index]))
            start = index
        }
        groups.append((children[start].path[depth], children[start...]))
        if case .index = first.path[depth] { return .array(groups.map { tree($0.records, depth: depth + 1) }) }
        return .object(
            groups.map { group in
                guard case .key(let key) = group.step else { return ("", .null) }
                return (key, tree(group.records, depth: depth + 1))
            })
    }

    /// The long CSV's rows, each with its fields in `CSVReport.Column` order, in the file's order.
    var table: [(table: String, fields: [CSVWriter.Field])] {
        var fields = rows.map { row in
            CSVReport.Column.allCases.map { column in column == .table ? .text(row.table) : row.cells[column] ?? .empty
            }
        }
        for record in records {
            guard let cell = record.cell, let column = CSVReport.Column.allCases.firstIndex(of: cell.column) else {
                continue
            }
            fields[cell.row][column] = cell.field
        }
        let group = CSVReport.tableGroup
        let order = rows.indices.sorted { a, b in
            let (left, right) = (rows[a], rows[b])
            let (leftGroup, rightGroup) = (group[left.table] ?? .max, group[right.table] ?? .max)
            if leftGroup != rightGroup { return leftGroup < rightGroup }
            if left.order != right.order { return left.order.lexicographicallyPrecedes(right.order) }
            return a < b
        }
        return order.map { (rows[$0].table, fields[$0]) }
    }
}

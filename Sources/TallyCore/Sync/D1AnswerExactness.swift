import TallySQLite

/// Which values of D1's JSON answers stand for one stored value only, judged by the column that
/// holds them, so that a pull through the query API copies each value exactly or refuses.
///
/// D1's query API writes every number as a JavaScript number (`JSON.stringify`): an integer past
/// 2^53 − 1 comes back rounded, and a REAL without a fraction (3.0) as 3, like the INTEGER 3.
/// Strings, NULL and blobs (arrays of byte values) come back whole, and a number with a fraction
/// or exponent is the REAL it was. Where the column's affinity (SQLite's rules on its declared
/// type, the same on D1 and in the copy) makes the copy store the value as D1 did, the answer is
/// exact: a whole number in a REAL column becomes that REAL again, and a column of INTEGER or
/// NUMERIC affinity holds a whole-valued REAL as an INTEGER on D1 too. Only a whole number in a
/// column without a type (or STRICT `ANY`), and an integer past 2^53 − 1 outside a REAL column,
/// cannot be told apart: those are refused (`QueryPullError.inexactValue`).
struct D1AnswerExactness {
    /// SQLite's column affinity; `none` also stands for a STRICT table's `ANY`.
    enum Affinity: Equatable {
        case integer, text, none, real, numeric

        /// SQLite's rules (datatype3.html, "Determination Of Column Affinity"), in their order.
        init(declaredType: String, strict: Bool) {
            let type = declaredType.uppercased()
            if strict, type == "ANY" {
                self = .none
            } else if type.contains("INT") {
                self = .integer
            } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
                self = .text
            } else if type.contains("BLOB") || type.isEmpty {
                self = .none
            } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
                self = .real
            } else {
                self = .numeric
            }
        }
    }

    /// JavaScript's largest exact integer, 2^53 − 1.
    static let largestExact: Int64 = 9_007_199_254_740_991

    /// Affinity of each column, by table; a table missing here is judged by the 2^53 rule only.
    private var affinities: [String: [String: Affinity]] = [:]

    /// The columns of `tables` (D1's names and `CREATE TABLE` statements), read by creating each
    /// table in an empty in-memory database: SQLite parses its own declared types. A statement
    /// SQLite here cannot run (a virtual table of a module it lacks) leaves that table unjudged;
    /// the import refuses it anyway.
    init(tables: [(name: String, sql: String)]) throws {
        let db = try Connection(path: ":memory:", mode: .create)
        for table in tables {
            guard (try? db.execute(table.sql)) != nil else { continue }
            let strict = try db.scalar("SELECT strict FROM pragma_table_list WHERE name = ?", [.text(table.name)])
            var columns: [String: Affinity] = [:]
            for row in try db.query("SELECT name, type FROM pragma_table_info(?)", [.text(table.name)]) {
                guard let name = row[0].string else { continue }
                columns[name] = Affinity(declaredType: row[1].string ?? "", strict: strict?.int64 == 1)
            }
            affinities[table.name] = columns
        }
    }

    /// The column names of `table` (in no particular order); nil for a table SQLite here could not read.
    func columns(of table: String) -> [String]? {
        affinities[table].map { $0.keys.sorted() }
    }

    /// Throws `QueryPullError.inexactValue` for the first value of `row` (the `position`-th row of
    /// `table` in D1's answer, counted from 0) that the copy could store otherwise than D1 does.
    func check(_ row: Row, table: String, position: Int) throws {
        let columns = affinities[table]
        for (column, value) in zip(row.columns, row.values) {
            guard case .integer(let number) = value else { continue }
            let affinity = columns?[column]
            if affinity == .real { continue }
            let reason: QueryPullError.Inexact
            if number > Self.largestExact || number < -Self.largestExact {
                reason = .beyondJavaScript(number)
            } else if affinity == Affinity.none {
                reason = .wholeNumberWithoutType(number)
            } else {
                continue
            }
            let place: String
            if case .integer(let id)? = row["id"] {
                place = "the row with id \(id)"
            } else {
                place = "row \(position + 1) of D1's answer"
            }
            throw QueryPullError.inexactValue(table: table, column: column, row: place, reason: reason)
        }
    }
}

import TallySQLite
import Testing

/// The report's hot loop reads each column once through `Statement.column(at:)`; these pin down
/// that a `ColumnValue` answers exactly what the per-call accessors answer, for every storage class.
@Suite("Statement.column(at:)")
struct ColumnValueTests {
    private static let values: [SQLValue] = [
        .null, .integer(0), .integer(-42), .integer(Int64.max), .real(2.5), .text(""), .text("投票 | vote"),
        .text("2026-09-18 18:06:00"), .text("12abc"), .blob([]), .blob([0x00, 0xFF, 0x41]),
    ]

    @Test(arguments: values)
    func agreesWithTheStatementAccessors(_ value: SQLValue) throws {
        let db = try Connection(path: ":memory:", mode: .create)
        // Two statements on the same value: each answer is read before any conversion on its own row.
        let byStatement = try db.prepare("SELECT ?")
        let byColumn = try db.prepare("SELECT ?")
        for statement in [byStatement, byColumn] {
            try statement.bind([value])
            #expect(try statement.step())
        }
        let column = byColumn.column(at: 0)
        #expect(column.storageClass == byStatement.storageClass(at: 0))
        #expect(column.isNull == byStatement.isNull(at: 0))
        #expect(column.withTextBytes { Array($0) } == byStatement.withTextBytes(at: 0) { Array($0) })
        #expect(column.int64 == byStatement.int64(at: 0))
    }

    @Test func readsEachColumnOfARow() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let statement = try db.prepare("SELECT 'session-1', NULL, 7, X'41'")
        #expect(try statement.step())
        #expect(statement.column(at: 0).withTextBytes { String(decoding: $0, as: UTF8.self) } == "session-1")
        #expect(statement.column(at: 1).isNull)
        #expect(statement.column(at: 1).withTextBytes { $0.count } == 0)
        #expect(statement.column(at: 2).storageClass == .integer)
        #expect(statement.column(at: 2).int64 == 7)
        #expect(statement.column(at: 3).storageClass == .blob)
        #expect(statement.column(at: 3).withTextBytes { Array($0) } == [0x41])
        #expect(try !statement.step())
    }
}

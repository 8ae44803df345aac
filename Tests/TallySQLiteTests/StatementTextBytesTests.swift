import TallySQLite
import Testing

/// The report's hot loop reads text columns through `withTextBytes` without
/// allocating Strings; these pin down what it sees for each storage class.
@Suite("Statement.withTextBytes")
struct StatementTextBytesTests {
    @Test func textIsReadAsItsUTF8Bytes() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let statement = try db.prepare("SELECT ?")
        try statement.bind([.text("投票 | vote")])
        #expect(try statement.step())
        let bytes = statement.withTextBytes(at: 0) { Array($0) }
        #expect(bytes == Array("投票 | vote".utf8))
    }

    @Test func nullIsEmptyAndDistinguishableByIsNull() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let statement = try db.prepare("SELECT NULL, ''")
        #expect(try statement.step())
        #expect(statement.withTextBytes(at: 0) { $0.count } == 0)
        #expect(statement.withTextBytes(at: 1) { $0.count } == 0)
        #expect(statement.isNull(at: 0))
        #expect(!statement.isNull(at: 1))
    }

    @Test func integersAreConvertedToTheirDecimalText() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let statement = try db.prepare("SELECT 1789754760")
        #expect(try statement.step())
        #expect(statement.withTextBytes(at: 0) { String(decoding: $0, as: UTF8.self) } == "1789754760")
    }
}

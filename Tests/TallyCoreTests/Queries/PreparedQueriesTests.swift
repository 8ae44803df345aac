import TallySQLite
import Testing

@testable import TallyCore

/// A report's shipped queries are prepared once per run and their parameters bound (`PreparedQueries`): every
/// file gives the rows it gives filled in as text, for one set of values after another on the same statement.
@Suite("queries/ prepared once, parameters bound", .timeLimit(.minutes(5)))
struct PreparedQueriesTests {
    @Test func boundRowsAreTheFilledRowsForEachSetOfValues() throws {
        let db = try Demo.inMemory()
        let sets = [
            FilledQueryTests.hostileValues(),
            ReportParameters(zone: .utc, asOf: Instant.utc("2026-10-08 00:00:00")).queryValues,
            ReportParameters(
                zone: .utc, excludeBefore: Instant.utc("2026-09-18 18:11:00"), asOf: Instant.utc("2026-09-25 00:00:00"),
                through: Instant.utc("2026-09-24 23:59:59")
            ).queryValues,
            FilledQueryTests.hostileValues(),
        ]
        let queries = PreparedQueries(db)
        var compared = 0
        for values in sets {
            for query in try PortableQuery.all() {
                let filled = try db.query(query.filled(values))
                #expect(try queries.rows(query.name, values) == filled, "\(query.name)")
                compared += filled.count
            }
        }
        #expect(compared > 100)
    }
}

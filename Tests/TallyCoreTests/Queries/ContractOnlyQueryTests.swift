import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Issue 12, item 14, for `tally sql`: the queries printed for D1 run on a vote page's own
/// database (the schema contract only) in their contract-only form, and give what the local
/// analysis gives from that database.
@Suite("queries/ in their contract-only form", .timeLimit(.minutes(10)))
struct ContractOnlyQueryTests {
    static let parameters = ReportParameters.demo()

    /// Reproduction: the shipped files fail there, naming the moderation record, in the real shell.
    @Test func theShippedQueriesThatReadTheModerationRecordFailOnAContractOnlyDatabase() async throws {
        let folder = try TemporaryDirectory()
        let (_, contract) = try await ContractOnlyDatabaseTests.demoPair(in: folder)
        let readers = try PortableQuery.all().filter(\.readsModerationRecord).map(\.name)
        #expect(readers == ["approved", "fingerprint", "notes", "notes_own_option_votes", "suggestions"])
        for name in readers {
            let query = try PortableQuery.named(name)
            await #expect(throws: (any Error).self, "\(name)") {
                try await QueryShell.rows(contract, query: query, parameters: Self.parameters)
            }
            var message = ""
            do {
                try await SQLiteShell.run(
                    contract, input: query.filled(Self.parameters.queryValues), arguments: ["-batch", "-bail"])
            } catch {
                message = "\(error)"
            }
            #expect(
                message.contains("no such table: moderation_log") || message.contains("promoted_option_id"),
                "\(name): \(message)")
        }
    }

    /// The contract-only form runs there and gives the rows the local analysis reads from the
    /// same file (which stands in for the same two objects with `SchemaCheck.prepare`).
    @Test func theContractOnlyFormGivesTheLocalAnalysisRows() async throws {
        let folder = try TemporaryDirectory()
        let (_, contract) = try await ContractOnlyDatabaseTests.demoPair(in: folder)
        for through in [nil, "2026-09-24 09:55:10", "2026-09-20 00:00:00"] {
            var parameters = Self.parameters
            parameters.through = through.map { StoredTimestamp.parse($0)! }
            let local = try DatabaseFile.openForReading(contract)
            #expect(try SchemaCheck.prepare(local) == false)
            try Analyzer.provideLogTable(local)
            let plain = try DatabaseFile.openForReading(contract)  // nothing stood in for on this one
            for query in try PortableQuery.all() {
                let form = query.contractOnly()
                #expect(form.isContractOnly == query.readsModerationRecord, "\(query.name)")
                #expect(form.parameters == query.parameters, "\(query.name)")
                let values = parameters.queryValues.merging(["session_id": .null]) { a, _ in a }
                let mine = try local.query(query.filled(values))
                let printed = try plain.query(form.filled(values))
                #expect(printed == mine, "\(query.name) through \(through ?? "all")")
                // The real shell runs it too (values compared above, where both read them alike).
                let shell = try await QueryShell.rows(contract, sql: form.filled(values))
                #expect(shell.count == mine.count, "\(query.name) through \(through ?? "all")")
            }
        }
    }

    /// The stand-ins hide the moderation record even where it exists: on the migrated demo the
    /// contract-only form gives what the shipped form gives on its contract-only copy.
    @Test func theStandInsHideTheRecordWhereItExists() async throws {
        let folder = try TemporaryDirectory()
        let (migrated, contract) = try await ContractOnlyDatabaseTests.demoPair(in: folder)
        let values = Self.parameters.queryValues.merging(["session_id": .null]) { a, _ in a }
        let local = try DatabaseFile.openForReading(contract)
        try SchemaCheck.prepare(local)
        try Analyzer.provideLogTable(local)
        let full = try DatabaseFile.openForReading(migrated)
        for query in try PortableQuery.all().filter(\.readsModerationRecord) {
            let hidden = try full.query(query.contractOnly().filled(values))
            let shipped = try full.query(query.filled(values))
            #expect(hidden == (try local.query(query.filled(values))), "\(query.name)")
            // The demo has decisions and promotions, so the forms differ where the record is read.
            #expect(hidden != shipped, "\(query.name)")
        }
    }

    @Test func theFormIsKeptByFillingAndMadeOnce() async throws {
        for query in try PortableQuery.all() {
            let form = query.contractOnly()
            #expect(form.contractOnly() == form, "\(query.name)")
            let reread = try PortableQuery(name: query.name, sql: form.filled(Self.parameters.queryValues))
            #expect(reread.isContractOnly == query.readsModerationRecord, "\(query.name)")
            #expect(reread.parameterNames == query.parameterNames)
            #expect(!query.isContractOnly)
            if !query.readsModerationRecord { #expect(form == query, "\(query.name) is unchanged") }
            #expect(Connection.statements(in: form.sql).count == 1, "\(query.name)")
        }
    }
}

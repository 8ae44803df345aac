import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Issue 12, item 14: a vote page's own database (only the contract's tables) is read as it
/// is, and gives the migrated database's figures except what needs tally's columns.
@Suite("A database with only the contract's tables", .timeLimit(.minutes(10)))
struct ContractOnlyDatabaseTests {
    /// The demo, and the demo as the vote page's own database: the contract's columns only.
    static func demoPair(in folder: TemporaryDirectory) async throws -> (migrated: String, contract: String) {
        let migrated = folder.path("demo.sqlite")
        try DatabaseFile.build(at: migrated) { try Demo.write(into: $0) }
        let contract = folder.path("contract.sqlite")
        try await SQLiteShell.run(
            contract,
            input: """
                ATTACH '\(migrated)' AS d;
                CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT NOT NULL, section TEXT NOT NULL,
                  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
                CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER NOT NULL REFERENCES survey_options(id),
                  session_id TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
                CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT NOT NULL,
                  status TEXT NOT NULL DEFAULT 'pending', created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
                INSERT INTO survey_options SELECT id, content, section, created_at FROM d.survey_options;
                INSERT INTO votes SELECT id, option_id, session_id, created_at FROM d.votes;
                INSERT INTO suggestions SELECT id, session_id, content, status, created_at FROM d.suggestions;
                """, arguments: ["-bail"])
        return (migrated, contract)
    }

    /// Reproduction: this threw "missing column(s): suggestions.promoted_option_id … tally migrate".
    @Test func theFiguresAreTheMigratedOnesButForTallysColumns() async throws {
        let folder = try TemporaryDirectory()
        let (migratedPath, contractPath) = try await Self.demoPair(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: contractPath))
        let migrated = try Analyzer(parameters: .demo()).figures(from: DatabaseFile.openForReading(migratedPath))
        let contract = try Analyzer(parameters: .demo()).figures(from: DatabaseFile.openForReading(contractPath))

        #expect(migrated.moderationRecord && !contract.moderationRecord)
        #expect(contract.totals.voters == 15 && contract.totals.votes == 43 && contract.totals.votersAll == 19)
        #expect(contract.options == migrated.options)
        #expect(contract.totals == migrated.totals)
        #expect(contract.exclusions == migrated.exclusions)
        #expect(contract.days == migrated.days)
        #expect(contract.timeline == migrated.timeline)
        #expect(contract.usage == migrated.usage)
        #expect(contract.anomalies == migrated.anomalies)
        // Notes: the same counts and approved notes; the links to options are what is not available.
        #expect(contract.statuses.map(\.notes) == migrated.statuses.map(\.notes))
        #expect(contract.statuses.map(\.sessions) == migrated.statuses.map(\.sessions))
        #expect(migrated.statuses.map(\.promoted).reduce(0, +) == 2)
        #expect(contract.statuses.map(\.promoted).reduce(0, +) == 0)
        var unlinked = migrated.approved
        for index in unlinked.indices { unlinked[index].promotedOptionID = nil }
        #expect(contract.approved.count == 2)
        #expect(contract.approved == unlinked)
        // The fingerprint counts the same rows of the vote page's tables; no log entries.
        let mine = try #require(contract.fingerprint?.tables)
        let theirs = try #require(migrated.fingerprint?.tables)
        #expect(Array(mine.prefix(3)) == Array(theirs.prefix(3)))
        #expect(mine.last?.name == "moderation_log" && mine.last?.rows == 0)

        // Read as it is: the file is byte for byte the same, and nothing was made beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: contractPath)) == before)
        #expect(try Fixtures.listing(folder) == ["contract.sqlite", "demo.sqlite"])
        let model = try ReportModel(figures: contract, parameters: .demo())
        #expect(!model.suggestions.moderationRecord)
    }

    @Test func theContractItselfIsStillRequired() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("bare.sqlite")
        try await SQLiteShell.run(
            path,
            input: """
                CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT, section TEXT, created_at TEXT);
                CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER, session_id TEXT, created_at TEXT);
                CREATE TABLE suggestions (id INTEGER PRIMARY KEY, content TEXT, status TEXT, created_at TEXT);
                """)
        #expect(throws: AnalysisError.schemaMismatch(missingTables: [], missingColumns: ["suggestions.session_id"])) {
            _ = try Analyzer(parameters: .demo()).figures(from: DatabaseFile.openForReading(path))
        }
    }
}

import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// The vote pass reads on a thread of its own and counts on the caller's (`VoteReader`): batches of
/// any size give the same figures, and an error on either side ends the pass with that error,
/// without hanging, with the connection free again for the caller.
@Suite("Vote reader")
struct VoteReaderTests {
    /// The figures of one report, counted from batches of `batchRows` rows.
    static func figures(
        _ db: Connection, _ parameters: ReportParameters, batchRows: Int, onThread: Bool = true
    ) throws -> ReportFigures {
        try ReadSnapshot.read(db) { snapshot in
            let analyzer = Analyzer(parameters: parameters)
            let moderationRecord = try SchemaCheck.prepare(db)
            try Analyzer.provideLogTable(db)
            let table = try analyzer.readOptions(db)
            var scan = VoteScan(parameters: parameters, options: table, through: [parameters.through?.millis ?? .max])
            try scan.run(db.prepare(VoteScan.sql), batchRows: batchRows, onThread: onThread)
            var figures: ReportFigures?
            try scan.reports(asOf: [parameters.asOf]) {
                figures = try analyzer.figures(
                    from: PreparedQueries(db), table: table, votes: $0, moderationRecord: moderationRecord)
            }
            return figures!
        }
    }

    /// Sessions, times and ids of every hostile kind, cut across batches at every place: a session
    /// split between batches, a batch of one row, rows after the last boundary skipped at a batch's end.
    @Test(arguments: [UInt64(3), 8, 21])
    func batchesOfAnySizeGiveTheSameFigures(seed: UInt64) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("hostile.sqlite")
        var random = SplitMix64(seed: seed)
        let sessions = try HostileWeeks.database(at: path, &random)
        let db = try DatabaseFile.openForReading(path)
        var parameters = ReportParameters(
            zone: .utc, excludeBefore: .utc("2026-10-06 12:00:00"), excludedSessions: Array(sessions.prefix(2)),
            asOf: .utc("2026-12-21 00:00:00"))
        parameters.maxListed = 3
        parameters.maxExamples = 2
        for through in [nil, Instant.utc("2026-11-02 05:00:00")] {
            parameters.through = through
            let whole = try Self.figures(db, parameters, batchRows: 100_000)
            #expect(whole.totals.votesAll > 50, "seed \(seed): too few votes to cut")
            for batchRows in [1, 2, 7, 64] {
                #expect(
                    try Self.figures(db, parameters, batchRows: batchRows) == whole,
                    "seed \(seed), \(batchRows) a batch")
                // One core: the same batches, read and counted in turn on this thread.
                #expect(
                    try Self.figures(db, parameters, batchRows: batchRows, onThread: false) == whole,
                    "seed \(seed), \(batchRows) a batch, one thread")
            }
        }
    }

    /// 30,000 votes: far more than the queue holds, so the reader is still reading (or waiting for
    /// room) when either side fails.
    static func database(at path: String, outOfOrder: Bool) throws {
        try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            try db.execute("PRAGMA foreign_keys = OFF")
            try db.execute("DROP TABLE votes")
            try db.execute("CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER, session_id, created_at)")
            try db.execute("CREATE INDEX votes_session_time_option ON votes (session_id, created_at, option_id)")
            try db.execute(
                "INSERT INTO survey_options (id, content, section, created_at) VALUES (1, 'a', 'original', '2026-09-01 00:00:00')"
            )
            try db.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 29999)
                INSERT INTO votes (option_id, session_id, created_at)
                  SELECT 1, printf('s%06d', i), '2026-09-20 10:00:00' FROM n
                """)
            // A NULL id reads as empty text, so the number after it is out of the scan's order; the
            // reader has filled the queue by the time the counting finds it.
            if outOfOrder {
                try db.execute(
                    "INSERT INTO votes (option_id, session_id, created_at) VALUES (1, NULL, '2026-09-20 10:00:00'), (1, 7, '2026-09-20 10:00:00')"
                )
            }
        }
    }

    @Test func anErrorOfTheCountingStopsTheReader() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("order.sqlite")
        try Self.database(at: path, outOfOrder: true)
        let db = try DatabaseFile.openForReading(path)
        let parameters = ReportParameters(zone: .utc, asOf: .utc("2026-09-21 00:00:00"))
        for onThread in [true, false] {
            #expect(throws: AnalysisError.sessionOrder("'integer:37' came after ''")) {
                try Self.figures(db, parameters, batchRows: 4, onThread: onThread)
            }
        }
        // The reader has stopped and its statement is gone: the connection serves the next report.
        #expect(try db.scalar("SELECT count(*) FROM votes") == .integer(30_002))
    }

    @Test func anErrorOfTheReaderEndsThePass() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("votes.sqlite")
        try Self.database(at: path, outOfOrder: false)
        let db = try DatabaseFile.openForReading(path)
        let parameters = ReportParameters(zone: .utc, asOf: .utc("2026-09-21 00:00:00"))
        #expect(try Self.figures(db, parameters, batchRows: 16).totals.votesAll == 30_000)
        // SQLite stops the scan part-way (SQLITE_INTERRUPT), as Ctrl-C would.
        db.setProgressHandler(every: 100_000) { true }
        let error = #expect(throws: SQLiteError.self) { try Self.figures(db, parameters, batchRows: 16) }
        #expect(error?.code == 9, "SQLITE_INTERRUPT")
        db.setProgressHandler(nil)
        #expect(try Self.figures(db, parameters, batchRows: 16).totals.votesAll == 30_000)
    }
}

import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("Dump importer", .timeLimit(.minutes(10)))
struct DumpImporterTests {
    // MARK: Helpers

    /// What the real sqlite3 shell makes of a dump: the file run into a new database, then `.dump`.
    func shellLoad(_ dump: String, in folder: TemporaryDirectory) async throws -> String {
        let database = folder.path("oracle-\(UUID().uuidString).sqlite")
        try await SQLiteShell.run(
            database, input: try String(contentsOfFile: dump, encoding: .utf8), arguments: ["-bail"])
        return try await SQLiteShell.run(database, input: ".dump\n")
    }

    /// What tally's loader alone (no contract check, no migrations) makes of the same dump, dumped by the shell.
    func tallyLoad(_ dump: String, in folder: TemporaryDirectory) async throws -> String {
        let database = folder.path("tally-\(UUID().uuidString).sqlite")
        let importer = DumpImporter()
        try DatabaseFile.build(at: database) { db in
            try importer.prepareConnection(db)
            try db.transaction(.exclusive) { _ = try importer.load(try DumpReader(path: dump), into: db) }
        }
        return try await SQLiteShell.run(database, input: ".dump\n")
    }

    /// Runs the whole import and expects it to fail with `expected`, leaving only the dump in the folder.
    func expectRefusal<Failure: Error & Equatable>(
        _ dump: String, _ expected: Failure, in folder: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try Fixtures.listing(folder)
        #expect(throws: expected, sourceLocation: sourceLocation) {
            _ = try DumpImporter().run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
        }
        #expect(try Fixtures.listing(folder) == before, "nothing may be left behind", sourceLocation: sourceLocation)
    }

    /// The D1 fixture with `lines` put in after line `after`.
    func d1Export(inserting lines: [String] = [], after: Int = 0) throws -> String {
        var all = try Fixtures.text("d1-export-demo.sql").components(separatedBy: "\n")
        all.insert(contentsOf: lines, at: after)
        return all.joined(separator: "\n")
    }

    // MARK: Row for row, as the sqlite3 shell loads it

    @Test(arguments: ["d1-export-demo.sql", "sqlite-dump.sql"])
    func loadsEveryRowAsTheSQLiteShellDoes(_ fixture: String) async throws {
        let folder = try TemporaryDirectory()
        let expected = try await shellLoad(Fixtures.path(fixture), in: folder)
        #expect(expected.contains("INSERT INTO"))
        #expect(try await tallyLoad(Fixtures.path(fixture), in: folder) == expected)
    }

    @Test func loadsWhatTheInstalledSQLiteShellDumps() async throws {
        // The recorded fixture shows one version's format; this one shows the installed version's.
        let folder = try TemporaryDirectory()
        let source = folder.path("source.sqlite")
        try await SQLiteShell.run(source, input: try Fixtures.text("sqlite-dump-source.sql"), arguments: ["-bail"])
        let dump = try Fixtures.write(try await SQLiteShell.run(source, input: ".dump\n"), to: "fresh.sql", in: folder)
        #expect(try await tallyLoad(dump, in: folder) == (try await shellLoad(dump, in: folder)))
    }

    @Test func aStatementOverManyLinesWithSemicolonsLoadsWhole() async throws {
        let folder = try TemporaryDirectory()
        let note = (0..<3000).map { "line \($0); still the same note" }.joined(separator: "\n")
        let dump = try Fixtures.write(
            try d1Export(
                inserting: [
                    "INSERT INTO \"suggestions\" (\"id\",\"content\",\"created_at\") VALUES(99,'\(note)','2026-09-25 00:00:00');"
                ], after: 98),
            to: "long.sql", in: folder)
        let loaded = try await tallyLoad(dump, in: folder)
        #expect(loaded == (try await shellLoad(dump, in: folder)))
        #expect(loaded.contains("line 2999; still the same note"))
    }

    // MARK: The whole import

    @Test func importsAnExportWithExtraColumnsAndNoneOfTallysTables() async throws {
        let folder = try TemporaryDirectory()
        let target = folder.path("votes.sqlite")
        var reported: [DumpImporter.Progress] = []
        let importer = DumpImporter(progress: { reported.append($0) })
        let summary = try importer.run(dumpPath: Fixtures.path("d1-export-demo.sql"), target: target, replace: false)
        #expect(
            summary.tables.map(\.name) == [
                "d1_migrations", "moderation_log", "page views", "suggestions", "survey_options", "votes",
            ])
        #expect(summary.tables.filter(\.addedByTally).map(\.name) == ["moderation_log"])
        #expect(summary.tables.first { $0.name == "votes" }?.rows == 55)
        #expect(summary.rowsInserted == 2 + 7 + 55 + 6 + 4)
        #expect(summary.migrationsApplied == Migration.all.map(\.name))
        #expect(summary.foreignMigrations == ["0001_init.sql", "0002_notes.sql"])
        #expect(summary.danglingReferences.isEmpty)
        let size = try FileManager.default.attributesOfItem(atPath: Fixtures.path("d1-export-demo.sql"))[.size] as! Int
        #expect(reported.last?.bytesRead == Int64(size))
        #expect(reported.last?.rows == summary.rowsInserted)

        let db = try DatabaseFile.openForReading(target)
        #expect(try Migrator().status(of: db).pending.isEmpty)
        #expect(try SchemaContract.missing(in: db).isEmpty)
        // The vote page's own columns survive next to tally's.
        #expect(try db.scalar("SELECT hex(ip_hash) FROM votes WHERE id = 1") == .text("25262728"))
        #expect(try db.scalar("SELECT emoji FROM survey_options WHERE id = 1") == .text("🍚"))
        #expect(try db.scalar("SELECT version FROM suggestions WHERE id = 4") == .integer(0))
        #expect(try db.scalar("SELECT content FROM suggestions WHERE id = 4") == .text("週末 | 平日\n哪個比較累？"))
        #expect(try db.scalar("SELECT referrer FROM \"page views\" WHERE id = 3") == .text("line one\r\nline two"))
        #expect(try db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'page views'") == .integer(9))
        #expect(
            try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'votes_session_time_option'") == .integer(1))
        #expect(try db.scalar("PRAGMA journal_mode") == .text("delete"))
        #expect(try Fixtures.listing(folder) == ["votes.sqlite"])
    }

    @Test func continuesALedgerThatWranglerStarted() async throws {
        // An export of a D1 database that ran tally's first two migrations with wrangler.
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(
            try d1Export(
                inserting: [
                    "INSERT INTO \"d1_migrations\" (\"id\",\"name\",\"applied_at\") VALUES(3,'0001_tally_contract.sql','2026-09-17 09:00:02');",
                    "INSERT INTO \"d1_migrations\" (\"id\",\"name\",\"applied_at\") VALUES(4,'0002_tally_moderation.sql','2026-09-17 09:00:03');",
                ], after: 8), to: "d1.sql", in: folder)
        let withColumns = try String(contentsOfFile: dump, encoding: .utf8).replacingOccurrences(
            of: "  status TEXT NOT NULL DEFAULT 'pending',\n",
            with:
                "  status TEXT NOT NULL DEFAULT 'pending',\n  reviewed_by TEXT DEFAULT NULL, reviewed_at TEXT DEFAULT NULL, "
                + "review_reason TEXT DEFAULT NULL, version INTEGER NOT NULL DEFAULT 0, promoted_option_id INTEGER DEFAULT NULL,\n"
        )
        .replacingOccurrences(
            of: "CREATE TABLE IF NOT EXISTS \"page views\"",
            with:
                "CREATE TABLE moderation_log (id INTEGER PRIMARY KEY, suggestion_id INTEGER, action TEXT, from_status TEXT, "
                + "to_status TEXT, moderator TEXT, reason TEXT, created_at TEXT, version INTEGER, option_id INTEGER, "
                + "UNIQUE (suggestion_id, version));\nCREATE TABLE IF NOT EXISTS \"page views\"")
        try Fixtures.write(withColumns, to: "d1.sql", in: folder)
        let summary = try DumpImporter().run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
        #expect(summary.migrationsApplied == ["0003_tally_indexes.sql"])
        #expect(summary.tables.filter(\.addedByTally).isEmpty)
        let db = try DatabaseFile.openForReading(folder.path("out.sqlite"))
        #expect(
            try db.query("SELECT name FROM d1_migrations ORDER BY id").compactMap { $0[0].string } == [
                "0001_init.sql", "0002_notes.sql", "0001_tally_contract.sql", "0002_tally_moderation.sql",
                "0003_tally_indexes.sql",
            ])
    }

    @Test func aLedgerFromANewerTallyIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(
            try d1Export(
                inserting: [
                    "INSERT INTO \"d1_migrations\" (\"id\",\"name\",\"applied_at\") VALUES(3,'0099_tally_future.sql','2026-12-01 00:00:00');"
                ], after: 8), to: "d1.sql", in: folder)
        try expectRefusal(dump, MigrationError.databaseNewer(unknown: ["0099_tally_future.sql"]), in: folder)
    }

    @Test func aMissingContractIsNamed() async throws {
        let folder = try TemporaryDirectory()
        let text = try Fixtures.text("d1-export-demo.sql")
            .replacingOccurrences(of: "CREATE TABLE suggestions (", with: "CREATE TABLE notes (")
            .replacingOccurrences(of: "INSERT INTO \"suggestions\"", with: "INSERT INTO \"notes\"")
            .replacingOccurrences(of: "  session_id TEXT NOT NULL,\n", with: "  visitor TEXT NOT NULL,\n")
            .replacingOccurrences(
                of: "\"option_id\",\"session_id\",\"created_at\"", with: "\"option_id\",\"visitor\",\"created_at\""
            )
            .replacingOccurrences(of: "ON votes(session_id)", with: "ON votes(visitor)")
        let dump = try Fixtures.write(text, to: "d1.sql", in: folder)
        try expectRefusal(
            dump, DumpError.missingContract(["votes has no column session_id", "no table suggestions"]), in: folder)
    }

    @Test func danglingReferencesAreReported() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(
            try d1Export(
                inserting: [
                    "INSERT INTO \"votes\" (\"id\",\"option_id\",\"session_id\",\"created_at\") VALUES(1000,99,'s','2026-09-20 00:00:00');"
                ], after: 40), to: "d1.sql", in: folder)
        let summary = try DumpImporter().run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
        #expect(summary.danglingReferences == [.init(table: "votes", parent: "survey_options", rows: 1)])
    }

    // MARK: Refusals name the place and leave nothing

    @Test func hostileStatementsAreRefusedWithTheirLine() async throws {
        let folder = try TemporaryDirectory()
        let evil = folder.path("evil.sqlite")
        let copy = folder.path("copy.sqlite")
        let cases: [(String, String)] = [
            ("ATTACH DATABASE '\(evil)' AS evil;", "ATTACH DATABASE '\(evil)'"),
            ("VACUUM INTO '\(copy)';", "a statement of a kind a dump never holds: VACUUM INTO"),
            ("SELECT load_extension('\(folder.path("libevil"))');", "the function load_extension()"),
            ("INSERT INTO \"votes\" (\"id\") VALUES(load_extension('x'));", "the function load_extension()"),
            ("PRAGMA writable_schema=ON;", "PRAGMA writable_schema=ON"),
            ("PRAGMA journal_mode=OFF;", "PRAGMA journal_mode=OFF"),
            ("DROP TABLE votes;", "a DROP statement"),
            ("UPDATE votes SET option_id = 1;", "UPDATE of votes"),
            ("DELETE FROM votes;", "DELETE FROM votes"),
        ]
        for (statement, what) in cases {
            let dump = try Fixtures.write(
                try d1Export(inserting: [statement], after: 30), to: "hostile.sql", in: folder)
            #expect {
                _ = try DumpImporter().run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
            } throws: { error in
                guard case .refused(let line, let refused) = error as? DumpError else { return false }
                return line == 31 && refused.hasPrefix(what)
            }
            #expect(try Fixtures.listing(folder) == ["hostile.sql"], "after \(statement)")
        }
    }

    @Test func aTriggerDefinedBeforeTheDataThatWritesElsewhereIsRefused() async throws {
        let folder = try TemporaryDirectory()
        // Line 30 is the CREATE TABLE votes statement's end; the trigger goes right after it.
        let dump = try Fixtures.write(
            try d1Export(
                inserting: [
                    "CREATE TABLE stolen (session TEXT);",
                    "CREATE TRIGGER copy_sessions AFTER INSERT ON votes BEGIN INSERT INTO stolen VALUES (new.session_id); END;",
                ], after: 30), to: "d1.sql", in: folder)
        #expect {
            _ = try DumpImporter().run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
        } throws: { error in
            guard case .refused(let line, let what) = error as? DumpError else { return false }
            return line == 33 && what.hasPrefix("the trigger or view copy_sessions, which would INSERT INTO stolen")
        }
        #expect(try Fixtures.listing(folder) == ["d1.sql"])
    }

    @Test func aSchemaThatWouldLoadAnExtensionFromADefaultIsStoppedBySQLite() async throws {
        // DEFAULT expressions are not shown to the authorizer; the hardened
        // connection (trusted_schema off) is what stops this one.
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(
            try d1Export(
                inserting: [
                    "INSERT INTO \"votes\" (\"id\",\"option_id\",\"session_id\",\"created_at\") VALUES(1000,1,'s','2026-09-20 00:00:00');"
                ], after: 40
            ).replacingOccurrences(
                of: "  user_agent TEXT\n",
                with: "  user_agent TEXT DEFAULT (load_extension('\(folder.path("libevil"))'))\n"),
            to: "d1.sql", in: folder)
        #expect {
            _ = try DumpImporter().run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
        } throws: { error in
            guard case .rejected(let line, let message, _) = error as? DumpError else { return false }
            return line == 41 && message == "unsafe use of load_extension()"
        }
        #expect(try Fixtures.listing(folder) == ["d1.sql"])
    }

    @Test func aTriggerThatWouldWriteWhileTallyMigratesIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(
            try d1Export() + "\nCREATE TRIGGER wipe AFTER INSERT ON d1_migrations BEGIN DELETE FROM votes; END;\n",
            to: "d1.sql", in: folder)
        try expectRefusal(dump, DumpError.triggerWrites(trigger: "wipe", table: "votes"), in: folder)
    }

    @Test func aTruncatedDumpIsRefusedAtTheStatementItCuts() async throws {
        let folder = try TemporaryDirectory()
        let text = try Fixtures.text("d1-export-demo.sql")
        let cut = text.range(of: "'2026-09-18 18:06:34'")!.lowerBound
        let dump = try Fixtures.write(String(text[..<cut]), to: "cut.sql", in: folder)
        try expectRefusal(dump, DumpError.truncated(line: 32), in: folder)
    }

    @Test func aDumpCutBeforeItsSemicolonIsTruncatedToo() async throws {
        let folder = try TemporaryDirectory()
        let lines = try Fixtures.text("d1-export-demo.sql").components(separatedBy: "\n")
        let dump = try Fixtures.write(
            lines[..<31].joined(separator: "\n") + "\n" + lines[31].dropLast(), to: "cut.sql", in: folder)
        try expectRefusal(dump, DumpError.truncated(line: 32), in: folder)
    }

    @Test func aSQLiteDumpWithoutItsCommitIsIncomplete() async throws {
        let folder = try TemporaryDirectory()
        let text = try Fixtures.text("sqlite-dump.sql")
        let dump = try Fixtures.write(String(text[..<text.range(of: "COMMIT;")!.lowerBound]), to: "cut.sql", in: folder)
        try expectRefusal(dump, DumpError.unclosedTransaction(line: 2), in: folder)
    }

    @Test func aStatementSQLiteRejectsIsNamedWithSQLitesMessage() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(
            try d1Export(inserting: ["INSERT INTO \"votes\" (\"id\",\"nope\") VALUES(1,2);"], after: 30), to: "d1.sql",
            in: folder)
        try expectRefusal(
            dump,
            DumpError.rejected(
                line: 31, message: "table votes has no column named nope",
                statement: "INSERT INTO \"votes\" (\"id\",\"nope\") VALUES(1,2);"),
            in: folder)
    }

    @Test func aConstraintViolationIsRejectedWithItsLine() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(
            try d1Export(
                inserting: [
                    "INSERT INTO \"votes\" (\"id\",\"option_id\",\"session_id\",\"created_at\") VALUES(1,1,'dup','2026-09-18 18:00:00');"
                ], after: 40), to: "d1.sql", in: folder)
        #expect {
            _ = try DumpImporter().run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
        } throws: { error in
            guard case .rejected(let line, let message, _) = error as? DumpError else { return false }
            return line == 41 && message == "UNIQUE constraint failed: votes.id"
        }
        #expect(try Fixtures.listing(folder) == ["d1.sql"])
    }

    @Test func anEncodingProblemLeavesNothing() async throws {
        let folder = try TemporaryDirectory()
        var bytes = Array(try d1Export().utf8)
        let first = Array("做".utf8)[0]
        let index = bytes.firstIndex(of: first)!
        bytes[index + 1] = 0x41  // break the character's second byte
        let path = folder.path("bad.sql")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try DumpImporter().run(dumpPath: path, target: folder.path("out.sqlite"), replace: false)
        } throws: { error in
            guard case .encoding(let line, _, _, _) = error as? DumpError else { return false }
            return line == 16
        }
        #expect(try Fixtures.listing(folder) == ["bad.sql"])
    }

    @Test func anEmptyFileIsNamed() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write("-- nothing here\n", to: "empty.sql", in: folder)
        try expectRefusal(dump, DumpError.empty(path: dump), in: folder)
    }

    @Test func stoppingLeavesNothing() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(try d1Export(), to: "d1.sql", in: folder)
        var asked = 0
        let importer = DumpImporter(shouldStop: {
            asked += 1
            return asked > 40
        })
        #expect(throws: DumpError.interrupted) {
            _ = try importer.run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
        }
        #expect(try Fixtures.listing(folder) == ["d1.sql"])
    }

    @Test func theDumpCannotBeTheDatabase() async throws {
        let folder = try TemporaryDirectory()
        let dump = try Fixtures.write(try d1Export(), to: "same.sql", in: folder)
        #expect(throws: DumpError.cannotRead(path: dump, reason: "it is the database to write; choose another --db")) {
            _ = try DumpImporter().run(dumpPath: dump, target: dump, replace: true)
        }
        #expect(try Fixtures.text("d1-export-demo.sql") == (try String(contentsOfFile: dump, encoding: .utf8)))
    }
}

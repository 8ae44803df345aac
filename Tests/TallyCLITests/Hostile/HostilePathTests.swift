import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Hostile class "paths": a name means what the shell means by it. A path ending in `/` is a folder
/// or an error, never a file named without the slash; SQLite's own files beside a database are never
/// an output. Run against the built binary, or the installed one with `make hostile` (TALLY_BINARY).
@Suite("Hostile: paths mean what they say", .timeLimit(.minutes(10)))
struct HostilePathTests {
    /// A folder with the demo's database and one approval D1 has not seen.
    static func folderWithADecision() async throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        let approved = try await TallyProcess.run(
            ["notes", "approve", "3", "--as", "alice", "--db", "votes.sqlite"], in: folder.url.path)
        #expect(approved.status == 0, "\(approved.stderr)")
        return folder
    }

    /// How many decisions the copy still holds as not pushed.
    static func unpushed(_ folder: TemporaryDirectory) async throws -> String {
        let status = try await TallyProcess.run(["status", "--db", "votes.sqlite"], in: folder.url.path)
        return status.stdout
    }

    @Test func aTrailingSlashIsNeverAFile() async throws {
        let folder = try await Self.folderWithADecision()
        let before = try await Self.unpushed(folder)
        let cases: [[String]] = [
            ["report", "--db", "votes.sqlite", "-o", "reports/"],
            ["push", "--db", "votes.sqlite", "--output", "exports/"],
            ["notes", "export-sql", "--db", "votes.sqlite", "-o", "decisions/"],
            ["demo", "--db", "newdb/"],
        ]
        for arguments in cases {
            let result = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(result.status != 0, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains("ends in /, so it names a folder"), "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("Wrote"), "\(arguments): \(result.stdout)")
        }
        // Nothing was created, and the decision is still waiting to be pushed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["votes.sqlite"])
        #expect(try await Self.unpushed(folder) == before)
    }

    @Test func aFileNamedWithATrailingSlashIsNotReplaced() async throws {
        let folder = try await Self.folderWithADecision()
        try "precious\n".write(toFile: folder.path("notes.txt"), atomically: false, encoding: .utf8)
        for arguments in [
            ["report", "--db", "votes.sqlite", "-o", "notes.txt/"],
            ["push", "--db", "votes.sqlite", "--output", "notes.txt/"],
        ] {
            let result = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(result.status != 0, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains("notes.txt/ ends in /"), "\(arguments): \(result.stderr)")
            #expect(try String(contentsOfFile: folder.path("notes.txt"), encoding: .utf8) == "precious\n")
        }
    }

    @Test func aFolderNamedWithATrailingSlashIsRefusedAsAFolder() async throws {
        let folder = try await Self.folderWithADecision()
        try FileManager.default.createDirectory(atPath: folder.path("reports"), withIntermediateDirectories: false)
        let result = try await TallyProcess.run(
            ["report", "--db", "votes.sqlite", "-o", "reports/"], in: folder.url.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("is a folder; give a file name, e.g. \(folder.path("reports"))/report.md"),
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("reports")) == [])
    }

    @Test func sqliteOwnFilesBesideTheDatabaseAreNeverOutputs() async throws {
        let folder = try await Self.folderWithADecision()
        let before = try await Self.unpushed(folder)
        for suffix in ["-journal", "-wal", "-shm"] {
            for arguments in [
                ["push", "--db", "votes.sqlite", "--output", "votes.sqlite\(suffix)"],
                ["notes", "export-sql", "--db", "votes.sqlite", "-o", "votes.sqlite\(suffix)"],
                ["report", "--db", "votes.sqlite", "-o", "votes.sqlite\(suffix)"],
            ] {
                let result = try await TallyProcess.run(arguments, in: folder.url.path)
                #expect(result.status != 0, "\(arguments): \(result.stdout)")
                #expect(
                    result.stderr.contains("is the name SQLite gives its own file beside the database"),
                    "\(arguments): \(result.stderr)")
                #expect(!result.stdout.contains("Wrote"), "\(arguments): \(result.stdout)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["votes.sqlite"])
        #expect(try await Self.unpushed(folder) == before)
        // Read-only commands still work: no stray journal was left for SQLite to find.
        let report = try await TallyProcess.run(["report", "--db", "votes.sqlite"], in: folder.url.path)
        #expect(report.status == 0, "\(report.stderr)")
    }

    @Test func aJournalNameWithNoDatabaseBesideItIsAnOrdinaryFile() async throws {
        let folder = try await Self.folderWithADecision()
        let result = try await TallyProcess.run(
            ["report", "--db", "votes.sqlite", "-o", "diary-journal"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("diary-journal")))
    }
}

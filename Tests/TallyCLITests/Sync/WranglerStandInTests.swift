import Foundation
import Testing

/// The stand-in wrangler behaves as wrangler does (packages/wrangler/src/d1/execute.ts, export.ts,
/// dialogs.ts): the sync tests are only as good as it is.
@Suite("The stand-in wrangler speaks wrangler's behaviour", .serialized, .timeLimit(.minutes(10)))
struct WranglerStandInTests {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The stand-in run as tally runs it: stdin on /dev/null, stdout and stderr captured.
    static func wrangler(_ bed: SyncBed, _ arguments: [String]) async throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SyncBed.wranglerFolder + "/wrangler")
        process.arguments = arguments
        process.currentDirectoryURL = bed.folder.url
        process.environment = bed.environment()
        process.standardInput = FileHandle.nullDevice
        let output = bed.folder.path("out.txt")
        let errors = bed.folder.path("err.txt")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        await process.ended()
        return Run(
            status: process.terminationStatus, stdout: try String(contentsOfFile: output, encoding: .utf8),
            stderr: try String(contentsOfFile: errors, encoding: .utf8))
    }

    static let unavailable = "during which your D1 database will be unavailable to serve queries"

    static func offline(_ bed: SyncBed) -> [String] {
        ((try? String(contentsOfFile: bed.d1 + ".offline", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    @Test func aRemoteExportAsksAndNotOnATerminalTakesYesPrintingTheQuestionOnStdout() async throws {
        let bed = try SyncBed()
        let asked = try await Self.wrangler(bed, ["d1", "export", "votes", "--remote", "--output", "a.sql"])
        #expect(asked.status == 0)
        #expect(asked.stdout.contains("? ⚠️ This process may take some time, \(Self.unavailable).\n  Ok to proceed?"))
        #expect(asked.stdout.contains("🤖 Using fallback value in non-interactive context: yes"))
        #expect(FileManager.default.fileExists(atPath: bed.folder.path("a.sql")))
        for skip in ["--skip-confirmation", "-y"] {
            let skipped = try await Self.wrangler(
                bed, ["d1", "export", "votes", "--remote", "--output", "b.sql", skip])
            #expect(skipped.status == 0)
            #expect(!skipped.stdout.contains("Ok to proceed?"), "\(skip)")
        }
        #expect(Self.offline(bed) == ["export", "export", "export"])
    }

    @Test func executeFileWarnsOnStderrThatD1IsUnavailableUnlessJSON() async throws {
        let bed = try SyncBed()
        try "SELECT 1;\n".write(toFile: bed.folder.path("one.sql"), atomically: true, encoding: .utf8)
        let warned = try await Self.wrangler(bed, ["d1", "execute", "votes", "--remote", "--file", "one.sql", "--yes"])
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("▲ [WARNING] ⚠️ This process may take some time, \(Self.unavailable)."))
        let quiet = try await Self.wrangler(bed, ["d1", "execute", "votes", "--remote", "--file", "one.sql", "--json"])
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("WARNING"))
        #expect(Self.offline(bed) == ["execute --file", "execute --file"])
    }

    @Test func aCommandOfSeveralStatementsAnswersOneResultEachAndNeverTakesD1Offline() async throws {
        let bed = try SyncBed()
        let run = try await Self.wrangler(
            bed,
            [
                "d1", "execute", "votes", "--remote", "--json", "--command",
                "SELECT 1 AS a;\nSELECT id FROM survey_options WHERE id <= 2 ORDER BY id; SELECT 9007199254740993 AS big",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(results.count == 3)
        #expect((results[1]["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 2])
        #expect(results.allSatisfy { $0["success"] as? Bool == true && $0["meta"] is [String: Any] })
        // A JavaScript number: 2^53 + 1 comes back as 2^53.
        #expect(run.stdout.contains("9007199254740992"))
        #expect(Self.offline(bed).isEmpty)
    }

    @Test func aFailingStatementPrintsWranglersJSONErrorAndAppliesNothingOfTheRequest() async throws {
        let bed = try SyncBed()
        let run = try await Self.wrangler(
            bed,
            [
                "d1", "execute", "votes", "--remote", "--json", "--command",
                "UPDATE survey_options SET content = 'x' WHERE id = 1; SELECT * FROM no_such_table",
            ])
        #expect(run.status == 1)
        let top = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let error = try #require(top["error"] as? [String: Any])
        #expect(error["name"] as? String == "APIError")
        let notes = try #require(error["notes"] as? [[String: Any]])
        #expect((notes.first?["text"] as? String)?.hasPrefix("no such table: no_such_table") == true)
        #expect(try await bed.rows("d1.sqlite", "SELECT content = 'x' FROM survey_options WHERE id = 1") == [["0"]])
    }

    @Test func aStatementOverD1s100KBFailsAsD1Would() async throws {
        let bed = try SyncBed()
        let long = "SELECT '" + String(repeating: "x", count: 100_000) + "' AS a"
        let run = try await Self.wrangler(bed, ["d1", "execute", "votes", "--remote", "--json", "--command", long])
        #expect(run.status == 1)
        #expect(run.stdout.contains("statement too long: SQLITE_TOOBIG"))
        try (long + ";\n").write(toFile: bed.folder.path("long.sql"), atomically: true, encoding: .utf8)
        let file = try await Self.wrangler(bed, ["d1", "execute", "votes", "--remote", "--file", "long.sql", "--yes"])
        #expect(file.status == 1)
        #expect(file.stderr.contains("statement too long"))
    }

    @Test func anArgumentOver128KiBNeverReachesWranglerTheOSRefusesIt() async throws {
        let bed = try SyncBed()
        let long = "SELECT '" + String(repeating: "x", count: 128 * 1024) + "'"
        await #expect(throws: (any Error).self) {
            _ = try await Self.wrangler(bed, ["d1", "execute", "votes", "--remote", "--json", "--command", long])
        }
    }
}

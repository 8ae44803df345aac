import Foundation
import TallyCore
import TallySQLite
import Testing

/// `tally pull` reads the export once: the SHA-256 it records is of the very bytes it imported.
/// Reading twice (hash, then import) could hash one file and import another, and on a FIFO the
/// second open waited forever for a writer (the old code: `tally pull --from FIFO` hung, even
/// through SIGTERM).
@Suite("Sync pull: the export is read once", .timeLimit(.minutes(10)))
struct SyncPullReadOnceTests {
    static let export = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/d1-export-demo.sql").path
    static let time = Instant(seconds: 1_790_000_100)

    /// `sha256sum`'s answer for a file.
    static func sha256sum(_ path: String) async throws -> String {
        String(try await ToolProcess.run("sha256sum", [path]).prefix(64))
    }

    @Test func theRecordedHashIsTheImportedFilesHash() async throws {
        let folder = try TemporaryDirectory()
        let target = folder.path("local.sqlite")
        let outcome = try SyncPull(importer: DumpImporter()).run(
            exportPath: SyncPullReadOnceTests.export, target: target, source: "test", at: SyncPullReadOnceTests.time)
        #expect(outcome.origin.sha256 == (try await SyncPullReadOnceTests.sha256sum(SyncPullReadOnceTests.export)))
    }

    @Test func anExportFromAFIFOIsPulledAndHashed() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("export.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: SyncPullReadOnceTests.export))
        // The writer's open waits for the pull's one open; it writes the export once and closes.
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            try? handle.write(contentsOf: bytes)
            try? handle.close()
        }
        writer.start()
        let target = folder.path("local.sqlite")
        let outcome = try SyncPull(importer: DumpImporter()).run(
            exportPath: fifo, target: target, source: "test", at: SyncPullReadOnceTests.time)
        #expect(outcome.origin.sha256 == (try await SyncPullReadOnceTests.sha256sum(SyncPullReadOnceTests.export)))
        let votes = try await SQLiteShell.run(target, input: "SELECT count(*) FROM votes;")
        #expect(votes.trimmingCharacters(in: .whitespacesAndNewlines) == "55")
    }
}

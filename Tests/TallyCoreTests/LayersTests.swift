import Foundation
import TallyTestSupport
import Testing

/// The layer check of `make lint` (`.ci/layers.py`, docs/layers.md) passes on the repository and
/// fails on each kind of violation planted in a copy of TallyCore: a lower folder using a higher one,
/// two peers using each other, a folder in no layer, `import CSQLite`, the back-edges once tolerated.
@Suite(
    "TallyCore's layers",
    .enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3 (the check is a standard-library script)"),
    .timeLimit(.minutes(10)))
struct LayersTests {
    static let script = ToolProcess.repository.appendingPathComponent(".ci/layers.py").path

    /// Runs the check on `root`.
    static func check(_ root: String) async throws -> TallyProcess.Result {
        try await TallyProcess.run(
            ["python3", script, "--root", root], program: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// A copy of docs/layers.md and Sources/TallyCore to plant violations in.
    static func copy() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let files = FileManager.default
        try files.createDirectory(atPath: folder.path("docs"), withIntermediateDirectories: true)
        try files.createDirectory(atPath: folder.path("Sources"), withIntermediateDirectories: true)
        try files.copyItem(
            atPath: ToolProcess.repository.appendingPathComponent("docs/layers.md").path,
            toPath: folder.path("docs/layers.md"))
        try files.copyItem(
            atPath: ToolProcess.repository.appendingPathComponent("Sources/TallyCore").path,
            toPath: folder.path("Sources/TallyCore"))
        return folder
    }

    static func plant(_ text: String, at path: String, in folder: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: folder.path(path)).deletingLastPathComponent().path,
            withIntermediateDirectories: true)
        try text.write(toFile: folder.path(path), atomically: false, encoding: .utf8)
    }

    @Test func theRepositoryHoldsItsLayers() async throws {
        let result = try await Self.check(ToolProcess.repository.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("no folder uses one above or beside it"), "\(result.stdout)")
    }

    @Test func aLowerFolderUsingAHigherOneFails() async throws {
        let folder = try Self.copy()
        #expect(try await Self.check(folder.url.path).status == 0)
        // Moderation using the sync ledger again: the circle this check was made against.
        try Self.plant(
            "import TallySQLite\n\n/// Planted.\nfunc planted(_ db: Connection) throws {\n"
                + "    // SyncLedger in a comment is no use\n    _ = \"SyncLedger in a string is none\"\n"
                + "    try SyncLedger(db).createEmpty()\n}\n",
            at: "Sources/TallyCore/Moderation/Planted.swift", in: folder)
        let result = try await Self.check(folder.url.path)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: Sources/TallyCore/Moderation/Planted.swift:7: Moderation/ uses SyncLedger of Sync/, "
                    + "a folder above it (1 use)"), "\(result.stderr)")
    }

    @Test func aUseInsideAnInterpolationCounts() async throws {
        let folder = try Self.copy()
        try Self.plant(
            "let planted = \"\\(Migrator.self)\"\n", at: "Sources/TallyCore/Time/Planted.swift", in: folder)
        let result = try await Self.check(folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Time/ uses Migrator of Schema/, a folder above it"), "\(result.stderr)")
    }

    @Test func aNewFolderOrCSQLiteFails() async throws {
        let folder = try Self.copy()
        try Self.plant("enum Stray {}\n", at: "Sources/TallyCore/Stray/Stray.swift", in: folder)
        try Self.plant("import CSQLite\n", at: "Sources/TallyCore/Database/Planted.swift", in: folder)
        let result = try await Self.check(folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Sources/TallyCore/Stray is in no layer of docs/layers.md"), "\(result.stderr)")
        #expect(
            result.stderr.contains("Sources/TallyCore/Database/Planted.swift:1: TallyCore imports CSQLite"),
            "\(result.stderr)")
    }

    /// The two back-edges once tolerated fail like any other.
    @Test func theFormerExceptionsFail() async throws {
        let folder = try Self.copy()
        try Self.plant(
            "let planted = AnalysisError.self\n",
            at: "Sources/TallyCore/Fingerprint/Planted.swift", in: folder)
        try Self.plant(
            "func planted(_ table: OptionTable) -> [Int64] { table.createdMillis }\n",
            at: "Sources/TallyCore/Statistics/Planted.swift", in: folder)
        let result = try await Self.check(folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Fingerprint/ uses AnalysisError of Analysis/"), "\(result.stderr)")
        #expect(result.stderr.contains("Statistics/ uses OptionTable of Analysis/"), "\(result.stderr)")
    }
}

import Foundation
import TallyCore
import TallySQLite
import Testing

/// One "production" D1 (a real SQLite file behind the stand-in `wrangler` of
/// Tests/Wrangler, which runs SQL in the real sqlite3 shell) and the moderators'
/// local copies, all in a temporary folder; every command runs the built `tally`.
final class SyncBed {
    let folder: TemporaryDirectory
    /// The "remote" database.
    let d1: String

    /// The stand-in wrangler's folder.
    static let wranglerFolder = ToolProcess.repository.appendingPathComponent("Tests/Wrangler").path

    /// A D1 holding the demo week with tally's migrations applied.
    init() throws {
        folder = try TemporaryDirectory()
        d1 = folder.path("d1.sqlite")
        try NotesDatabase.demo(at: d1)
    }

    /// The environment: the stand-in first on PATH, the remote's path, and `extra`.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "PATH": SyncBed.wranglerFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "TALLY_TEST_D1": d1,
        ]
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// `tally arguments… --db <copy>.sqlite` in the folder.
    @discardableResult
    func tally(_ copy: String, _ arguments: [String], env: [String: String] = [:]) async throws -> TallyProcess.Result {
        try await TallyProcess.run(
            arguments + ["--db", path(copy)], in: folder.url.path, environment: environment(env))
    }

    /// `tally …` without --db.
    func run(_ arguments: [String], env: [String: String] = [:]) async throws -> TallyProcess.Result {
        try await TallyProcess.run(arguments, in: folder.url.path, environment: environment(env))
    }

    /// A file in the folder; a bare name is a local copy `<name>.sqlite`.
    func path(_ name: String) -> String { folder.path(name.contains(".") ? name : name + ".sqlite") }

    /// D1 exported in wrangler's format, as a file in the folder.
    func export(_ name: String = "export.sql") async throws -> String {
        let output = folder.path(name)
        _ = try await ToolProcess.run(
            "python3", [ToolProcess.repository.appendingPathComponent("bench/d1_export.py").path, d1, output])
        return output
    }

    /// Rows of a query on any of the files, as the sqlite3 shell prints them.
    func rows(_ name: String, _ sql: String) async throws -> [[String]] { try await SQLiteShell.rows(path(name), sql) }

    /// The copy's `tally status --format json`.
    func status(_ copy: String) async throws -> [String: Any] {
        let result = try await tally(copy, ["status", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// unpushed, pushed_unconfirmed, confirmed, conflicts of a copy.
    func counts(_ copy: String) async throws -> [Int] {
        let json = try await status(copy)
        return [
            json["unpushed"] as? Int ?? -1, json["pushed_unconfirmed"] as? Int ?? -1, json["confirmed"] as? Int ?? -1,
            (json["conflicts"] as? [Any])?.count ?? -1,
        ]
    }

    /// D1's invariants: one log entry per note and version, every note's version equal to its
    /// latest log entry, at most one promoted option per note.
    func expectD1Consistent(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let duplicates = try await rows(
            "d1.sqlite", "SELECT suggestion_id, version FROM moderation_log GROUP BY 1, 2 HAVING count(*) > 1")
        #expect(duplicates.isEmpty, sourceLocation: sourceLocation)
        let drift = try await rows(
            "d1.sqlite",
            "SELECT s.id FROM suggestions s WHERE s.version <> coalesce((SELECT max(version) FROM moderation_log m "
                + "WHERE m.suggestion_id = s.id), 0)")
        #expect(drift.isEmpty, "notes whose version has no log entry: \(drift)", sourceLocation: sourceLocation)
        let options = try await rows(
            "d1.sqlite",
            "SELECT count(*) FROM survey_options o WHERE section = 'community' AND "
                + "NOT EXISTS (SELECT 1 FROM suggestions s WHERE s.promoted_option_id = o.id)")
        #expect(options == [["0"]], "community options no note points at", sourceLocation: sourceLocation)
    }
}

import Foundation
import TallyTestSupport
import Testing

/// Hostile class "escapes": values from `tally.json`, the environment and the copy's sync fields
/// reach the terminal (error messages, `config show`, `status`) with their control characters
/// shown, never sent, as database text already is.
@Suite("Hostile: terminal escapes", .timeLimit(.minutes(10)))
struct HostileEscapeTests {
    /// An OSC title change, a bell and a screen clear.
    static let escape = "\u{1B}]0;PWN\u{07}\u{1B}[2J"
    static let escapeJSON = "\\u001b]0;PWN\\u0007\\u001b[2J"

    static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }
    }

    @Test func messagesQuotingTheConfigShowEscapes() async throws {
        let folder = try TemporaryDirectory()
        let configs = [
            "{\"timezone\": \"\(Self.escapeJSON)\"}",
            "{\"launch\": \"\(Self.escapeJSON)\"}",
            "{\"exclude_before\": \"\(Self.escapeJSON)\"}",
            "{\"\(Self.escapeJSON)\": 1}",
        ]
        for config in configs {
            try config.write(toFile: folder.path("tally.json"), atomically: false, encoding: .utf8)
            let result = try await TallyProcess.run(["report"], in: folder.url.path)
            #expect(result.status != 0, "\(config)")
            #expect(Self.isSafe(result.stderr), "\(config): \(result.stderr.debugDescription)")
            #expect(result.stderr.contains("␛"), "\(config): \(result.stderr.debugDescription)")
        }
        try FileManager.default.removeItem(atPath: folder.path("tally.json"))
        let fromEnvironment = try await TallyProcess.run(
            ["config", "show"], in: folder.url.path, environment: ["TALLY_TZ": Self.escape])
        #expect(fromEnvironment.status != 0)
        #expect(Self.isSafe(fromEnvironment.stderr), "\(fromEnvironment.stderr.debugDescription)")
    }

    @Test func configShowShowsEscapes() async throws {
        let folder = try TemporaryDirectory()
        try "{\"db\": \"a\(Self.escapeJSON).sqlite\", \"exclude_sessions\": [\"\(Self.escapeJSON)\"]}"
            .write(toFile: folder.path("tally.json"), atomically: false, encoding: .utf8)
        let result = try await TallyProcess.run(["config", "show"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isSafe(result.stdout), "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("a␛]0;PWN␇␛[2J.sqlite"), "\(result.stdout)")
    }

    @Test func statusShowsTheSyncFieldsEscaped() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        try await SQLiteShell.rows(
            folder.path("votes.sqlite"),
            "INSERT INTO tally_sync_origin (id, pulled_at, source, sha256, missing_migrations) VALUES "
                + "(1, char(27) || '[2J', 'wrangler' || char(27) || ']0;PWN' || char(7), char(27) || '[31m', '')")
        let result = try await TallyProcess.run(["status", "--db", "votes.sqlite"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isSafe(result.stdout), "\(result.stdout.debugDescription)")
    }

    /// What `tally arguments…` sent to a real pseudo-terminal (python3's pty module: Support/pty_run.py).
    static func onTerminal(_ arguments: [String], in folder: String) async throws -> String {
        let script = ToolProcess.repository.appendingPathComponent("Tests/TallyCLITests/Support/pty_run.py").path
        return try await ToolProcess.run("python3", [script, folder, TallyProcess.executable.path] + arguments)
    }

    /// CSV carries visitors' text as it is, for a file or a spreadsheet; on a terminal (issue 31 item 4) it is
    /// shown visibly, as the other formats show it: no ESC, BEL or OSC runs, no U+202E turns the line around.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3 (its pty module)"))
    func csvOnATerminalShowsEscapesAndAFileKeepsTheBytes() async throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("votes.sqlite")
        try NotesDatabase.hostileDemo(at: db)
        try await SQLiteShell.rows(
            db,
            "UPDATE survey_options SET content = 'x' || char(27) || ']0;PWN' || char(7) || char(8238) || 'gnp' "
                + "WHERE id = (SELECT min(id) FROM survey_options)")
        let runs = [
            ["report", "--db", db, "--format", "csv"],
            ["report", "--db", db, "--only", "ranking", "--format", "csv"],
            ["notes", "list", "--db", db, "--format", "csv"],
        ]
        for arguments in runs {
            let shown = try await Self.onTerminal(arguments, in: folder.url.path)
            #expect(!shown.isEmpty, "\(arguments)")
            #expect(
                Self.isSafe(shown.replacingOccurrences(of: "\r", with: "")), "\(arguments): \(shown.debugDescription)")
            #expect(!shown.unicodeScalars.contains("\u{202E}"), "\(arguments)")
            #expect(shown.contains("␛"), "\(arguments): \(shown.debugDescription)")
            // A pipe (or a file) keeps every byte.
            let piped = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(piped.stdout.contains("\u{1B}") && !piped.stdout.contains("␛"), "\(arguments)")
        }
        let report = try await Self.onTerminal(["report", "--db", db, "--format", "csv"], in: folder.url.path)
        #expect(report.contains("x␛]0;PWN␇\\u{202E}gnp"), "\(report.debugDescription)")
    }

    /// Four sources that reached the terminal raw (issue 48 item 5): the paths in "Wrote …" lines (`-o`,
    /// `--share`, `sql --all --output-dir`), `tally.json`'s `reports` in weekly's summary line, and a
    /// dump's trigger and table names in import's warning. Every message line shows them (`TextOutput.line`).
    @Test func pathsConfigValuesAndSchemaNamesInMessagesShowEscapes() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        let name = "a\(Self.escape)b"
        var runs: [[String]] = [
            ["report", "--db", "votes.sqlite", "-o", "\(name).md"],
            ["sql", "--all", "--output-dir", name],
        ]
        if OutsideProgram.mayRun(needing: "rsvg-convert") {
            runs.append(["report", "--db", "votes.sqlite", "-o", "r.md", "--share", "\(name).png"])
        }
        for arguments in runs {
            let result = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(Self.isSafe(result.stdout) && Self.isSafe(result.stderr), "\(result.stdout.debugDescription)")
            #expect((result.stdout + result.stderr).contains("a␛]0;PWN␇␛[2Jb"), "\(result.stdout.debugDescription)")
        }
        // The file names themselves are what the user gave, byte for byte.
        #expect(FileManager.default.fileExists(atPath: folder.path("\(name).md")))

        try "{\"db\": \"votes.sqlite\", \"launch\": \"2026-09-19\", \"reports\": \"w\(Self.escapeJSON)\"}"
            .write(toFile: folder.path("tally.json"), atomically: false, encoding: .utf8)
        let weekly = try await TallyProcess.run(["weekly", "--through", "2026-10-03"], in: folder.url.path)
        #expect(weekly.status == 0, "\(weekly.stderr)")
        #expect(Self.isSafe(weekly.stdout), "\(weekly.stdout.debugDescription)")
        #expect(weekly.stdout.contains("w␛]0;PWN␇␛[2J"), "\(weekly.stdout.debugDescription)")
        try FileManager.default.removeItem(atPath: folder.path("tally.json"))

        let export = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/d1-export-demo.sql").path
        try
            (String(contentsOfFile: export, encoding: .utf8)
            + "CREATE TRIGGER \"t\(Self.escape)\" AFTER UPDATE ON suggestions BEGIN DELETE FROM votes; END;\n")
            .write(toFile: folder.path("export.sql"), atomically: false, encoding: .utf8)
        let imported = try await TallyProcess.run(["import", "export.sql", "--db", "i.sqlite"], in: folder.url.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(Self.isSafe(imported.stderr), "\(imported.stderr.debugDescription)")
        #expect(imported.stderr.contains("the trigger t␛]0;PWN␇␛[2J on suggestions"), "\(imported.stderr)")
    }
}

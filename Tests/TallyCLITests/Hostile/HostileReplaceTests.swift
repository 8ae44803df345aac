import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Hostile class "replace": `--replace` renews a database and nothing else. Run against the built
/// binary, or the installed one with `make hostile` (TALLY_BINARY).
@Suite("Hostile: --replace replaces only a database", .timeLimit(.minutes(10)))
struct HostileReplaceTests {
    static let export = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/d1-export-demo.sql").path

    /// Every command with `--replace`, aimed at `path`.
    static func replacing(_ path: String) -> [[String]] {
        [
            ["demo", "--db", path, "--replace", "-q"],
            ["generate", "--votes", "10", "--db", path, "--replace", "-q"],
            ["import", export, "--db", path, "--replace", "-q"],
        ]
    }

    @Test func aFileThatIsNotADatabaseIsNeverReplaced() async throws {
        let folder = try TemporaryDirectory()
        let notes = folder.path("notes.txt")
        try "precious\n".write(toFile: notes, atomically: false, encoding: .utf8)
        for arguments in Self.replacing("notes.txt") {
            let result = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr
                    == "Error: \(notes) is not an SQLite database (its header is not SQLite's); tally replaces only "
                    + "a database, so nothing was changed; move it away or choose another path\n", "\(arguments)")
            #expect(try String(contentsOfFile: notes, encoding: .utf8) == "precious\n", "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.txt"])
    }

    @Test func neverThroughALinkToAFileThatIsNotADatabase() async throws {
        let folder = try TemporaryDirectory()
        let target = folder.path("passwd")
        try "root:x:0:0:root:/root:/bin/sh\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.sqlite"), withDestinationPath: target)
        for arguments in Self.replacing("link.sqlite") {
            let result = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr.hasPrefix(
                    "Error: \(folder.path("link.sqlite")) leads to \(target), which is not an SQLite "),
                "\(result.stderr)")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "root:x:0:0:root:/root:/bin/sh\n")
        }
    }

    @Test func aDatabaseAndAnEmptyFileAreReplaced() async throws {
        let folder = try TemporaryDirectory()
        for arguments in Self.replacing("votes.sqlite") {
            FileManager.default.createFile(atPath: folder.path("votes.sqlite"), contents: Data())
            let fromEmpty = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(fromEmpty.status == 0, "\(arguments): \(fromEmpty.stderr)")
            let again = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(again.status == 0, "\(arguments): \(again.stderr)")
            try FileManager.default.removeItem(atPath: folder.path("votes.sqlite"))
        }
    }

    @Test func generateKeepsDecisionsDOneHasNotConfirmed() async throws {
        let folder = try TemporaryDirectory()
        let run = { (arguments: [String]) in try await TallyProcess.run(arguments, in: folder.url.path) }
        #expect(try await run(["demo", "--db", "votes.sqlite", "-q"]).status == 0)
        let approved = try await run(["notes", "approve", "3", "--as", "alice", "--db", "votes.sqlite"])
        #expect(approved.status == 0, "\(approved.stderr)")
        let generated = try await run(["generate", "--votes", "10", "--db", "votes.sqlite", "--replace", "-q"])
        #expect(generated.status == 1)
        #expect(generated.stderr.contains("holds 1 decision(s) D1 has not confirmed"), "\(generated.stderr)")
        #expect(
            try await SQLiteShell.rows(folder.path("votes.sqlite"), "SELECT status FROM suggestions WHERE id = 3") == [
                ["approved"]
            ])
        let discarded = try await run([
            "generate", "--votes", "10", "--db", "votes.sqlite", "--replace", "--discard-local", "-q",
        ])
        #expect(discarded.status == 0, "\(discarded.stderr)")
        #expect(try await SQLiteShell.rows(folder.path("votes.sqlite"), "SELECT count(*) FROM votes") == [["10"]])
    }

    /// `--replace` renamed a new database over a `chmod 444` one without a word, where `-o` refuses a
    /// write-protected page: every command that writes a database over an old one refuses it (a pull
    /// already did, opening the old file for writing), and the file, its mode and its folder stay.
    @Test func aWriteProtectedDatabaseIsNeverReplaced() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("votes.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        chmod(path, 0o444)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let protected =
            "Error: \(path) is write-protected (mode 0444), and tally does not replace a protected file; nothing was "
            + "written. Make it writable (chmod u+w \(path)) or choose another path\n"
        let pull = ["pull", "--from", Self.export, "--db", "votes.sqlite"]
        let readOnly =
            "Error: \(path) is read-only; make it writable (chmod u+w) or work on a copy; nothing was changed\n"
        for (arguments, message) in Self.replacing("votes.sqlite").map({ ($0, protected) }) + [(pull, readOnly)] {
            let result = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(arguments)")
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o444, "\(arguments)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["votes.sqlite"])
        }
    }

    /// A `chmod 444` page was replaced by rename without a word (the rename needs only the folder's
    /// permission, and root passes every check): a write-protected output is refused, nothing written.
    @Test func aWriteProtectedOutputIsNeverReplaced() async throws {
        let folder = try TemporaryDirectory()
        let page = folder.path("r.md")
        try "mine\n".write(toFile: page, atomically: false, encoding: .utf8)
        chmod(page, 0o444)
        let refused = try await TallyProcess.run(["report", "--demo", "-o", "r.md"], in: folder.url.path)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(
                "Error: --output \(page) is write-protected (mode 0444), and tally does not replace a protected "
                    + "file; nothing was written. Make it writable (chmod u+w \(page)) or choose another path\n"),
            "\(refused.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "mine\n")

        // A protected chart (tally's own, from an earlier run, then protected): refused before any chart or the
        // page is written.
        let charts = folder.path("ch")
        let chart = charts + "/ranking-original.svg"
        let earlier = try await TallyProcess.run(
            ["report", "--demo", "--through", "2026-09-22", "--charts", "ch"], in: folder.url.path)
        try #require(earlier.status == 0, "\(earlier.stderr)")
        let old = try String(contentsOfFile: chart, encoding: .utf8)
        chmod(chart, 0o444)
        let chartRefused = try await TallyProcess.run(
            ["report", "--demo", "--charts", "ch", "-o", "page.md"], in: folder.url.path)
        #expect(chartRefused.status == 1)
        #expect(
            chartRefused.stderr.hasPrefix("Error: \(chart) is write-protected (mode 0444)"), "\(chartRefused.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: charts).sorted()
                == [".tally-pages.json", "daily.svg", "ranking-original.svg"])
        #expect(try String(contentsOfFile: chart, encoding: .utf8) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["ch", "r.md"])
        var info = stat()
        #expect(stat(page, &info) == 0 && info.st_mode & 0o777 == 0o444)
    }

    /// `sql --all --output-dir` writes its queries as one: a write-protected file among them refuses the run before
    /// any is written (before, the queries ahead of it were already written).
    @Test func aProtectedQueryFileLeavesTheFolderAsItWas() async throws {
        let folder = try TemporaryDirectory()
        let out = folder.path("d1")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let mine = out + "/tally.sql"
        try "mine\n".write(toFile: mine, atomically: false, encoding: .utf8)
        chmod(mine, 0o444)
        let refused = try await TallyProcess.run(
            ["sql", "--all", "--output-dir", "d1", "--tz", "UTC", "--as-of", "2026-09-27"], in: folder.url.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Error: \(mine) is write-protected (mode 0444)"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["tally.sql"])
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine\n")
    }
}

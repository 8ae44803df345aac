import Foundation
import TallyCore
import TallySQLite
import Testing

@Suite("notes list and show", .timeLimit(.minutes(10)))
struct NotesListShowTests {
    static func database() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let path = folder.path("notes.sqlite")
        try NotesDatabase.hostileDemo(at: path)
        return (folder, path)
    }

    @Test(arguments: [
        (["--tz", "Asia/Taipei"], "notes-list.txt"),
        (["--status", "pending", "--tz", "Asia/Taipei"], "notes-list-pending.txt"),
        (["--format", "markdown", "--tz", "Asia/Taipei"], "notes-list.md"),
        (["--format", "csv", "--tz", "Asia/Taipei"], "notes-list.csv"),
        (["--format", "json", "--tz", "Asia/Taipei"], "notes-list.json"),
        (["--status", "promoted", "--format", "json"], "notes-list-promoted.json"),
    ])
    func listMatchesGolden(_ options: [String], _ golden: String) async throws {
        let (folder, path) = try Self.database()
        let result = InProcessTally.run(["notes", "list", "--db", path] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        GoldenFile.check(result.stdout, golden)
        _ = folder
    }

    @Test(arguments: [
        (["1", "--tz", "Asia/Taipei"], "notes-show-1.txt"),
        (["1", "--format", "json", "--tz", "Asia/Taipei"], "notes-show-1.json"),
        (["7"], "notes-show-7.txt"), (["8", "--format", "json"], "notes-show-8.json"), (["11"], "notes-show-11.txt"),
    ])
    func showMatchesGolden(_ options: [String], _ golden: String) async throws {
        let (folder, path) = try Self.database()
        let result = InProcessTally.run(["notes", "show", "--db", path] + options)
        #expect(result.status == 0, "\(result.stderr)")
        GoldenFile.check(result.stdout, golden)
        _ = folder
    }

    /// What a moderator reads calls the writer of a note its author (docs/glossary.md), never a session; the CSV and
    /// JSON keys, which tools read, stay `session`, `session_notes`, ….
    @Test func aModeratorReadsAuthorNeverSessionAndTheKeysStay() async throws {
        let (folder, path) = try Self.database()
        let stored = try Connection(path: path).query("SELECT content FROM suggestions")
        #expect(!stored.isEmpty && !stored.contains { ($0[0].string ?? "").lowercased().contains("session") })
        let read: [[String]] = [
            ["notes", "list", "--db", path], ["notes", "list", "--db", path, "--format", "markdown"],
            ["notes", "list", "--db", path, "--status", "pending"], ["notes", "show", "1", "--db", path],
            ["notes", "show", "11", "--db", path], ["notes", "list", "--help"], ["notes", "show", "--help"],
            ["notes", "review", "--help"],
        ]
        for arguments in read {
            let result = InProcessTally.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            // The JSON keys `notes show --help` lists are keys, not words.
            let words = result.stdout.replacingOccurrences(of: "content, session, created", with: "")
            #expect(!words.lowercased().contains("session"), "\(arguments): \(result.stdout)")
            #expect(result.stdout.lowercased().contains("author"), "\(arguments): \(result.stdout)")
        }
        let review = InProcessTally.run(["notes", "review", "--db", path, "--as", "rev"], input: ["s", "s", "q"])
        #expect(!review.stdout.lowercased().contains("session") && review.stdout.contains("author"), "\(review.stdout)")
        let csv = InProcessTally.run(["notes", "list", "--db", path, "--format", "csv"]).stdout
        #expect(csv.hasPrefix("id,status,version,created,session,content,"), "\(csv.prefix(120))")
        #expect(csv.contains("session_notes,session_approved,session_flagged,session_voted_for_own_option"))
        let json = InProcessTally.run(["notes", "list", "--db", path, "--format", "json"]).stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["sessions"] is [Any] && (document["notes"] as? [[String: Any]])?.first?["session"] != nil)
        _ = folder
    }

    @Test func theTableShowsNoControlCharacterAndOneRowPerNote() async throws {
        let (folder, path) = try Self.database()
        let result = try await TallyProcess.run(["notes", "list", "--db", path])
        #expect(result.status == 0)
        let controls = result.stdout.unicodeScalars.filter {
            $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
        }
        #expect(controls.isEmpty, "control characters reach the terminal: \(controls.map(\.value))")
        #expect(!result.stdout.unicodeScalars.contains("\u{202E}"), "bidi overrides are shown, not obeyed")
        let rows = result.stdout.split(separator: "\n").filter { line in
            let trimmed = line.drop { $0 == " " }
            return line.hasPrefix("  ") && trimmed.first?.isNumber == true
        }
        #expect(rows.count == 11, "one row per note:\n\(result.stdout)")
        #expect(rows.allSatisfy { $0.count < 200 }, "long notes are cut in the table")
        #expect(result.stdout.contains("␛[2J␛[31mALERT␛[0m rm -rf ~␇"))
        #expect(result.stdout.contains("a | b | c↵| --- |↵second line␉with tab"))
        _ = folder
    }

    @Test func markdownRowsKeepTheirCellsAndCSVNeutralisesFormulas() async throws {
        let (folder, path) = try Self.database()
        let markdown = InProcessTally.run(["notes", "list", "--db", path, "--format", "markdown"]).stdout
        let tableRows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| ID") }
        #expect(tableRows.count == 11)
        for row in tableRows {
            // Unescaped pipes: the 7 that delimit 6 cells, no more.
            var count = 0
            var previous: Character = " "
            for character in row {
                if character == "|", previous != "\\" { count += 1 }
                previous = character
            }
            #expect(count == 7, "a cell was split: \(row.prefix(120))")
        }
        let csv = InProcessTally.run(["notes", "list", "--db", path, "--format", "csv"]).stdout
        #expect(csv.contains(",\"'=HYPERLINK(\"\"https://evil.example\"\",\"\"click\"\")\","))
        #expect(csv.contains(",\"'=HYPERLINK(\"\"https://example.com\"\",\"\"點我\"\")\","))
        #expect(!csv.contains(",=HYPERLINK"))
        _ = folder
    }

    @Test func jsonCarriesEveryNoteVerbatim() async throws {
        let (folder, path) = try Self.database()
        let result = InProcessTally.run(["notes", "list", "--db", path, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let notes = try #require(document["notes"] as? [[String: Any]])
        let stored = try Connection(path: path).query("SELECT id, content FROM suggestions ORDER BY id")
        #expect(notes.count == stored.count)
        for row in stored {
            let note = try #require(notes.first { ($0["id"] as? Int).map(Int64.init) == row[0].int64 })
            #expect(note["content"] as? String == row[1].string, "note \(row[0]) is not verbatim")
        }
        let tenThousand = try #require(notes.first { $0["id"] as? Int == 10 })
        #expect((tenThousand["content"] as? String)?.count == 10_000)
        let shown = InProcessTally.run(["notes", "show", "10", "--db", path, "--format", "json"]).stdout
        let single = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
        #expect(single["content"] as? String == String(repeating: "0123456789", count: 1_000))
        _ = folder
    }

    @Test func showPrintsTheWholeNote() async throws {
        let (folder, path) = try Self.database()
        let result = InProcessTally.run(["notes", "show", "10", "--db", path])
        #expect(result.stdout.contains(String(repeating: "0123456789", count: 1_000)))
        _ = folder
    }

    @Test(arguments: [
        (
            ["notes", "list", "--status", "done"],
            "invalid value 'done' for --status; expected one of: pending, approved, rejected, promoted, all"
        ),
        (
            ["notes", "list", "--format", "html"],
            "invalid value 'html' for --format; expected one of: table, markdown, csv, json"
        ),
        (["notes", "list", "--tz", "Mars/Base"], "invalid value 'Mars/Base' for --tz: unknown time zone 'Mars/Base'"),
        (["notes", "show", "0"], "invalid note id '0'; expected a whole number such as 5"),
        (["notes", "show", "1", "--format", "yaml"], "invalid value 'yaml' for --format; expected one of: text, json"),
        (["notes", "show"], "missing argument <ID>"),
    ])
    func badArgumentsAreUsageErrors(_ arguments: [String], _ message: String) async throws {
        let (folder, path) = try Self.database()
        let result = InProcessTally.run(arguments + ["--db", path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: " + message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: tally notes"))
        _ = folder
    }

    @Test func missingNoteAndMissingDatabaseFailClearly() async throws {
        let (folder, path) = try Self.database()
        let missing = InProcessTally.run(["notes", "show", "99", "--db", path])
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: no note with id 99; see the ids with `tally notes list`\n")
        let noFile = InProcessTally.run(["notes", "list", "--db", folder.path("nope.sqlite")])
        #expect(noFile.status == 1)
        #expect(noFile.stderr.contains("no database at"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("nope.sqlite")), "reading never creates a file")
    }

    @Test func anUnmigratedDatabaseIsRefusedWithTheFix() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("old.sqlite")
        let contract = try #require(Migration.all.first).sql
        try DatabaseFile.build(at: path) { db in try db.executeScript(contract) }
        let result = InProcessTally.run(["notes", "list", "--db", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("has no moderation schema"))
        #expect(result.stderr.contains("run `tally migrate` on it first"))
    }

    @Test func listWritesAFileAtomicallyWithOutput() async throws {
        let (folder, path) = try Self.database()
        let result = InProcessTally.run(
            ["notes", "list", "--db", path, "--format", "csv", "--output", "out/notes.csv"], directory: folder.url.path)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOfFile: folder.path("out/notes.csv"), encoding: .utf8)
        #expect(written == InProcessTally.run(["notes", "list", "--db", path, "--format", "csv"]).stdout)
    }
}

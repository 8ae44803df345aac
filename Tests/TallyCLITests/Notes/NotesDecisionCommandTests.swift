import Foundation
import TallyCore
import TallySQLite
import Testing

@Suite("notes approve / reject / reopen / promote", .timeLimit(.minutes(10)))
struct NotesDecisionCommandTests {
    static func demo() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try NotesDatabase.demo(at: path)
        return (folder, path)
    }

    @Test func aDecisionIsRecordedWithWhoWhenAndWhy() async throws {
        let (folder, path) = try Self.demo()
        let result = InProcessTally.run([
            "notes", "reject", "3", "--db", path, "--as", "mod-a", "--reason", "dup of #1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "Rejected note 3 as mod-a (version 0 → 1).\n"
                + "It applied to the note's text as this copy has it: '可以加一個「寵物」的選項嗎？'.\n"
                + "It is recorded in this copy only; `tally push` sends it to D1.\n")
        let store = try ModerationStore(Connection(path: path))
        let note = try #require(try store.note(3))
        #expect(note.status == "rejected")
        #expect(note.reviewedBy == "mod-a")
        #expect(note.reviewedAt == "2026-09-27 04:00:00", "UTC, as D1 stores time")
        #expect(note.reviewReason == "dup of #1")
        let entry = try #require(try store.history(of: 3).last)
        #expect(entry.action == "reject" && entry.from == "pending" && entry.to == "rejected")
        #expect(entry.createdAt == "2026-09-27 04:00:00" && entry.version == 1)
        _ = folder
    }

    @Test func theModeratorComesFromTheEnvironmentWhenNotGiven() async throws {
        let (folder, path) = try Self.demo()
        let result = InProcessTally.run(
            ["notes", "approve", "4", "--db", path], environment: ["TALLY_MODERATOR": " mod-c "])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ModerationStore(Connection(path: path)).note(4)?.reviewedBy == "mod-c")
        let flag = InProcessTally.run(
            ["notes", "reopen", "4", "--db", path, "--as", "dave", "--reason", "again"],
            environment: ["TALLY_MODERATOR": "mod-c"])
        #expect(flag.status == 0)
        #expect(try ModerationStore(Connection(path: path)).note(4)?.reviewedBy == "dave", "--as wins")
        _ = folder
    }

    @Test(
        arguments: [
            (
                ["approve", "3"], [:],
                "missing --as NAME: every decision records who made it; pass --as NAME or set TALLY_MODERATOR"
            ),
            (["approve", "3", "--as", ""], [:], "the name given with --as is empty"),
            (["approve", "3", "--as", "   "], [:], "the name given with --as is blank"),
            (["approve", "3", "--as", "eve\u{1B}[2J"], [:], "the name given with --as contains a control character"),
            (
                ["approve", "3"], ["TALLY_MODERATOR": ""],
                "TALLY_MODERATOR is empty; set it to your name or pass --as NAME"
            ),
            (["approve", "3"], ["TALLY_MODERATOR": " \t"], "TALLY_MODERATOR is blank"),
            (["reject", "3", "--as", "a"], [:], "missing --reason TEXT: to reject a note, say why"),
            (["reopen", "5", "--as", "a"], [:], "missing --reason TEXT: to reopen a note, say why"),
            (["reject", "3", "--as", "a", "--reason", "  "], [:], "the text given with --reason is blank"),
            (["approve", "three", "--as", "a"], [:], "invalid note id 'three'; expected a whole number such as 5"),
            (["approve", "-3", "--as", "a"], [:], "unknown option '-3'"),
            (["approve", "3", "--as", "a", "--expect-version", "-1"], [:], "invalid value '-1' for --expect-version"),
            (["approve", "3", "--as", "a", "--expect-version", "v2"], [:], "invalid value 'v2' for --expect-version"),
            (["promote", "--as", "a"], [:], "missing argument <ID>"),
        ] as [([String], [String: String], String)])
    func badArgumentsAreRefusedBeforeTouchingTheDatabase(
        _ arguments: [String], _ environment: [String: String], _ message: String
    ) async throws {
        let (folder, path) = try Self.demo()
        let before = try NotesDatabase.bytes(path)
        let result = InProcessTally.run(["notes"] + arguments + ["--db", path], environment: environment)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: " + message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: tally notes"))
        #expect(try NotesDatabase.bytes(path) == before)
        _ = folder
    }

    /// The same decision again is done as asked (exit 0, nothing written, naming who made it), as the page
    /// answers it; with another reason than the one recorded it is a conflict (exit 3), the reason not dropped
    /// silently (issue 44 item 6).
    @Test func theSameDecisionTwiceIsDoneAsAskedUnlessItsReasonDiffers() async throws {
        let (folder, path) = try Self.demo()
        let first = try await TallyProcess.run(["notes", "approve", "3", "--db", path, "--as", "mod-a"])
        #expect(first.status == 0, "\(first.stderr)")
        let tables = try NotesDatabase.tables(path)
        let second = try await TallyProcess.run(["notes", "approve", "3", "--db", path, "--as", "mod-b"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("Note 3 was already approved by 'mod-a' at "), "\(second.stdout)")
        #expect(second.stdout.hasSuffix("(version 1), as asked; nothing was written.\n"), "\(second.stdout)")
        #expect(try NotesDatabase.tables(path) == tables)
        let rejected = try await TallyProcess.run([
            "notes", "reject", "4", "--db", path, "--as", "mod-a", "--reason", "spam",
        ])
        #expect(rejected.status == 0, "\(rejected.stderr)")
        let decided = try NotesDatabase.tables(path)
        let sameReason = try await TallyProcess.run([
            "notes", "reject", "4", "--db", path, "--as", "mod-b", "--reason", "spam",
        ])
        #expect(sameReason.status == 0, "\(sameReason.stderr)")
        let otherReason = try await TallyProcess.run([
            "notes", "reject", "4", "--db", path, "--as", "mod-b", "--reason", "duplicate of 3",
        ])
        #expect(otherReason.status == 3)
        #expect(otherReason.stderr.hasPrefix("Error: conflict: note 4 was already rejected by 'mod-a' at "))
        #expect(otherReason.stderr.hasSuffix("your reject was not applied\n"), "\(otherReason.stderr)")
        let reject = try await TallyProcess.run([
            "notes", "reject", "3", "--db", path, "--as", "mod-b", "--reason", "no",
        ])
        #expect(reject.status == 3)
        #expect(reject.stderr.contains("was already decided: approved by 'mod-a'"))
        #expect(try NotesDatabase.tables(path) == decided)
        _ = folder
    }

    @Test func aStaleExpectedVersionExitsThreeAndChangesNothing() async throws {
        let (folder, path) = try Self.demo()
        #expect(InProcessTally.run(["notes", "approve", "3", "--db", path, "--as", "mod-a"]).status == 0)
        let tables = try NotesDatabase.tables(path)
        let stale = try await TallyProcess.run(
            ["notes", "reject", "3", "--db", path, "--as", "mod-b", "--reason", "spam", "--expect-version", "0"])
        #expect(stale.status == 3)
        #expect(
            stale.stderr.contains(
                "conflict: note 3 changed since version 0: approved by 'mod-a' at 2026-09-27 04:00:00 UTC (version 1)"))
        #expect(try NotesDatabase.tables(path) == tables)
        let current = try await TallyProcess.run(
            ["notes", "reopen", "3", "--db", path, "--as", "mod-b", "--reason", "spam?", "--expect-version", "1"])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(current.stdout.hasPrefix("Reopened note 3 as mod-b: it is pending again (version 1 → 2)."))
        _ = folder
    }

    @Test func promotingTwiceCreatesOneOptionAndReportsIt() async throws {
        let (folder, path) = try Self.demo()
        #expect(InProcessTally.run(["notes", "approve", "4", "--db", path, "--as", "mod-a"]).status == 0)
        let promoted = try await TallyProcess.run(["notes", "promote", "4", "--db", path, "--as", "mod-a"])
        #expect(promoted.status == 0, "\(promoted.stderr)")
        #expect(
            promoted.stdout.hasPrefix(
                "Promoted note 4 as mod-a: it is option #8 in the community section (version 1 → 2)."))
        let tables = try NotesDatabase.tables(path)
        for _ in 0..<2 {
            let again = try await TallyProcess.run(["notes", "promote", "4", "--db", path, "--as", "mod-b"])
            #expect(again.status == 1, "not a conflict: nothing raced")
            #expect(again.stderr.contains("note 4 is already promoted as option #8 (by 'mod-a' at "), "\(again.stderr)")
            #expect(again.stderr.hasSuffix(" UTC); nothing was changed\n"))
            #expect(!again.stderr.contains("conflict"))
        }
        #expect(try NotesDatabase.tables(path) == tables)
        let db = try Connection(path: path)
        #expect(
            try db.scalar("SELECT count(*) FROM survey_options WHERE content = ?", [.text(Demo.notes[3].content)]) == 1)
        #expect(try db.scalar("SELECT section FROM survey_options WHERE id = 8") == "community")
        let reopen = try await TallyProcess.run([
            "notes", "reopen", "4", "--db", path, "--as", "mod-b", "--reason", "undo",
        ])
        #expect(reopen.status == 1)
        #expect(reopen.stderr.contains("cannot reopen note 4: it was promoted to option #8"))
        _ = folder
    }

    @Test func illegalTransitionsExitOneWithTheCurrentState() async throws {
        let (folder, path) = try Self.demo()
        let tables = try NotesDatabase.tables(path)
        let promote = InProcessTally.run(["notes", "promote", "3", "--db", path, "--as", "mod-a"])
        #expect(promote.status == 1)
        #expect(
            promote.stderr
                == "Error: cannot promote note 3: it is pending (no decision recorded yet); only approved notes can "
                + "be promoted; approve it first\n")
        let reopen = InProcessTally.run(["notes", "reopen", "3", "--db", path, "--as", "mod-a", "--reason", "r"])
        #expect(reopen.status == 1)
        let promoteRejected = InProcessTally.run(["notes", "promote", "6", "--db", path, "--as", "mod-a"])
        #expect(promoteRejected.status == 1)
        #expect(promoteRejected.stderr.contains("it is rejected (rejected by 'author' at 2026-09-21 03:12:45 UTC"))
        #expect(try NotesDatabase.tables(path) == tables)
        _ = folder
    }

    @Test func aDatabaseLockedBeyondTheBusyTimeoutFailsWithoutChanges() async throws {
        let (folder, path) = try Self.demo()
        let holder = try Connection(path: path, mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE")
        // The command waits for the connection's busy timeout (5 s), then gives up.
        let result = InProcessTally.run(["notes", "approve", "3", "--db", path, "--as", "mod-a"])
        try holder.execute("ROLLBACK")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: the database stayed locked by another process"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was changed; try again"))
        #expect(try ModerationStore(Connection(path: path)).note(3)?.version == 0)
        _ = folder
    }

    @Test func aWriteProtectedDatabaseIsRefused() async throws {
        let (folder, path) = try Self.demo()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let result = InProcessTally.run(["notes", "approve", "3", "--db", path, "--as", "mod-a"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is read-only"))
        _ = folder
    }

    @Test(arguments: ["approve", "reject", "reopen", "promote", "list", "show", "review", "export-sql"])
    func everySubcommandHasHelp(_ name: String) async throws {
        let result = InProcessTally.run(["notes", name, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: tally notes \(name)"))
        let group = InProcessTally.run(["notes", "--help"])
        #expect(group.stdout.contains("  \(name) "))
        #expect(InProcessTally.run(["--help"]).stdout.contains("  notes "))
        #expect(InProcessTally.run(["notes"]).stdout == group.stdout, "`tally notes` alone shows its help")
    }
}

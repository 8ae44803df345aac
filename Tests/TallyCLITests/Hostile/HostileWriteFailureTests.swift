import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Hostile class "write failure": a write to standard output that fails (`/dev/full`) or cannot be
/// made (`>&-`) is an error, exit 1, naming standard output; nothing is marked done after it.
@Suite("Hostile: failed writes to standard output", .timeLimit(.minutes(10)))
struct HostileWriteFailureTests {
    /// Commands whose result is their standard output.
    static let printing: [[String]] = [
        ["report", "--demo"],
        ["report", "--demo", "--format", "html"],
        ["report", "--demo", "--format", "csv"],
        ["report", "--demo", "--format", "json"],
        ["sql", "tally", "--tz", "UTC"],
        ["status", "--db", "votes.sqlite"],
        ["config", "show"],
        ["completions", "bash"],
        ["notes", "list", "--db", "votes.sqlite"],
        ["--version"],
        ["--help"],
    ]

    static func folderWithDemo() async throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        return folder
    }

    @Test(arguments: [">/dev/full", ">&-"])
    func everyPrintingCommandFailsWhenItsOutputIsLost(_ redirect: String) async throws {
        let folder = try await Self.folderWithDemo()
        let reason = redirect == ">&-" ? "Bad file descriptor" : "No space left on device"
        for arguments in Self.printing {
            let result = try await HostileShell.run(arguments, redirect: redirect, in: folder.url.path)
            #expect(result.status == 1, "\(arguments) \(redirect): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("Error: cannot write to standard output: \(reason);"),
                "\(arguments) \(redirect): \(result.stderr)")
        }
        // With stdout closed, nothing a command opened took descriptor 1's place.
        #expect(try await SQLiteShell.rows(folder.path("votes.sqlite"), "PRAGMA integrity_check") == [["ok"]])
    }

    @Test(arguments: [">/dev/full", ">&-"])
    func pushToLostOutputMarksNothingPushed(_ redirect: String) async throws {
        let folder = try await Self.folderWithDemo()
        let approved = try await TallyProcess.run(
            ["notes", "approve", "3", "--as", "alice", "--db", "votes.sqlite"], in: folder.url.path)
        #expect(approved.status == 0, "\(approved.stderr)")
        let pushed = try await HostileShell.run(
            ["push", "-o", "-", "--db", "votes.sqlite"], redirect: redirect, in: folder.url.path)
        #expect(pushed.status == 1, "\(pushed.stderr)")
        #expect(pushed.stderr.hasPrefix("Error: cannot write to standard output:"), "\(pushed.stderr)")
        #expect(
            try await SQLiteShell.rows(folder.path("votes.sqlite"), "SELECT state FROM tally_sync_decisions")
                == [["unpushed"]])
    }

    /// Issue 45 item 9: a decision recorded before its confirmation line met a full device said "nothing after
    /// it was done"; it was recorded, and the error now says the command ran to its end.
    @Test(arguments: [">/dev/full", ">&-"])
    func aDecisionWhoseLineIsLostSaysItWasRecorded(_ redirect: String) async throws {
        let folder = try await Self.folderWithDemo()
        let approved = try await HostileShell.run(
            ["notes", "approve", "3", "--as", "alice", "--db", "votes.sqlite"], redirect: redirect, in: folder.url.path)
        #expect(approved.status == 1, "\(approved.stderr)")
        #expect(approved.stderr.hasPrefix("Error: cannot write to standard output:"), "\(approved.stderr)")
        #expect(approved.stderr.contains("but the command ran to its end"), "\(approved.stderr)")
        #expect(!approved.stderr.contains("nothing after it was done"), "\(approved.stderr)")
        #expect(
            try await SQLiteShell.rows(folder.path("votes.sqlite"), "SELECT state, moderator FROM tally_sync_decisions")
                == [["unpushed", "alice"]])
    }

    @Test func weeklyNarrationToAFullDeviceFails() async throws {
        let folder = try TemporaryDirectory()
        let result = try await HostileShell.run(
            ["weekly", "--demo", "--reports", "weeks"], redirect: ">/dev/full", in: folder.url.path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: cannot write to standard output: No space left on device"))
    }

    @Test func aReaderThatGoesAwayIsABrokenPipeNotASignal() async throws {
        let folder = try TemporaryDirectory()
        // `:` exits at once without reading; tally's write meets a pipe nobody reads.
        let result = try await HostileShell.run(
            ["report", "--demo", "--format", "csv"], redirect: "", in: folder.url.path,
            wrapping: "{ \"$0\" \"$@\" 2>err.txt; echo $? >status.txt; } | :")
        #expect(result.status == 0)
        let status = try String(contentsOfFile: folder.path("status.txt"), encoding: .utf8)
        let errors = try String(contentsOfFile: folder.path("err.txt"), encoding: .utf8)
        #expect(status == "1\n", "tally exits 1, not 141 (killed by SIGPIPE): \(errors)")
        #expect(
            errors.hasPrefix("Error: cannot write to standard output: Broken pipe (the program reading it stopped)"))
    }
}

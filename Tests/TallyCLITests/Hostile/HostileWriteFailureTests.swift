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

import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Hostile classes "bounds" and "FIFOs": endless input, FIFOs and devices where a file is expected.
/// Each case must end quickly with a message saying what the path is, never hang or fill memory.
@Suite("Hostile: bounded on every input", .timeLimit(.minutes(10)))
struct HostileBoundsTests {
    /// Runs and requires an end within `seconds` (the run is killed after that, so a hang fails).
    static func run(
        _ arguments: [String], redirect: String = "", in folder: TemporaryDirectory,
        environment: [String: String] = [:], seconds: Int = 30
    ) async throws -> TallyProcess.Result {
        try await HostileShell.run(
            arguments, redirect: redirect, in: folder.url.path, environment: environment,
            wrapping: "exec timeout -s KILL \(seconds) \"$0\" \"$@\" \(redirect)")
    }

    @Test func notesReviewReadsBoundedLines() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        let result = try await Self.run(
            ["notes", "review", "--as", "r", "--db", "votes.sqlite"], redirect: "</dev/zero", in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("a line of standard input is longer than 64 KiB"), "\(result.stderr)")
    }

    @Test func aFIFOOrADeviceIsNoDatabase() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("p")
        try #require(mkfifo(fifo, 0o644) == 0)
        let cases: [([String], [String: String], String)] = [
            (["report"], ["TALLY_DB": fifo], "\(fifo) is a FIFO (named pipe), not a database file"),
            (["status", "--db", "p"], [:], "\(fifo) is a FIFO (named pipe), not a database file"),
            (["notes", "list", "--db", "p"], [:], "\(fifo) is a FIFO (named pipe), not a database file"),
            (["status", "--db", "/dev/zero"], [:], "/dev/zero is a character device, not a database file"),
        ]
        for (arguments, environment, message) in cases {
            let result = try await Self.run(arguments, in: folder, environment: environment)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: \(message)"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func anEmptyFileIsNoDatabase() async throws {
        let folder = try TemporaryDirectory()
        FileManager.default.createFile(atPath: folder.path("empty.db"), contents: Data())
        let result = try await Self.run(["status", "--db", "empty.db"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: \(folder.path("empty.db")) is empty (0 bytes), not a database"))
    }

    @Test func aConfigThatIsAFIFOOrAnEndlessFileEnds() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("p")
        try #require(mkfifo(fifo, 0o644) == 0)
        let idle = try await Self.run(["config", "show"], in: folder, environment: ["TALLY_CONFIG": fifo])
        #expect(idle.status == 1)
        #expect(idle.stderr.hasPrefix("Error: config \(fifo) is a pipe that did not send a whole config within 10 s"))
        let memory = try await Self.run(
            ["config", "show"], in: folder, environment: ["TALLY_CONFIG": "/proc/self/mem"])
        #expect(memory.status == 1)
        #expect(
            memory.stderr.hasPrefix("Error: cannot read config /proc/self/mem: Input/output error"), "\(memory.stderr)")
        // A pipe that is being written is still read (`--config <(…)`).
        let piped = try await HostileShell.run(
            ["config", "show"], redirect: "", in: folder.url.path,
            wrapping: "echo '{\"timezone\": \"Asia/Taipei\"}' | \"$0\" \"$@\" --config /dev/stdin")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("Asia/Taipei"))
    }
}

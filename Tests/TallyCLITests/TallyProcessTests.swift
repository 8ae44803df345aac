import Foundation
import TallyTestSupport
import Testing

/// The tests' process runner survives what a child does to it.
@Suite("The tests' process runner", .timeLimit(.minutes(2)))
struct TallyProcessTests {
    /// A refused argument ends `tally` before it reads its input; the runner's write then meets a closed pipe.
    /// With FileHandle's old `write(_:)` that EPIPE was a `try!` in Foundation and ended the whole test run
    /// (a fresh-clone CI crashed in TallyProcess.swift:58); it is the child's result now.
    @Test func aChildThatEndsWithoutReadingItsInputIsAResultNotACrash() async throws {
        let input = String(repeating: "a\n", count: 2_000_000)
        for _ in 0..<3 {
            let result = try await TallyProcess.run(["no-such-command"], stdin: input)
            #expect(result.status != 0)
            #expect(result.stderr.contains("no-such-command"), "\(result.stderr)")
        }
    }
}

import Foundation
import TallyCLI

@testable import TallyCore

/// Runs `Tally.run` in this process with captured output, given input lines
/// and a fixed clock: what golden files need (the same bytes on every run).
enum InProcessTally {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// 2026-09-27 04:00:00 UTC (12:00 in Taipei, the demo's as-of time).
    static let now = Instant(seconds: CivilDateTime(year: 2026, month: 9, day: 27, hour: 4).secondsIfUTC)

    /// Runs `tally arguments…`. `beforeReading(n)` is called before the n-th
    /// input line (from 0) is handed over, so a test can act in between.
    static func run(
        _ arguments: [String], input: [String] = [], environment: [String: String] = [:],
        directory: String = FileManager.default.temporaryDirectory.path, now: Instant = now,
        inputIsTerminal: Bool = false, beforeReading: @escaping (Int) -> Void = { _ in }
    ) -> Result {
        let out = Buffer()
        let err = Buffer()
        let lines = Buffer()
        let context = Context(
            environment: environment, currentDirectory: directory,
            stdout: TextOutput { out.text += $0 }, stderr: TextOutput { err.text += $0 },
            stdin: LineInput(isTerminal: inputIsTerminal) {
                let index = lines.count
                guard index < input.count else { return nil }
                beforeReading(index)
                lines.count += 1
                return input[index]
            },
            now: { now })
        let status = Tally.run(arguments: arguments, context: context)
        return Result(status: status, stdout: out.text, stderr: err.text)
    }

    final class Buffer: @unchecked Sendable {
        var text = ""
        var count = 0
    }
}

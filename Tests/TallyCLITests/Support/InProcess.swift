import Foundation
import TallyCLI
import TallyCore

/// Runs tally in this process with captured streams, a given environment, folder,
/// clock and stdin — for tests that need many runs or a fixed clock.
final class CapturedBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ more: String) { lock.lock(); text += more; lock.unlock() }
    var value: String { lock.lock(); defer { lock.unlock() }; return text }
}

struct InProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(
        _ arguments: [String], in directory: String, environment: [String: String] = [:],
        stdin lines: [String] = [], now: Instant = Instant(seconds: 1_790_481_600)
    ) -> Result {
        let out = CapturedBuffer()
        let err = CapturedBuffer()
        let input = LinesBox(lines)
        let context = Context(
            environment: environment, currentDirectory: directory,
            stdout: TextOutput { out.append($0) }, stderr: TextOutput { err.append($0) },
            stdin: LineInput { input.next() }, now: { now })
        let status = Tally.run(arguments: arguments, context: context)
        return Result(status: status, stdout: out.value, stderr: err.value)
    }
}

final class LinesBox: @unchecked Sendable {
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func next() -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}

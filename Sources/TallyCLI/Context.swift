import Foundation
import TallyCore

/// A place text is written to: standard output, standard error, or a buffer in tests.
package final class TextOutput: @unchecked Sendable {
    private let sink: (String) -> Void
    /// True when this output is a terminal (progress and colour only then).
    package let isTerminal: Bool

    package init(isTerminal: Bool = false, _ sink: @escaping (String) -> Void) {
        self.sink = sink
        self.isTerminal = isTerminal
    }

    /// Writes text as is.
    package func write(_ text: String) { sink(text) }

    /// Writes text and a newline.
    package func line(_ text: String = "") { sink(text + "\n") }

    /// An output writing to a file descriptor, unbuffered.
    package static func descriptor(_ fd: Int32) -> TextOutput {
        TextOutput(isTerminal: isatty(fd) == 1) { text in
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset)
                }
                if written <= 0 { break }
                offset += written
            }
        }
    }
}

/// A source of input lines: standard input, or a fixed list in tests.
package final class LineInput: @unchecked Sendable {
    private let next: () -> String?
    /// True when input comes from a terminal (interactive prompts only then).
    package let isTerminal: Bool

    package init(isTerminal: Bool = false, _ next: @escaping () -> String?) {
        self.next = next
        self.isTerminal = isTerminal
    }

    /// The next line without its newline, or nil at end of input.
    package func readLine() -> String? { next() }

    /// Standard input.
    package static func standardInput() -> LineInput {
        LineInput(isTerminal: isatty(0) == 1) { Swift.readLine(strippingNewline: true) }
    }
}

/// Everything a command may use from the world outside: environment, streams,
/// the working folder and the clock. Tests build one with buffers and a fixed clock.
package struct Context: Sendable {
    package let environment: [String: String]
    package let currentDirectory: String
    package let stdout: TextOutput
    package let stderr: TextOutput
    package let stdin: LineInput
    /// The current time; injected so tests and `--as-of` defaults are reproducible.
    package let now: @Sendable () -> Instant

    package init(
        environment: [String: String], currentDirectory: String, stdout: TextOutput, stderr: TextOutput,
        stdin: LineInput, now: @escaping @Sendable () -> Instant
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.stdout = stdout
        self.stderr = stderr
        self.stdin = stdin
        self.now = now
    }

    /// The real process: its environment, streams, folder and clock.
    package static func standard() -> Context {
        Context(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            stdout: .descriptor(1), stderr: .descriptor(2), stdin: .standardInput(),
            now: { Instant(millis: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))) })
    }

    /// This context for a `--quiet` run: standard output discarded (the command only narrates there),
    /// standard error kept for warnings and errors but treated as no terminal, so no progress is drawn.
    func quieted() -> Context {
        let errors = stderr
        return Context(
            environment: environment, currentDirectory: currentDirectory, stdout: TextOutput { _ in },
            stderr: TextOutput(isTerminal: false) { errors.write($0) }, stdin: stdin, now: now)
    }

    /// Resolves a path given on the command line against the working folder.
    package func path(_ given: String) -> String {
        given.hasPrefix("/") ? given : URL(fileURLWithPath: currentDirectory).appendingPathComponent(given).path
    }
}

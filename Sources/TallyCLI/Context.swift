import Foundation
import TallyCore
import TallyRender

/// A place text is written to: standard output, standard error, or a buffer in tests.
///
/// The one output layer of every command: a write that fails or stops short (`/dev/full`, a closed
/// descriptor, a reader that went away) is remembered, later writes are dropped, and `check()`
/// turns it into an error. Commands call `check()` before anything that must only follow a
/// complete write (marking decisions pushed); `Tally.run` calls it after every command, so no
/// command exits 0 with its output lost.
package final class TextOutput: @unchecked Sendable {
    /// Writes text; returns 0, or the errno of the write that failed.
    private let sink: (String) -> Int32
    private let lock = NSLock()
    private var failed: Int32 = 0
    /// True when this output is a terminal (progress and colour only then).
    package let isTerminal: Bool
    /// What the output is, for messages: "standard output".
    package let name: String

    /// An output that never fails (a buffer, a discarded stream).
    package convenience init(isTerminal: Bool = false, _ sink: @escaping (String) -> Void) {
        self.init(isTerminal: isTerminal, name: "the output") { text in
            sink(text)
            return 0
        }
    }

    /// An output whose writes can fail: `sink` returns 0 or an errno.
    package init(isTerminal: Bool, name: String, failing sink: @escaping (String) -> Int32) {
        self.sink = sink
        self.isTerminal = isTerminal
        self.name = name
    }

    /// Writes text as is (nothing once a write has failed).
    package func write(_ text: String) {
        lock.withLock {
            guard failed == 0 else { return }
            failed = sink(text)
        }
    }

    /// Writes a message line and a newline: the one rule for every message, whatever its parts (paths,
    /// config values, schema names, visitors' text) and wherever it goes. Control characters are shown
    /// (`TerminalText.visible`: ␛, ␇, `\u{202E}`), never sent, so no value can move the cursor, retitle the
    /// window or turn the line around. Documents (a report, SQL, CSV) go through `write`, byte for byte.
    package func line(_ text: String = "") { write(TerminalText.visible(text) + "\n") }

    /// The errno of the first write that failed, or nil.
    package var failure: Int32? { lock.withLock { failed == 0 ? nil : failed } }

    /// Throws `OutputFailure` when a write to this output failed.
    package func check() throws {
        if let failure { throw OutputFailure(name: name, errno: failure) }
    }

    /// An output writing to a file descriptor, unbuffered; `closed` marks a descriptor the process
    /// was started without (`>&-`), whose writes all fail.
    package static func descriptor(_ fd: Int32, name: String, closed: Bool = false) -> TextOutput {
        TextOutput(isTerminal: !closed && isatty(fd) == 1, name: name) { text in
            closed ? EBADF : Descriptor.writeAll(Array(text.utf8), to: fd)
        }
    }
}

/// A write to standard output (or another output) that failed or stopped short.
package struct OutputFailure: Error, Equatable, CustomStringConvertible {
    package let name: String
    package let errno: Int32
    /// Found when the command had run to its end (`Tally.run`'s last check): what it does was done.
    package var commandDone = false
    package var description: String {
        "cannot write to \(name): \(String(cString: strerror(errno)))"
            + (errno == EPIPE ? " (the program reading it stopped)" : "")
            + (commandDone
                ? "; what was written there is incomplete, but the command ran to its end: what it records or "
                    + "writes elsewhere (a decision, a file) was done"
                : "; what was written there is incomplete, and nothing after it was done")
    }
}

/// Raw descriptor writes, checked.
package enum Descriptor {
    /// Writes every byte, retrying after signals; returns 0 or the errno of the failure
    /// (`EIO` for a write that wrote nothing).
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// Writes every byte of `buffer`; returns 0 or the errno of the failure.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return 0
    }

    /// True when `fd` is open in this process.
    static func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) != -1 || errno != EBADF }

    /// Puts `/dev/null` on a descriptor the process was started without, so no file tally opens
    /// later (a database, an output file) lands on 0, 1 or 2 and receives what was meant for them.
    static func fillWithNull(_ fd: Int32) {
        let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
        if null >= 0, null != fd {
            dup2(null, fd)
            close(null)
        }
    }
}

/// A source of input lines: standard input, or a fixed list in tests.
package final class LineInput: @unchecked Sendable {
    private let next: () throws -> String?
    /// True when input comes from a terminal (interactive prompts only then).
    package let isTerminal: Bool

    package init(isTerminal: Bool = false, _ next: @escaping () throws -> String?) {
        self.next = next
        self.isTerminal = isTerminal
    }

    /// The next line without its newline, or nil at end of input.
    ///
    /// - Throws: `CommandFailure` for a line longer than `LineReader.limit` bytes (`< /dev/zero`
    ///   would otherwise grow without end).
    package func readLine() throws -> String? { try next() }

    /// Standard input, read in lines of at most `LineReader.limit` bytes.
    package static func standardInput() -> LineInput {
        let reader = LineReader(fd: 0)
        return LineInput(isTerminal: isatty(0) == 1) { try reader.next() }
    }
}

/// Reads lines from a descriptor with a bound on each line's length.
final class LineReader {
    /// The longest line accepted, in bytes: far above any decision or reason typed by hand.
    static let limit = 64 * 1_024
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    init(fd: Int32) { self.fd = fd }

    /// The next line (without "\n" or "\r\n"), nil at end of input.
    func next() throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if buffer.count > Self.limit {
                throw CommandFailure(
                    "a line of standard input is longer than \(Self.limit / 1_024) KiB; stopped reading there "
                        + "(decisions already made are kept). Give one key per line")
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure("cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { ended = true } else { buffer += chunk[..<count] }
        }
    }
}

/// Everything a command may use from the world outside: environment, streams,
/// the working folder and the clock. Tests build one with buffers and a fixed clock.
package struct Context: Sendable {
    package let environment: [String: String]
    package let currentDirectory: String
    /// Why the working folder could not be read (it was removed, or is no longer reachable),
    /// or nil. Every command then stops before it runs: relative paths and `./tally.json` mean nothing.
    package let workingFolderFailure: Int32?
    package let stdout: TextOutput
    package let stderr: TextOutput
    package let stdin: LineInput
    /// The current time; injected so tests and `--as-of` defaults are reproducible.
    package let now: @Sendable () -> Instant

    package init(
        environment: [String: String], currentDirectory: String, stdout: TextOutput, stderr: TextOutput,
        stdin: LineInput, now: @escaping @Sendable () -> Instant, workingFolderFailure: Int32? = nil
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.workingFolderFailure = workingFolderFailure
        self.stdout = stdout
        self.stderr = stderr
        self.stdin = stdin
        self.now = now
    }

    /// The real process: its environment, streams, folder and clock. A standard descriptor the
    /// process was started without is filled with `/dev/null` first (see `Descriptor.fillWithNull`);
    /// a closed standard output stays an error: every write to it fails.
    package static func standard() -> Context {
        let closed = (Int32(0)...2).map { !Descriptor.isOpen($0) }
        for fd: Int32 in 0...2 where closed[Int(fd)] { Descriptor.fillWithNull(fd) }
        // getcwd itself, not FileManager: with the folder removed, FileManager answers a path that
        // later fails as "The specified URL type isn't supported".
        var failure: Int32?
        var folder = "/"
        if let buffer = getcwd(nil, 0) {
            folder = String(cString: buffer)
            free(buffer)
        } else {
            failure = errno
        }
        return Context(
            environment: ProcessInfo.processInfo.environment, currentDirectory: folder,
            stdout: .descriptor(1, name: "standard output", closed: closed[1]),
            stderr: .descriptor(2, name: "standard error"), stdin: .standardInput(),
            now: { Instant(millis: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))) },
            workingFolderFailure: failure)
    }

    /// This context for a `--quiet` run: standard output discarded (the command only narrates there),
    /// standard error kept for warnings and errors but treated as no terminal, so no progress is drawn.
    func quieted() -> Context {
        let errors = stderr
        return Context(
            environment: environment, currentDirectory: currentDirectory, stdout: TextOutput { _ in },
            stderr: TextOutput(isTerminal: false) { errors.write($0) }, stdin: stdin, now: now,
            workingFolderFailure: workingFolderFailure)
    }

    /// Resolves a path given on the command line against the working folder.
    /// A trailing `/` is kept: it says the name is a folder's (`FileTarget.resolve` reads it so), and
    /// `URL.path` would drop it, turning `-o reports/` into a file named `reports`.
    package func path(_ given: String) -> String {
        if given.hasPrefix("/") { return given }
        let path = URL(fileURLWithPath: currentDirectory).appendingPathComponent(given).path
        return given.hasSuffix("/") && !path.hasSuffix("/") ? path + "/" : path
    }
}

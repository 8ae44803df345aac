import Foundation

/// Runs Cloudflare's `wrangler` (or `$TALLY_WRANGLER`) for `pull --wrangler`
/// and `push --wrangler`: the one place tally starts it.
///
/// What tally relies on, read from wrangler's `packages/wrangler/src/d1/execute.ts`
/// and `export.ts`: `d1 export DB --remote --output F` writes the export to F;
/// `d1 execute DB --remote --file F` sends F to D1's import API, which runs it as a
/// whole (all or nothing) and prints only a summary; rows come only from
/// `d1 execute DB --remote --command SQL --json`, printed as one result per
/// statement: `[{"results":[{…}],"success":true,"meta":{…}}]`.
struct Wrangler {
    /// The binary: `$TALLY_WRANGLER`, else `wrangler` found on `$PATH`.
    let executable: String
    /// Where wrangler's own messages go, as they come.
    let context: Context

    /// Finds the binary or says how to get it.
    init(_ context: Context) throws {
        self.context = context
        let name = context.environment["TALLY_WRANGLER"].flatMap { $0.isEmpty ? nil : $0 } ?? "wrangler"
        if name.contains("/") {
            let path = context.path(name)
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw CommandFailure(
                    "TALLY_WRANGLER names \(path), which is not an executable file; nothing was changed")
            }
            executable = path
            return
        }
        let folders = (context.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard
            let found = folders.map({ ($0 as NSString).appendingPathComponent(name) })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw CommandFailure(
                "\(name) was not found on PATH; install it (npm install -g wrangler), or name the binary with "
                    + "TALLY_WRANGLER, or use --from FILE / --output FILE; nothing was changed")
        }
        executable = found
    }

    /// Runs `wrangler arguments…`; its stderr is passed on; returns its stdout. When it fails,
    /// its stdout is passed on too: with `--json`, wrangler prints its error there (D1's own
    /// message in the error's notes), not on stderr.
    ///
    /// - Throws: `CommandFailure` naming the command and its exit status when it fails.
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = context.environment
        process.currentDirectoryURL = URL(fileURLWithPath: context.currentDirectory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot start \(executable): \(error.localizedDescription); nothing was changed")
        }
        // stderr is drained on its own thread so a chatty wrangler never blocks on a full pipe.
        let errorData = ErrorBuffer()
        let drain = Thread { errorData.data = errors.fileHandleForReading.readDataToEndOfFile() }
        drain.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isDone { usleep(1_000) }
        let stderrText = String(decoding: errorData.data, as: UTF8.self)
        if !stderrText.isEmpty { context.stderr.write(stderrText.hasSuffix("\n") ? stderrText : stderrText + "\n") }
        let shown = ([(executable as NSString).lastPathComponent] + arguments.prefix(4)).joined(separator: " ")
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let printed = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !printed.isEmpty { context.stderr.line(String(printed.prefix(4_000))) }
            throw CommandFailure(
                "`\(shown) …` failed with exit status \(process.terminationStatus) (its messages are above); "
                    + "nothing was changed locally")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The stderr bytes of a wrangler run, filled by the draining thread.
private final class ErrorBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    private var done = false
    var data: Data {
        get { lock.withLock { stored } }
        set {
            lock.withLock {
                stored = newValue
                done = true
            }
        }
    }
    var isDone: Bool { lock.withLock { done } }
}

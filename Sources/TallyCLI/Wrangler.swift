import Foundation
import TallyCore

/// Runs Cloudflare's `wrangler` (or `$TALLY_WRANGLER`) for `pull --wrangler` and `push --wrangler`:
/// the one place tally starts it (through `ChildProcess`: stoppable by Ctrl-C and SIGTERM, a time
/// limit per run, its output bounded).
///
/// What tally relies on, read from wrangler's `packages/wrangler/src/d1/execute.ts`
/// and `export.ts`: `d1 export DB --remote --output F` writes the export to F;
/// `d1 execute DB --remote --command SQL --json` sends SQL to D1's query API, which
/// runs its statements in one transaction and prints one result per statement:
/// `[{"results":[{…}],"success":true,"meta":{…}}]`. tally never uses `--file`, which goes
/// through D1's import API and stops D1 serving queries (the vote page) while it runs.
struct Wrangler {
    /// The binary: `$TALLY_WRANGLER`, else `wrangler` found on `$PATH`.
    let executable: String
    /// Where wrangler's own messages go, as they come.
    let context: Context
    /// Seconds one wrangler run may take before it is stopped.
    let timeout: Int

    /// `--timeout`, for the commands that run wrangler.
    static let timeoutOption = OptionSpec(
        "timeout", .value("SECONDS"),
        "Stop a wrangler run that takes longer than this (1 to 86400; default \(defaultTimeout)).")
    /// Ten minutes: an export of a million votes takes about one; D1 stops a single query at 30 s.
    static let defaultTimeout = 600
    /// The most wrangler may print on standard output: D1 caps a query's result at 50 MB.
    static let outputLimit = 64 * 1_024 * 1_024

    /// The `--timeout` given, or the default.
    static func timeout(_ invocation: Invocation) throws -> Int {
        try invocation.integer(timeoutOption, in: 1...86_400) ?? defaultTimeout
    }

    /// Finds the binary or says how to get it.
    init(_ context: Context, timeout: Int = Wrangler.defaultTimeout) throws {
        self.context = context
        self.timeout = timeout
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
        guard let found = ProgramSearch.find(name, in: context.environment) else {
            throw CommandFailure(
                "\(name) was not found on PATH; install it (npm install -g wrangler), or name the binary with "
                    + "TALLY_WRANGLER, or use --from FILE / --output FILE; nothing was changed")
        }
        executable = found
    }

    /// The path of a scratch file for wrangler (`.tally-pull-PID.sql`, `.tally-push-PID.sql`) beside
    /// the database, after removing those a killed run left there (their process is gone). The
    /// caller removes its own on the way out, also after Ctrl-C or SIGTERM (`run` throws then).
    func scratchFile(_ purpose: String, beside database: String) -> String {
        let folder = URL(fileURLWithPath: database).deletingLastPathComponent().path
        let prefix = ".tally-\(purpose)-"
        StaleTemporaries(prefix: prefix, suffix: ".sql").remove(in: folder)
        return (folder as NSString).appendingPathComponent("\(prefix)\(getpid()).sql")
    }

    /// Runs `wrangler arguments…`; its stderr is passed on as it comes; returns its stdout. When it
    /// fails, its stdout is passed on too: with `--json`, wrangler prints its error there (D1's own
    /// message in the error's notes), not on stderr.
    ///
    /// - Throws: `CommandFailure` naming the command and how it ended when it fails, was stopped
    ///   (Ctrl-C, SIGTERM, `--timeout`) or printed more than `outputLimit` bytes.
    func run(_ arguments: [String]) throws -> String {
        let shown = ([(executable as NSString).lastPathComponent] + arguments.prefix(4)).joined(separator: " ")
        let errors = context.stderr
        let child = ChildProcess(
            executable: executable, arguments: arguments, environment: context.environment,
            directory: context.currentDirectory, input: nil, outputLimit: Self.outputLimit, timeout: timeout,
            errors: { errors.line($0) })
        let ended: (termination: ChildProcess.Termination, output: Data)
        do {
            ended = try child.run()
        } catch let stop as ChildProcess.Stop {
            if case .signal = stop { throw CommandFailure(Self.message(stop, shown: shown), interrupted: true) }
            throw CommandFailure(Self.message(stop, shown: shown))
        }
        guard ended.termination == .exited(0) else {
            let printed = String(decoding: ended.output.prefix(4_000), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if !printed.isEmpty { context.stderr.line(printed) }
            throw CommandFailure(
                "`\(shown) …` failed with \(ended.termination.description) (its messages are above); "
                    + "nothing was changed locally")
        }
        return String(decoding: ended.output, as: UTF8.self)
    }

    /// What to say when tally stopped wrangler.
    static func message(_ stop: ChildProcess.Stop, shown: String) -> String {
        switch stop {
        case .signal(let number):
            return "interrupted (\(StopSignal.name(number))) while `\(shown) …` ran; it was stopped "
                + "and waited for; nothing was changed locally"
        case .timeout(let seconds):
            return "`\(shown) …` was still running after \(seconds) s, so it was stopped; nothing was changed "
                + "locally. If D1 is only slow, give a longer --timeout"
        case .outputLimit(let bytes):
            return "`\(shown) …` printed more than \(bytes / 1_048_576) MiB on standard output (D1 caps a result at "
                + "50 MB), so it was stopped; nothing was changed locally"
        case .outputHeldOpen(let ended):
            return "`\(shown) …` ended (\(ended.description)) but a process it started kept its output open "
                + "\(ChildProcess.outputGrace) s later, so tally stopped that process and its answer was not used; "
                + "nothing was changed locally"
        }
    }
}

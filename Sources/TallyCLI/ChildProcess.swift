import Foundation

/// Runs an outside program (`wrangler`, `rsvg-convert`): the one place tally starts one, so every
/// such run can be stopped, is bounded, and never outlives tally's wish to stop.
///
/// - The child starts with SIGINT, SIGTERM and SIGPIPE at their defaults and nothing blocked
///   (tally's own handling of them is not inherited), in a process group of its own.
/// - While it runs, SIGINT and SIGTERM sent to tally (`StopSignal`) are forwarded to that group;
///   so is SIGTERM when `timeout` passes or its standard output exceeds `outputLimit`. A group
///   that is still there 5 s later gets SIGKILL. The child is always waited for before `run`
///   returns or throws, so it is never left running (only SIGKILL of tally itself can do that).
/// - When it has ended but its output stays open (a process it started holds it), tally waits
///   `outputGrace` seconds more, then stops that group with SIGKILL, stops reading, and reports it.
/// - Its standard output is kept up to `outputLimit` bytes; its standard error is handed to
///   `errors` line by line as it comes (each line at most `LineReader.limit` bytes kept).
/// - Its standard input is `input` (written on its own thread; a child that exits without reading
///   it is no error here, its exit status says what happened), else `/dev/null`.
struct ChildProcess {
    /// How the child ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)

        /// `exit status 1` / `signal 9`.
        var description: String {
            switch self {
            case .exited(let status): return "exit status \(status)"
            case .signalled(let number): return "signal \(number)"
            }
        }
    }

    /// Why tally stopped the child before it ended on its own.
    enum Stop: Error, Equatable {
        /// SIGINT or SIGTERM reached tally.
        case signal(Int32)
        /// It ran longer than the time limit (seconds).
        case timeout(Int)
        /// It printed more than the limit (bytes) on standard output.
        case outputLimit(Int)
        /// It ended so, but a process it started kept its output open `outputGrace` seconds later.
        case outputHeldOpen(Termination)
    }

    /// Seconds tally keeps reading after the program ended, for what it wrote just before.
    static let outputGrace = 2

    /// The program, as an absolute path.
    var executable: String
    var arguments: [String]
    var environment: [String: String]
    /// The working folder it starts in.
    var directory: String
    /// Bytes for its standard input; nil gives it `/dev/null`.
    var input: Data?
    /// The most bytes of standard output kept (64 MiB unless said otherwise).
    var outputLimit = 64 * 1_024 * 1_024
    /// Seconds it may run; nil for no limit.
    var timeout: Int?
    /// Receives its standard error, a line at a time, as it comes.
    var errors: @Sendable (String) -> Void = { _ in }

    /// Runs it to the end (or stops it) and waits for it.
    ///
    /// - Returns: how it ended and its standard output.
    /// - Throws: `ChildProcess.Stop` when tally stopped it (after it ended); `CommandFailure`
    ///   when it could not be started.
    func run() throws -> (termination: Termination, output: Data) {
        let stop = StopSignal.install()
        defer { stop.uninstall() }
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        var inputPipe: [Int32] = [-1, -1]
        guard Self.makePipe(&outputPipe), Self.makePipe(&errorPipe), input == nil || Self.makePipe(&inputPipe)
        else {
            let reason = String(cString: strerror(errno))
            for fd in outputPipe + errorPipe + inputPipe where fd >= 0 { close(fd) }
            throw CommandFailure("cannot start \(executable): \(reason)")
        }
        let pid: pid_t
        do {
            pid = try spawn(stdin: input == nil ? nil : inputPipe[0], stdout: outputPipe[1], stderr: errorPipe[1])
        } catch {
            for fd in outputPipe + errorPipe + inputPipe where fd >= 0 { close(fd) }
            throw error
        }
        close(outputPipe[1])
        close(errorPipe[1])
        if input != nil { close(inputPipe[0]) }

        let collected = Collected(limit: outputLimit)
        let abandon = Abandon()
        let outputFD = outputPipe[0]
        let errorFD = errorPipe[0]
        let outputReader = Thread { collected.drain(outputFD, until: abandon) }
        let emit = errors
        let errorReader = Thread { ChildProcess.forwardLines(from: errorFD, to: emit, until: abandon) }
        outputReader.start()
        errorReader.start()
        var writer: Thread?
        if let input {
            let fd = inputPipe[1]
            writer = Thread {
                // EPIPE: the child exited without reading; its exit status says why.
                _ = input.withUnsafeBytes { Descriptor.writeAll($0, to: fd) }
                close(fd)
            }
            writer?.start()
        }

        let termination = waitStopping(pid, stop: stop, collected: collected)
        var stopped = termination.stopped
        let others = writer.map { [$0] } ?? []
        if Self.join([outputReader, errorReader], within: Double(Self.outputGrace)) {
            Self.join(others, within: .infinity)
        } else {
            // Its output is still open: something of its group (or that left it) holds it.
            kill(-pid, SIGKILL)
            if !Self.join([outputReader, errorReader], within: 1) { abandon.set() }
            Self.join([outputReader, errorReader], within: .infinity)
            // A writer blocked on a holder that left the group is left to end with it.
            Self.join(others, within: 1)
            stopped = stopped ?? .outputHeldOpen(termination.ended)
        }
        close(outputPipe[0])
        close(errorPipe[0])
        if let reason = stopped { throw reason }
        return (termination.ended, collected.data)
    }

    /// Waits until every thread has finished or `seconds` passed; true when all finished.
    @discardableResult
    private static func join(_ threads: [Thread], within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while threads.contains(where: { !$0.isFinished }) {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    /// Reads what `fd` has into `chunk`: the count, 0 at its end or once `abandon` is set.
    private static func readSome(_ fd: Int32, into chunk: inout [UInt8], until abandon: Abandon) -> Int {
        while !abandon.isSet {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 100)
            if polled == 0 || (polled < 0 && errno == EINTR) { continue }
            let count = read(fd, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            return max(count, 0)
        }
        return 0
    }

    /// Set when tally stops reading a program's output (a process it left behind holds it).
    private final class Abandon: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    /// Waits for `pid`, forwarding a stop (signal, time limit, output limit) to its group.
    private func waitStopping(_ pid: pid_t, stop: StopSignal, collected: Collected)
        -> (ended: Termination, stopped: Stop?)
    {
        let start = Date()
        var stopped: Stop?
        var killAt: Date?
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                // Anything of its group still running goes with it.
                if stopped != nil { kill(-pid, SIGKILL) }
                return (Self.termination(status), stopped)
            }
            if result < 0, errno != EINTR { return (.exited(-1), stopped) }
            if stopped == nil {
                if let number = stop.signal {
                    stopped = .signal(number)
                } else if let timeout, Date().timeIntervalSince(start) > Double(timeout) {
                    stopped = .timeout(timeout)
                } else if collected.overflowed {
                    stopped = .outputLimit(outputLimit)
                }
                if let stopped {
                    if case .signal(let number) = stopped { kill(-pid, number) } else { kill(-pid, SIGTERM) }
                    killAt = Date().addingTimeInterval(5)
                }
            } else if let deadline = killAt, Date() > deadline {
                kill(-pid, SIGKILL)
                killAt = nil
            }
            usleep(10_000)
        }
    }

    /// Starts the child with `posix_spawn`: defaults for the signals, an empty mask, its own group.
    private func spawn(stdin: Int32?, stdout: Int32, stderr: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        if directory != FileManager.default.currentDirectoryPath {
            guard let addChdir = Self.addChdir, addChdir(&actions, directory) == 0 else {
                throw CommandFailure(
                    "cannot start \(executable) in \(directory): this system cannot start a program there")
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw CommandFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// A pipe whose two ends are closed in every program started (`dup2` in the child clears that).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc module
    /// does not import: found at run time.
    private static let addChdir:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
            else { return nil }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)
                    .self)
        }()

    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Hands each line read from `fd` to `emit` as it comes; a line is cut at `LineReader.limit` bytes.
    private static func forwardLines(from fd: Int32, to emit: @Sendable (String) -> Void, until abandon: Abandon) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = readSome(fd, into: &chunk, until: abandon)
            if count == 0 { break }
            for byte in chunk[..<count] {
                if byte == UInt8(ascii: "\n") {
                    emit(String(decoding: pending, as: UTF8.self))
                    pending.removeAll(keepingCapacity: true)
                } else if pending.count < LineReader.limit {
                    pending.append(byte)
                }
            }
        }
        if !pending.isEmpty { emit(String(decoding: pending, as: UTF8.self)) }
    }

    /// Standard output, kept up to a limit; read to its end on the reader's thread.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = Data()
        private var over = false
        let limit: Int

        init(limit: Int) { self.limit = limit }

        var data: Data { lock.withLock { bytes } }
        var overflowed: Bool { lock.withLock { over } }

        /// Reads `fd` to its end (or until abandoned); bytes past the limit are counted as overflow and dropped.
        func drain(_ fd: Int32, until abandon: Abandon) {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = ChildProcess.readSome(fd, into: &chunk, until: abandon)
                if count == 0 { return }
                lock.withLock {
                    if bytes.count + count > limit { over = true } else { bytes.append(contentsOf: chunk[..<count]) }
                }
            }
        }
    }
}

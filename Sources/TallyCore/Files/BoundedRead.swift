import Foundation

/// Reads a small file whole with a bound on its size and, for a pipe, on the time it may take:
/// a FIFO nobody writes to, `/dev/zero` or `/proc/self/mem` never hangs tally or fills memory.
package enum BoundedRead {
    /// Why a bounded read stopped.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file holds more than the limit (bytes).
        case tooLarge(Int)
        /// A pipe sent nothing more for this many seconds.
        case timedOut(Int)
        /// A system call failed with this message.
        case system(String)

        /// `it is larger than 16 MiB, the most tally reads there`: what a person can act on, never `tooLarge(16777216)`.
        package var description: String {
            switch self {
            case .tooLarge(let limit): return "it is larger than \(BoundedRead.size(limit)), the most tally reads there"
            case .timedOut(let seconds): return "it is a pipe that sent nothing more within \(seconds) s"
            case .system(let reason): return reason
            }
        }
    }

    /// A size in bytes as a person reads it: `16 MiB`, `64 KiB`, `512 bytes`.
    package static func size(_ bytes: Int) -> String {
        if bytes >= 1_048_576, bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MiB" }
        if bytes >= 1_024, bytes % 1_024 == 0 { return "\(bytes / 1_024) KiB" }
        return "\(bytes) bytes"
    }

    /// The bytes of `path` (a regular file or a FIFO), at most `limit`, within `seconds`. Opened
    /// without blocking, so a FIFO nobody opens for writing ends at the time bound, not never.
    package static func contents(of path: String, limit: Int, seconds: Int = 10) throws(Failure) -> Data {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .system(String(cString: strerror(errno))) }
        defer { close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let giveUp = Date().addingTimeInterval(Double(seconds))
        while true {
            // Wait for bytes (or the end) first: on Linux a FIFO no writer has opened yet does not
            // report a hang-up, so this waits for a writer that comes a moment later, up to the bound.
            let left = giveUp.timeIntervalSinceNow
            guard left > 0 else { throw .timedOut(seconds) }
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(min(left, 1) * 1_000))
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            if ready < 0 { throw .system(String(cString: strerror(errno))) }
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                data.append(contentsOf: chunk[..<count])
                if data.count > limit { throw .tooLarge(limit) }
                continue
            }
            if count == 0 { return data }
            if errno == EINTR || errno == EAGAIN { continue }
            throw .system(String(cString: strerror(errno)))
        }
    }
}

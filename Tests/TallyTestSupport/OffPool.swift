import CTestWidth
import Foundation

/// The one place the tests block: waiting for a process, reading a pipe, waiting on a semaphore.
///
/// Swift Testing runs tests on Swift's cooperative pool, which has one thread per core. A test that
/// blocks one of them (`waitUntilExit`, a blocking read, `usleep`) holds it from every other test and
/// from the time limits that would stop a stuck one: on two loaded cores, two such tests stall the run.
/// Here each blocking call runs on a thread of its own while the test awaits it; a test that waits for
/// a condition polls with `until`, which suspends between checks. `ConventionTests` fails when a test
/// blocks anywhere else.
package enum OffPool {
    /// How many test cases run at once (two per core), set before the runner starts by `Tests/CTestWidth`, so
    /// that a test's time limit counts from its turn; nil when the environment gave the width.
    package static let testCaseWidth: Int? = tally_test_width_set_here() > 0 ? Int(tally_test_width_set_here()) : nil

    /// Runs `work` on a new thread; the caller is suspended, not blocked, until it returns. `work` is
    /// handed over (`sending`): what it captures is the thread's alone until it returns.
    package static func run<T: Sendable>(_ work: sending @escaping () throws -> T) async throws -> T {
        let handed = Handed(work: work)
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try handed.work() }) }.start()
        }
    }

    /// Runs `work`, which cannot throw, on a new thread.
    package static func run<T: Sendable>(_ work: sending @escaping () -> T) async -> T {
        let handed = Handed(work: work)
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: try! handed.work()) }.start()
        }
    }

    /// A closure given to one thread, which alone runs it (`sending` checked that at the call).
    private struct Handed<T>: @unchecked Sendable {
        let work: () throws -> T
    }

    /// Checks `condition` every `interval` until it holds or `seconds` pass (or the test is cancelled, as
    /// its time limit does); true when it held. Suspends between checks, so the wait holds no thread.
    package static func until(
        within seconds: Double, every interval: Duration = .milliseconds(20), _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let giveUp = Date().addingTimeInterval(seconds)
        while true {
            if try await condition() { return true }
            if Date() >= giveUp || Task.isCancelled { return false }
            try? await Task.sleep(for: interval)
        }
    }

    /// Waits `duration` without holding a thread (a sleep that a cancelled test cuts short).
    package static func pause(_ duration: Duration) async {
        try? await Task.sleep(for: duration)
    }

    /// Waits for `semaphore` (signalled by a thread the test started), at most `seconds`; true when it was
    /// signalled.
    package static func wait(for semaphore: DispatchSemaphore, within seconds: Double = 600) async -> Bool {
        await run { semaphore.wait(timeout: .now() + seconds) == .success }
    }
}

extension Process {
    /// Waits for the process to end, off the pool.
    package func ended() async {
        await OffPool.run { self.waitUntilExit() }
    }

    /// Waits at most `seconds` for the process to end; true when it did.
    package func ends(within seconds: Double) async -> Bool {
        await OffPool.until(within: seconds) { !isRunning }
    }
}

extension FileHandle {
    /// Everything left to read, up to end of file, read off the pool.
    package func remainingData() async -> Data {
        await OffPool.run { self.readDataToEndOfFile() }
    }

    /// The text left to read, as UTF-8 (invalid bytes replaced).
    package func remainingText() async -> String {
        String(decoding: await remainingData(), as: UTF8.self)
    }

    /// The next line (without its newline; what is left when the file ends first), read byte by byte so
    /// nothing after it is consumed, off the pool.
    package func nextLine() async -> String {
        let line = await OffPool.run {
            var line = Data()
            while true {
                let byte = self.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                line.append(byte)
            }
            return line
        }
        return String(decoding: line, as: UTF8.self)
    }
}

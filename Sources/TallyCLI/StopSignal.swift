import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM into a flag a long command checks between
/// steps, so it can stop cleanly and remove its temporary file instead of
/// being killed halfway. A second signal after the first is handled the same way.
///
/// Installs nest: a command (pull) and the outside program it runs (`ChildProcess`) each install
/// and uninstall; the signals get their default meaning back when the outermost uninstalls.
final class StopSignal: @unchecked Sendable {
    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var received: Int32 = 0
    private static let signals = [SIGINT, SIGTERM]
    private var installed = true

    /// Starts catching the signals; call `uninstall()` when the work is done.
    static func install() -> StopSignal {
        lock.withLock {
            if depth == 0 {
                received = 0
                for number in signals {
                    setDisposition(number, SIG_IGN)  // the dispatch source receives it instead
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { StopSignal.lock.withLock { StopSignal.received = number } }
                    source.resume()
                    sources.append(source)
                }
            }
            depth += 1
        }
        return StopSignal()
    }

    /// Gives the signals back their default meaning (when this is the outermost install).
    func uninstall() {
        Self.lock.withLock {
            guard installed else { return }
            installed = false
            Self.depth -= 1
            guard Self.depth == 0 else { return }
            for source in Self.sources { source.cancel() }
            Self.sources.removeAll()
            for number in Self.signals { setDisposition(number, SIG_DFL) }
        }
    }

    var isSet: Bool { signal != nil }

    /// The signal that arrived (SIGINT or SIGTERM), or nil.
    var signal: Int32? { Self.lock.withLock { Self.received == 0 ? nil : Self.received } }

    /// A caught signal's name, as messages say it ("interrupted (SIGINT) …").
    static func name(_ number: Int32) -> String { number == SIGINT ? "SIGINT" : "SIGTERM" }
}

/// `signal(2)`, outside `StopSignal`, whose `signal` property would be found first.
private func setDisposition(_ number: Int32, _ handler: __sighandler_t?) {
    signal(number, handler)
}

import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM into a flag a long command checks between
/// steps, so it can stop cleanly and remove its temporary file instead of
/// being killed halfway. A second signal after the first is handled the same way.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var sources: [DispatchSourceSignal] = []
    private static let signals = [SIGINT, SIGTERM]

    /// Starts catching the signals; call `uninstall()` when the work is done.
    static func install() -> StopSignal {
        let flag = StopSignal()
        for number in signals {
            signal(number, SIG_IGN)  // the dispatch source receives it instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.set() }
            source.resume()
            flag.sources.append(source)
        }
        return flag
    }

    /// Gives the signals back their default meaning.
    func uninstall() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in StopSignal.signals { signal(number, SIG_DFL) }
    }

    /// True once a signal arrived.
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func set() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}

import Dispatch
import TallyCore
import TallyRender

/// A pull's progress line on a terminal while it reads D1: requests, rows, time, redrawn in
/// place at most four times a second. Silent when stderr is not a terminal.
final class PullProgress {
    private let output: TextOutput
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0
    private var drawn = false
    private var last = QueryPull.Progress(requests: 0, rows: 0)

    init(output: TextOutput) { self.output = output }

    /// Redraws the line if a quarter of a second has passed.
    func update(_ progress: QueryPull.Progress) {
        guard output.isTerminal else { return }
        last = progress
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDrawn >= 250_000_000 else { return }
        lastDrawn = now
        drawn = true
        output.write("\r" + Self.line(progress, seconds: seconds(now)) + "\u{1B}[K")
    }

    /// Leaves a last line with the totals.
    func finish() {
        guard output.isTerminal else { return }
        if drawn { output.write("\r\u{1B}[K") }
        output.line(Self.line(last, seconds: seconds(DispatchTime.now().uptimeNanoseconds)) + "; importing")
    }

    /// Clears the line before an error message is printed.
    func abandon() {
        if output.isTerminal, drawn { output.write("\r\u{1B}[K") }
    }

    private func seconds(_ now: UInt64) -> Double { Double(now - started) / 1e9 }

    /// `read D1: 12 requests, 1,100,000 rows in 9.3 s`.
    static func line(_ progress: QueryPull.Progress, seconds: Double) -> String {
        "read D1: \(progress.requests) request(s), \(ImportProgress.grouped(progress.rows)) rows in "
            + NumberText.fixed(seconds, decimals: 1) + " s"
    }
}

import Dispatch
import TallyCore
import TallyRender

/// A progress line on a terminal, redrawn in place at most four times a second. Silent when the
/// output is not a terminal, so logs and pipes get only the final result.
class ProgressLine {
    let output: TextOutput
    let started = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0
    private var drawn = false

    init(output: TextOutput) { self.output = output }

    /// Draws `text` over the line if a quarter of a second has passed since it was last drawn at a
    /// time given (`now`); always when `now` is nil.
    func draw(_ text: @autoclosure () -> String, throttledAt now: UInt64?) {
        if let now {
            guard now - lastDrawn >= 250_000_000 else { return }
            lastDrawn = now
        }
        drawn = true
        output.write("\r" + text() + "\u{1B}[K")
    }

    /// Clears the line and leaves `totals` as a last line.
    func finish(with totals: String) {
        if drawn { output.write("\r\u{1B}[K") }
        output.line(totals)
    }

    /// Clears the line before an error message is printed.
    func abandon() {
        if output.isTerminal, drawn { output.write("\r\u{1B}[K") }
    }

    /// Seconds from the start until `now`.
    func seconds(until now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Double {
        Double(now - started) / 1e9
    }
}

/// A pull's progress line while it reads D1: requests, rows, time.
final class PullProgress: ProgressLine {
    private var last = QueryPull.Progress(requests: 0, rows: 0)

    /// Redraws the line if a quarter of a second has passed.
    func update(_ progress: QueryPull.Progress) {
        guard output.isTerminal else { return }
        last = progress
        let now = DispatchTime.now().uptimeNanoseconds
        draw(Self.line(progress, seconds: seconds(until: now)), throttledAt: now)
    }

    /// Leaves a last line with the totals.
    func finish() {
        guard output.isTerminal else { return }
        finish(with: Self.line(last, seconds: seconds()) + "; importing")
    }

    /// `read D1: 12 requests, 1,100,000 rows in 9.3 s`.
    static func line(_ progress: QueryPull.Progress, seconds: Double) -> String {
        "read D1: \(progress.requests) request(s), \(ImportProgress.grouped(progress.rows)) rows in "
            + NumberText.fixed(seconds, decimals: 1) + " s"
    }
}

import Dispatch
import TallyCore
import TallyRender

/// The import's progress line on a terminal: bytes read, rows, rate.
final class ImportProgress: ProgressLine {
    /// When the importer last reported; its last report comes at the end of the load.
    private var lastReport: UInt64 = 0
    /// The importer's last report, for the totals.
    private var last = DumpImporter.Progress(bytesRead: 0, totalBytes: nil, rows: 0)

    /// Redraws the line if a quarter of a second has passed since the last time.
    func update(_ progress: DumpImporter.Progress) {
        guard output.isTerminal else { return }
        last = progress
        if progress.finishing {
            // The load is over: say what the remaining seconds are spent on.
            draw(
                Self.line(progress, seconds: seconds(until: lastReport)) + "  adding tally's tables and indexes…",
                throttledAt: nil)
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        lastReport = now
        draw(Self.line(progress, seconds: seconds(until: now)), throttledAt: now)
    }

    /// Clears the line and leaves a last one with the totals: how long the load
    /// took, and then tally's own work (contract check, migrations, indexes).
    func finish() {
        guard output.isTerminal else { return }
        let load = seconds(until: max(lastReport, started))
        finish(with: Self.summary(last, loadSeconds: load, totalSeconds: seconds()))
    }

    /// The progress text, e.g. `importing 85.3 MB of 170.1 MB (50%)  501,234 rows  171,000 rows/s`.
    static func line(_ progress: DumpImporter.Progress, seconds: Double) -> String {
        var text = "importing " + megabytes(progress.bytesRead)
        if let total = progress.totalBytes, total > 0 {
            text += " of \(megabytes(total)) (\(min(100, progress.bytesRead * 100 / total))%)"
        }
        text += "  \(grouped(progress.rows)) rows"
        if seconds >= 0.05 { text += "  \(rate(progress.rows, seconds)) rows/s" }
        return text
    }

    /// The last line, e.g. `loaded 170.1 MB, 1,000,012 rows in 4.1 s (243,905 rows/s); tally's tables and indexes 1.9 s`.
    static func summary(_ progress: DumpImporter.Progress, loadSeconds: Double, totalSeconds: Double) -> String {
        var text =
            "loaded \(megabytes(progress.bytesRead)), \(grouped(progress.rows)) rows in "
            + NumberText.fixed(loadSeconds, decimals: 1) + " s"
        if loadSeconds >= 0.05 { text += " (\(rate(progress.rows, loadSeconds)) rows/s)" }
        text +=
            "; tally's tables and indexes " + NumberText.fixed(max(0, totalSeconds - loadSeconds), decimals: 1) + " s"
        return text
    }

    static func rate(_ rows: Int64, _ seconds: Double) -> String {
        grouped(Int64((Double(rows) / seconds).rounded()))
    }

    static func megabytes(_ bytes: Int64) -> String {
        NumberText.fixed(Double(bytes) / 1_000_000, decimals: 1) + " MB"
    }

    /// 1234567 → `1,234,567` (the same on every machine, whatever its locale).
    static func grouped(_ number: Int64) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}

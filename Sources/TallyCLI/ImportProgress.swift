import Dispatch
import TallyCore
import TallyRender

/// The import's progress line on a terminal: bytes read, rows, rate, redrawn in
/// place at most four times a second. Silent when stderr is not a terminal, so
/// logs and pipes get only the final result.
final class ImportProgress {
    private let output: TextOutput
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0
    private var drawn = false

    init(output: TextOutput) {
        self.output = output
    }

    var isEnabled: Bool { output.isTerminal }

    /// Redraws the line if a quarter of a second has passed since the last time.
    func update(_ progress: DumpImporter.Progress) {
        guard isEnabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDrawn >= 250_000_000 else { return }
        lastDrawn = now
        drawn = true
        output.write("\r" + ImportProgress.line(progress, seconds: seconds(until: now)) + "\u{1B}[K")
    }

    /// Clears the line and leaves a last one with the totals.
    func finish(_ progress: DumpImporter.Progress) {
        guard isEnabled else { return }
        if drawn { output.write("\r\u{1B}[K") }
        output.line(ImportProgress.line(progress, seconds: seconds(until: DispatchTime.now().uptimeNanoseconds), done: true))
    }

    /// Clears the line before an error message is printed.
    func abandon() {
        if isEnabled, drawn { output.write("\r\u{1B}[K") }
    }

    private func seconds(until now: UInt64) -> Double {
        Double(now - started) / 1e9
    }

    /// The progress text, e.g. `importing  85.3 MB of 170.1 MB (50%)  501,234 rows  171,000 rows/s`.
    static func line(_ progress: DumpImporter.Progress, seconds: Double, done: Bool = false) -> String {
        var text = done ? "read " : "importing "
        text += megabytes(progress.bytesRead)
        if let total = progress.totalBytes, total > 0, !done {
            text += " of \(megabytes(total)) (\(min(100, progress.bytesRead * 100 / total))%)"
        }
        text += "  \(grouped(progress.rows)) rows"
        if seconds >= 0.05 {
            text += "  \(grouped(Int64((Double(progress.rows) / seconds).rounded()))) rows/s"
        }
        if done { text += "  in " + NumberText.fixed(seconds, decimals: 1) + " s" }
        return text
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

import TallyCore

/// Formatting shared by the report renderers: times with their offset, shares,
/// durations and shortened user text. Nothing here depends on the machine's locale.
package enum ReportText {
    /// `2026-09-19 02:06:14 +08:00`: every time shown carries its offset.
    package static func time(_ instant: Instant, _ zone: Zone) -> String {
        zone.format(instant, seconds: true)
    }

    /// ISO 8601 with offset, with milliseconds only when there are some:
    /// `2026-09-19T02:06:14+08:00`, `2026-09-19T02:06:14.250+08:00`.
    package static func iso8601(_ instant: Instant, _ zone: Zone) -> String {
        let text = zone.iso8601(instant)
        let millis = instant.millis - instant.seconds * 1000
        guard millis != 0 else { return text }
        let offset = text.suffix(6)
        return text.dropLast(6) + "." + String(String(millis + 1000).dropFirst()) + offset
    }

    /// A SHA-256 as pages show it: four groups of 16 hex digits, so a phone's column can wrap it (64 digits in one
    /// code span ran a plain blog's page sideways to 673 px at 390 px); JSON and CSV keep it whole.
    package static func hashGroups(_ hash: String) -> String {
        stride(from: 0, to: hash.count, by: 16).map { String(hash.dropFirst($0).prefix(16)) }.joined(separator: " ")
    }

    /// Why a ledger session was excluded, as the JSON and CSV reports write it:
    /// `first_vote_before_cutoff`, `named`, or both joined by `+`.
    package static func exclusionReason(_ entry: ReportFigures.ExcludedSession) -> String {
        var reasons: [String] = []
        if entry.beforeCutoff { reasons.append("first_vote_before_cutoff") }
        if entry.named { reasons.append("named") }
        return reasons.joined(separator: "+")
    }

    /// `41.7–84.8%`.
    package static func range(_ interval: WilsonInterval) -> String {
        NumberText.fixed(interval.lower * 100, decimals: 1) + "–" + NumberText.percent(interval.upper, decimals: 1)
    }

    /// Days, hours, minutes (and seconds under an hour) of a length in seconds, with the
    /// language's units; zero parts are left out.
    package static func duration(seconds total: Int64, _ language: ReportLanguage) -> String {
        let days = total / 86_400
        let hours = total % 86_400 / 3600
        let minutes = total % 3600 / 60
        let seconds = total % 60
        var parts: [String] = []
        if days > 0 { parts.append(language.duration(Int(days), .days)) }
        if hours > 0 { parts.append(language.duration(Int(hours), .hours)) }
        if minutes > 0 { parts.append(language.duration(Int(minutes), .minutes)) }
        if total < 3600, seconds > 0 || parts.isEmpty { parts.append(language.duration(Int(seconds), .seconds)) }
        return parts.joined(separator: " ")
    }

    package enum DurationUnit { case days, hours, minutes, seconds }

    /// The most display cells user text gets in a Markdown table or sentence; longer text
    /// is cut with `…` (JSON and CSV keep it whole).
    package static let maximumCells = 60

    /// User text cut to `maximumCells` display cells. Cut before escaping, so an escape
    /// sequence is never split.
    package static func shortened(_ text: String, cells: Int = ReportText.maximumCells) -> String {
        guard DisplayWidth.of(text) > cells else { return text }
        var result = ""
        var width = 0
        for scalar in text.unicodeScalars {
            let next = DisplayWidth.of(scalar)
            if width + next > cells - 1 { break }
            result.unicodeScalars.append(scalar)
            width += next
        }
        return result + "…"
    }

    /// User text (an option's name, a note) for a table cell or a sentence: whole, escaped. It is never cut:
    /// a reader must see the name voters saw; `MarkdownTable` bounds the padding, the HTML wraps it, and only
    /// charts shorten it (keeping the whole name in the chart's text alternative).
    package static func cell(_ text: String) -> String {
        MarkdownText.cell(text)
    }

    /// User text for a table cell, shortened to `cells` display cells, then escaped.
    package static func cell(_ text: String, cells: Int) -> String {
        MarkdownText.cell(shortened(text, cells: cells))
    }
}

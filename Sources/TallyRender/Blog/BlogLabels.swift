import TallyCore

/// The words of the reader-facing parts added for blog posts (`--brief`, `--only`, HTML,
/// charts in the report), in one language. Kept apart from `ReportLabels` so the report's
/// established sentences and these can grow independently.
public struct BlogLabels: Sendable {
    /// Column: distinct counted sessions, in readers' words ("Voters", 「人數」).
    public let voters: String
    /// The separator between groups of three digits (`207,601`).
    public let thousandsSeparator: String
    /// The one line of settings under a brief report: zone, cutoff, named exclusions, as-of, through and
    /// the short fingerprint (nil when there is no hash, e.g. from D1's results).
    public let briefSettings:
        @Sendable (
            _ zone: String, _ cutoff: String?, _ named: Int, _ asOf: String, _ through: String?, _ hash: String?
        ) -> String
    /// A sticky note named by its id (`note 6`), never `#6`, which names an option.
    public let noteReference: @Sendable (_ id: Int64) -> String
    /// Why a section's ranking chart is not drawn.
    public let noRankingChart: @Sendable (_ section: String) -> String
    /// Why the daily chart is not drawn.
    public let noDailyChart: String
    /// Why a week's daily chart is not drawn.
    public let noDailyChartThisWeek: String
    /// The title of the report's daily chart.
    public let dailyChartTitle: String
    /// The title of a section's ranking chart in the report.
    public let rankingChartTitle: @Sendable (_ section: String) -> String
    /// A weekly page's or the index's heading under the `title` setting: the author's title, then the page's own.
    public let titled: @Sendable (_ title: String, _ page: String) -> String
    /// The share image's footer: the counted voters and the time votes were counted until.
    public let shareFooter: @Sendable (_ voters: Int, _ until: String) -> String
    /// The HTML page's `<title>`: the report's title and its as-of time.
    public let documentTitle: @Sendable (_ title: String, _ asOf: String) -> String
    /// The line under the title of an `--internal` page: it lists identifiers, so it is not for publishing.
    public let internalNotice: String
    /// When the excluded sessions voted first (the public page describes them instead of listing them).
    public let excludedWhen: @Sendable (_ from: String, _ to: String) -> String
    /// A session whose id a public page does not show.
    public let withheldSession: String
    /// The heading of the page's last part: as-of time, method, exclusions, settings, fingerprint.
    public let countedHeading: String
    /// The rule of the vote in plain words: votes each, stacking, the ranking counts people, shares over 100%.
    public let votingRule: @Sendable (_ votesEach: Int) -> String

    /// `207,601` with this language's separator; the sign stays in front.
    public func number(_ value: Int) -> String {
        NumberText.grouped(Int64(value), separator: thousandsSeparator)
    }
}

extension NumberText {
    /// `value` with `separator` between groups of three digits: `207601` → `207,601`.
    public static func grouped(_ value: Int64, separator: String) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }
}

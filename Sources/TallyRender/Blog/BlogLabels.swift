import TallyCore

/// The words of the reader-facing parts added for blog posts (`--brief`, `--only`, HTML,
/// charts in the report), in one language. Kept apart from `ReportLabels` so the report's
/// established sentences and these can grow independently.
package struct BlogLabels: Sendable {
    /// Column: distinct counted sessions, in readers' words ("Voters", 「人數」).
    package let voters: String
    /// The separator between groups of three digits (`207,601`).
    package let thousandsSeparator: String
    /// The one line of settings under a brief report: zone, cutoff, named exclusions, as-of, through and
    /// the short fingerprint (nil when there is no hash, e.g. from D1's results).
    package let briefSettings:
        @Sendable (
            _ zone: String, _ cutoff: String?, _ named: Int, _ asOf: String, _ through: String?, _ hash: String?
        ) -> String
    /// A sticky note named by its id (`note 6`), never `#6`, which names an option.
    package let noteReference: @Sendable (_ id: Int64) -> String
    /// Why a section's ranking chart is not drawn.
    package let noRankingChart: @Sendable (_ section: String) -> String
    /// Why the report's daily chart is not drawn, and why a week's is not.
    package let noDailyChart, noDailyChartThisWeek: String
    /// The title of the report's daily chart.
    package let dailyChartTitle: String
    /// The title of a section's ranking chart in the report.
    package let rankingChartTitle: @Sendable (_ section: String) -> String
    /// The heading of a section's full ranking table (ranges, standing, chance) under "How this was counted".
    package let fullTable: @Sendable (_ section: String) -> String
    /// A weekly page's or the index's heading under the `title` setting: the author's title, then the page's own.
    package let titled: @Sendable (_ title: String, _ page: String) -> String
    /// The share image's footer: the counted voters and the time votes were counted until.
    package let shareFooter: @Sendable (_ voters: Int, _ until: String) -> String
    /// The share image of a poll nobody has voted in yet.
    package let shareNoVotes: String
    /// The share image's line when several options lead with the same voters.
    package let shareTie: @Sendable (_ options: Int) -> String
    /// The HTML page's `<title>`: the report's title and its as-of time.
    package let documentTitle: @Sendable (_ title: String, _ asOf: String) -> String
    /// The line under the title of an `--internal` page: it lists identifiers, so it is not for publishing.
    package let internalNotice: String
    /// When the excluded sessions voted first (the public page describes them instead of listing them).
    package let excludedWhen: @Sendable (_ from: String, _ to: String) -> String
    /// A session whose id a public page does not show.
    package let withheldSession: String
    /// The heading of the page's last part: as-of time, method, exclusions, settings, fingerprint.
    package let countedHeading: String
    /// The rule of the vote in plain words: votes each, stacking, the ranking counts people, shares over 100%.
    package let votingRule: @Sendable (_ votesEach: Int) -> String

    /// `207,601` with this language's separator; the sign stays in front.
    package func number(_ value: Int) -> String {
        NumberText.grouped(Int64(value), separator: thousandsSeparator)
    }
}

extension NumberText {
    /// `value` with `separator` between groups of three digits: `207601` → `207,601`.
    package static func grouped(_ value: Int64, separator: String) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }
}

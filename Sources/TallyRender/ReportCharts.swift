import TallyCore

/// The report's charts, drawn with `SVGChart`: a section's ranking as horizontal bars
/// of voters with the 95% interval as a thin line (in voters, on a scale of all counted
/// voters), and counted votes per local day as columns. Pure functions of the model;
/// every word comes from `WeeklyLabels`.
package enum ReportCharts {
    /// One section's options as bars; `until` is the time votes were counted until, as shown; `kicker` is the
    /// page's title (the `title` setting), drawn above the chart's own. `phone` draws the phone layout
    /// (`SVGChart.phoneBars`), which the HTML pages show on narrow screens.
    package static func ranking(
        _ section: ReportModel.Section, model: ReportModel, title: String, until: String, labels: WeeklyLabels,
        kicker: String? = nil, phone: Bool = false
    ) -> String {
        let counted = model.totals.voters
        func bounds(_ option: ReportModel.RankedOption) -> (low: Double, high: Double)? {
            // The range is of the sessions that could choose the option (all counted ones but for a late option).
            let among = Double(option.eligible ?? counted)
            return option.interval.map { (among * $0.lower, among * $0.upper) }
        }
        let bars = section.options.map { option in
            SVGChart.Bar(
                label: option.content, value: Double(option.voters),
                low: bounds(option)?.low, high: bounds(option)?.high, valueText: String(option.voters))
        }
        let described = section.options.map { option in
            (
                name: option.content, voters: option.voters,
                low: Int((bounds(option)?.low ?? 0).rounded()), high: Int((bounds(option)?.high ?? 0).rounded())
            )
        }
        let draw = phone ? SVGChart.phoneBars : SVGChart.horizontalBars
        return draw(
            title, labels.rankingChartDescription(counted, until, described), bars, labels.rankingAxis(counted),
            counted > 0 ? Double(counted) : nil, kicker)
    }

    /// Days as columns of counted votes; `kicker` is the page's title, drawn above the chart's own. `phone`
    /// draws the days as bars, one under another (`SVGChart.phoneBars`), for narrow screens.
    package static func daily(
        _ days: [ReportFigures.Day], zone: Zone, title: String, labels: WeeklyLabels, kicker: String? = nil,
        phone: Bool = false
    ) -> String {
        let columns = days.map { day in
            SVGChart.Column(
                label: labels.dayLabel(day.date.month, day.date.day, weekday(day.date)), value: Double(day.votes),
                valueText: String(day.votes))
        }
        let description = labels.dailyChartDescription(
            labels.zoneName(zone.identifier), days.map { ($0.date.dateText, $0.votes) })
        if phone {
            return SVGChart.phoneBars(
                title: title, description: description,
                bars: columns.map { SVGChart.Bar(label: $0.label, value: $0.value, valueText: $0.valueText) },
                axisLabel: [labels.dailyAxis], kicker: kicker)
        }
        return SVGChart.columns(
            title: title, description: description, columns: columns, axisLabel: labels.dailyAxis, kicker: kicker)
    }

    /// 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday).
    static func weekday(_ date: CivilDateTime) -> Int {
        Int(((date.dayNumber + 3) % 7 + 7) % 7)
    }

    /// True when a section's ranking chart has something to show: somebody counted voted in it.
    /// A chart of zero-length bars on an empty axis says nothing, so it is not drawn; the page says why.
    package static func drawsRanking(_ section: ReportModel.Section) -> Bool {
        section.options.contains { $0.voters > 0 }
    }

    /// True when a daily chart has something to show: some day has counted votes.
    package static func drawsDaily(_ days: [ReportFigures.Day]) -> Bool {
        days.contains { $0.votes > 0 }
    }
}

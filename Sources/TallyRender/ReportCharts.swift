import TallyCore

/// The report's charts, drawn with `SVGChart`: a section's ranking as horizontal bars
/// of voters with the 95% interval as a thin line (in voters, on a scale of all counted
/// voters), and counted votes per local day as columns. Pure functions of the model;
/// their words stand at the end of this file.
package enum ReportCharts {
    /// One section's options as bars; `until` is the time votes were counted until, as shown; `kicker` is the
    /// page's title (the `title` setting), drawn above the chart's own. `phone` draws the phone layout
    /// (`SVGChart.phoneBars`), which the HTML pages show on narrow screens.
    package static func ranking(
        _ section: ReportModel.Section, model: ReportModel, title: String, until: String, language: ReportLanguage,
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
            title, language.rankingChartDescription(counted, until, described), bars, language.rankingAxis(counted),
            counted > 0 ? Double(counted) : nil, kicker)
    }

    /// Days as columns of counted votes; `kicker` is the page's title, drawn above the chart's own. `phone`
    /// draws the days as bars, one under another (`SVGChart.phoneBars`), for narrow screens. `times` writes the
    /// description's dates as the page does (ISO dates without it).
    package static func daily(
        _ days: [ReportFigures.Day], zone: Zone, title: String, language: ReportLanguage, kicker: String? = nil,
        phone: Bool = false, times: ReaderTimes? = nil
    ) -> String {
        let columns = days.map { day in
            SVGChart.Column(
                label: language.dayLabel(day.date.month, day.date.day, weekday(day.date)), value: Double(day.votes),
                valueText: String(day.votes))
        }
        let description = language.dailyChartDescription(
            language.zoneName(zone.identifier), days.map { (times?.date($0.date) ?? $0.date.dateText, $0.votes) })
        if phone {
            return SVGChart.phoneBars(
                title: title, description: description,
                bars: columns.map { SVGChart.Bar(label: $0.label, value: $0.value, valueText: $0.valueText) },
                axisLabel: [language.dailyAxis], kicker: kicker)
        }
        return SVGChart.columns(
            title: title, description: description, columns: columns, axisLabel: language.dailyAxis, kicker: kicker)
    }

    /// A ranking chart's alt text in Markdown (`![alt](chart.png)`): its title and each option voted for with its
    /// voters, so a reader who gets the image as text (a screen reader, a feed that drops images) gets the numbers.
    package static func rankingAlt(_ section: ReportModel.Section, title: String, language: ReportLanguage) -> String {
        let items = section.options.filter { $0.voters > 0 }.map { language.altItem($0.content, $0.voters) }
        return title + language.altLead + items.joined(separator: language.altSeparator)
    }

    /// The daily chart's alt text: its title and each day's counted votes, dates as the page writes them.
    package static func dailyAlt(
        _ days: [ReportFigures.Day], title: String, language: ReportLanguage, times: ReaderTimes
    ) -> String {
        let items = days.map { language.altDay(times.date($0.date), $0.votes) }
        return title + language.altLead + items.joined(separator: language.altSeparator)
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

/// The charts' words, both languages side by side.
extension ReportLanguage {
    /// A ranking chart's description: what is drawn, then each option in words.
    func rankingChartDescription(
        _ counted: Int, _ until: String, _ options: [(name: String, voters: Int, low: Int, high: Int)]
    ) -> String {
        let items = options.map { option in
            pick(
                "\(option.name): \(plural(option.voters, "voter")) (likely range \(option.low) to \(option.high))",
                "\(option.name)：\(number(option.voters)) 人（誤差範圍 \(option.low) 到 \(option.high) 人）")
        }
        let lead = pick(
            "Voters per option, of \(plural(counted, "counted voter")), counting votes cast until "
                + "\(until). The thin line across each bar shows where its count would likely fall if a similar crowd "
                + "voted again (its likely range, with 95% confidence). ",
            "各選項有幾個人選：共計入 \(number(counted)) 人，統計到\(spaced(until))為止。"
                + "每條長條上的細線，是換一群差不多的人再投一次時，人數多半會落在的範圍（誤差範圍，信心水準 95%）。")
        return lead + items.joined(separator: pick("; ", "；")) + pick(".", "。")
    }

    /// A ranking chart's axis: lines of plain text (one per element; the second explains the thin line of each bar).
    func rankingAxis(_ counted: Int) -> [String] {
        pick(
            ["voters (of \(number(counted)))", "thin line: the likely count if a similar crowd voted again"],
            ["人數（共 \(number(counted)) 人）", "細線：換一群差不多的人重投，多半落在這段"])
    }

    /// The daily chart's description with each day's votes.
    func dailyChartDescription(_ zone: String, _ days: [(date: String, votes: Int)]) -> String {
        pick(
            "Counted votes per day (\(zone)): " + days.map { "\($0.date): \($0.votes)" }.joined(separator: "; ") + ".",
            "每天計入的票數（\(zone)）：" + days.map { "\($0.date)：\($0.votes) 票" }.joined(separator: "；") + "。")
    }

    var dailyAxis: String { pick("votes", "票數") }

    /// One option of a chart's alt text: `Yes (10)`, 「是 10 人」.
    func altItem(_ name: String, _ voters: Int) -> String {
        pick("\(name) (\(number(voters)))", "\(name) \(number(voters)) 人")
    }

    /// One day of the daily chart's alt text.
    func altDay(_ date: String, _ votes: Int) -> String {
        pick("\(date) (\(number(votes)))", "\(date)\(number(votes)) 票")
    }

    /// Between a chart's title and its numbers in an alt text.
    var altLead: String { pick(": ", "：") }

    /// Between the items of an alt text.
    var altSeparator: String { pick("; ", "；") }

    /// A column label for a local date: the date and its weekday (0 = Monday).
    func dayLabel(_ month: Int, _ day: Int, _ weekday: Int) -> String {
        pick(
            ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][weekday] + " \(pad2(month))-\(pad2(day))",
            "\(pad2(month))-\(pad2(day))（" + ["一", "二", "三", "四", "五", "六", "日"][weekday] + "）")
    }
}

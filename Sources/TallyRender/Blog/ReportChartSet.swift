import TallyCore

/// The charts of `tally report --charts DIR`: one ranking chart per section somebody voted in and
/// one chart of counted votes per day, with their file names, and the Markdown that links them.
/// A chart with nothing to show is not drawn; the Markdown says why in its place.
package enum ReportChartSet {
    /// One chart file.
    package struct Chart: Sendable, Equatable {
        /// The file name inside the charts folder (`ranking-original.svg`, `daily.svg`).
        package let name: String
        /// The chart's title.
        package let title: String
        package let svg: String
        /// The same chart in the phone layout, which the HTML page shows on narrow screens (never a file).
        package let phoneSVG: String
        /// The image's alt text in Markdown: the title and the numbers (`ReportCharts.rankingAlt`, `dailyAlt`).
        package var alt: String = ""
    }

    /// `chart.svg` → `chart.png`: the name of a chart's PNG copy (`--png`).
    package static func pngName(_ svg: String) -> String {
        (svg.hasSuffix(".svg") ? String(svg.dropLast(4)) : svg) + ".png"
    }

    /// The daily chart's file name.
    package static let dailyName = "daily.svg"

    /// `ranking-original.svg`, or `ranking-3.svg` for the third section when the vote page does not know its name,
    /// so a section's name never becomes part of a path.
    package static func rankingName(_ section: ReportModel.Section, position: Int) -> String {
        "ranking-" + (section.isKnown ? section.name : String(position)) + ".svg"
    }

    /// Every chart that has something to show, ranking charts first (in section order), then the daily chart.
    /// `title` is the page's title (the `title` setting), drawn above each chart's own.
    package static func charts(_ model: ReportModel, language: ReportLanguage, title pageTitle: String? = nil)
        -> [Chart]
    {
        let l = language
        let zone = model.parameters.zone
        let until = ReaderTimes(model, l).until(model.parameters.through ?? model.parameters.asOf)
        var charts: [Chart] = []
        for (position, section) in model.sections.enumerated() where ReportCharts.drawsRanking(section) {
            let title = l.rankingChartTitle(MarkdownReport.plainSectionHeading(section, l))
            func draw(phone: Bool) -> String {
                ReportCharts.ranking(
                    section, model: model, title: title, until: until, language: language, kicker: pageTitle,
                    phone: phone)
            }
            charts.append(
                Chart(
                    name: rankingName(section, position: position + 1), title: title, svg: draw(phone: false),
                    phoneSVG: draw(phone: true), alt: ReportCharts.rankingAlt(section, title: title, language: l)))
        }
        if ReportCharts.drawsDaily(model.activity.days) {
            let title = l.dailyChartTitle
            func draw(phone: Bool) -> String {
                ReportCharts.daily(
                    model.activity.days, zone: zone, title: title, language: language, kicker: pageTitle, phone: phone,
                    times: ReaderTimes(model, l))
            }
            charts.append(
                Chart(
                    name: dailyName, title: title, svg: draw(phone: false), phoneSVG: draw(phone: true),
                    alt: ReportCharts.dailyAlt(
                        model.activity.days, title: title, language: l, times: ReaderTimes(model, l))
                ))
        }
        return charts
    }

    /// The link to a chart from the page: `folder` (relative to the page) and the file name.
    package static func link(_ name: String, folder: String) -> String {
        folder.isEmpty || folder == "." ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name
    }

    /// The report's chart blocks: per section its image or why there is none (under the section's heading),
    /// and the daily chart or why there is none (after the activity). Links are relative to the page (`folder`).
    /// With `png`, the images are the charts' PNG copies.
    static func blocks(
        _ model: ReportModel, language: ReportLanguage, folder: String, png: Bool = false
    ) -> MarkdownReport.ChartBlocks {
        let l = language
        let drawn = Dictionary(uniqueKeysWithValues: charts(model, language: language).map { ($0.name, $0) })
        return MarkdownReport.ChartBlocks(
            ranking: { section, position in
                drawn[rankingName(section, position: position)].map { image($0, folder: folder, png: png) }
                    ?? l.noRankingChart(MarkdownReport.sectionHeading(section, l))
            },
            daily: drawn[dailyName].map { image($0, folder: folder, png: png) } ?? l.noDailyChart)
    }

    /// An image linked relative to the page; the alt text is the chart's title and numbers.
    static func image(_ chart: Chart, folder: String, png: Bool) -> String {
        MarkdownText.image(alt: chart.alt, path: link(png ? pngName(chart.name) : chart.name, folder: folder))
    }
}

/// The words of the report's charts.
extension ReportLanguage {
    /// The title of the report's daily chart.
    var dailyChartTitle: String { pick("Counted votes per day", "每天計入的票數") }

    /// The title of a section's ranking chart in the report.
    func rankingChartTitle(_ section: String) -> String {
        pick("\(section) — voters per option", "\(section)（各選項的人數）")
    }

    /// Why a section's ranking chart is not drawn.
    func noRankingChart(_ section: String) -> String {
        pick("No chart for “\(section)”: nobody has voted in it yet.", "「\(section)」沒有圖表：這個區塊還沒有人投票。")
    }

    /// Why the report's daily chart is not drawn.
    var noDailyChart: String { pick("No daily chart: no votes were counted yet.", "沒有每日圖表：還沒有計入的票。") }

    /// Why a week's daily chart is not drawn.
    var noDailyChartThisWeek: String {
        pick("No daily chart: no votes were counted this week.", "沒有每日圖表：這一週沒有計入的票。")
    }
}

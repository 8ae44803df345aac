import TallyCore

/// Every file the weekly tallies consist of, as names and contents: per week the
/// Markdown page, the JSON document and the charts, and the index of all weeks.
/// Pure functions, so the same tallies always give the same bytes.
package enum WeeklyPages {
    /// One file of the reports folder.
    package struct File: Sendable, Equatable {
        /// The name inside the folder.
        package let name: String
        package let content: String
    }

    /// One language's edition of a week's files: `week-NN.md`, `week-NN.json`, the daily chart and one ranking
    /// chart per section (charts only when they have something to show: see `ReportCharts.drawsDaily`), the page
    /// and charts named as the edition writes them (`week-01.en.md` beside `week-01.zh-TW.md`); the JSON, which
    /// holds no language, only from the run's first edition, under its one name. `title` is the `title` setting:
    /// it heads the page and stands above each chart's own title. With `png` (`--png`) the page links the charts'
    /// PNG copies, which the caller writes.
    package static func files(
        _ tally: WeeklyTally, edition: LanguageEdition, title: String? = nil, png: Bool = false, lastNews: Int? = nil
    ) -> [File] {
        planned(tally, edition: edition, title: title, png: png, lastNews: lastNews).map(\.file)
    }

    /// A file of the reports folder named but not yet rendered, so a run can check every name it
    /// will write before it writes (or renders) the first.
    package struct Planned {
        /// The name inside the folder.
        package let name: String
        /// The language of its words, nil for the JSON (which holds none).
        package let language: ReportLanguage?
        package let render: () -> String
        /// For a chart, the SVG its PNG copy (`--png`) is drawn from: the phone layout, so the PNG a Markdown page
        /// links reads in a phone's column; nil for a file that is not a chart.
        package var pngSource: (() -> String)? = nil

        package var file: File { File(name: name, content: render()) }
    }

    /// The files `files(_:edition:)` renders, by name, in the same order (`ledger`: see `WeeklyJSON.render`;
    /// `lastNews`, `navigation`: see `WeeklyMarkdown.render`).
    package static func planned(
        _ tally: WeeklyTally, edition: LanguageEdition, title pageTitle: String? = nil, png: Bool = false,
        ledger: WeeklyJSON.LedgerRows? = nil, lastNews: Int? = nil, navigation: String? = nil
    ) -> [Planned] {
        let number = tally.week.number
        var files = [
            Planned(
                name: edition.name(WeeklyFiles.markdown(number)), language: edition.language,
                render: {
                    WeeklyMarkdown.render(
                        tally, edition: edition, title: pageTitle, png: png, lastNews: lastNews, navigation: navigation)
                })
        ]
        if edition.isFirst {
            files.append(
                Planned(
                    name: WeeklyFiles.json(number), language: nil, render: { WeeklyJSON.render(tally, ledger: ledger) })
            )
        }
        return files + charts(tally, edition: edition, title: pageTitle)
    }

    /// A week's charts, named as `edition` writes them; with `phone`, in the phone layout the HTML page shows
    /// on narrow screens. None for a quiet week: its page shows no tally.
    static func charts(
        _ tally: WeeklyTally, edition: LanguageEdition, title pageTitle: String?, phone: Bool = false
    ) -> [Planned] {
        guard !tally.isQuiet else { return [] }
        let language = edition.language
        let number = tally.week.number
        let zone = tally.report.parameters.zone
        let until = ReaderTimes(tally.report, language).until(tally.week.end)
        var files: [Planned] = []
        if ReportCharts.drawsDaily(tally.days) {
            func draw(phone: Bool) -> String {
                ReportCharts.daily(
                    tally.days, zone: zone, title: language.weekDailyChartTitle(number), language: language,
                    kicker: pageTitle, phone: phone, times: ReaderTimes(tally.report, language))
            }
            files.append(
                Planned(
                    name: edition.name(WeeklyFiles.dailyChart(number)), language: language,
                    render: { draw(phone: phone) }, pngSource: { draw(phone: true) }))
        }
        for (position, section) in tally.report.sections.enumerated() where ReportCharts.drawsRanking(section) {
            let title = language.weekRankingChartTitle(MarkdownReport.plainSectionHeading(section, language), number)
            func draw(phone: Bool) -> String {
                ReportCharts.ranking(
                    section, model: tally.report, title: title, until: until, language: language, kicker: pageTitle,
                    phone: phone)
            }
            files.append(
                Planned(
                    name: edition.name(WeeklyFiles.rankingChart(number, section: section, position: position + 1)),
                    language: language, render: { draw(phone: phone) }, pngSource: { draw(phone: true) }))
        }
        return files
    }

    /// Every file of a run, named, in the order they are written: per week each edition's files,
    /// then each edition's index; with `html`, then each week's and each index's HTML page. Week
    /// files come before the indexes, so an index never links to a missing page. `site`: the links between the pages
    /// and to the vote page, and the HTML head's preview tags (`WeeklySite`).
    package static func planned(
        _ tallies: [WeeklyTally], calendar: WeekCalendar, editions: [LanguageEdition], html: Bool,
        title: PageTitle? = nil, png: Bool = false, site: WeeklySite = WeeklySite()
    ) -> [Planned] {
        var files: [Planned] = []
        let ledger = WeeklyJSON.LedgerRows()
        let news = lastNews(tallies)
        let weeks = tallies.map(\.week.number)
        for (tally, lastNews) in zip(tallies, news) {
            for edition in editions {
                files += planned(
                    tally, edition: edition, title: title?.text(in: edition.language), png: png, ledger: ledger,
                    lastNews: lastNews,
                    navigation: site.navigation(week: tally.week.number, weeks: weeks, edition: edition))
            }
        }
        for edition in editions {
            files.append(
                Planned(
                    name: edition.name(WeeklyFiles.index), language: edition.language,
                    render: {
                        index(
                            tallies, calendar: calendar, edition: edition, title: title?.text(in: edition.language),
                            site: site
                        ).content
                    }))
        }
        guard html else { return files }
        for (tally, lastNews) in zip(tallies, news) {
            for edition in editions {
                files.append(
                    Planned(
                        name: edition.name(WeeklyFiles.html(tally.week.number)), language: edition.language,
                        render: {
                            self.html(
                                tally, edition: edition, title: title?.text(in: edition.language), lastNews: lastNews,
                                site: site, weeks: weeks
                            ).content
                        }))
            }
        }
        for edition in editions {
            files.append(
                Planned(
                    name: edition.name(WeeklyFiles.htmlIndex), language: edition.language,
                    render: {
                        htmlIndex(
                            tallies, calendar: calendar, edition: edition, title: title?.text(in: edition.language),
                            site: site
                        ).content
                    }))
        }
        return files
    }

    /// One language's edition of `week-NN.html`: the week's page as one self-contained HTML file, its charts
    /// drawn inline, linking the same week in the other languages (`lastNews`: see `WeeklyMarkdown.render`); with
    /// `weeks` (the run's week numbers) the links of `site.navigation`. Its head carries the preview tags
    /// (`WeeklySite.meta`), the share image only on the newest week's page (the image shows the newest result).
    package static func html(
        _ tally: WeeklyTally, edition: LanguageEdition, title pageTitle: String? = nil, lastNews: Int? = nil,
        site: WeeklySite = WeeklySite(), weeks: [Int]? = nil
    ) -> File {
        let language = edition.language
        let number = tally.week.number
        let week = tally.week
        let wide = charts(tally, edition: edition, title: pageTitle).map(\.file)
        let phone = charts(tally, edition: edition, title: pageTitle, phone: true).map(\.file)
        let t = ReaderTimes(tally.report, language)
        let title = plainTitle(
            pageTitle, language.weekTitle(number, t.date(week.firstDay), t.date(week.lastDay)), language)
        let navigation = weeks.map { site.navigation(week: number, weeks: $0, edition: edition) }
        return File(
            name: edition.name(WeeklyFiles.html(number)),
            content: HTMLPage.render(
                markdown: WeeklyMarkdown.render(
                    tally, edition: edition, title: pageTitle, languageLinks: false, fullRanking: true,
                    lastNews: lastNews, navigation: navigation, navigationOnTop: false),
                title: title, language: language,
                charts: Dictionary(
                    uniqueKeysWithValues: zip(wide, phone).map {
                        ($0.name, HTMLPage.Chart(svg: $0.content, phone: $1.content))
                    }
                ),
                link: WeeklyFiles.htmlLink, alternates: edition.htmlAlternates(WeeklyFiles.html(number)),
                navigation: navigation,
                meta: site.meta(
                    description: description(tally, edition: edition, lastNews: lastNews),
                    page: edition.name(WeeklyFiles.html(number)), image: weeks?.last == number, language: language)))
    }

    /// What a week's page says first, sentence by sentence, for previews (`WeeklySite.meta` keeps the whole ones
    /// that fit): the headline's answer (who leads, how sure, the small-sample caution), or a quiet week's one
    /// sentence.
    static func description(_ tally: WeeklyTally, edition: LanguageEdition, lastNews: Int?) -> [String] {
        let l = edition.language
        if tally.isQuiet {
            let link = lastNews.map { (number: $0, link: edition.name(WeeklyFiles.markdown($0))) }
            return [l.quietWeek(link, tally.report.totals.voters, tally.report.totals.votes)]
        }
        return previewSentences(tally.report, l)
    }

    /// The headline's answer (`MarkdownReport.answerSentences`), or its counts when it has none.
    static func previewSentences(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        let answer = MarkdownReport.answerSentences(model, l)
        return answer.isEmpty ? [MarkdownReport.headline(model, l)] : answer
    }

    /// One language's edition of `index.html`: the index as HTML, linking to the weeks' HTML pages and the
    /// other languages' indexes.
    package static func htmlIndex(
        _ tallies: [WeeklyTally], calendar: WeekCalendar, edition: LanguageEdition, title: String? = nil,
        site: WeeklySite = WeeklySite()
    ) -> File {
        let language = edition.language
        let markdown = index(
            tallies, calendar: calendar, edition: edition, title: title, languageLinks: false, site: site)
        // The index's preview is the newest result as of its week's end: a week's page says the same answer
        // without the date, so the two previews never read alike.
        let t = indexTimes(tallies, calendar: calendar, language)
        let newest = tallies.last.map { tally in
            let sentences = previewSentences(tally.report, language)
            return [language.resultAsOf(t.until(tally.week.end)) + sentences[0]] + sentences.dropFirst()
        }
        return File(
            name: edition.name(WeeklyFiles.htmlIndex),
            content: HTMLPage.render(
                markdown: markdown.content, title: plainTitle(title, language.indexTitle, language),
                language: language, link: WeeklyFiles.htmlLink,
                alternates: edition.htmlAlternates(WeeklyFiles.htmlIndex),
                meta: site.meta(
                    description: newest ?? [language.indexTitle],
                    page: edition.name(WeeklyFiles.htmlIndex), image: true, language: language)))
    }

    /// One language's edition of `index.md`: the current result first (the newest week's headline, as of its end,
    /// linking the latest week whose page shows the tally), then one line per week, newest first (quiet weeks
    /// folded), linking its own edition's weeks and (with `languageLinks`) the other languages' indexes; under the
    /// title the newest week and the vote page (`site`).
    package static func index(
        _ tallies: [WeeklyTally], calendar: WeekCalendar, edition: LanguageEdition, title: String? = nil,
        languageLinks: Bool = true, site: WeeklySite = WeeklySite()
    ) -> File {
        let language = edition.language
        var blocks = ["# " + MarkdownReport.heading(title, language.indexTitle, titled: language.titled)]
        if languageLinks { blocks += edition.markdownLinks(WeeklyFiles.index) }
        let t = indexTimes(tallies, calendar: calendar, language)
        if let navigation = site.indexNavigation(newest: tallies.last?.week.number, edition: edition) {
            blocks.append(navigation)
        }
        if let newest = tallies.last {
            blocks.append("## " + language.currentResultHeading)
            blocks.append(MarkdownReport.headlineBlocks(newest.report, language).first ?? language.noVotes)
            if let withTally = tallies.last(where: { !$0.isQuiet }) {
                blocks.append(
                    language.currentResultSource(
                        t.until(newest.week.end), withTally.week.number,
                        LanguageEdition.linkTarget(edition.name(WeeklyFiles.markdown(withTally.week.number)))))
            }
            blocks.append("## " + language.everyWeekHeading)
        }
        blocks.append(
            language.indexIntro(
                t.date(calendar.launch), language.zoneName(calendar.zone.identifier),
                quiet: tallies.contains(where: \.isQuiet)))
        blocks.append(indexLines(tallies, t: t, edition: edition).joined(separator: "\n"))
        return File(name: edition.name(WeeklyFiles.index), content: MarkdownReport.document(blocks))
    }

    /// The index's lines, newest week first, as a blog lists posts; a run of quiet weeks (`WeeklyTally.isQuiet`) is
    /// one line linking the last of them, so a quiet poll's index is not a column of repeated totals.
    static func indexLines(_ tallies: [WeeklyTally], t: ReaderTimes, edition: LanguageEdition) -> [String] {
        let language = edition.language
        var lines: [String] = []
        var quiet: [WeeklyTally] = []
        func foldQuiet() {
            guard let first = quiet.first, let last = quiet.last else { return }
            lines.append(
                language.quietWeeks(
                    first.week.number, last.week.number, t.date(first.week.firstDay), t.date(last.week.lastDay),
                    edition.name(WeeklyFiles.markdown(last.week.number)), last.report.totals.voters,
                    last.report.totals.votes))
            quiet = []
        }
        for tally in tallies {
            if tally.isQuiet {
                quiet.append(tally)
                continue
            }
            foldQuiet()
            lines.append(
                language.indexLine(
                    language.weekTitle(tally.week.number, t.date(tally.week.firstDay), t.date(tally.week.lastDay)),
                    edition.name(WeeklyFiles.markdown(tally.week.number)), tally.report.totals.voters,
                    tally.report.totals.votes, tally.newVoters, tally.votes))
        }
        foldQuiet()
        return lines.reversed()
    }

    /// The index's dates: as the newest week's page writes them.
    static func indexTimes(_ tallies: [WeeklyTally], calendar: WeekCalendar, _ language: ReportLanguage) -> ReaderTimes
    {
        guard let last = tallies.last else {
            return ReaderTimes(language, zone: calendar.zone, exact: false, year: calendar.launch.year)
        }
        return ReaderTimes(last.report, language)
    }

    /// For each tally, the number of the latest earlier week that was not quiet: the page a quiet week links to.
    static func lastNews(_ tallies: [WeeklyTally]) -> [Int?] {
        var last: Int? = nil
        return tallies.map { tally in
            defer { if !tally.isQuiet { last = tally.week.number } }
            return last
        }
    }

    /// A page's plain-text title (the HTML `<title>`): the `title` setting before the page's own, if set.
    static func plainTitle(_ title: String?, _ page: String, _ language: ReportLanguage) -> String {
        title.map { language.titled($0, page) } ?? page
    }
}

import Foundation
import TallyCore
import TallyRender
import TallySQLite

/// `tally report`: the tally as Markdown, JSON, CSV or HTML.
enum ReportCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case markdown, json, csv, html
    }

    static let formatOption = OptionSpec(
        "format", .value("FORMAT"),
        "markdown (default), json, csv or html (one self-contained page: inline CSS, no scripts).")
    static let outputOption = OptionSpec(
        "output", .value("FILE"), "Write to FILE (atomically, creating folders; - for stdout) instead of stdout.")
    static let asOfOption = OptionSpec(
        "as-of", .value("TIME"),
        "The time the report is as of, for days since the last vote (default: now; always printed).")
    static let throughOption = OptionSpec(
        "through", .value("TIME"), "Count only votes cast at or before TIME (default: all).")
    static let onlyOption = OptionSpec(
        "only", .value("PARTS"),
        "Show only these parts, a comma list of: " + ReportSelectionError.accepted
            + " (default: all). `--only ranking --format csv` is a plain one-table CSV. Not for JSON.")
    static let briefOption = OptionSpec(
        "brief", .flag,
        "The table a post needs: the headline, the ranking and one line of settings with a short data "
            + "fingerprint. Not for JSON.")
    static let chartsOption = OptionSpec(
        "charts", .value("DIR"),
        "Write the ranking charts and the chart of votes per day as SVG into DIR and link them from the "
            + "Markdown (the HTML draws them inline). Charts with nothing to show are left out, with a "
            + "sentence.")
    static let pngOption = OptionSpec(
        "png", .flag,
        "With --charts: also write a PNG beside each SVG, drawn for a phone's column (680 px, 2x), and link the PNGs "
            + "from the Markdown, for blog hosts that refuse SVG (needs rsvg-convert, Debian package librsvg2-bin).")
    static let bomOption = OptionSpec(
        "bom", .flag, "Start the CSV with a UTF-8 byte-order mark, for spreadsheet apps that need one.")

    static let spec = CommandSpec(
        name: "report",
        abstract: "Tally the votes: ranking, exclusions, activity, notes, anomalies (Markdown, JSON, CSV or HTML)",
        discussion: """
            Ranks every option by distinct voters (sessions), with each share's 95% range and
            the options the data cannot tell apart from the leader; lists excluded sessions,
            when votes came, how votes were used, the notes, and anything odd in the data.
            The database is only read. Times typed without an offset are read in --tz
            (daylight saving time included; a time in a gap or an overlap gets a note on
            stderr saying which reading was taken); every time shown carries its offset. A
            cutoff from the config file or the environment stays in the zone set there:
            --tz changes how it is shown, not which sessions it excludes. The same database
            and the same options always give the same bytes.

            Settings not given as options come from the environment (TALLY_DB, TALLY_TZ,
            TALLY_EXCLUDE_BEFORE, TALLY_EXCLUDE_SESSIONS, TALLY_VOTES_PER_SESSION, TALLY_LANG,
            TALLY_TITLE), then the config file (./tally.json or --config FILE); see
            `tally config show`.

            For a blog post: --brief prints the headline, the ranking and one line of settings;
            --format html writes one self-contained page with its charts; --charts DIR writes
            the charts as files (--png also as PNG) and links them from the Markdown; --only
            ranking --format csv --bom is one table for a spreadsheet.

            Example (the author's week-one settings; --demo uses them by default):
              tally report --db votes.sqlite --tz Asia/Taipei \\
                --exclude-before '2026-09-19 02:11' --as-of '2026-09-27 12:00'
            """,
        options: [
            SettingOptions.db,
            SettingOptions.config,
            SettingOptions.demo.withHelp(
                "Use the built-in demo data with the author's settings (Asia/Taipei, exclude before "
                    + "2026-09-19 02:11, as of 2026-09-27 12:00) instead of the config file and environment; "
                    + "other options override them."),
            SettingOptions.tz.withHelp(
                "Time zone for times given and shown: IANA name or offset (default: $TALLY_TZ, the config's timezone, UTC)."
            ),
            SettingOptions.excludeBefore.withHelp(
                "Exclude every session whose first vote is before TIME (a first vote at TIME is counted; read in "
                    + "--tz if given, else in the configured zone)."),
            SettingOptions.excludeSession,
            asOfOption,
            throughOption,
            SettingOptions.votesPerSession.withHelp(
                "Vote budget of a session; more is flagged (default: $TALLY_VOTES_PER_SESSION, the config's, 3)."),
            formatOption,
            onlyOption,
            briefOption,
            chartsOption,
            pngOption,
            ShareCard.option,
            bomOption,
            SettingOptions.lang.withHelp(
                "Language of the Markdown and HTML: en or zh-TW (default: $TALLY_LANG, the config's lang, en); both "
                    + "(en,zh-TW) write one page per language: -o post.md writes post.en.md and post.zh-TW.md, each "
                    + "linking the other (needs -o; JSON and CSV hold no language and stay one file)."),
            outputOption,
            SettingOptions.title,
            SettingOptions.voteURL.withHelp(
                "The vote page's address (http:// or https://): the page links back to it under its title, and the "
                    + "share image (--share) names it."),
            SettingOptions.internal,
        ],
        run: run)

    /// Renders the report (one page per language, with its charts), then writes every file as one.
    static func run(_ invocation: Invocation, _ context: Context) throws {
        let options = try Options(invocation, context)
        let db = options.demo ? try Demo.inMemory() : try DatabaseFile.openForReading(options.database)
        let model = try Analyzer(parameters: options.parameters).report(from: db)
        if let future = model.anomalies.first(where: { $0.kind == .futureVote }), !options.asOfGiven {
            context.stderr.line(futureVotesNote(future.total, model.parameters))
        }
        // One page per language (`--lang en,zh-TW -o post.md`: post.en.md and post.zh-TW.md), each linking the
        // others; every page and every language's charts are rendered before the first file is written.
        var pages: [(text: String, output: OutputDestination)] = []
        var charts: [ChartFiles] = []
        for (edition, output) in options.pages {
            var selection = options.selection
            if let folder = options.charts(edition) {
                var page: String?
                if case .file(let file) = output {
                    page = URL(fileURLWithPath: file).deletingLastPathComponent().path
                }
                let link = relativePath(from: page, to: folder.given, folder.path)
                selection = selection.withCharts(in: link, png: options.png != nil)
                charts.append(try Self.charts(model, options, edition.language, output, into: folder.path))
            }
            var name = ""
            if case .file(let file) = options.output { name = URL(fileURLWithPath: file).lastPathComponent }
            let language = edition.language
            let text: String
            switch options.format {
            case .json: text = JSONReport.render(model)
            case .html:
                text = HTMLReport.render(
                    model, language: language, selection: selection, title: options.title?.text(in: language),
                    alternates: edition.htmlAlternates(name), voteURL: options.voteURL)
            case .csv:
                text = (options.bom ? "\u{FEFF}" : "") + CSVReport.render(model, selection: options.selection)
            case .markdown:
                text = MarkdownReport.render(
                    model, language: language, selection: selection, title: options.title?.text(in: language),
                    languageLinks: edition.markdownLinks(name), voteURL: options.voteURL)
            }
            pages.append((text, output))
        }
        let files = try StagedWrite(recording: charts.map(\.folder), option: "--charts")
        try stage(charts, pages, in: files)
        let shared = try options.share?.stage(model, title: options.title, voteURL: options.voteURL, in: files) ?? []
        try files.commit()
        let kinds = options.png != nil ? "SVG and PNG" : "SVG"
        for chart in charts {
            context.stderr.line(
                "Wrote \(chart.count) chart\(chart.count == 1 ? "" : "s") (\(kinds)) to \(chart.folder).")
        }
        for line in shared { context.stderr.line(line) }
        for page in pages {
            switch page.output {
            case .file(let path): context.stdout.line("Wrote the \(options.format.rawValue) report to \(path).")
            case .standardOutput: try page.output.write(page.text, context)
            }
        }
    }

    /// One language's charts: every chart with something to show, its PNG with `--png`, as paths in its folder.
    struct ChartFiles {
        let folder: String
        let count: Int
        let files: [(path: String, data: Data)]
    }

    /// Renders one language's charts for `folder` (rsvg-convert included) and checks that none would replace
    /// the page.
    static func charts(
        _ model: ReportModel, _ options: Options, _ language: ReportLanguage, _ output: OutputDestination,
        into folder: String
    ) throws -> ChartFiles {
        let charts = ReportChartSet.charts(model, language: language, title: options.title?.text(in: language))
        var files: [(path: String, data: Data)] = []
        for chart in charts {
            files.append((URL(fileURLWithPath: folder).appendingPathComponent(chart.name).path, Data(chart.svg.utf8)))
            if let png = options.png {
                // The PNG a Markdown page links is drawn from the phone layout: it reads in a phone's column.
                let data = try png.render(chart.phoneSVG, name: chart.name)
                files.append(
                    (URL(fileURLWithPath: folder).appendingPathComponent(ReportChartSet.pngName(chart.name)).path, data)
                )
            }
        }
        // `-o ch/ranking-original.svg --charts ch` replaced the chart with the page (or the page with the chart).
        if case .file(let page) = output {
            let pagePath = URL(fileURLWithPath: page).resolvingSymlinksInPath().path
            if let clash = files.first(where: {
                URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path == pagePath
            }) {
                let name = URL(fileURLWithPath: clash.path).lastPathComponent
                throw UsageError(
                    "--output \(page) is where the chart \(name) goes in --charts \(folder); give the page another "
                        + "name, e.g. -o \(URL(fileURLWithPath: folder).appendingPathComponent("report.md").path)",
                    command: ["report"])
            }
        }
        return ChartFiles(folder: folder, count: charts.count, files: files)
    }

    /// Stages every language's charts and every page bound for a file, once all are rendered, so a failure leaves
    /// the folders as they were: no new SVG beside an old PNG, no language's page or charts without the other's.
    /// Each charts folder keeps the record weekly pages keep (`PageRecord`): a file at a chart's name that tally
    /// did not write there (a hand-made chart, a link, one changed since) is refused. A page on standard output is
    /// printed once the files are written.
    static func stage(
        _ charts: [ChartFiles], _ pages: [(text: String, output: OutputDestination)], in files: StagedWrite
    ) throws {
        let planned = charts.enumerated().flatMap { index, chart in
            chart.files.map { file in
                StagedWrite.Planned(name: name(file.path), language: nil, folder: index) { file.data }
            }
        }
        try files.check(planned, refusal: chartsRefusal)
        for (index, chart) in charts.enumerated() {
            for file in chart.files { try files.stage(file.data, as: name(file.path), in: index, language: nil) }
        }
        for page in pages {
            if case .file(let path) = page.output { try files.stage(Data(page.text.utf8), to: path) }
        }
    }

    /// The refusal to replace a file of a charts folder that its record does not vouch for (and that does not
    /// already hold the chart). Charts hold no language in the record: a report in another language replaces them,
    /// as its user asked.
    static func chartsRefusal(_ folder: String, _ conflicts: [PageRecord.Conflict]) -> CommandFailure {
        CommandFailure(
            "--charts \(folder) holds \(conflicts.count) file\(conflicts.count == 1 ? "" : "s") this run "
                + "would replace that tally did not write there (its record, \(PageRecord.name), does not vouch "
                + "for \(conflicts.count == 1 ? "it" : "them")): \(PageRecord.Conflict.list(conflicts)). Nothing was "
                + "written. Move \(conflicts.count == 1 ? "it" : "them") away, or give another --charts folder")
    }

    /// A file's name in its folder.
    private static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    /// The link from a page in `pageFolder` to `folder`: relative when the page is a file, else the folder as given.
    static func relativePath(from pageFolder: String?, to given: String, _ folder: String) -> String {
        guard let pageFolder else { return given }
        let from = URL(fileURLWithPath: pageFolder).standardizedFileURL.pathComponents
        let to = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The parts `--only` and `--brief` pick; all parts when neither is given.
    static func selection(_ invocation: Invocation, format: Format) throws -> ReportSelection {
        let path = invocation.path
        let brief = invocation.flag(briefOption)
        let only = invocation.value(onlyOption)
        guard brief || only != nil else { return .all }
        if format == .json {
            throw UsageError(
                "--only and --brief pick parts of Markdown, HTML and CSV; the JSON document always holds the whole "
                    + "report (select from it with jq)", command: path)
        }
        if brief, only != nil {
            throw UsageError(
                "--brief already picks the parts (headline, ranking); give --brief or --only", command: path)
        }
        guard let only else { return .briefing }
        do {
            return try ReportSelection.parse(only: only)
        } catch {
            throw UsageError(error.description, command: path)
        }
    }

    /// Says on stderr that votes dated after now were counted and flagged, and what to check.
    static func futureVotesNote(_ count: Int, _ parameters: ReportParameters) -> String {
        let (zone, now) = (parameters.zone, parameters.asOf)
        return "Note: \(count) vote\(count == 1 ? " is" : "s are") dated after now (this computer's clock says "
            + "\(zone.format(now, seconds: true))), the time a report is as of by default: counted, and flagged as "
            + "votes dated after the as-of time. Is the clock right, or were they stored with a wrong time? To report "
            + "as of another time, give --as-of TIME (with --through TIME to count only the votes until then)"
    }

    /// Every option of one run, validated before the database is opened.
    struct Options {
        var demo: Bool
        var database: String
        var parameters: ReportParameters
        /// False when the as-of time is the clock's (no `--as-of`, not the demo).
        var asOfGiven: Bool
        var format: Format
        /// The languages of the Markdown and HTML, in order (`--lang en,zh-TW`).
        var languages: [ReportLanguage]
        /// The first language: the only one of JSON and CSV, which hold none.
        var language: ReportLanguage { languages.first ?? .english }
        /// The `title` setting: the page's heading and the line above each chart's title, if set.
        var title: PageTitle?
        /// The output as given (`-o post.md`; standard output without `-o`).
        var output: OutputDestination
        /// What is written where: one page, or one per language (`post.en.md`, `post.zh-TW.md`).
        var pages: [(edition: LanguageEdition, output: OutputDestination)]
        /// The parts shown (`--only`, `--brief`).
        var selection: ReportSelection
        /// True for `--bom` (CSV only).
        var bom: Bool
        /// The `--charts` folder as given and as an absolute path.
        var charts: (given: String, path: String)?
        /// The PNG renderer when `--png` is given.
        var png: ChartPNG?
        /// The share image of `--share FILE.png`, checked.
        var share: ShareCard?
        /// The vote page the page and the share image link back to (`vote_url`), if set.
        var voteURL: WebAddress?

        init(_ invocation: Invocation, _ context: Context) throws {
            let path = invocation.path
            demo = invocation.flag(SettingOptions.demo)
            if demo, invocation.has(SettingOptions.db) {
                throw UsageError(
                    "--demo reads the built-in demo data; leave out --db, or leave out --demo", command: path)
            }
            format = try invocation.choice(formatOption, of: Format.self) ?? .markdown
            selection = try ReportCommand.selection(invocation, format: format)
            bom = invocation.flag(bomOption)
            if bom, format != .csv {
                throw UsageError("--bom is for CSV; add --format csv, or leave out --bom", command: path)
            }
            if invocation.value(chartsOption) == "" {
                // '' would resolve to the working folder and scatter the charts there.
                throw UsageError("--charts is empty; give a folder for the charts, e.g. --charts charts", command: path)
            }
            if let given = invocation.value(chartsOption), let bad = MarkdownText.unlinkableCharacter(given) {
                let code = "U+" + String(bad.value, radix: 16, uppercase: true)
                throw UsageError(
                    "--charts '\(TerminalText.visible(given, keepNewlines: false))' holds the control character "
                        + "\(code); a page cannot link to a folder named so. Give a folder name without one, e.g. "
                        + "--charts charts", command: path)
            }
            charts = invocation.value(chartsOption).map { ($0, context.path($0)) }
            if charts != nil, format != .markdown, format != .html {
                throw UsageError(
                    "--charts links the charts from a Markdown or HTML page; use --format markdown or html",
                    command: path)
            }
            if invocation.flag(pngOption), charts == nil {
                throw UsageError("--png adds PNG copies of the charts; add --charts DIR", command: path)
            }
            if let folder = charts?.path {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
                    throw UsageError("--charts \(folder) is a file; give a folder, e.g. --charts charts", command: path)
                }
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder),
                    !FileManager.default.fileExists(atPath: folder)
                {
                    throw UsageError(
                        "--charts \(folder) is a symbolic link to \(target), which does not exist; create that folder "
                            + "or give another, e.g. --charts charts", command: path)
                }
            }
            png = invocation.flag(pngOption) ? try ChartPNG(environment: context.environment) : nil
            let settings = try Settings.resolve(invocation, context: context)
            share = try ShareCard(invocation, context, languages: settings.languages.value)
            database = settings.db.value
            languages = settings.languages.value
            title = settings.title.value
            voteURL = settings.voteURL.value
            let zone = settings.zone.value
            let givenAsOf = try invocation.time(asOfOption, in: zone, context)
            asOfGiven = givenAsOf != nil || demo
            let asOf = givenAsOf ?? (demo ? Demo.Settings.asOfInstant() : context.now())
            parameters = settings.reportParameters(
                asOf: asOf, through: try invocation.time(throughOption, in: zone, context))
            // A vote after the clock's now is odd data, flagged; an --as-of before the last vote is a request (refused).
            parameters.futureVotes = asOfGiven ? .refused : .flagged
            output = try invocation.output(outputOption, context, example: "report.md") ?? .standardOutput
            pages = try Self.pages(
                invocation, format: format, languages: settings.languages, output: output, context: context)
        }

        /// The `--charts` folder of one language's page: the folder given, or with several languages its
        /// subfolder per language (`charts/en`, `charts/zh-TW`), since each language's charts have its words.
        func charts(_ edition: LanguageEdition) -> (given: String, path: String)? {
            guard let charts, edition.isSuffixed else { return charts }
            let language = edition.language.rawValue
            return (
                ReportChartSet.link(language, folder: charts.given),
                URL(fileURLWithPath: charts.path).appendingPathComponent(language).path
            )
        }

        /// One page, or with several languages one per language, each named from `-o` with its language
        /// (checked like `-o` itself). JSON and CSV hold no words of a language: one file whatever the
        /// languages. Several pages need `-o`: standard output would run them together, so `--lang` with several
        /// is refused there; several from the config or the environment print the first language's page, with a
        /// note on standard error (the README's first `tally report` works whatever `tally.json` says).
        static func pages(
            _ invocation: Invocation, format: Format, languages: Setting<[ReportLanguage]>, output: OutputDestination,
            context: Context
        ) throws -> [(edition: LanguageEdition, output: OutputDestination)] {
            let first = languages.value.first ?? .english
            guard languages.value.count > 1, format == .markdown || format == .html else {
                return [(.single(first), output)]
            }
            let list = languages.value.map(\.rawValue).joined(separator: ",")
            guard case .file(let file) = output else {
                let example = "-o post.\(format == .html ? "html" : "md")"
                let advice =
                    "one page per language needs a file name: \(example) writes "
                    + languages.value.map { LanguageEdition.suffixed("post.\(format == .html ? "html" : "md")", $0) }
                    .joined(separator: " and ")
                    + ", each linking the other; or give one language, e.g. --lang \(first.rawValue)"
                if case .flag = languages.source {
                    throw UsageError(
                        "--lang \(list) with the report on standard output: \(advice)", command: invocation.path)
                }
                context.stderr.line(
                    "Note: lang (from \(languages.source)) is \(list); printed the \(first.rawValue) page only: "
                        + advice)
                return [(.single(first), output)]
            }
            if case .stream = try AtomicFile.target(file) {
                throw UsageError(
                    "--output \(file) is a pipe or a device; --lang \(list) writes one file per language, named from "
                        + "--output (e.g. -o post.md writes post.en.md): give a file name", command: invocation.path)
            }
            return try LanguageEdition.all(languages.value).map { edition in
                (edition, try invocation.outputFile(edition.name(file), outputOption, example: "report.md"))
            }
        }
    }
}

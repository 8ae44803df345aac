import Foundation
import TallyCore
import TallyRender
import TallySQLite

/// `tally weekly`: one report per finished week, with charts, and an index.
enum WeeklyCommand {
    static let throughOption = OptionSpec(
        "through", .value("TIME"), "Write the weeks that have ended by TIME (default: now).")
    static let forceOption = OptionSpec(
        "force", .flag,
        "Write even when that is more than \(WeeklyLimits.maxWeeks) weeks, or the launch is over a year before "
            + "the first vote.")
    static let overwriteOption = OptionSpec(
        "overwrite", .flag,
        "Replace files of the reports folder that are not this run's own pages in its language: another "
            + "language's pages, files tally did not write, files changed since (refused without it; nothing is "
            + "written then). --force does not do this.")
    static let pngOption = OptionSpec(
        "png", .flag,
        "Also write a PNG beside each SVG chart, drawn for a phone's column (680 px, 2x), and link the PNGs from the "
            + "Markdown pages, for blog hosts that refuse SVG (needs rsvg-convert, Debian package librsvg2-bin).")
    static let htmlOption = OptionSpec(
        "html", .flag,
        "Also write week-NN.html and index.html: self-contained pages (inline CSS and charts, no scripts).")
    static let spec = CommandSpec(
        name: "weekly",
        abstract:
            "Write the weekly tallies: week-NN.md and week-NN.json with SVG charts, and index.md (--html, --png)",
        discussion: """
            Weeks start at the launch date (config "launch", TALLY_LAUNCH or --launch) at local
            midnight in the configured zone: week N covers [launch + 7(N-1) days, launch + 7N days),
            daylight saving time included. For every week that has ended by --through (default:
            now), it writes into the reports folder (config "reports", TALLY_REPORTS or --reports;
            default ./reports): week-NN.md, week-NN.json, a chart of counted votes per day and a
            ranking chart per section (SVG, linked from the page), then index.md with one line per
            week, newest first. With --html, week-NN.html and index.html are written too
            (self-contained pages: inline CSS and charts, no scripts); with --png, a PNG beside each
            SVG chart. Charts with nothing to show (a week without votes, a section nobody voted in)
            are not drawn. Each page shows the week's votes and new voters, what changed since the
            week before (voters, votes, options added, rank moves, notes decided) and the whole tally
            at the week's end, ending with the settings and the data fingerprint. A quiet week (no
            vote, no note decided, no option added) gets a one-sentence page linking the last week
            that had news, no charts, and shares one index line with the quiet weeks around it.

            A week's page is as of the week's end, never the wall clock: running it again on the
            same data gives the same bytes, and a file whose content would not change is not
            rewritten (its modification time stays). Nothing is ever deleted.

            With --lang en,zh-TW every page, index and chart is written once per language
            (week-01.en.md, week-01.zh-TW.md, index.en.md, …; the JSON once), each page linking the
            other language; with one language the names are as above. A run replaces only its own
            pages in its language: .tally-pages.json in the folder records each file written, its
            language and its SHA-256, and a file that is another language's page, not tally's, or
            changed since stops the run before anything is written (--overwrite replaces it).
            The run holds the folder's lock, so a second run into the same folder stops at once.

            Example (the built-in demo with the author's settings):
              tally weekly --demo --through 2026-10-03 --reports reports/demo/en
            """,
        options: [
            SettingOptions.db,
            SettingOptions.config,
            SettingOptions.demo.withHelp(
                "Use the built-in demo data with the author's settings (Asia/Taipei, exclude before 2026-09-19 02:11, "
                    + "launch 2026-09-19) instead of the config file and environment; other options override them."),
            throughOption,
            SettingOptions.launch.withHelp("The local launch date YYYY-MM-DD; week 1 starts at its midnight."),
            SettingOptions.reports.withHelp("The folder to write into (default ./reports)."),
            SettingOptions.lang.withHelp(
                "Language of the pages and charts: en or zh-TW, or both (en,zh-TW): then every page, index and chart "
                    + "is written once per language, named week-01.en.md, week-01.zh-TW.md, index.en.md…, each "
                    + "linking the other language."),
            SettingOptions.tz.withHelp("Time zone whose midnights end the weeks: IANA name or offset."),
            SettingOptions.excludeBefore,
            SettingOptions.excludeSession,
            SettingOptions.votesPerSession,
            forceOption,
            overwriteOption,
            pngOption,
            htmlOption,
            ShareCard.option.withHelp(
                "Also write FILE.png: a 1200×630 image of the latest week's tally for social media, readable at 300 px "
                    + "wide (title, top three options as bars with their voters, counted voters, the week's end; needs "
                    + "rsvg-convert); with two languages one per language. Replaces only a PNG."
            ),
            SettingOptions.title,
            SettingOptions.voteURL,
            SettingOptions.siteURL.withHelp(
                "The public address of the reports folder (http:// or https://): the HTML pages' og:url, and with "
                    + "--share FILE.png inside the folder their og:image, which link previews need as an absolute URL."),
            SettingOptions.internal,
        ],
        run: run)

    /// Reads every week in one snapshot, then writes every page, chart and index as one (`StagedWrite`).
    static func run(_ invocation: Invocation, _ context: Context) throws {
        let options = try Options(invocation, context)
        let db = options.demo ? try Demo.inMemory() : try DatabaseFile.openForReading(options.database)
        let analyzer = WeeklyAnalyzer(calendar: options.calendar, parameters: options.parameters)
        // One committed state for every week and the launch check (DECISIONS.md, "One read snapshot").
        let (tallies, firstVote) = try ReadSnapshot.read(db) { snapshot in
            let result = try analyzer.talliesAndFirstVote(in: snapshot, through: options.through)
            if !options.force { try WeeklyLimits.checkLaunch(options, snapshot, counted: result.firstVote) }
            return result
        }
        let zone = options.calendar.zone
        guard let last = tallies.last else {
            context.stdout.line(
                "No week has ended by \(zone.format(options.through)): week 1 ends at "
                    + "\(zone.format(options.calendar.week(1).end)). Nothing was written.")
            return
        }
        // Every name is checked before the first file is written (DECISIONS: a page of another language is
        // never replaced); every file of every language is rendered (its PNG included) and staged before the
        // first is put in place. Week files come before the indexes, so an index never links to a missing page.
        let planned = WeeklyPages.planned(
            tallies, calendar: options.calendar, editions: LanguageEdition.all(options.languages), html: options.html,
            title: options.title, png: options.png != nil, site: options.site)
        let files = try StagedWrite(recording: [options.folder])
        if !options.overwrite { try files.check(checks(planned, options), refusal: { refusal($1, options) }) }
        for file in planned {
            try files.stage(Data(file.render().utf8), as: file.name, language: file.language, ifChanged: true)
            if let png = options.png, let source = file.pngSource {
                try files.stage(
                    try png.render(source(), name: file.name), as: ReportChartSet.pngName(file.name),
                    language: file.language, ifChanged: true)
            }
        }
        let shared =
            try options.share?.stage(
                last.report, title: options.title, until: last.week.end, voteURL: options.site.voteURL, in: files) ?? []
        try files.commit()
        for line in shared + options.previewNotes { context.stderr.line(line) }
        let weeks = last.week.number == 1 ? "week 1" : "weeks 1–\(last.week.number)"
        let written = files.written
        context.stdout.line(
            "Weekly tallies for \(weeks) (ended by \(zone.format(options.through))) in \(options.folder): "
                + "\(written.count) file\(written.count == 1 ? "" : "s") written, "
                + "\(files.count - written.count) unchanged.")
        for name in written { context.stdout.line("  wrote \(name)") }
    }

    /// What a run would write, for the check against the folder's record: each page and, with `--png`, each PNG.
    static func checks(_ planned: [WeeklyPages.Planned], _ options: Options) -> [StagedWrite.Planned] {
        planned.flatMap { file in
            let page = StagedWrite.Planned(name: file.name, language: file.language) { Data(file.render().utf8) }
            guard let png = options.png, let source = file.pngSource else { return [page] }
            return [
                page,
                StagedWrite.Planned(name: ReportChartSet.pngName(file.name), language: file.language) {
                    try png.render(source(), name: file.name)
                },
            ]
        }
    }

    /// The refusal of a run that would replace files of the reports folder that are not its own pages in the same
    /// language (see `PageRecord`): another language's page, a file tally did not write, or one changed since.
    /// `--overwrite` lifts the check.
    static func refusal(_ conflicts: [PageRecord.Conflict], _ options: Options) -> CommandFailure {
        let advice =
            conflicts.contains { $0.writtenIn != nil }
            ? "To keep every language, write them in one run (--lang en,zh-TW: then each name carries its "
                + "language) or give another --reports folder"
            : "They may be your edits, or pages of an earlier tally, which kept no record (\(PageRecord.name))"
        return CommandFailure(
            "the reports folder \(options.folder) holds \(conflicts.count) file\(conflicts.count == 1 ? "" : "s") this "
                + "run would replace that \(conflicts.count == 1 ? "is" : "are") not its own pages in "
                + "\(options.languages.map(\.rawValue).joined(separator: ", ")): \(PageRecord.Conflict.list(conflicts)). "
                + "Nothing was written. \(advice); to replace them, add --overwrite")
    }
    /// `path` as a path inside `folder` (`share.png`, `img/share.png`), or nil when it is not inside it.
    static func relative(_ path: String, in folder: String) -> String? {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard file.hasPrefix(prefix), file.count > prefix.count else { return nil }
        return String(file.dropFirst(prefix.count))
    }

    /// Every option of one run, validated before the database is opened.
    struct Options {
        var demo: Bool
        var database: String
        var calendar: WeekCalendar
        var parameters: ReportParameters
        var through: Instant
        /// The languages to write, in order (`--lang en,zh-TW`); with several, names carry the language.
        var languages: [ReportLanguage]
        /// The `title` setting: before every page's heading and above each chart's title, if set.
        var title: PageTitle?
        var folder: String
        /// `--force`: write however many weeks that is.
        var force: Bool
        /// `--overwrite`: replace files of the folder that are not this run's own pages in its language.
        var overwrite: Bool
        /// Where the launch date came from, for messages.
        var launchSource: SettingSource
        /// True for `--html`.
        var html: Bool
        /// The PNG renderer when `--png` is given.
        var png: ChartPNG?
        /// The share image of the latest week (`--share FILE.png`), checked.
        var share: ShareCard?
        /// The links between the pages, to the vote page, and the HTML pages' preview tags.
        var site: WeeklySite
        /// What to say on stderr when the HTML pages cannot carry the share image as their `og:image`.
        var previewNotes: [String] = []

        init(_ invocation: Invocation, _ context: Context) throws {
            let path = invocation.path
            demo = invocation.flag(SettingOptions.demo)
            html = invocation.flag(htmlOption)
            png = invocation.flag(pngOption) ? try ChartPNG(environment: context.environment) : nil
            if demo, invocation.has(SettingOptions.db) {
                throw UsageError(
                    "--demo reads the built-in demo data; leave out --db, or leave out --demo", command: path)
            }
            let settings = try Settings.resolve(invocation, context: context)
            share = try ShareCard(invocation, context, languages: settings.languages.value)
            database = settings.db.value
            languages = settings.languages.value
            title = settings.title.value
            let zone = settings.zone.value
            guard let launch = settings.launch.value else {
                throw UsageError(
                    "tally weekly needs the launch date, where week 1 starts: set \"launch\": \"YYYY-MM-DD\" in "
                        + "tally.json, TALLY_LAUNCH, or --launch YYYY-MM-DD", command: path)
            }
            calendar = WeekCalendar(launch: launch, zone: zone)
            parameters = settings.reportParameters(asOf: context.now())
            through = try invocation.time(throughOption, in: zone, context) ?? context.now()
            force = invocation.flag(forceOption)
            overwrite = invocation.flag(overwriteOption)
            launchSource = settings.launch.source
            folder = settings.reports.value
            site = WeeklySite(voteURL: settings.voteURL.value, siteURL: settings.siteURL.value)
            if let share {
                for file in share.files {
                    if let inside = WeeklyCommand.relative(file.path, in: folder) {
                        site.shareImages[file.language] = inside
                    }
                }
                if html, site.shareImages.isEmpty {
                    previewNotes.append(
                        "Note: the HTML pages carry no og:image: the share image \(share.files[0].path) is outside the "
                            + "reports folder \(folder), so its public address is not known; write it inside the "
                            + "folder (--share \(folder)/share.png) and set site_url")
                } else if html, settings.siteURL.value == nil {
                    previewNotes.append(
                        "Note: the HTML pages carry no og:image: link previews need its absolute address; set site_url "
                            + "(tally.json, TALLY_SITE_URL or --site-url) to the reports folder's public address")
                }
            }
            if !force { try WeeklyLimits.checkWeeks(self) }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw CommandFailure(
                    "the reports folder \(folder) (from \(settings.reports.source)) is a file; give a folder, "
                        + "e.g. --reports reports")
            }
        }
    }
}

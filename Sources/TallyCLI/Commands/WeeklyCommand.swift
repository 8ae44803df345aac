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
    static let pngOption = OptionSpec(
        "png", .flag,
        "Also write a PNG beside each SVG chart, for blog hosts that refuse SVG (needs rsvg-convert, "
            + "Debian package librsvg2-bin).")
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
            week. With --html, week-NN.html and index.html are written too (self-contained pages: inline
            CSS and charts, no scripts); with --png, a PNG beside each SVG chart. Charts with nothing
            to show (a week without votes, a section nobody voted in) are not drawn. Each page shows
            the week's votes and new voters, what changed since the week before (voters, votes,
            options added, rank moves, notes decided) and the whole tally at the week's end, ending
            with the settings and the data fingerprint.

            A week's page is as of the week's end, never the wall clock: running it again on the
            same data gives the same bytes, and a file whose content would not change is not
            rewritten (its modification time stays). Nothing is ever deleted.

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
            SettingOptions.lang.withHelp("Language of the pages and charts: en or zh-TW."),
            SettingOptions.tz.withHelp("Time zone whose midnights end the weeks: IANA name or offset."),
            SettingOptions.excludeBefore,
            SettingOptions.excludeSession,
            SettingOptions.votesPerSession,
            forceOption,
            pngOption,
            htmlOption,
            SettingOptions.internal,
        ],
        run: { invocation, context in
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
            // Page by page: each week's files are written as soon as they are rendered, so memory
            // holds one week's pages, not all of them (110 MB at 104 weeks before). Week files
            // still come before the index, so the index never links to a missing page.
            var total = 0
            var written: [String] = []
            func write(_ files: [WeeklyPages.File]) throws {
                for file in files {
                    total += 1
                    let path = URL(fileURLWithPath: options.folder).appendingPathComponent(file.name).path
                    if try AtomicFile.writeIfChanged(file.content, to: path) { written.append(file.name) }
                    if let png = options.png, file.name.hasSuffix(".svg") {
                        total += 1
                        let name = ChartPNG.name(for: file.name)
                        let pngPath = URL(fileURLWithPath: options.folder).appendingPathComponent(name).path
                        if try AtomicFile.writeIfChanged(try png.render(file.content, name: file.name), to: pngPath) {
                            written.append(name)
                        }
                    }
                }
            }
            for tally in tallies { try write(WeeklyPages.files(tally, language: options.language)) }
            try write([WeeklyPages.index(tallies, calendar: options.calendar, language: options.language)])
            if options.html {
                for tally in tallies { try write([WeeklyPages.html(tally, language: options.language)]) }
                try write([WeeklyPages.htmlIndex(tallies, calendar: options.calendar, language: options.language)])
            }
            let weeks = last.week.number == 1 ? "week 1" : "weeks 1–\(last.week.number)"
            context.stdout.line(
                "Weekly tallies for \(weeks) (ended by \(zone.format(options.through))) in \(options.folder): "
                    + "\(written.count) file\(written.count == 1 ? "" : "s") written, "
                    + "\(total - written.count) unchanged.")
            for name in written { context.stdout.line("  wrote \(name)") }
        })

    /// Every option of one run, validated before the database is opened.
    struct Options {
        var demo: Bool
        var database: String
        var calendar: WeekCalendar
        var parameters: ReportParameters
        var through: Instant
        var language: ReportLanguage
        var folder: String
        /// `--force`: write however many weeks that is.
        var force: Bool
        /// Where the launch date came from, for messages.
        var launchSource: SettingSource
        /// True for `--html`.
        var html: Bool
        /// The PNG renderer when `--png` is given.
        var png: ChartPNG?

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
            database = settings.db.value
            language = settings.language.value
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
            launchSource = settings.launch.source
            folder = settings.reports.value
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

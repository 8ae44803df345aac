import TallyCore
import TallySQLite

/// `tally report`: the headline totals (the full report is being built).
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Print the tally's headline totals",
        options: [
            OptionSpec("db", .value("PATH"), "Database file (default: $TALLY_DB, then ./tally.sqlite)."),
            OptionSpec("demo", .flag, "Use the built-in demo data and the author's settings."),
            OptionSpec("tz", .value("ZONE"), "Time zone for times given and shown (default UTC)."),
            OptionSpec("exclude-before", .value("TIME"), "Exclude sessions whose first vote is before TIME."),
        ],
        run: { invocation, context in
            let demo = invocation.flag("demo")
            let zone = try Zone(parsing: invocation.value("tz") ?? (demo ? Demo.Settings.timezone : "UTC"))
            let cutoffText = invocation.value("exclude-before") ?? (demo ? Demo.Settings.excludeBefore : nil)
            let cutoff = try cutoffText.map { text throws(TimeError) in try zone.parseUserTime(text) }
            let db = demo ? try Demo.inMemory() : try DatabaseFile.openForReading(context.databasePath(invocation))
            var first: [String: Instant] = [:]
            var count: [String: Int] = [:]
            let statement = try db.prepare("SELECT session_id, created_at FROM votes")
            while try statement.step() {
                let session = statement.text(at: 0) ?? ""
                guard let at = StoredTimestamp.parse(statement.text(at: 1) ?? "") else { continue }
                first[session] = min(first[session] ?? at, at)
                count[session, default: 0] += 1
            }
            let counted = first.filter { cutoff == nil || $0.value >= cutoff! }.keys
            let countedVotes = counted.reduce(0) { $0 + count[$1]! }
            let rawVotes = count.values.reduce(0, +)
            context.stdout.line(
                "\(counted.count) voters, \(countedVotes) votes; with test data \(first.count) voters, \(rawVotes) votes"
                    + (cutoff.map { " (excluded: sessions whose first vote is before \(zone.format($0)))" } ?? ""))
        })
}

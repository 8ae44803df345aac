import TallyCore
import TallySQLite

/// `tally generate`: write a deterministic synthetic poll (benchmarks, trying tally at scale).
enum GenerateCommand {
    static let votesOption = OptionSpec("votes", .value("N"), "How many votes (1 to 100000000; default 1000000).")
    static let daysOption = OptionSpec(
        "days", .value("N"), "Days the votes span after the launch (1 to 36500; default 30).")
    static let seedOption = OptionSpec("seed", .value("N"), "Seed for the generator (default 1).")

    static let spec = CommandSpec(
        name: "generate",
        abstract: "Write a deterministic synthetic poll database (for benchmarks)",
        discussion: """
            Writes seven options in two sections, sessions of one to three votes that often
            stack, a few smoke-test sessions in the ten minutes before the launch
            (2026-09-01 00:00 UTC), and thirty days of votes (--days to spread them over
            more, e.g. 730 for two years of weekly tallies). The same --votes, --days and
            --seed always give the same rows.
            """,
        options: [
            SettingOptions.newDatabase,
            votesOption, daysOption, seedOption,
            DatabaseReplacement.replaceOption,
            DatabaseReplacement.discardLocalOption,
            SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let votes = try invocation.integer(votesOption, in: 1...100_000_000) ?? 1_000_000
        let days = try invocation.integer(daysOption, in: 1...36_500) ?? 30
        let seed = try invocation.integer(seedOption, in: 0...Int.max) ?? 1
        let path = try Settings.database(invocation, context)
        let held = try DatabaseReplacement.lock(invocation, path)
        defer { held?.release() }
        let poll = SyntheticPoll(votes: votes, seed: UInt64(seed), days: days)
        let replace = invocation.flag(DatabaseReplacement.replaceOption)
        let summary = try DatabaseFile.build(at: path, replace: replace) { db in
            // The file is renamed into place only when complete, so the
            // rollback journal buys nothing here; skipping it halves the time.
            try db.execute("PRAGMA journal_mode = OFF")
            try db.execute("PRAGMA cache_size = -262144")
            return try poll.write(into: db)
        }
        context.stdout.line(
            "Wrote \(path): \(summary.votes) votes from \(summary.sessions) sessions "
                + "(\(summary.testSessions) smoke-test sessions before 2026-09-01 00:00 UTC).")
    }
}

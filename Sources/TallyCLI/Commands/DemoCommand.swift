import TallyCore
import TallySQLite

/// `tally demo`: write the built-in demo database.
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo",
        abstract: "Write the built-in demo database (the blogger's week one)",
        discussion: """
            Writes a new database with the full schema and the demo data: 19 sessions and 55
            votes, four smoke-test sessions, two approved notes promoted to options.
            `tally report --demo` and `tally weekly --demo` read the same data without a file.
            """,
        options: [
            SettingOptions.newDatabase,
            DatabaseReplacement.replaceOption,
            DatabaseReplacement.discardLocalOption,
            SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let path = try Settings.database(invocation, context)
        let held = try DatabaseReplacement.lock(invocation, path)
        defer { held?.release() }
        try DatabaseFile.build(at: path, replace: invocation.flag(DatabaseReplacement.replaceOption)) { db in
            try Demo.write(into: db)
            // The demo stands for D1's data: its recorded decisions are D1's, not unpushed work.
            try SyncLedger(db).createEmpty()
        }
        context.stdout.line(
            "Wrote the demo to \(path): \(Demo.options.count) options, \(Demo.votes.count) votes, "
                + "\(Demo.notes.count) notes.")
        context.stdout.line(
            "Try: tally report --db \(path) --tz \(Demo.Settings.timezone) "
                + "--exclude-before '\(Demo.Settings.excludeBefore)' --as-of '\(Demo.Settings.asOf)'")
    }
}

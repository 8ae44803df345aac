import TallyCore
import TallySQLite

/// `tally migrate`: apply pending migrations to an existing database.
enum MigrateCommand {
    static let statusOption = OptionSpec("status", .flag, "List applied and pending migrations; change nothing.")

    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Apply pending migrations to an existing database",
        discussion: """
            Applies, in one transaction, the migrations not yet listed in d1_migrations (the
            ledger wrangler keeps). Running it again changes nothing. If any statement fails,
            the database is left exactly as it was and the file and statement are named.
            A ledger listing tally migrations this build does not know is refused: the
            database is newer than this tally. With --status, only reports.
            """,
        options: [
            SettingOptions.db,
            statusOption,
            SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let path = try Settings.database(invocation, context)
        let migrator = Migrator()
        if invocation.flag(statusOption) {
            let db = try DatabaseFile.openForReading(path)
            let status = try migrator.status(of: db)
            for name in status.applied { context.stdout.line("applied  \(name)") }
            for name in status.pending { context.stdout.line("pending  \(name)") }
            if !status.unknown.isEmpty { throw MigrationError.databaseNewer(unknown: status.unknown) }
            return
        }
        let db = try DatabaseFile.openForWriting(path)
        let status = try migrator.status(of: db)
        if !status.foreign.isEmpty {
            context.stderr.line(
                "note: d1_migrations also lists migrations that are not tally's: "
                    + status.foreign.joined(separator: ", "))
        }
        let applied = try migrator.migrate(db)
        if applied.isEmpty {
            context.stdout.line("\(path) is up to date (\(status.applied.count) migration(s) applied).")
        } else {
            context.stdout.line(
                "Applied \(applied.count) migration(s) to \(path): \(applied.joined(separator: ", "))")
        }
    }
}

import TallyCore
import TallySQLite

/// `tally init`: create a new database with every migration applied.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Create a new database with the full schema",
        discussion: """
            Creates the file and applies every migration in migrations/, recording each in
            d1_migrations exactly as `wrangler d1 migrations apply` does. The file appears
            complete or not at all. An existing file is never touched: use `tally migrate`.
            """,
        options: [
            SettingOptions.newDatabase,
            SettingOptions.config,
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let path = try Settings.database(invocation, context)
        let applied = try DatabaseFile.build(at: path) { db in try Migrator().migrate(db) }
        context.stdout.line(
            "Created \(path) with \(applied.count) migration(s): \(applied.joined(separator: ", "))")
    }
}

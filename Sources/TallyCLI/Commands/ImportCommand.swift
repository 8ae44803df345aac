import Foundation
import TallyCore
import TallyRender
import TallySQLite

/// `tally import`: load a D1 export or an sqlite3 dump into a new local database.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Load a `wrangler d1 export` or `sqlite3 .dump` file into a new database",
        discussion: """
            Reads the file statement by statement (memory does not grow with its size) in one
            transaction into a temporary file next to the database, checks that it holds the
            vote page's tables and columns, adds tally's own tables and indexes (the migrations,
            recorded in d1_migrations as wrangler does), then renames it into place: the
            database appears complete or not at all, even if the import is killed.

            The file is untrusted: SQLite's authorizer lets through only what the two dump
            formats contain (CREATE TABLE/INDEX/TRIGGER/VIEW, INSERT, DELETE FROM
            sqlite_sequence, ANALYZE sqlite_schema, and the dump's own PRAGMA
            defer_foreign_keys, PRAGMA foreign_keys=OFF, BEGIN TRANSACTION and COMMIT, which
            are recognised and not run). ATTACH, VACUUM INTO, load_extension, other PRAGMAs,
            DROP, UPDATE, DELETE and triggers that would write are refused with their line.

            The vote page's own triggers are kept. Those that tally's writes would fire (a
            decision updates suggestions and inserts into moderation_log, a promotion inserts
            into survey_options) and that write to other tables are listed on stderr, to review
            before the first decision. A trigger that drops rows with RAISE(IGNORE) — one of the
            dump's rows, or later one of tally's — is refused, naming it.

            Make the file with:  wrangler d1 export DB --remote --output=export.sql
            On a terminal, progress is shown on stderr. At the end, rows per table are printed.
            """,
        options: [
            SettingOptions.newDatabase,
            SettingOptions.config,
            DatabaseReplacement.replaceOption,
            DatabaseReplacement.discardLocalOption,
        ],
        positionals: [PositionalSpec("FILE", "The export or dump to load; - reads standard input.")],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let file = invocation.positionals[0]
        let dumpPath = file == "-" ? "-" : context.path(file)
        let target = try Settings.database(invocation, context)
        // Held to the rename, so no decision can be made in the old file after the check.
        let held = try DatabaseReplacement.lock(invocation, target)
        defer { held?.release() }
        let display = ImportProgress(output: context.stderr)
        let stop = StopSignal.install()
        defer { stop.uninstall() }
        let importer = DumpImporter(progress: display.update, shouldStop: { stop.isSet })
        let summary: ImportSummary
        do {
            summary = try importer.run(
                dumpPath: dumpPath, target: target, replace: invocation.flag(DatabaseReplacement.replaceOption),
                source: "tally import \(file == "-" ? "(standard input)" : file)", at: context.now())
        } catch {
            display.abandon()
            throw error
        }
        display.finish()
        write(summary, file: file == "-" ? "standard input" : file, target: target, context: context)
    }

    static func write(_ summary: ImportSummary, file: String, target: String, context: Context) {
        context.stdout.line(
            "Imported \(file) into \(target): \(summary.rowsInserted) rows from \(summary.statements) statements.")
        let nameWidth = max(5, summary.tables.map { DisplayWidth.of($0.name) }.max() ?? 0)
        let rowWidth = max(4, summary.tables.map { String($0.rows).count }.max() ?? 0)
        context.stdout.line(
            DisplayWidth.padRight("table", to: nameWidth) + "  " + DisplayWidth.padLeft("rows", to: rowWidth))
        for table in summary.tables {
            let note = table.addedByTally ? "  (added by tally)" : ""
            context.stdout.line(
                DisplayWidth.padRight(table.name, to: nameWidth) + "  "
                    + DisplayWidth.padLeft(String(table.rows), to: rowWidth) + note)
        }
        if summary.migrationsApplied.isEmpty {
            context.stdout.line("The schema was up to date: no migration applied.")
        } else {
            context.stdout.line(
                "Applied \(summary.migrationsApplied.count) migration(s): "
                    + summary.migrationsApplied.joined(separator: ", "))
        }
        if !summary.foreignMigrations.isEmpty {
            context.stdout.line(
                "d1_migrations also lists the vote page's own: " + summary.foreignMigrations.joined(separator: ", "))
        }
        for dangling in summary.danglingReferences {
            context.stderr.line(
                "warning: \(dangling.rows) row(s) of \(dangling.table) refer to missing \(dangling.parent) rows "
                    + "(PRAGMA foreign_key_check); D1 would refuse them. They were imported as they are.")
        }
        triggerWarnings(summary, advice: "review it before the first decision", context)
    }

    /// One warning per trigger of the data that writes elsewhere when tally writes (import, pull).
    static func triggerWarnings(_ summary: ImportSummary, advice: String, _ context: Context) {
        for found in summary.triggersWritingElsewhere {
            context.stderr.line(
                "warning: the trigger \(found.trigger) on \(found.table) also writes to "
                    + found.writes.joined(separator: ", ") + " when tally \(found.purpose) (\(found.event) "
                    + "\(found.table)); \(advice).")
        }
    }
}

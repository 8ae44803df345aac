import TallyCore
import TallySQLite

/// The command tree and the one place errors become messages and exit codes.
public enum Tally {
    /// Every top-level command, in the order `tally --help` lists them.
    public static let commands: [CommandSpec] = [
        ReportCommand.spec,
        WeeklyCommand.spec,
        NotesCommand.spec,
        ImportCommand.spec,
        PullCommand.spec,
        PushCommand.spec,
        StatusCommand.spec,
        SQLCommand.spec,
        DemoCommand.spec,
        InitCommand.spec,
        MigrateCommand.spec,
        ConfigCommand.spec,
        GenerateCommand.spec,
    ]

    /// The root of the command tree.
    public static let root = CommandSpec(
        name: "tally",
        abstract: "tally votes and moderate suggestions of a small public vote page kept in Cloudflare D1 (SQLite)",
        discussion: """
            Exit codes: 0 success, 1 failure, 2 usage error, 3 moderation or sync conflict.
            The database is --db, else $TALLY_DB, else the config file's db (./tally.json or --config FILE),
            else ./tally.sqlite. `tally config show` prints every setting in force and where it came from.
            """,
        subcommands: commands, run: nil)

    /// Parses `arguments`, runs the command, and returns the process exit code.
    /// Results go to stdout; diagnostics to stderr as `Error: …` with a usage hint.
    public static func run(arguments: [String], context: Context) -> Int32 {
        let outcome: ArgumentParser.Outcome
        do {
            outcome = try ArgumentParser.parse(arguments, root: root)
        } catch let error as UsageError {
            reportUsage(error, context: context)
            return ExitCode.usage.rawValue
        } catch {
            context.stderr.line("Error: \(error)")
            return ExitCode.failure.rawValue
        }
        switch outcome {
        case .help(let command, let path):
            context.stdout.write(ArgumentParser.help(for: command, path: path))
            return ExitCode.success.rawValue
        case .run(let command, let invocation):
            do {
                try command.run?(invocation, context)
                return ExitCode.success.rawValue
            } catch let error as UsageError {
                reportUsage(error, context: context)
                return ExitCode.usage.rawValue
            } catch {
                context.stderr.line("Error: \(message(for: error))")
                return (error as? ExitCodeProviding)?.exitCode.rawValue ?? ExitCode.failure.rawValue
            }
        }
    }

    static func reportUsage(_ error: UsageError, context: Context) {
        context.stderr.line("Error: \(error.message)")
        let command = find(error.command) ?? root
        context.stderr.line("Usage: \(ArgumentParser.usage(of: command, path: error.command))")
        context.stderr.line("See 'tally \((error.command + ["--help"]).joined(separator: " "))'.")
    }

    static func find(_ path: [String]) -> CommandSpec? {
        var command = root
        for name in path {
            guard let next = command.subcommands.first(where: { $0.name == name }) else { return nil }
            command = next
        }
        return command
    }

    /// The message for an error: domain errors describe themselves; SQLite errors
    /// keep their code and statement.
    static func message(for error: Error) -> String {
        String(describing: error)
    }
}

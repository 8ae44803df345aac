import TallyCore
import TallyRender
import TallySQLite

/// The command tree and the one place errors become messages and exit codes.
package enum Tally {
    /// Every top-level command, in the order `tally --help` lists them.
    /// `narrating()` adds `-q/--quiet` to the commands whose standard output only says what they did.
    package static let commands: [CommandSpec] = [
        ReportCommand.spec,
        WeeklyCommand.spec.narrating(),
        NotesCommand.spec,
        ImportCommand.spec.narrating(),
        PullCommand.spec,
        PushCommand.spec,
        ServeCommand.spec,
        StatusCommand.spec,
        SQLCommand.spec,
        DemoCommand.spec.narrating(),
        InitCommand.spec.narrating(),
        MigrateCommand.spec.narrating(),
        ConfigCommand.spec,
        GenerateCommand.spec.narrating(),
        CompletionsCommand.spec,
    ]

    /// The root of the command tree.
    package static let root = CommandSpec(
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
    package static func run(arguments: [String], context: Context) -> Int32 {
        let outcome: ArgumentParser.Outcome
        do {
            outcome = try ArgumentParser.parse(arguments, root: root)
        } catch let error as UsageError {
            reportUsage(error, context: context)
            return ExitCode.usage.rawValue
        } catch {
            context.stderr.line("Error: " + TerminalText.visible("\(error)"))
            return ExitCode.failure.rawValue
        }
        switch outcome {
        case .version:
            context.stdout.line(Version.line)
            return checked(context)
        case .help(let command, let path):
            context.stdout.write(ArgumentParser.help(for: command, path: path))
            return checked(context)
        case .run(let command, let invocation):
            if let failure = context.workingFolderFailure {
                context.stderr.line("Error: \(WorkingFolderLost(errno: failure))")
                return ExitCode.failure.rawValue
            }
            do {
                let quiet = command.isQuietable && invocation.flag(OptionSpec.quiet)
                try command.run?(invocation, quiet ? context.quieted() : context)
                // A command whose output was lost did not succeed (`report > /dev/full`); what it did is said.
                if let failure = context.stdout.failure {
                    throw OutputFailure(name: context.stdout.name, errno: failure, commandDone: true)
                }
                return ExitCode.success.rawValue
            } catch let error as UsageError {
                reportUsage(error, context: context)
                return ExitCode.usage.rawValue
            } catch {
                // Messages quote settings, paths and file contents: shown as database text is, never as escapes.
                context.stderr.line("Error: " + TerminalText.visible(message(for: error, in: command)))
                return (error as? ExitCodeProviding)?.exitCode.rawValue ?? ExitCode.failure.rawValue
            }
        }
    }

    /// 0, or 1 with the message when standard output failed.
    static func checked(_ context: Context) -> Int32 {
        guard let failure = context.stdout.failure else { return ExitCode.success.rawValue }
        context.stderr.line("Error: \(OutputFailure(name: context.stdout.name, errno: failure))")
        return ExitCode.failure.rawValue
    }

    static func reportUsage(_ error: UsageError, context: Context) {
        context.stderr.line("Error: " + TerminalText.visible(error.message))
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
    /// keep their code and statement. A file that already exists names `--replace` when the
    /// command offers it (the domain does not know which flags a command has).
    static func message(for error: Error, in command: CommandSpec) -> String {
        if case DatabaseError.alreadyExists(let path) = error,
            command.options.contains(where: { $0.name == "replace" })
        {
            return "\(path) already exists; add --replace to replace it (atomically, only if this run succeeds), "
                + "or choose another path"
        }
        return String(describing: error)
    }
}

import Foundation
import TallyCore
import TallyRender

extension Invocation {
    /// True when the command declares this option (same name and kind). Settings read their options
    /// only where the command declares them; everything else reads through the checked accessors below.
    package func declares(_ option: OptionSpec) -> Bool {
        options.contains { $0.name == option.name && $0.kind == option.kind }
    }

    /// The option's name, once it is known to be declared. Reading an option the command does not
    /// declare would read nil forever (the parser refuses it on the command line): a bug, so it stops
    /// tally here, in every test that runs the command, instead of quietly ignoring what the user typed.
    private func checked(_ option: OptionSpec) -> String {
        precondition(
            declares(option),
            "tally \(path.joined(separator: " ")) reads \(option.flagName), which its spec does not declare")
        return option.name
    }

    /// The last value given for an option, or nil.
    package func value(_ option: OptionSpec) -> String? { values[checked(option)]?.last }

    /// Every value given for a repeatable option, in order.
    package func values(_ option: OptionSpec) -> [String] { values[checked(option)] ?? [] }

    /// True when a flag option was given.
    package func flag(_ option: OptionSpec) -> Bool { flags.contains(checked(option)) }

    /// True when the option was given at all.
    package func has(_ option: OptionSpec) -> Bool {
        let name = checked(option)
        return flags.contains(name) || values[name] != nil
    }

    /// The option's last value when the command declares it; nil when it declares it not.
    package func declared(_ option: OptionSpec) -> String? { declares(option) ? value(option) : nil }

    /// An integer option within a range; a usage error names the flag, the value and the range.
    package func integer(_ option: OptionSpec, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "invalid value '\(text)' for \(option.flagName); expected a whole number from \(range.lowerBound) "
                    + "to \(range.upperBound)", command: path)
        }
        return number
    }

    /// An option whose value must be one of an enum's raw values; a usage error lists them.
    package func choice<Choice: RawRepresentable & CaseIterable>(_ option: OptionSpec, of _: Choice.Type) throws
        -> Choice? where Choice.RawValue == String
    {
        guard let text = value(option) else { return nil }
        guard let value = Choice(rawValue: text) else {
            let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(
                "invalid value '\(text)' for \(option.flagName); expected one of: \(choices)", command: path)
        }
        return value
    }

    /// A time option read in `zone` (local time without an offset, or with `Z` / an offset);
    /// nil when not given. A bad value is a usage error naming the flag and what is accepted.
    /// A local time in a daylight-saving gap or overlap is read as `Zone.readUserTime` does, and
    /// a note on stderr says which reading was taken and how to write the other.
    package func time(_ option: OptionSpec, in zone: Zone, _ context: Context) throws -> Instant? {
        guard let text = value(option) else { return nil }
        let time: UserTime
        do {
            time = try zone.readUserTime(text)
        } catch {
            throw UsageError("invalid value '\(text)' for \(option.flagName): \(error)", command: path)
        }
        if let ambiguity = time.ambiguity { context.stderr.line("Note: \(option.flagName) \(ambiguity)") }
        return time.instant
    }

    /// Where `--output` (or `option`) sends a command's text: `-` is standard output; a path is
    /// resolved against the working folder and checked before any work (see `FileTarget`): a
    /// folder, a socket, an unreadable link or a write-protected file is refused, with `example`
    /// (e.g. `report.md`) as the suggestion for a folder. Nil when the option was not given.
    package func output(_ option: OptionSpec, _ context: Context, example: String) throws -> OutputDestination? {
        guard let given = value(option) else { return nil }
        if given == "-" { return .standardOutput }
        return try outputFile(context.path(given), option, example: example)
    }

    /// An absolute output path checked as `output` checks the one given (also for the names derived from
    /// it, such as one page per language): a folder, a socket, an unreadable link or an SQLite database is refused.
    package func outputFile(_ output: String, _ option: OptionSpec, example: String) throws -> OutputDestination {
        let target: FileTarget
        do {
            target = try FileTarget.resolve(output)
        } catch .notAFile(_, .directory) {
            throw UsageError(
                "\(option.flagName) \(output) is a folder; give a file name, e.g. "
                    + "\(URL(fileURLWithPath: output).appendingPathComponent(example).path)", command: path)
        } catch {
            throw UsageError("\(option.flagName) \(error)", command: path)
        }
        if let problem = target.protection(named: output) {
            throw UsageError("\(option.flagName) \(problem)", command: path)
        }
        // `push --output votes.sqlite --db votes.sqlite` renamed the SQL over the copy and every decision in it.
        if case .regularFile(let file) = target, OutputDestination.isSQLiteDatabase(file) {
            throw UsageError(
                "\(option.flagName) \(output) is an SQLite database (your local copy?); tally writes text there and "
                    + "would replace it; nothing was changed. Give another file name, e.g. \(example)",
                command: path)
        }
        return .file(output)
    }
}

/// Where a command writes its text.
package enum OutputDestination: Equatable, Sendable {
    /// Standard output (`--output -`, or no `--output`).
    case standardOutput
    /// A file (or FIFO, or device) at this absolute path, written as `AtomicFile` does.
    case file(String)

    /// True when the regular file at `path` starts with SQLite's header: no text output may replace it.
    static func isSQLiteDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3".utf8) + [0]
    }

    /// Writes `text` there; returns the path written, nil for standard output.
    @discardableResult
    package func write(_ text: String, _ context: Context) throws -> String? {
        switch self {
        case .standardOutput:
            // CSV and SQL carry visitors' text as it is, for the file or pipe that reads them; a terminal would run
            // its escapes (set the title, clear the screen) and bidi overrides, so there it is shown visibly, as
            // every other output shows it.
            context.stdout.write(context.stdout.isTerminal ? TerminalText.visible(text) : text)
            // Checked here, so a caller never goes on to mark or report as written what was lost.
            try context.stdout.check()
            return nil
        case .file(let path):
            try AtomicFile.write(text, to: path)
            return path
        }
    }
}

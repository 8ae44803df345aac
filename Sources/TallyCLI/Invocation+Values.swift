import Foundation
import TallyCore

extension Invocation {
    /// The last value given for an option, or nil.
    package func value(_ option: OptionSpec) -> String? { value(option.name) }

    /// Every value given for a repeatable option, in order.
    package func values(_ option: OptionSpec) -> [String] { values(option.name) }

    /// True when a flag option was given.
    package func flag(_ option: OptionSpec) -> Bool { flag(option.name) }

    /// True when the option was given at all.
    package func has(_ option: OptionSpec) -> Bool { has(option.name) }

    /// An integer option within a range; a usage error names the flag, the value and the range.
    package func integer(_ option: OptionSpec, in range: ClosedRange<Int>) throws -> Int? {
        try integer(option.name, in: range)
    }

    /// An option whose value must be one of an enum's raw values; a usage error lists them.
    package func choice<Choice: RawRepresentable & CaseIterable>(_ option: OptionSpec, of _: Choice.Type) throws
        -> Choice? where Choice.RawValue == String
    {
        guard let text = try choice(option.name, of: Choice.allCases.map(\.rawValue)) else { return nil }
        // `choice` checked the text is one of the raw values.
        guard let value = Choice(rawValue: text) else { preconditionFailure("\(text) is one of the choices") }
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
                "\(option.flagName) \(output) is a folder; give a file name, e.g. \(output)/\(example)", command: path)
        } catch {
            throw UsageError("\(option.flagName) \(error)", command: path)
        }
        if let problem = AtomicFile.protection(of: target, named: output) {
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
            context.stdout.write(text)
            // Checked here, so a caller never goes on to mark or report as written what was lost.
            try context.stdout.check()
            return nil
        case .file(let path):
            try AtomicFile.write(text, to: path)
            return path
        }
    }
}

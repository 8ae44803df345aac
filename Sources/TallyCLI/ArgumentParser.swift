/// A command-line option a command accepts.
package struct OptionSpec: Sendable {
    /// What the option takes.
    package enum Kind: Sendable, Equatable {
        /// A switch: present or not.
        case flag
        /// One value; given twice, the last wins.
        case value(String)
        /// A value that may be given several times; all are kept.
        case repeated(String)
    }

    /// The long name without dashes: `db` for `--db`.
    package let name: String
    package let kind: Kind
    package let help: String
    /// The one-letter form (`o` for `-o`), if any.
    package let short: Character?

    /// The one-letter forms every command shares: wherever an option has one of these names, it also has
    /// the short form, so `-o` always means `--output` and `-q` always `--quiet`, as in most tools.
    static let conventionalShortNames: [String: Character] = ["output": "o", "quiet": "q"]

    package init(_ name: String, _ kind: Kind, _ help: String) {
        self.name = name
        self.kind = kind
        self.help = help
        self.short = Self.conventionalShortNames[name]
    }

    /// `--quiet`: added by the parser to the commands whose standard output only narrates what they did.
    static let quiet = OptionSpec("quiet", .flag, "Print nothing on success; warnings and errors still go to stderr.")

    var usageText: String {
        let long: String
        switch kind {
        case .flag: long = "--\(name)"
        case .value(let value): long = "--\(name) \(value)"
        case .repeated(let value): long = "--\(name) \(value)"
        }
        return short.map { "-\($0), \(long)" } ?? long
    }

    /// What the option takes, for completions and the man page: nil for a flag.
    var valueName: String? {
        switch kind {
        case .flag: return nil
        case .value(let value), .repeated(let value): return value
        }
    }
}

/// A positional argument a command accepts.
package struct PositionalSpec: Sendable {
    package let name: String
    package let help: String
    package let isOptional: Bool

    package init(_ name: String, _ help: String, optional: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
    }
}

/// A command or subcommand: its name, help, arguments and what it runs.
package struct CommandSpec: Sendable {
    package let name: String
    /// One line for command lists.
    package let abstract: String
    /// Longer help shown by `--help`.
    package let discussion: String
    package let options: [OptionSpec]
    package let positionals: [PositionalSpec]
    package let subcommands: [CommandSpec]
    package let run: (@Sendable (Invocation, Context) throws -> Void)?

    package init(
        name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [],
        positionals: [PositionalSpec] = [], subcommands: [CommandSpec] = [],
        run: (@Sendable (Invocation, Context) throws -> Void)?
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.subcommands = subcommands
        self.run = run
    }

    /// True when the command takes `-q/--quiet` (its standard output only narrates what it did).
    package var isQuietable: Bool { options.contains { $0.name == OptionSpec.quiet.name } }

    /// This command with `-q/--quiet` added: for commands whose standard output only narrates, so that
    /// discarding it loses no result. `Tally.run` then gives the command a silent stdout.
    func narrating() -> CommandSpec {
        CommandSpec(
            name: name, abstract: abstract, discussion: discussion, options: options + [.quiet],
            positionals: positionals, subcommands: subcommands, run: run)
    }
}

/// The parsed arguments of one command run. Options are read through the specs the command
/// declares (see `Invocation+Values.swift`): reading one it does not declare stops tally as the bug it is.
package struct Invocation: Sendable {
    /// The command path, e.g. `["notes", "approve"]`.
    package let path: [String]
    /// Positional arguments in order.
    package let positionals: [String]
    let options: [OptionSpec]
    /// Every value given for each value option, by name, in order.
    let values: [String: [String]]
    /// The flags given, by name.
    let flags: Set<String>
}

/// Parses argv against command specs: `--name value`, `--name=value`, flags, the short forms
/// `-o VALUE` and `-q`, `--` to end options, `-h`/`--help` everywhere, `tally help CMD`, `tally --version`.
package enum ArgumentParser {
    /// The result of parsing: run a command, show help for one, or show the version.
    package enum Outcome {
        case run(CommandSpec, Invocation)
        case help(CommandSpec, path: [String])
        case version
    }

    /// Finds the command named by the leading words and parses the rest against it.
    package static func parse(_ arguments: [String], root: CommandSpec) throws -> Outcome {
        var command = root
        var path: [String] = []
        var rest = arguments[...]
        if rest.first == "--version" && rest.count == 1 { return .version }
        while let word = rest.first, !command.subcommands.isEmpty {
            if word == "--help" || word == "-h" { return .help(command, path: path) }
            if word == "help" { return try helpOutcome(for: Array(rest.dropFirst()), from: command, path: path) }
            guard let sub = command.subcommands.first(where: { $0.name == word }) else {
                if word.hasPrefix("-") {
                    if command.run != nil { break }
                    // `--version` is known; given with more it was called "unknown option '--version'".
                    if path.isEmpty && word == "--version" {
                        let extra = rest.dropFirst().map { "'\($0)'" }.joined(separator: " ")
                        throw UsageError("--version takes nothing after it (got \(extra)); run tally --version alone")
                    }
                    let hint = Suggestion.hint(
                        for: String(word.drop { $0 == "-" }), among: path.isEmpty ? ["version", "help"] : ["help"],
                        prefix: "--")
                    throw UsageError("unknown option '\(word)'; expected a command first\(hint)", command: path)
                }
                throw unknownCommand(word, of: command, path: path)
            }
            command = sub
            path.append(word)
            rest = rest.dropFirst()
        }
        if command.run == nil {
            if rest.isEmpty { return .help(command, path: path) }
        }

        var positionals: [String] = []
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var optionsEnded = false
        while let word = rest.popFirst() {
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "--help" || word == "-h" { return .help(command, path: path) }
            let (spec, inline) = try option(word, of: command, path: path)
            let name = spec.name
            switch spec.kind {
            case .flag:
                guard inline == nil else { throw UsageError("option '--\(name)' takes no value", command: path) }
                flags.insert(name)
            case .value(let valueName), .repeated(let valueName):
                let value: String
                if let inline {
                    value = inline
                } else if let next = rest.first, !(next.hasPrefix("--") && next.count > 2) {
                    value = next
                    rest = rest.dropFirst()
                } else {
                    // A value that itself begins with -- must be attached, or it would read as the next option.
                    throw UsageError(
                        "option '--\(name)' needs a value (\(valueName)); for a value that begins with --, "
                            + "write --\(name)=VALUE", command: path)
                }
                values[name, default: []].append(value)
            }
        }
        let required = command.positionals.filter { !$0.isOptional }.count
        if positionals.count < required {
            let missing = command.positionals[positionals.count]
            throw UsageError("missing argument <\(missing.name)>", command: path)
        }
        if positionals.count > command.positionals.count {
            let extra = positionals[command.positionals.count]
            let asCommand =
                command.subcommands.isEmpty ? "" : Suggestion.hint(for: extra, among: command.subcommands.map(\.name))
            throw UsageError("unexpected argument '\(extra)'\(asCommand)", command: path)
        }
        return .run(
            command,
            Invocation(path: path, positionals: positionals, options: command.options, values: values, flags: flags))
    }

    /// `tally help [CMD…]`: the help of the command the words name, exactly as `tally CMD… --help` shows it.
    private static func helpOutcome(for words: [String], from start: CommandSpec, path: [String]) throws -> Outcome {
        var command = start
        var path = path
        for word in words {
            guard let sub = command.subcommands.first(where: { $0.name == word }) else {
                if command.subcommands.isEmpty {
                    let parent = (["tally"] + path).joined(separator: " ")
                    throw UsageError("'\(word)' is not a command of '\(parent)'", command: path)
                }
                throw unknownCommand(word, of: command, path: path)
            }
            command = sub
            path.append(word)
        }
        return .help(command, path: path)
    }

    private static func unknownCommand(_ word: String, of command: CommandSpec, path: [String]) -> UsageError {
        let names = command.subcommands.map(\.name)
        let hint = Suggestion.closest(to: word, among: names).map { "did you mean '\($0)'? The commands are" }
        return UsageError(
            "unknown command '\(word)'; \(hint ?? "expected one of"): \(names.joined(separator: ", "))", command: path)
    }

    /// The spec of one option word (`--name`, `--name=value`, `-o`, `-oVALUE`) and its attached value, if any.
    private static func option(
        _ word: String, of command: CommandSpec, path: [String]
    ) throws -> (OptionSpec, inline: String?) {
        if !word.hasPrefix("--") {
            let letter = word.dropFirst().first
            guard let letter, let spec = command.options.first(where: { $0.short == letter }) else {
                let shorts = command.options.compactMap { $0.short.map { "-\($0)" } } + ["-h"]
                throw UsageError(
                    "unknown option '\(word)'; the short options here are \(shorts.joined(separator: ", ")); "
                        + "others are spelled --name", command: path)
            }
            let attached = word.dropFirst(2)
            if attached.isEmpty { return (spec, nil) }
            guard spec.kind != .flag else {
                throw UsageError("unknown option '\(word)'; short options cannot be combined", command: path)
            }
            return (spec, String(attached.hasPrefix("=") ? attached.dropFirst() : attached))
        }
        var name = String(word.dropFirst(2))
        var inline: String?
        if let equals = name.firstIndex(of: "=") {
            inline = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let spec = command.options.first(where: { $0.name == name }) else {
            if let retired = RetiredOption.message(name, path: path) { throw UsageError(retired, command: path) }
            let hint = Suggestion.hint(for: name, among: command.options.map(\.name) + ["help"], prefix: "--")
            throw UsageError("unknown option '--\(name)'\(hint)", command: path)
        }
        return (spec, inline)
    }

    /// The one-line usage of a command.
    package static func usage(of command: CommandSpec, path: [String]) -> String {
        var parts = ["tally"] + path
        if !command.subcommands.isEmpty && command.run == nil {
            parts.append("<command>")
        } else {
            parts += command.positionals.map { $0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>" }
            if !command.options.isEmpty { parts.append("[options]") }
        }
        return parts.joined(separator: " ")
    }

    /// The full `--help` text of a command.
    package static func help(for command: CommandSpec, path: [String]) -> String {
        var text = ""
        text += path.isEmpty ? "tally — \(command.abstract)\n\n" : "\(command.abstract)\n\n"
        text += "Usage: \(usage(of: command, path: path))\n"
        if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
        if !command.subcommands.isEmpty {
            text += "\nCommands:\n"
            let width = command.subcommands.map(\.name.count).max() ?? 0
            for sub in command.subcommands {
                text += "  \(sub.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(sub.abstract)\n"
            }
            text += "\nSee 'tally \((path + ["<command>"]).joined(separator: " ")) --help' for a command's options.\n"
        }
        if path.isEmpty {
            text += "\nOptions:\n  --version\n"
            text += "      Print the version, the commit it was built from and the SQLite version.\n"
            text += "  -h, --help\n      Show this help ('tally help <command>' shows a command's).\n"
        }
        if !command.positionals.isEmpty {
            text += "\nArguments:\n"
            for positional in command.positionals {
                text += "  <\(positional.name)>\n      \(positional.help)\n"
            }
        }
        if !command.options.isEmpty || command.run != nil {
            text += "\nOptions:\n"
            for option in command.options {
                text += "  \(option.usageText)\n      \(option.help)\n"
            }
            text += "  -h, --help\n      Show this help.\n"
        }
        return text
    }
}

extension String {
    fileprivate func padding(toLength length: Int, withPad pad: String, startingAt: Int) -> String {
        count >= length ? self : self + String(repeating: pad, count: length - count)
    }
}

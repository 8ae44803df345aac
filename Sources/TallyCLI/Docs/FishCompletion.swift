/// The fish completion script, generated from the command specs (`tally completions fish`).
enum FishCompletion {
    static func script(for root: CommandSpec) -> String {
        var text = """
            # fish completion for tally. Generated from the command specs by `tally completions fish`; do not edit.
            # Install: make install, or save it as ~/.config/fish/completions/tally.fish

            complete -c tally -f
            complete -c tally -n __fish_use_subcommand -l version -d 'Print the version'
            complete -c tally -s h -l help -d 'Show this help'

            """
        for (path, command) in root.walk() {
            let here = condition(path)
            let childNames = command.subcommands.map(\.name)
            for sub in command.subcommands {
                let notYet = "not __fish_seen_subcommand_from \(childNames.joined(separator: " "))"
                let when = path.isEmpty ? "__fish_use_subcommand" : "\(here); and \(notYet)"
                text += "complete -c tally -n \(quoted(when)) -a \(sub.name) -d \(quoted(sub.abstract))\n"
            }
            guard !path.isEmpty else { continue }
            for option in command.options {
                var line = "complete -c tally -n \(quoted(here))"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.name)"
                if let valueName = option.valueName {
                    switch ValueKind(name: valueName) {
                    case .file, .folder: line += " -r -F"
                    case .word(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
                    case .other: line += " -x"
                    }
                }
                text += line + " -d \(quoted(option.help))\n"
            }
            if let first = command.positionals.first {
                switch ValueKind(name: first.name) {
                case .file: text += "complete -c tally -n \(quoted(here)) -F\n"
                case .word(let words):
                    text += "complete -c tally -n \(quoted(here)) -a \(quoted(words.joined(separator: " ")))\n"
                case .folder, .other: break
                }
            }
        }
        return text
    }

    /// The fish condition "the command line is at `path`": every name of the path seen (so `notes show`
    /// and `config show` stay apart).
    private static func condition(_ path: [String]) -> String {
        path.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
    }

    /// A single-quoted fish word (fish understands \\ and \' inside single quotes).
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}

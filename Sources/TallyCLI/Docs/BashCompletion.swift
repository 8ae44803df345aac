/// The bash completion script, generated from the command specs (`tally completions bash`).
enum BashCompletion {
    static func script(for root: CommandSpec) -> String {
        let tree = root.walk()
        let commandPaths = tree.filter { !$0.path.isEmpty }.map { quoted("tally " + $0.path.joined(separator: " ")) }
        var text = """
            # bash completion for tally. Generated from the command specs by `tally completions bash`; do not edit.
            # Install: make install, or put it in ~/.local/share/bash-completion/completions/tally

            _tally() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" path=tally i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case "$path ${COMP_WORDS[i]}" in
                        \(commandPaths.joined(separator: "|"))) path="$path ${COMP_WORDS[i]}" ;;
                    esac
                done
                local words="" files="" folders="" values="" arguments=""
                case "$path" in

            """
        for (path, command) in tree {
            var words = command.subcommands.map(\.name)
            words += command.options.flatMap { ["--\($0.name)"] + ($0.short.map { ["-\($0)"] } ?? []) }
            words += path.isEmpty ? ["--help", "--version"] : ["-h", "--help"]
            var files: [String] = []
            var folders: [String] = []
            var values: [String] = []
            for option in command.options {
                guard let valueName = option.valueName else { continue }
                let spellings = ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
                switch ValueKind(name: valueName) {
                case .file: files += spellings
                case .folder: folders += spellings
                case .word, .other: values += spellings
                }
            }
            var line = "        \(quoted((["tally"] + path).joined(separator: " "))))"
            line += " words=\(quoted(words.joined(separator: " ")))"
            if !files.isEmpty { line += "; files=\(quoted(files.joined(separator: " ")))" }
            if !folders.isEmpty { line += "; folders=\(quoted(folders.joined(separator: " ")))" }
            if !values.isEmpty { line += "; values=\(quoted(values.joined(separator: " ")))" }
            let arguments = argumentCompletion(command)
            if !arguments.isEmpty { line += "; arguments=\(quoted(arguments))" }
            text += line + " ;;\n"
        }
        text += """
                esac
                if [[ " $files " == *" $prev "* ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
                if [[ " $folders " == *" $prev "* ]]; then COMPREPLY=($(compgen -d -- "$cur")); return; fi
                if [[ " $values " == *" $prev "* ]]; then COMPREPLY=(); return; fi
                if [[ "$cur" != -* && "$arguments" == files ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
                if [[ "$cur" != -* && -n "$arguments" ]]; then
                    COMPREPLY=($(compgen -W "$arguments" -- "$cur")); return
                fi
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            }
            complete -F _tally tally

            """
        return text
    }

    /// `files` when the command's first argument is a file, else the words it accepts, else "".
    private static func argumentCompletion(_ command: CommandSpec) -> String {
        guard let first = command.positionals.first else { return "" }
        switch ValueKind(name: first.name) {
        case .file: return "files"
        case .word(let words): return words.joined(separator: " ")
        case .folder, .other: return ""
        }
    }

    /// A double-quoted shell word; the specs' names hold no quote, `$` or backslash, but stay safe if one did.
    private static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "$", with: "\\$").replacingOccurrences(of: "`", with: "\\`") + "\""
    }
}

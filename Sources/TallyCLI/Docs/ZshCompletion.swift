/// The zsh completion function, generated from the command specs (`tally completions zsh`).
enum ZshCompletion {
    static func script(for root: CommandSpec) -> String {
        let tree = root.walk()
        let commandPaths = tree.filter { !$0.path.isEmpty }.map { "'tally \($0.path.joined(separator: " "))'" }
        var text = """
            #compdef tally
            # zsh completion for tally. Generated from the command specs by `tally completions zsh`; do not edit.
            # Install: make install, or save it as _tally in a folder of $fpath.

            _tally() {
                local context_path=tally
                local -i depth=0 i
                for ((i = 2; i < CURRENT; i++)); do
                    case "$context_path ${words[i]}" in
                        \(commandPaths.joined(separator: "|"))) context_path="$context_path ${words[i]}"; depth=i-1 ;;
                    esac
                done
                # Hand _arguments the words from the command on, as if it were a program of its own.
                if (( depth > 0 )); then
                    shift depth words
                    (( CURRENT -= depth ))
                fi
                case "$context_path" in

            """
        for (path, command) in tree {
            text += "        '\((["tally"] + path).joined(separator: " "))')\n"
            let options = command.options.map(optionSpec)
            if !command.subcommands.isEmpty {
                text += "            local -a commands=(\n"
                for sub in command.subcommands {
                    let name = sub.name.replacingOccurrences(of: ":", with: "\\:")
                    text += "                \(single("\(name):\(sub.abstract)"))\n"
                }
                text += "            )\n"
                text +=
                    "            _arguments \(path.isEmpty ? "'--version[Print the version.]' " : "")"
                    + options.map { $0 + " " }.joined()
                    + "'(-h --help)'{-h,--help}'[Show this help.]' '1:command:->command' && return\n"
                text += "            _describe -t commands command commands\n"
                text += "            ;;\n"
                continue
            }
            var specs = options
            specs.append("'(-h --help)'{-h,--help}'[Show this help.]'")
            for (index, positional) in command.positionals.enumerated() {
                let colon = positional.isOptional ? "::" : ":"
                let completion = action(ValueKind(name: positional.name))
                specs.append(single("\(index + 1)\(colon)\(positional.name):\(completion)"))
            }
            text += "            _arguments -s \\\n"
            text += specs.map { "                \($0)" }.joined(separator: " \\\n") + "\n"
            text += "            ;;\n"
        }
        text += """
                esac
            }

            _tally "$@"

            """
        return text
    }

    /// One option as `_arguments` takes it.
    private static func optionSpec(_ option: OptionSpec) -> String {
        let help = bracketed(option.help)
        var value = ""
        if let valueName = option.valueName {
            value = ":\(valueName):" + action(ValueKind(name: valueName))
        }
        let repeated = option.kind == .repeated(option.valueName ?? "") ? "*" : ""
        guard let short = option.short else { return single("\(repeated)--\(option.name)[\(help)]\(value)") }
        return "'\(repeated)(-\(short) --\(option.name))'{-\(short),--\(option.name)}" + single("[\(help)]\(value)")
    }

    private static func action(_ kind: ValueKind) -> String {
        switch kind {
        case .file: return "_files"
        case .folder: return "_files -/"
        case .word(let words): return "(\(words.joined(separator: " ")))"
        case .other: return " "
        }
    }

    /// Help text inside `[…]` of an _arguments spec: brackets and colons would end or split it.
    private static func bracketed(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "(")
            .replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: ":", with: "\\:")
    }

    /// A single-quoted zsh word.
    private static func single(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

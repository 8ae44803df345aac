/// The command tree as the generated documents walk it: `--help`, the completions, the man page and
/// docs/commands.md all read the same specs, so none of them can describe a flag that does not exist.
extension CommandSpec {
    /// This command and every command below it, depth first, each with its path of names
    /// (`[]` for the root, `["notes", "approve"]` for `tally notes approve`).
    func walk(path: [String] = []) -> [(path: [String], command: CommandSpec)] {
        [(path, self)] + subcommands.flatMap { $0.walk(path: path + [$0.name]) }
    }
}

/// What a value or argument names, for completing it in a shell.
enum ValueKind: Equatable {
    case file
    case folder
    case word([String])
    case other

    /// Judged by the value name the spec shows in `--help` (`FILE`, `DIR`, …), so a new option
    /// completes like the others that show the same name.
    init(name: String) {
        switch name {
        case "FILE", "PATH": self = .file
        case "DIR": self = .folder
        case "SHELL": self = .word(Shell.allCases.map(\.rawValue))
        default: self = .other
        }
    }
}

/// The shells `tally completions` writes for.
enum Shell: String, CaseIterable {
    case bash, zsh, fish

    /// The completion script for this shell.
    func script(for root: CommandSpec) -> String {
        switch self {
        case .bash: return BashCompletion.script(for: root)
        case .zsh: return ZshCompletion.script(for: root)
        case .fish: return FishCompletion.script(for: root)
        }
    }

    /// Where the repository keeps the generated script (installed by `make install`).
    var checkedInPath: String {
        switch self {
        case .bash: return "docs/completions/tally.bash"
        case .zsh: return "docs/completions/_tally"
        case .fish: return "docs/completions/tally.fish"
        }
    }
}

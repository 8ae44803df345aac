/// `tally completions SHELL`: print the shell completion script.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print the completion script for bash, zsh or fish",
        discussion: """
            Prints a script that completes tally's commands, options and file arguments, generated
            from the same command specs as --help. `make install` installs all three; by hand:
              tally completions bash > ~/.local/share/bash-completion/completions/tally
              tally completions zsh > "${fpath[1]}/_tally"
              tally completions fish > ~/.config/fish/completions/tally.fish
            """,
        positionals: [PositionalSpec("SHELL", "bash, zsh or fish.")],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let name = invocation.positionals[0]
        guard let shell = Shell(rawValue: name) else {
            let names = Shell.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("unknown shell '\(name)'; expected one of: \(names)", command: invocation.path)
        }
        context.stdout.write(shell.script(for: Tally.root))
    }
}

/// docs/commands.md: every command's `--help`, generated from the command specs.
enum CommandReference {
    static func render(_ root: CommandSpec) -> String {
        let commands = root.walk()
        var text = """
            # Command reference

            Every command's `--help`, as `tally` prints it. Generated from the command specs
            (`Sources/TallyCLI`); do not edit — regenerate with
            `TALLY_RECORD_GOLDEN=1 swift test --filter GeneratedDocsTests`, then run the tests again.


            """
        for (path, _) in commands {
            let name = (["tally"] + path).joined(separator: " ")
            text += "- [`\(name)`](#\(anchor(name)))\n"
        }
        for (path, command) in commands {
            let name = (["tally"] + path).joined(separator: " ")
            text += "\n## \(name)\n\n```text\n\(ArgumentParser.help(for: command, path: path))```\n"
        }
        return text
    }

    /// GitHub's heading anchor: lower case, spaces as dashes, punctuation dropped.
    private static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : nil })
    }
}

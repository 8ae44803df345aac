/// The man page `docs/tally.1`, generated from the command specs (the same text as `--help`).
enum ManPage {
    static func render(_ root: CommandSpec, version: String) -> String {
        var text = """
            .\\" Generated from the command specs (Sources/TallyCLI); do not edit. Regenerate with:
            .\\"   TALLY_RECORD_GOLDEN=1 swift test --filter GeneratedDocsTests
            .TH TALLY 1 "" "tally \(version)" "User Commands"
            .SH NAME
            tally \\- \(escape(root.abstract))
            .SH SYNOPSIS
            .B tally
            .I command
            .RI [ options ]
            .br
            .B tally help
            .I command
            .br
            .B tally \\-\\-version
            .SH DESCRIPTION

            """
        text += paragraphs(root.discussion)
        text += ".PP\nEvery command takes\n.B \\-h\nand\n.BR \\-\\-help .\n"
        text += ".SH COMMANDS\n"
        for (path, command) in root.walk() where !path.isEmpty && command.run != nil {
            text += ".SS \"\(escape(ArgumentParser.usage(of: command, path: path)))\"\n"
            text += escape(command.abstract) + ".\n"
            text += paragraphs(command.discussion)
            for positional in command.positionals {
                text += ".TP\n.I \(positional.name)\n\(escape(positional.help))\n"
            }
            for option in command.options {
                text += ".TP\n.B \"\(escape(option.usageText))\"\n\(escape(option.help))\n"
            }
        }
        text += """
            .SH EXIT STATUS
            0 success, 1 failure, 2 usage error, 3 moderation conflict.
            .SH SEE ALSO
            .BR sqlite3 (1);
            docs/usage.md and docs/commands.md in the source repository.

            """
        return text
    }

    /// Paragraphs of a discussion: blank lines separate them; indented lines (examples) stay as they are.
    private static func paragraphs(_ discussion: String) -> String {
        guard !discussion.isEmpty else { return "" }
        var text = ""
        for paragraph in discussion.components(separatedBy: "\n\n") {
            text += ".PP\n"
            var inExample = false
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                let isExample = line.hasPrefix(" ")
                if isExample != inExample { text += isExample ? ".nf\n" : ".fi\n" }
                inExample = isExample
                text += escape(String(line)) + "\n"
            }
            if inExample { text += ".fi\n" }
        }
        return text
    }

    /// Text safe as roff input: backslashes escaped, `-` as a minus (options copy and paste), a line
    /// that begins with `.` or `'` protected so it is not read as a request, and other than ASCII as
    /// groff's named characters, which every output device has (`man` in the C locale renders ASCII).
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "…": escaped += "..."
            case "—": escaped += "\\(em"
            case "–": escaped += "\\(en"
            case "→": escaped += "\\(->"
            case "‘", "’": escaped += "\\(aq"
            case "“", "”": escaped += "\\(dq"
            case "≤": escaped += "\\(<="
            case "≥": escaped += "\\(>="
            default:
                if character.isASCII {
                    escaped.append(character)
                } else {
                    for scalar in character.unicodeScalars {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        escaped += "\\[u\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)]"
                    }
                }
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}

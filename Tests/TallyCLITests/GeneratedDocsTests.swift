import Foundation
import Testing

@testable import TallyCLI

/// The checked-in documents generated from the command specs — the completions, the man page and
/// docs/commands.md — are what the specs generate now; re-record them with
/// `TALLY_RECORD_GOLDEN=1 swift test --filter GeneratedDocsTests` (a re-record run fails on purpose).
@Suite("Generated documents", .timeLimit(.minutes(10)))
struct GeneratedDocsTests {
    static let docs = GoldenFiles(folder: ToolProcess.repository.appendingPathComponent("docs"))

    @Test(arguments: Shell.allCases)
    func completionsAreCheckedIn(_ shell: Shell) async throws {
        Self.docs.check(shell.script(for: Tally.root), String(shell.checkedInPath.dropFirst("docs/".count)))
        let printed = try await TallyProcess.run(["completions", shell.rawValue])
        #expect(printed.status == 0)
        #expect(printed.stdout == shell.script(for: Tally.root))
    }

    @Test func manPageIsCheckedIn() async {
        Self.docs.check(ManPage.render(Tally.root, version: Version.number), "tally.1")
    }

    @Test func commandReferenceIsCheckedIn() async {
        Self.docs.check(CommandReference.render(Tally.root), "commands.md")
    }

    /// Every option of every command appears in each generated document, so none of them lags the specs.
    @Test func everyOptionIsInEveryDocument() async {
        let documents =
            Shell.allCases.map { ($0.rawValue, $0.script(for: Tally.root)) }
            + [
                ("man", ManPage.render(Tally.root, version: Version.number)),
                ("reference", CommandReference.render(Tally.root)),
            ]
        var checked = 0
        for (path, command) in Tally.root.walk() {
            for option in command.options {
                for (name, text) in documents {
                    let spelled =
                        name == "man"
                        ? ManPage.escape("--\(option.name)") : name == "fish" ? "-l \(option.name)" : "--\(option.name)"
                    #expect(text.contains(spelled), "\(name) lacks \(spelled) of tally \(path.joined(separator: " "))")
                    checked += 1
                }
            }
        }
        #expect(checked > 100, "only \(checked) option spellings checked")
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "bash"), "needs bash; required when CI=true"))
    func bashAcceptsTheBashScript() async throws {
        try await ToolProcess.run("bash", ["-n", Self.path(.bash)])
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "zsh"), "needs zsh (apt-get install zsh); required when CI=true"))
    func zshAcceptsTheZshScript() async throws {
        try await ToolProcess.run("zsh", ["-n", Self.path(.zsh)])
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "fish"), "needs fish (apt-get install fish); CI requires it"))
    func fishAcceptsTheFishScript() async throws {
        try await ToolProcess.run("fish", ["--no-execute", Self.path(.fish)])
    }

    /// Completing `tally rep` and `tally report --fo` in a real bash, through the checked-in script.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "bash"), "needs bash; required when CI=true"))
    func bashCompletesCommandsAndOptions() async throws {
        func complete(_ line: [String]) async throws -> [String] {
            let words = line.map { "'\($0)'" }.joined(separator: " ")
            let script = """
                source '\(Self.path(.bash))'
                COMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1)
                _tally
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            return try await ToolProcess.run("bash", ["-c", script]).split(separator: "\n").map(String.init)
        }
        #expect(try await complete(["tally", "rep"]) == ["report"])
        #expect(try await complete(["tally", "notes", "ap"]) == ["approve"])
        #expect(try await complete(["tally", "report", "--for"]) == ["--format"])
        #expect(try await complete(["tally", "completions", "f"]) == ["fish"])
        #expect(try await complete(["tally", "report", "--tz", ""]) == [], "a zone is not a file name")
    }

    /// Completing in a real fish, through the checked-in script.
    @Test(.enabled(if: OutsideProgram.mayRun(needing: "fish"), "needs fish (apt-get install fish); CI requires it"))
    func fishCompletesCommandsAndOptions() async throws {
        func complete(_ line: String) async throws -> [String] {
            let script = "source '\(Self.path(.fish))'; complete -C '\(line)'"
            return try await ToolProcess.run("fish", ["--no-config", "-c", script]).split(separator: "\n")
                .map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try await complete("tally rep") == ["report"])
        #expect(try await complete("tally notes ap") == ["approve"])
        #expect(try await complete("tally config sh") == ["show"])
        #expect(try await complete("tally report --for") == ["--format"])
        #expect(try await complete("tally completions ") == ["bash", "fish", "zsh"])
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "man"), "needs man (Debian: man-db); required when CI=true"))
    func theManPageRenders() async throws {
        let page = ToolProcess.repository.appendingPathComponent("docs/tally.1").path
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        // `env -i`: man sees these three variables and nothing else of the test's environment.
        let result = try await TallyProcess.run(
            ["-i", "MANPAGER=cat", "MANWIDTH=100", "PATH=\(path)", "man", "-l", page],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        let (text, warnings) = (result.stdout, result.stderr)
        #expect(result.status == 0)
        #expect(warnings.isEmpty, "man/groff warned: \(warnings)")
        #expect(text.contains("tally weekly [options]"))
        #expect(text.contains("--exclude-session ID"))
        #expect(text.contains("EXIT STATUS"))
    }

    static func path(_ shell: Shell) -> String {
        ToolProcess.repository.appendingPathComponent(shell.checkedInPath).path
    }
}

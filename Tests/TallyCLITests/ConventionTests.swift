import Foundation
import Testing

@testable import TallyCLI

/// What a newcomer tries first: --version, help CMD, typos, -o, -q, and help that tells the truth.
@Suite("Usual command-line conventions", .timeLimit(.minutes(10)))
struct ConventionTests {
    @Test func versionNamesTheVersionCommitAndSQLite() async throws {
        let result = try await TallyProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let line = result.stdout
        #expect(line.hasPrefix("tally \(Version.number) (commit "))
        #expect(line.range(of: #", SQLite 3\.\d+\.\d+\)\n$"#, options: .regularExpression) != nil, "\(line)")
        let help = try await TallyProcess.run(["--help"]).stdout
        #expect(help.contains("\n  --version\n") && help.contains("'tally help <command>'"))
    }

    @Test(arguments: [["report"], ["notes", "approve"], ["notes"], ["config", "show"]])
    func helpCommandIsTheCommandsHelp(_ command: [String]) async throws {
        let viaHelp = try await TallyProcess.run(["help"] + command)
        let viaFlag = try await TallyProcess.run(command + ["--help"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.contains("Usage: tally \(command.joined(separator: " "))"))
    }

    @Test func mistypedCommandAndFlagGetASuggestion() async throws {
        let command = try await TallyProcess.run(["repot"])
        #expect(command.status == 2)
        #expect(command.stderr.hasPrefix("Error: unknown command 'repot'; did you mean 'report'?"))
        let flag = try await TallyProcess.run(["report", "--demo", "--formt", "csv"])
        #expect(flag.status == 2)
        #expect(flag.stdout.isEmpty)
        #expect(flag.stderr.hasPrefix("Error: unknown option '--formt'; did you mean '--format'?\n"))
    }

    @Test func shortOutputWritesTheFile() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(["report", "--demo", "-o", "r.md"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOfFile: folder.path("r.md"), encoding: .utf8)
        let printed = try await TallyProcess.run(["report", "--demo"], in: folder.url.path)
        #expect(written == printed.stdout)
    }

    /// The first `tally weekly` narrates every file; with -q it prints nothing and writes the same files.
    @Test func quietWeeklyWritesTheSameFilesSilently() async throws {
        let loud = try TemporaryDirectory()
        let quiet = try TemporaryDirectory()
        let arguments = ["weekly", "--demo", "--through", "2026-10-03", "--reports"]
        let narrated = try await TallyProcess.run(arguments + [loud.path("w")])
        let silent = try await TallyProcess.run(arguments + [quiet.path("w"), "-q"])
        let long = try await TallyProcess.run(arguments + [quiet.path("v"), "--quiet"])
        #expect(narrated.status == 0 && silent.status == 0 && long.status == 0)
        #expect(narrated.stdout.contains("wrote week-01.md"))
        #expect(silent.stdout.isEmpty && silent.stderr.isEmpty)
        #expect(long.stdout.isEmpty && long.stderr.isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: loud.path("w")).sorted()
        #expect(names.count > 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: quiet.path("w")).sorted() == names)
        for name in names {
            #expect(FileManager.default.contentsEqual(atPath: loud.path("w/\(name)"), andPath: quiet.path("w/\(name)")))
        }
    }

    /// Quiet hides narration, never an error.
    @Test func quietStillReportsErrors() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(["init", "-q", "--db", folder.path("no/such/folder/x.sqlite")])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: "))
    }

    /// Only commands whose stdout is narration take --quiet; a report's stdout is the report.
    @Test func quietOnlyWhereStdoutNarrates() async throws {
        let result = try await TallyProcess.run(["report", "--demo", "--quiet"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: unknown option '--quiet'"))
        let narrating = Tally.commands.filter(\.isQuietable).map(\.name)
        #expect(narrating == ["weekly", "import", "demo", "init", "migrate", "generate"])
    }

    @Test func alreadyExistsNamesReplaceWhereTheCommandHasIt() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        #expect(try await TallyProcess.run(["demo", "-q", "--db", path]).status == 0)
        let again = try await TallyProcess.run(["demo", "--db", path])
        #expect(again.status == 1)
        #expect(
            again.stderr
                == "Error: \(path) already exists; add --replace to replace it (atomically, "
                + "only if this run succeeds), or choose another path\n")
        let replaced = try await TallyProcess.run(["demo", "--db", path, "--replace", "--quiet"])
        #expect(replaced.status == 0 && replaced.stdout.isEmpty)
        // init has no --replace (it never touches an existing file), so its message does not offer one.
        let initialised = try await TallyProcess.run(["init", "--db", path])
        #expect(initialised.status == 1)
        #expect(!initialised.stderr.contains("--replace"))
    }

    /// `tally demo --help` names the commands that take --demo, and exactly those take it.
    @Test func theDemoHelpTellsTheTruth() async throws {
        let help = try await TallyProcess.run(["demo", "--help"]).stdout
        let takers = Tally.root.walk().filter { $0.command.options.contains { $0.name == "demo" } }.map(\.path)
        #expect(takers == [["report"], ["weekly"]])
        for path in takers { #expect(help.contains("`tally \(path.joined(separator: " ")) --demo`")) }
        #expect(!help.contains("Every command"))
    }
}

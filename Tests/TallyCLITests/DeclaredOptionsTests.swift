import Foundation
import TallyTestSupport
import Testing

@testable import TallyCLI

/// Commands read their options through the specs they declare: reading one a command does not declare
/// stops tally (it would read nil forever), so the mistake shows in the first test that runs the command.
@Suite("Options: read only as each command declares them", .timeLimit(.minutes(10)))
struct DeclaredOptionsTests {
    /// Every command that runs, with its path.
    static let runnable = Tally.root.walk().filter { $0.command.run != nil }

    /// A command line giving every option the command declares (a flag, or a value `1`).
    static func everyOption(of command: CommandSpec) -> [String] {
        command.options.flatMap { option -> [String] in
            switch option.kind {
            case .flag: return [option.flagName]
            case .value, .repeated: return [option.flagName, "1"]
            }
        }
    }

    /// Each command's declared options parse and read back as given; an option declared elsewhere
    /// in the tree (under the same name it is some other kind, or absent) is not declared here.
    @Test func everyDeclaredOptionReadsBackAndNoOtherIsDeclared() async throws {
        let everywhere = Self.runnable.flatMap(\.command.options)
        for (path, command) in Self.runnable {
            let positionals = command.positionals.map { _ in "x" }
            guard
                case .run(_, let invocation) = try ArgumentParser.parse(
                    path + positionals + Self.everyOption(of: command), root: Tally.root)
            else {
                Issue.record("\(path) did not parse as a run")
                continue
            }
            for option in command.options {
                #expect(invocation.declares(option), "\(path) \(option.flagName)")
                #expect(invocation.has(option))
                switch option.kind {
                case .flag: #expect(invocation.flag(option))
                case .value: #expect(invocation.value(option) == "1")
                case .repeated: #expect(invocation.values(option) == ["1"])
                }
            }
            for option in everywhere where !command.options.contains(where: { $0.name == option.name }) {
                #expect(!invocation.declares(option), "\(path) does not declare \(option.flagName)")
                #expect(invocation.declared(option) == nil)
            }
        }
    }

    /// Reading an option the command does not declare stops the process with a message naming both.
    @Test func readingAnUndeclaredOptionStopsTally() async {
        await #expect(processExitsWith: .failure) {
            guard case .run(_, let invocation) = try ArgumentParser.parse(["config", "show"], root: Tally.root)
            else { return }
            _ = invocation.value(ReportCommand.formatOption)
        }
        await #expect(processExitsWith: .failure) {
            guard case .run(_, let invocation) = try ArgumentParser.parse(["status"], root: Tally.root)
            else { return }
            // Same name, another kind: still not what `status` declares.
            _ = invocation.flag(OptionSpec(StatusCommand.formatOption.name, .flag, ""))
        }
    }

    /// Every command, run as a real process with each option it declares (in an empty folder, so most
    /// stop at their first check), never stops on an undeclared read.
    @Test(arguments: runnable.map(\.path))
    func everyCommandRunsWithItsDeclaredOptions(_ path: [String]) async throws {
        guard let command = Self.runnable.first(where: { $0.path == path })?.command else { return }
        let folder = try TemporaryDirectory()
        let positionals = command.positionals.filter { !$0.isOptional }.map { _ in "x" }
        for option in command.options where ![OptionSpec.quiet.name, "demo"].contains(option.name) {
            var arguments = path + positionals + [option.flagName]
            if option.kind != .flag { arguments.append("1") }
            // `generate` would write a million votes by default; `serve` must not start listening.
            if path == ["generate"], option.name != "votes" { arguments += ["--votes", "1"] }
            if path == ["serve"], option.name != "db" { arguments += ["--db", folder.path("absent.sqlite")] }
            let result = try await TallyProcess.run(
                arguments, in: folder.url.path, environment: ["TALLY_WRANGLER": "false"])
            #expect(!result.stderr.contains("does not declare"), "\(arguments): \(result.stderr)")
            #expect(result.status < 3, "\(arguments) exited \(result.status): \(result.stderr)")
        }
    }
}

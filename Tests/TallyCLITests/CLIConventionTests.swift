import Foundation
import Testing

@Suite("Command-line conventions", .timeLimit(.minutes(10)))
struct CLIConventionTests {
    @Test func helpListsEveryCommand() async throws {
        let result = try await TallyProcess.run(["--help"])
        #expect(result.status == 0)
        for command in ["report", "weekly", "notes", "import", "sql", "demo", "init", "migrate", "config", "generate"] {
            #expect(result.stdout.contains("  \(command) "), "missing \(command) in:\n\(result.stdout)")
        }
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        ["report"], ["weekly"], ["import"], ["sql"], ["demo"], ["init"], ["migrate"], ["generate"], ["config", "show"],
        ["notes", "list"], ["notes", "show"], ["notes", "approve"], ["notes", "reject"], ["notes", "reopen"],
        ["notes", "promote"], ["notes", "review"], ["notes", "export-sql"],
    ])
    func everyCommandHasHelp(_ command: [String]) async throws {
        let result = try await TallyProcess.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: tally \(command.joined(separator: " "))"))
        #expect(result.stdout.contains("--help"))
    }

    @Test func unknownFlagIsAUsageErrorNamingIt() async throws {
        let result = try await TallyProcess.run(["migrate", "--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: unknown option '--frobnicate'\n"))
        #expect(result.stderr.contains("Usage: tally migrate"))
    }

    @Test func missingValueIsAUsageErrorNamingTheFlag() async throws {
        let result = try await TallyProcess.run(["migrate", "--db"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("option '--db' needs a value"))
    }

    @Test func unknownCommandIsAUsageError() async throws {
        let result = try await TallyProcess.run(["frob"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'frob'"))
    }

    @Test func databaseFallsBackToEnvironmentThenWorkingFolder() async throws {
        let folder = try TemporaryDirectory()
        let viaEnvironment = try await TallyProcess.run(
            ["init"], in: folder.url.path, environment: ["TALLY_DB": "from-env.sqlite"])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("from-env.sqlite")))
        let viaDefault = try await TallyProcess.run(["init"], in: folder.url.path)
        #expect(viaDefault.status == 0, "\(viaDefault.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("tally.sqlite")))
    }
}

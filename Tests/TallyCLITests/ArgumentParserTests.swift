import Testing

@testable import TallyCLI

/// The argument parser alone, against a small command tree of its own (no command runs).
@Suite("Argument parser")
struct ArgumentParserTests {
    static let db = OptionSpec("db", .value("PATH"), "The database.")
    static let output = OptionSpec("output", .value("FILE"), "Where to write.")
    static let tag = OptionSpec("tag", .repeated("TAG"), "A tag (repeatable).")
    static let verbose = OptionSpec("verbose", .flag, "Say more.")
    static let leaf = CommandSpec(
        name: "show", abstract: "Show one",
        options: [db, output, tag, verbose],
        positionals: [PositionalSpec("ID", "The id."), PositionalSpec("extra", "More.", optional: true)],
        run: { _, _ in })
    static let root = CommandSpec(
        name: "tally", abstract: "test root",
        subcommands: [
            CommandSpec(name: "notes", abstract: "Notes", subcommands: [leaf], run: nil),
            CommandSpec(name: "report", abstract: "Report", options: [leaf.options[0]], run: { _, _ in }),
        ], run: nil)

    /// Parses and returns the invocation; fails the test when the outcome is not a run.
    static func invocation(_ arguments: [String]) throws -> Invocation {
        guard case .run(_, let invocation) = try ArgumentParser.parse(arguments, root: root) else {
            Issue.record("\(arguments) did not parse as a run")
            throw UsageError("not a run")
        }
        return invocation
    }

    static func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try ArgumentParser.parse(arguments, root: root)
            return nil
        } catch {
            return error as? UsageError
        }
    }

    @Test func valuesSeparateOrAttachedWithEquals() throws {
        let parsed = try Self.invocation(["notes", "show", "7", "--db", "a.sqlite", "--output=out.md"])
        #expect(parsed.path == ["notes", "show"])
        #expect(parsed.positionals == ["7"])
        #expect(parsed.value(Self.db) == "a.sqlite")
        #expect(parsed.value(Self.output) == "out.md")
        #expect(parsed.value(Self.tag) == nil)
        #expect(!parsed.flag(Self.verbose))
    }

    @Test func anEqualsSignAfterTheFirstBelongsToTheValue() throws {
        let parsed = try Self.invocation(["notes", "show", "7", "--db=a=b.sqlite", "--output="])
        #expect(parsed.value(Self.db) == "a=b.sqlite")
        #expect(parsed.value(Self.output) == "")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try Self.invocation(["notes", "show", "--verbose", "--", "--db", "-x"])
        #expect(parsed.flag(Self.verbose))
        #expect(parsed.positionals == ["--db", "-x"])
        #expect(parsed.value(Self.db) == nil)
    }

    @Test func aValueThatBeginsWithDashesMustBeAttached() throws {
        let error = try #require(Self.usageError(["notes", "show", "7", "--output", "--verbose"]))
        #expect(error.message.contains("option '--output' needs a value (FILE)"))
        #expect(error.message.contains("--output=VALUE"))
        let attached = try Self.invocation(["notes", "show", "7", "--output=--verbose"])
        #expect(attached.value(Self.output) == "--verbose")
        #expect(!attached.flag(Self.verbose))
    }

    @Test func aSingleDashAndNegativeNumbersAreValues() throws {
        let parsed = try Self.invocation(["notes", "show", "-", "--output", "-", "--db", "-1"])
        #expect(parsed.positionals == ["-"])
        #expect(parsed.value(Self.output) == "-")
        #expect(parsed.value(Self.db) == "-1")
    }

    @Test func repeatedOptions() throws {
        let parsed = try Self.invocation(
            ["notes", "show", "7", "--tag", "a", "--db", "x", "--tag=b", "--db", "y", "--verbose", "--verbose"])
        #expect(parsed.values(Self.tag) == ["a", "b"], "a repeatable option keeps every value in order")
        #expect(parsed.value(Self.db) == "y", "a single-value option given twice: the last wins")
        #expect(parsed.values(Self.db) == ["x", "y"])
        #expect(parsed.flag(Self.verbose))
    }

    @Test func shortOutputForm() throws {
        #expect(try Self.invocation(["notes", "show", "7", "-o", "a.md"]).value(Self.output) == "a.md")
        #expect(try Self.invocation(["notes", "show", "7", "-ob.md"]).value(Self.output) == "b.md")
        #expect(try Self.invocation(["notes", "show", "7", "-o=c.md"]).value(Self.output) == "c.md")
        let error = try #require(Self.usageError(["notes", "show", "7", "-x"]))
        #expect(error.message == "unknown option '-x'; the short options here are -o, -h; others are spelled --name")
    }

    @Test func unknownOptionsAreUsageErrorsWithASuggestion() throws {
        let typo = try #require(Self.usageError(["notes", "show", "7", "--outptu", "x"]))
        #expect(typo.message == "unknown option '--outptu'; did you mean '--output'?")
        #expect(typo.command == ["notes", "show"])
        let far = try #require(Self.usageError(["notes", "show", "7", "--frobnicate"]))
        #expect(far.message == "unknown option '--frobnicate'")
        let flagValue = try #require(Self.usageError(["notes", "show", "7", "--verbose=yes"]))
        #expect(flagValue.message == "option '--verbose' takes no value")
    }

    @Test func unknownCommandsSuggestTheClosest() throws {
        let typo = try #require(Self.usageError(["repot"]))
        #expect(typo.message == "unknown command 'repot'; did you mean 'report'? The commands are: notes, report")
        let nested = try #require(Self.usageError(["notes", "shwo"]))
        #expect(nested.message == "unknown command 'shwo'; did you mean 'show'? The commands are: show")
        #expect(nested.command == ["notes"])
        let far = try #require(Self.usageError(["zzzzzz"]))
        #expect(far.message == "unknown command 'zzzzzz'; expected one of: notes, report")
    }

    @Test func positionalCounts() throws {
        #expect(Self.usageError(["notes", "show"])?.message == "missing argument <ID>")
        #expect(Self.usageError(["notes", "show", "1", "2", "3"])?.message == "unexpected argument '3'")
        #expect(try Self.invocation(["notes", "show", "1", "2"]).positionals == ["1", "2"])
    }

    @Test func helpEverywhereAndHelpCommand() throws {
        func helpPath(_ arguments: [String]) throws -> [String]? {
            guard case .help(_, let path) = try ArgumentParser.parse(arguments, root: Self.root) else { return nil }
            return path
        }
        #expect(try helpPath([]) == [])
        #expect(try helpPath(["--help"]) == [])
        #expect(try helpPath(["help"]) == [])
        #expect(try helpPath(["help", "notes", "show"]) == ["notes", "show"])
        #expect(try helpPath(["notes", "help", "show"]) == ["notes", "show"])
        #expect(try helpPath(["notes", "show", "7", "--db", "x", "-h"]) == ["notes", "show"])
        let typo = Self.usageError(["help", "raport"])?.message
        #expect(typo?.hasPrefix("unknown command 'raport'; did you mean 'report'?") == true)
        #expect(Self.usageError(["help", "report", "x"])?.message == "'x' is not a command of 'tally report'")
    }

    @Test func versionStandsAlone() throws {
        guard case .version = try ArgumentParser.parse(["--version"], root: Self.root) else {
            Issue.record("--version is not the version outcome")
            return
        }
        #expect(
            Self.usageError(["--version", "report"])?.message
                == "--version takes nothing after it (got 'report'); run tally --version alone")
        #expect(
            Self.usageError(["--verison"])?.message
                == "unknown option '--verison'; expected a command first; did you mean '--version'?")
    }

    @Test(arguments: [
        ("repot", ["report", "notes"], "report"), ("fromat", ["format"], "format"), ("formt", ["format"], "format"),
        ("exclude-sesion", ["exclude-session", "exclude-before"], "exclude-session"), ("rep", ["report"], "report"),
        ("xyz", ["report"], nil), ("db", ["tz", "lang"], nil),
    ])
    func suggestions(_ typed: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestion.closest(to: typed, among: candidates) == expected)
    }
}

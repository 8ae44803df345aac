import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Result files found by query name, turned into the analysis's own figures, and
/// checked against the `.sql` files that produced them.
@Suite("D1 results: files, figures and parameters")
struct D1JSONResultsTests {
    /// The demo database and, in `d1/`, every query filled with `parameters`, its `.sql`
    /// beside its result as the real `sqlite3` shell computes it in wrangler's JSON shape.
    struct Fixture {
        let folder: TemporaryDirectory
        let database: String
        let results: String

        init(_ parameters: ReportParameters = .demo()) throws {
            folder = try TemporaryDirectory()
            database = folder.path("demo.sqlite")
            try DatabaseFile.build(at: database) { try Demo.write(into: $0) }
            results = folder.path("d1")
            try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
            for query in try PortableQuery.all() {
                let sql = try query.filledForD1(parameters.queryValues)
                try sql.write(toFile: file(query.name + ".sql"), atomically: false, encoding: .utf8)
                try D1Output.json(database, sql: sql).write(
                    toFile: file(query.name + ".json"), atomically: false, encoding: .utf8)
            }
        }

        func file(_ name: String) -> String { results + "/" + name }
    }

    static func refusal(_ body: () throws -> Void) -> D1JSONError? {
        do {
            try body()
            return nil
        } catch let error as D1JSONError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func aFolderOfResultsGivesTheAnalysisFigures() throws {
        let fixture = try Fixture()
        let results = try D1JSONResults(paths: [fixture.results])
        #expect(
            Set(results.files.keys) == Set(ReportFigures.queryNames),
            "fingerprint.json is read; notes.json and notes_own_option_votes.json are not")
        #expect(results.files["fingerprint"] == fixture.file("fingerprint.json"))
        #expect(results.files["tally"] == fixture.file("tally.json"))
        let figures = try results.figures()
        let local = try Analyzer(parameters: .demo()).figures(from: DatabaseFile.openForReading(fixture.database))
        // Every figure is the analysis's; the fingerprint has its counts, ids and latest time but no hash.
        let fingerprint = try #require(local.fingerprint)
        var expected = local
        expected.fingerprint = DataFingerprint(countedOnD1: fingerprint.tables, latest: fingerprint.latest)
        #expect(figures == expected)
        #expect(fingerprint.sha256 != nil && figures.fingerprint?.sha256 == nil && figures.fingerprint?.source == .d1)
        #expect(figures.totals.voters == 15 && figures.totals.votes == 43)
        try results.checkParameters(ReportParameters.demo().queryValues)
    }

    @Test func filesSayTheirQueryByName() throws {
        #expect(D1JSONResults.queryName(ofFile: "/x/tally.json") == "tally")
        #expect(D1JSONResults.queryName(ofFile: "week-1/totals.week-1.json") == "totals")
        #expect(D1JSONResults.queryName(ofFile: "anomalies") == "anomalies")
        let fixture = try Fixture()
        let elsewhere = fixture.folder.path("tally.week-1.json")
        try FileManager.default.moveItem(atPath: fixture.file("tally.json"), toPath: elsewhere)
        let results = try D1JSONResults(paths: [fixture.results, elsewhere])
        #expect(results.files["tally"] == elsewhere)
        #expect(try results.figures().options.count == 7)

        let renamed = fixture.folder.path("q1.json")
        try FileManager.default.copyItem(atPath: elsewhere, toPath: renamed)
        #expect(
            Self.refusal { _ = try D1JSONResults(paths: [fixture.results, renamed]) }
                == .unknownQuery(file: renamed, known: ReportFigures.queryNames))
        // A query the report does not read, given by name, is refused too.
        for name in ["notes_own_option_votes.json", "notes.json"] {
            let own = fixture.file(name)
            #expect(
                Self.refusal { _ = try D1JSONResults(paths: [fixture.results, elsewhere, own]) }
                    == .unknownQuery(file: own, known: ReportFigures.queryNames))
        }
        #expect(
            Self.refusal { _ = try D1JSONResults(paths: [elsewhere, fixture.results, elsewhere]) }
                == .duplicateQuery(query: "tally", first: elsewhere, second: elsewhere))
    }

    @Test func missingAndUnreadableResultsAreNamed() throws {
        let fixture = try Fixture()
        try FileManager.default.removeItem(atPath: fixture.file("timeline.json"))
        try FileManager.default.removeItem(atPath: fixture.file("totals.json"))
        #expect(
            Self.refusal { _ = try D1JSONResults(paths: [fixture.results]) }
                == .missingQueries(["totals", "timeline"], searched: [fixture.results]))
        let message = D1JSONError.missingQueries(["totals", "timeline"], searched: ["d1"]).description
        #expect(
            message == "no result for the queries totals, timeline in d1; the report needs one file per query, "
                + "named after it (e.g. totals.json): run `tally sql totals …` on D1 and save its --json output")

        // Results saved before the fingerprint query existed: refused, never rendered without the fingerprint.
        let older = try Fixture()
        try FileManager.default.removeItem(atPath: older.file("fingerprint.json"))
        #expect(
            Self.refusal { _ = try D1JSONResults(paths: [older.results]) }
                == .missingQueries(["fingerprint"], searched: [older.results]))
        // The notes the local fingerprint hashes are not needed: D1's results carry no hash.
        try FileManager.default.removeItem(atPath: fixture.file("notes.json"))
        try FileManager.default.copyItem(atPath: older.file("timeline.json"), toPath: fixture.file("timeline.json"))
        try FileManager.default.copyItem(atPath: older.file("totals.json"), toPath: fixture.file("totals.json"))
        #expect(try D1JSONResults(paths: [fixture.results]).figures().fingerprint?.tables.map(\.rows) == [55, 7, 6, 6])
        for name in ["timeline.json", "totals.json"] { try FileManager.default.removeItem(atPath: fixture.file(name)) }

        let nowhere = fixture.folder.path("nowhere")
        #expect(
            Self.refusal { _ = try D1JSONResults(paths: [nowhere]) }
                == .unreadable(path: nowhere, reason: "no such file or folder"))

        // A folder where a result file should be.
        try FileManager.default.createDirectory(atPath: fixture.file("totals.json"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: fixture.file("tally.json"), toPath: fixture.file("timeline.json"))
        guard case .unreadable(let path, _) = Self.refusal({ _ = try D1JSONResults(paths: [fixture.results]) }) else {
            Issue.record("a folder named totals.json was read")
            return
        }
        #expect(path == fixture.file("totals.json"))
    }

    @Test func rowsOfTheWrongShapeNameTheirFile() throws {
        let fixture = try Fixture()
        // Two totals rows: a result pasted twice.
        let totals = try String(contentsOfFile: fixture.file("totals.json"), encoding: .utf8)
        let doubled = totals.replacingOccurrences(of: "[{\"results\":[{", with: "[{\"results\":[{\"x\":1},{")
        try doubled.write(toFile: fixture.file("totals.json"), atomically: false, encoding: .utf8)
        #expect(
            Self.refusal { _ = try D1JSONResults(paths: [fixture.results]).figures() }
                == .badRows(file: fixture.file("totals.json"), problem: .rowCount(query: "totals", expected: 1, got: 2))
        )
        // Another query's result under tally's name.
        try FileManager.default.removeItem(atPath: fixture.file("tally.json"))
        try FileManager.default.copyItem(atPath: fixture.file("timeline.json"), toPath: fixture.file("tally.json"))
        try totals.write(toFile: fixture.file("totals.json"), atomically: false, encoding: .utf8)
        let error = Self.refusal { _ = try D1JSONResults(paths: [fixture.results]).figures() }
        #expect(
            error
                == .badRows(
                    file: fixture.file("tally.json"), problem: .missingColumn(query: "tally", row: 0, column: "id")))
        #expect(
            error?.description
                == "\(fixture.file("tally.json")): queries/tally.sql row 1 has no column 'id'; was the file edited?")
    }

    @Test func theSQLBesideEachResultMustHaveTheReportsParameters() throws {
        let fixture = try Fixture()
        let results = try D1JSONResults(paths: [fixture.results])
        var later = ReportParameters.demo()
        later.asOf = later.asOf.adding(seconds: 86_400)
        #expect(
            Self.refusal { try results.checkParameters(later.queryValues) }
                == .parameterMismatch(
                    file: fixture.file("anomalies.sql"), parameter: "as_of", filled: "'2026-09-27T12:00:00+08:00'",
                    report: "'2026-09-28T12:00:00+08:00'"))
        var noCutoff = ReportParameters.demo()
        noCutoff.excludeBefore = nil
        #expect(
            Self.refusal { try results.checkParameters(noCutoff.queryValues) }
                == .parameterMismatch(
                    file: fixture.file("activity.sql"), parameter: "exclude_before",
                    filled: "'2026-09-19T02:11:00+08:00'",
                    report: "NULL"))
        // Another zone: the cutoff is the same instant written with +09:00 (and passes), but D1's days differ.
        var otherZone = ReportParameters.demo()
        otherZone.zone = try Zone(parsing: "Asia/Tokyo")
        let zoneRefusal = Self.refusal { try results.checkParameters(otherZone.queryValues) }
        guard case .parameterMismatch(let file, let parameter, _, let report)? = zoneRefusal else {
            Issue.record("another zone was not refused: \(String(describing: zoneRefusal))")
            return
        }
        #expect(file == fixture.file("activity.sql") && parameter == "zone_offsets")
        #expect(report.hasPrefix("'[[\"0001-01-02 00:00:00\",33539],"))  // Tokyo's local mean time, +09:18:59
        var budget = ReportParameters.demo()
        budget.votesPerSession = 4
        #expect(
            Self.refusal { try results.checkParameters(budget.queryValues) }
                == .parameterMismatch(
                    file: fixture.file("anomalies.sql"), parameter: "votes_per_session", filled: "3", report: "4"))
    }

    /// Before `zone_offsets`, `activity.sql` was filled with one fixed `utc_offset`: such a file
    /// (or any with other parameters than this version's query) is refused, not taken on trust.
    @Test func aQueryFileFilledByAnotherVersionIsRefused() throws {
        let fixture = try Fixture()
        let file = fixture.file("activity.sql")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        // The zone's value (a JSON array, no quote inside) and name become the old fixed offset.
        let old = text.replacingOccurrences(
            of: "'[^']*' AS zone_offsets", with: "'+08:00' AS utc_offset", options: .regularExpression)
        #expect(old != text)
        try old.write(toFile: file, atomically: false, encoding: .utf8)
        let refusal = Self.refusal {
            try D1JSONResults(paths: [fixture.results]).checkParameters(ReportParameters.demo().queryValues)
        }
        #expect(refusal == .otherParameters(file: file, unknown: ["utc_offset"], missing: ["zone_offsets"]))
        #expect(
            refusal?.description
                == "\(file) (next to its result) has utc_offset and lacks zone_offsets among its parameters: it was "
                + "filled by another version of tally, so its results cannot be checked against this report. Fill "
                + "the queries again with `tally sql --all --output-dir DIR` and run them on D1 again")
        // The same file as this version fills it passes.
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        try D1JSONResults(paths: [fixture.results]).checkParameters(ReportParameters.demo().queryValues)
    }

    @Test func equivalentSpellingsPassAndResultsWithoutSQLAreTrusted() throws {
        var parameters = ReportParameters.demo()
        parameters.excludedSessions = ["b'2", "a\n1"]
        let fixture = try Fixture(parameters)
        // Rewrite excluded.sql by hand: UTC text, another offset form, the sessions in another order.
        let query = try PortableQuery.named("excluded")
        let edited = query.filled(
            parameters.queryValues.merging([
                "exclude_before": .text("2026-09-18 18:11:00.000"),
                "exclude_sessions": .text("[\"a\\n1\", \"b'2\", \"a\\u000a1\"]"),
            ]) { $1 })
        try edited.write(toFile: fixture.file("excluded.sql"), atomically: false, encoding: .utf8)
        try D1JSONResults(paths: [fixture.results]).checkParameters(parameters.queryValues)

        // A session list that differs is caught, shown with its control characters spelled out.
        var fewer = parameters
        fewer.excludedSessions = ["a\n1"]
        #expect(
            Self.refusal { try D1JSONResults(paths: [fixture.results]).checkParameters(fewer.queryValues) }
                == .parameterMismatch(
                    file: fixture.file("activity.sql"), parameter: "exclude_sessions",
                    filled: "'[\"b'2\",\"a\\u000a1\"]'",
                    report: "'[\"a\\u000a1\"]'"))

        // Without the .sql files nothing says which parameters were used: the results are taken as given.
        for query in try PortableQuery.all() {
            try FileManager.default.removeItem(atPath: fixture.file(query.name + ".sql"))
        }
        var other = parameters
        other.asOf = other.asOf.adding(seconds: 3_600)
        try D1JSONResults(paths: [fixture.results]).checkParameters(other.queryValues)
    }

    @Test func aQueryFileThatLostItsShapeIsNamed() throws {
        let fixture = try Fixture()
        try "SELECT 1;\n".write(toFile: fixture.file("totals.sql"), atomically: false, encoding: .utf8)
        #expect(
            Self.refusal {
                try D1JSONResults(paths: [fixture.results]).checkParameters(ReportParameters.demo().queryValues)
            }
                == .unreadableQueryFile(
                    file: fixture.file("totals.sql"), problem: .missingDescription(file: "totals.sql")))
    }

    @Test func sameMeaningComparesWhatTheSQLComputesWith() {
        func same(_ a: QueryValue, _ b: QueryValue, _ name: String) -> Bool {
            D1JSONResults.sameMeaning(a, b, parameter: name)
        }
        #expect(same(.text("2026-09-19T02:11:00+08:00"), .text("2026-09-18 18:11"), "as_of"))
        #expect(same(.text("2026-09-18T18:11:00.000Z"), .text("2026-09-18 18:11:00"), "through"))
        #expect(!same(.text("2026-09-18 18:11:01"), .text("2026-09-18 18:11:00"), "exclude_before"))
        #expect(!same(.text("yesterday"), .text("2026-09-18 18:11:00"), "exclude_before"))
        #expect(!same(.null, .text("2026-09-18 18:11:00"), "exclude_before"))
        #expect(
            same(.text("[[\"0001-01-02 00:00:00\",28800]]"), .text("[[\"0001-01-02T00:00Z\", 28800]]"), "zone_offsets"))
        #expect(
            !same(
                .text("[[\"0001-01-02 00:00:00\",28800]]"), .text("[[\"0001-01-02 00:00:00\",-28800]]"), "zone_offsets")
        )
        #expect(!same(.text("[[\"0001-01-02 00:00:00\",28800]]"), .text("+08:00"), "zone_offsets"))
        #expect(same(.text("[\"a\",\"b\"]"), .text("[\"b\", \"a\"]"), "exclude_sessions"))
        #expect(!same(.text("[\"a\"]"), .text("[\"a\",\"b\"]"), "exclude_sessions"))
        #expect(!same(.text("[1]"), .text("[\"1\"]"), "exclude_sessions"))
        #expect(!same(.text("+08:00"), .text("+0800"), "some_text"))
        #expect(same(.integer(3), .integer(3), "votes_per_session"))
        #expect(!same(.integer(3), .text("3"), "votes_per_session"))
    }
}

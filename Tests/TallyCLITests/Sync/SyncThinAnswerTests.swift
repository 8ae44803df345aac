import Foundation
import TallyCore
import TallySQLite
import Testing

/// A pull never empties the copy on a thin answer (#45 item 6): an empty, partial or inconsistent
/// answer to the request for D1's vote ids is refused (exit 1, the copy's bytes unchanged), and a D1
/// that truly holds no votes while the copy holds some is refused unless `--discard-votes`.
@Suite("Sync with D1: a thin answer never empties the copy", .serialized, .timeLimit(.minutes(10)))
struct SyncThinAnswerTests {
    /// The demo D1 pulled into `a`; the copy's votes counted.
    static func bed() async throws -> (SyncBed, votes: String) {
        let bed = try SyncBed()
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let votes = try #require(try await bed.rows("a", "SELECT count(*) FROM votes").first?.first)
        #expect(Int(votes) ?? 0 > 0)
        return (bed, votes)
    }

    static func bytes(_ bed: SyncBed) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: bed.path("a"))) }

    @Test(arguments: [
        "[]",  // no row at all
        #"[{"top": null, "bottom": null}]"#,  // no count: cannot say D1 has no votes
        #"[{"top": null, "bottom": null, "n": 1100}]"#,  // votes counted, no ids
        #"[{"top": 5, "bottom": 900, "n": 3}]"#,  // the lowest above the highest
        #"[{"top": 60, "bottom": 1, "n": 500}]"#,  // more votes than ids in the range
        #"[{"top": "55", "bottom": 1, "n": 55}]"#,  // not an integer
        #"[{"top": 55, "bottom": 1, "n": 55}, {"top": 1, "bottom": 1, "n": 1}]"#,  // two rows
    ])
    func aThinOrInconsistentRangeAnswerIsRefused(answer: String) async throws {
        let (bed, votes) = try await Self.bed()
        let before = try Self.bytes(bed)
        let pulled = try await bed.tally(
            "a", ["pull", "--wrangler", "prod"],
            env: ["TALLY_TEST_D1_ANSWER_FOR": "max(id) AS top", "TALLY_TEST_D1_ANSWER": answer])
        #expect(pulled.status == 1, "\(pulled.stdout)\(pulled.stderr)")
        #expect(pulled.stderr.contains("the highest and lowest vote id"), "\(pulled.stderr)")
        #expect(pulled.stderr.contains("one row"), "what is accepted: \(pulled.stderr)")
        #expect(pulled.stderr.contains("nothing was changed"), "\(pulled.stderr)")
        #expect(!pulled.stdout.contains("Pulled"), "\(pulled.stdout)")
        #expect(try Self.bytes(bed) == before, "the copy is untouched")
        #expect(try await bed.rows("a", "SELECT count(*) FROM votes") == [[votes]])
    }

    /// A table count answered thin is refused too (it used to read as 0 rows).
    @Test func aThinTableCountIsRefused() async throws {
        let (bed, _) = try await Self.bed()
        let before = try Self.bytes(bed)
        let pulled = try await bed.tally(
            "a", ["pull", "--wrangler", "prod"],
            env: ["TALLY_TEST_D1_ANSWER_FOR": #"count(*) AS n FROM "suggestions""#, "TALLY_TEST_D1_ANSWER": "[]"])
        #expect(pulled.status == 1, "\(pulled.stdout)\(pulled.stderr)")
        #expect(pulled.stderr.contains("nothing was changed"), "\(pulled.stderr)")
        #expect(try Self.bytes(bed) == before)
    }

    /// D1 emptied for real: refused, said, untouched; `--discard-votes` does it and says so.
    @Test func aD1WithoutVotesNeedsTheFlag() async throws {
        let (bed, votes) = try await Self.bed()
        _ = try await SQLiteShell.run(bed.d1, input: "DELETE FROM votes;")
        let before = try Self.bytes(bed)
        let refused = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("holds no votes"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the copy holds \(votes)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--discard-votes"), "\(refused.stderr)")
        #expect(try Self.bytes(bed) == before)

        // The same from an export file.
        let export = try await bed.export()
        let fromFile = try await bed.tally("a", ["pull", "--from", export])
        #expect(fromFile.status == 1, "\(fromFile.stdout)\(fromFile.stderr)")
        #expect(fromFile.stderr.contains("--discard-votes"), "\(fromFile.stderr)")
        #expect(try Self.bytes(bed) == before)

        let taken = try await bed.tally("a", ["pull", "--wrangler", "prod", "--discard-votes"])
        #expect(taken.status == 0, "\(taken.stdout)\(taken.stderr)")
        #expect(
            taken.stderr.contains("warning: D1 holds no votes; the copy's \(votes) were discarded"), "\(taken.stderr)")
        #expect(try await bed.rows("a", "SELECT count(*) FROM votes") == [["0"]])

        // Nothing to discard: no flag needed, nothing said.
        let again = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(!again.stderr.contains("discard"), "\(again.stderr)")
    }
}

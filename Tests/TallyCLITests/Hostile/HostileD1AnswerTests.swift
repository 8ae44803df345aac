import Foundation
import TallyCore
import TallySQLite
import Testing

/// Hostile class "D1 answers" (#31): a pull believes no answer that contradicts itself. A wrangler
/// whose answer holds a vote outside the ids asked, lacks a row D1 counted, or holds a row whose
/// figures are not the ones D1 computed for it in the same request stops the pull, and the copy is
/// what it was.
@Suite("Hostile: D1 answers that contradict themselves", .serialized, .timeLimit(.minutes(10)))
struct HostileD1AnswerTests {
    /// A wrangler that runs the stand-in, then applies `edit` (Python, over `answer`, the parsed
    /// JSON list of results) to the answer of every request whose SQL starts with `marker`.
    static func alteringWrangler(_ bed: SyncBed, marker: String, edit: String) throws -> String {
        let path = bed.folder.path("altering-wrangler")
        try """
        #!/usr/bin/env python3
        import json, subprocess, sys
        run = subprocess.run(["wrangler"] + sys.argv[1:], capture_output=True, text=True)
        sys.stderr.write(run.stderr)
        command = sys.argv[sys.argv.index("--command") + 1] if "--command" in sys.argv else ""
        if run.returncode != 0 or not command.startswith(\(Self.pythonString(marker))):
            sys.stdout.write(run.stdout)
            sys.exit(run.returncode)
        answer = json.loads(run.stdout)
        \(edit)
        print(json.dumps(answer, indent=2))
        """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    static func pythonString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// A copy pulled from the demo D1, then three more votes (ids 56–58) cast on D1: the next pull
    /// fetches them as a page.
    static func bedWithNewVotes() async throws -> SyncBed {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO votes (id, option_id, session_id, created_at) VALUES "
                + "(56, 1, 'late-1', '2026-09-25 10:00:00'), (57, 2, 'late-2', '2026-09-25 10:00:01'), "
                + "(58, 3, 'late-3', '2026-09-25 10:00:02');")
        return bed
    }

    static func expectUnchanged(_ bed: SyncBed, _ before: [[String]], sourceLocation: SourceLocation = #_sourceLocation)
        async
        throws
    {
        #expect(
            try await bed.rows("a", "SELECT count(*), max(id) FROM votes") == [["55", "55"]],
            sourceLocation: sourceLocation)
        #expect(try await bed.rows("a", "SELECT * FROM tally_sync_origin") == before, sourceLocation: sourceLocation)
        // A plain pull then takes D1's votes as they are.
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0, sourceLocation: sourceLocation)
        #expect(
            try await bed.rows("a", "SELECT count(*), max(id) FROM votes") == [["58", "58"]],
            sourceLocation: sourceLocation)
    }

    /// The cases: a vote with id 1058 when D1's highest is 58; the page's last row missing; a
    /// row altered; and rows out of order.
    @Test(arguments: [
        ("answer[0]['results'][-1]['id'] = 1058", "a vote with id 1058, past the highest id asked (58)"),
        ("answer[0]['results'].pop()", "it holds 2 vote(s) for `SELECT * FROM votes WHERE id >= 56"),
        (
            "answer[0]['results'].append(dict(answer[0]['results'][-1], id=59))",
            "it holds 4 vote(s) for `SELECT * FROM votes WHERE id >= 56"
        ),
        (
            "r = answer[0]['results']; r[0], r[1] = r[1], r[0]",
            "a vote with id 56, not after the one before it (row 2)"
        ),
        (
            "answer[0]['results'][1]['session_id'] = 'forged'",
            "the 3 row(s) of 'votes' it holds are not the rows D1 gives the same figures for when asked again"
        ),
    ])
    func aVotePageThatContradictsItselfStopsThePull(edit: String, expected: String) async throws {
        let bed = try await Self.bedWithNewVotes()
        let before = try await bed.rows("a", "SELECT * FROM tally_sync_origin")
        let wrangler = try Self.alteringWrangler(bed, marker: "SELECT * FROM votes WHERE", edit: edit)
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: ["TALLY_WRANGLER": wrangler])
        #expect(pulled.status == 1, "\(pulled.stdout)\(pulled.stderr)")
        #expect(pulled.stderr.contains("wrangler's answer is not what D1 holds: "), "\(pulled.stderr)")
        #expect(pulled.stderr.contains(expected), "\(pulled.stderr)")
        #expect(pulled.stderr.contains("Nothing was changed."), "\(pulled.stderr)")
        try await Self.expectUnchanged(bed, before)
    }

    /// The notes fetched whole with one of them left out of the answer.
    @Test func aWholeTableWithARowLeftOutStopsThePull() async throws {
        let bed = try await Self.bedWithNewVotes()
        let before = try await bed.rows("a", "SELECT * FROM tally_sync_origin")
        let wrangler = try Self.alteringWrangler(
            bed, marker: "SELECT * FROM \"",
            edit: "[r for r in answer if r['results'] and 'status' in r['results'][0]][0]['results'].pop()")
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"], env: ["TALLY_WRANGLER": wrangler])
        #expect(pulled.status == 1, "\(pulled.stdout)\(pulled.stderr)")
        #expect(
            pulled.stderr.contains("it holds 5 row(s) of 'suggestions', where D1 counted 6 in the same request"),
            "\(pulled.stderr)")
        try await Self.expectUnchanged(bed, before)
    }
}

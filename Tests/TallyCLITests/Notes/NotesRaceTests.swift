import Foundation
import TallyCore
import TallySQLite
import Testing

/// Real concurrent moderators: separate `tally` processes on one database file.
@Suite("notes races between processes", .serialized, .timeLimit(.minutes(10)))
struct NotesRaceTests {
    static let rounds = 5
    static let processes = 8

    /// Starts every command at once while this test holds the database's write
    /// lock, then lets go, so the processes contend for the same moment.
    /// Holding the lock only makes the race tighter: whatever order the
    /// processes end up in, the assertions must hold.
    static func race(_ path: String, _ commands: [[String]]) async throws -> [TallyProcess.Result] {
        let gate = try Connection(path: path, mode: .readWrite)
        try gate.execute("BEGIN IMMEDIATE")
        var running: [TallyProcess.Running] = []
        do {
            for command in commands { running.append(try TallyProcess.start(command)) }
        } catch {
            try gate.execute("ROLLBACK")
            throw error
        }
        // Let go 300 ms later on a thread of its own, so a busy pool cannot hold the lock past the busy timeout.
        try await OffPool.run {
            usleep(300_000)
            try gate.execute("ROLLBACK")
        }
        var results: [TallyProcess.Result] = []
        for process in running { results.append(await process.finish()) }
        return results
    }

    @Test func eightProcessesApprovingAndRejectingLeaveExactlyOneDecision() async throws {
        for round in 1...Self.rounds {
            let folder = try TemporaryDirectory()
            let path = folder.path("race.sqlite")
            try NotesDatabase.oneNote(at: path)
            let commands = (0..<Self.processes).map { index in
                index % 2 == 0
                    ? ["notes", "approve", "1", "--db", path, "--as", "mod-\(index)"]
                    : ["notes", "reject", "1", "--db", path, "--as", "mod-\(index)", "--reason", "round \(round)"]
            }
            let results = try await Self.race(path, commands)

            // One process decides; the others asked for the same (same action, same reason) are told it was
            // already so, as asked (exit 0, nothing written); the others are conflicts (exit 3).
            let winners = results.indices.filter {
                results[$0].status == 0 && !results[$0].stdout.contains("as asked; nothing was written")
            }
            try #require(winners.count == 1, "round \(round): \(results.map(\.status)) \(results.map(\.stderr))")
            let winner = winners[0]
            let approved = winner % 2 == 0
            #expect(results[winner].stdout.hasPrefix("\(approved ? "Approved" : "Rejected") note 1 as mod-\(winner)"))
            for (index, result) in results.enumerated() where index != winner {
                if index % 2 == winner % 2 {
                    #expect(result.status == 0, "round \(round), process \(index): \(result.stderr)")
                    #expect(result.stdout.hasPrefix("Note 1 was already "), "\(result.stdout)")
                    #expect(result.stdout.contains("by 'mod-\(winner)'"), "the answer names the decision made")
                } else {
                    #expect(result.status == 3, "round \(round), process \(index): \(result.stderr)")
                    #expect(result.stdout.isEmpty)
                    #expect(result.stderr.hasPrefix("Error: conflict: note 1 "), "\(result.stderr)")
                    #expect(result.stderr.contains("by 'mod-\(winner)'"), "the conflict names the earlier decision")
                }
            }
            let store = try ModerationStore(Connection(path: path))
            let log = try store.log()
            #expect(log.count == 1, "round \(round): exactly one log entry")
            #expect(log.first?.moderator == "mod-\(winner)")
            let note = try #require(try store.note(1))
            #expect(note.version == 1)
            #expect(note.state == (approved ? .approved : .rejected))
            #expect(note.reviewedBy == "mod-\(winner)")
        }
    }

    @Test func eightProcessesPromotingCreateOneOption() async throws {
        for round in 1...2 {
            let folder = try TemporaryDirectory()
            let path = folder.path("promote.sqlite")
            try NotesDatabase.oneNote(at: path, content: "promote me \(round)")
            #expect(try await TallyProcess.run(["notes", "approve", "1", "--db", path, "--as", "first"]).status == 0)
            let commands = (0..<Self.processes).map { ["notes", "promote", "1", "--db", path, "--as", "mod-\($0)"] }
            let results = try await Self.race(path, commands)
            #expect(results.filter { $0.status == 0 }.count == 1, "\(results.map(\.stderr))")
            // The losers asked for what the winner made so: told so plainly, not as a conflict.
            let told = results.filter { $0.status == 1 && $0.stderr.contains("already promoted as option #1") }
            #expect(told.count == Self.processes - 1, "\(results.map(\.stderr))")
            let db = try Connection(path: path)
            #expect(try db.scalar("SELECT count(*) FROM survey_options") == 1)
            #expect(try db.scalar("SELECT count(*) FROM moderation_log") == 2)
            #expect(try db.scalar("SELECT promoted_option_id FROM suggestions WHERE id = 1") == 1)
        }
    }
}

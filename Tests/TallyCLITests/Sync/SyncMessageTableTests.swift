import Foundation
import TallyCore
import TallySQLite
import Testing

/// docs/sync.md's message table and what tally prints, held together: every message in the
/// table's first column is printed, in those words, by a real run of the situation it names.
@Suite("Sync with D1: docs/sync.md's message table", .serialized, .timeLimit(.minutes(10)))
struct SyncMessageTableTests {
    /// The table's messages, one pattern per backticked span of the first column.
    static func documentedMessages() throws -> [String] {
        let doc = try String(
            contentsOf: ToolProcess.repository.appendingPathComponent("docs/sync.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "## Messages and how to settle them").last)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Message") }
        let span = try NSRegularExpression(pattern: "`` (.*?) ``|`([^`]+)`")
        return rows.flatMap { row -> [String] in
            let cell = String(row.dropFirst(2).components(separatedBy: " | ").first ?? "")
            let range = NSRange(cell.startIndex..., in: cell)
            return span.matches(in: cell, range: range).compactMap { match in
                let group = match.range(at: 1).location != NSNotFound ? 1 : 2
                return Range(match.range(at: group), in: cell).map { String(cell[$0]) }
            }
        }
    }

    /// A documented message as a regular expression: `…` stands for any text, N and M for numbers,
    /// DB for a name, and a quoted name for any quoted text.
    static func pattern(_ message: String) -> String {
        message.components(separatedBy: "…").map { part in
            var text = NSRegularExpression.escapedPattern(for: part.trimmingCharacters(in: .whitespaces))
            text = text.replacingOccurrences(of: #"\b[NM]\b"#, with: #"\\d+"#, options: .regularExpression)
            text = text.replacingOccurrences(of: #"'[a-z]+'"#, with: "'[^']*'", options: .regularExpression)
            return text.replacingOccurrences(of: "DB", with: #"\S+"#)
        }.joined(separator: ".*")
    }

    /// Messages printed only in races and lock waits, held by the tests that make those happen
    /// (SyncQATests: replaced while a push or a decision ran; SyncBusyTests and ModerationBusyTests:
    /// locked past the busy timeout).
    static let raceMessages = [
        "D1 took the push, but … was replaced (by tally pull, …) while it ran", "… stayed locked by another process …",
        "… is locked by another process",
        "… was replaced (by tally pull, import --replace or demo --replace) while this command had it open",
    ]

    /// Warnings of a pull through D1's query API that need votes changed on D1 between two pulls,
    /// held with their text by QueryPullTests (a vote deleted and one edited, D1 restored, another database).
    static let votesChangedMessages = [
        "warning: N range(s) of votes the copy held differ from D1's (ids a–b, …) … fetched again",
        "warning: none of the copy's N vote range(s) matches D1's …; every vote was fetched again",
        "warning: D1's votes end at id H, the copy's went on to M …",
    ]

    /// A push of several requests whose later one fails: needs more decisions than one request holds,
    /// held with its text by SyncLimitsTests.aFailedRequestLeavesTheRestUnpushedAndThePushCanBeResent.
    static let severalRequestsMessages = [
        "D1 took the first N of the M decision(s) (marked pushed), then request K of R failed: …"
    ]

    /// An answer of wrangler that contradicts itself: needs a wrangler that alters answers, held with
    /// its text by HostileD1AnswerTests.
    static let alteredAnswerMessages = ["wrangler's answer is not what D1 holds: …"]

    /// A thin answer, a D1 without votes, another database, held with their text by SyncThinAnswerTests
    /// (a wrangler answering thin) and SyncOtherDatabaseTests (two D1s); a note changed after its decision.
    static let guardMessages = [
        "wrangler's answer to the request for … holds …; a pull accepts …",
        "what was pulled (…) holds no votes, but the copy holds N; pulling it would remove them all",
        "warning: D1 holds no votes; the copy's N were discarded (--discard-votes).",
        "this copy came from the D1 database 'prod', not 'other'; nothing was fetched or changed",
        "…; nothing was sent",
        "warning: the copy came from the D1 database 'prod'; it now holds 'other''s data …",
        "… or not in the data of 'other', the database this pull switched to …",
        "N conflict(s) no longer hold on D1's data (note(s) …)",
        // Held by SyncChangedAfterDecisionTests (a note edited on D1 after its confirmed approval).
        "warning: Note N changed on D1 after the decision: … Decided on: …; D1 now has: …",
    ]

    @Test func everyDocumentedMessageIsWhatTallyPrints() async throws {
        var printed = ""
        func run(_ bed: SyncBed, _ copy: String, _ arguments: [String], env: [String: String] = [:]) async throws {
            let result = try await bed.tally(copy, arguments, env: env)
            printed += result.stdout + result.stderr
        }
        func script(_ bed: SyncBed, _ name: String, _ text: String) throws -> String {
            let path = bed.path(name)
            try Data(("#!/bin/sh\n" + text + "\n").utf8).write(to: URL(fileURLWithPath: path))
            try #require(chmod(path, 0o755) == 0)
            return path
        }
        // Two moderators on one note; a note edited, a note deleted, a status changed without a log.
        var bed = try await SyncSeenNoteTests.bed()
        _ = try await SQLiteShell.run(
            bed.d1, input: "INSERT INTO suggestions (id, session_id, content) VALUES (8, 's', 'x');")
        for copy in ["a", "b"] { try await run(bed, copy, ["pull", "--wrangler", "prod"]) }
        try await run(bed, "a", ["notes", "approve", "3", "--as", "alice"])
        try await run(bed, "a", ["notes", "promote", "3", "--as", "alice"])
        try await run(bed, "a", ["notes", "approve", "4", "--as", "alice"])
        try await run(bed, "a", ["notes", "approve", "7", "--as", "alice"])
        try await run(bed, "a", ["notes", "approve", "8", "--as", "alice"])
        try await run(bed, "b", ["notes", "reject", "3", "--as", "bob", "--reason", "dup"])
        try await run(bed, "b", ["push", "--wrangler", "prod"])
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "UPDATE suggestions SET content = 'edited' WHERE id = 7; DELETE FROM suggestions WHERE id = 8;"
                + "UPDATE suggestions SET status = 'rejected' WHERE id = 4;")
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        // A file written, not applied; a check that fails; an answer that lacks rows; --output over the copy.
        bed = try SyncBed()
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        try await run(bed, "a", ["notes", "approve", "3", "--as", "alice"])
        try await run(bed, "a", ["push", "--output", "push.sql"])
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        let failing = try script(
            bed, "failing.sh",
            "case \"$*\" in *'SELECT d.note'*) exit 1 ;; esac\nexec '\(SyncBed.wranglerFolder)/wrangler' \"$@\"")
        try await run(bed, "a", ["push", "--wrangler", "prod", "--again"], env: ["TALLY_WRANGLER": failing])
        try await run(bed, "a", ["notes", "approve", "4", "--as", "alice"])
        let empty = try SyncQATests.wranglerAnsweringNothing(bed)
        try await run(bed, "a", ["push", "--wrangler", "prod"], env: ["TALLY_WRANGLER": empty])
        try await run(bed, "a", ["push", "--output", bed.path("a"), "--again"])
        let silent = try script(bed, "silent.sh", "exit 0")
        try await run(bed, "b", ["pull", "--wrangler", "prod"], env: ["TALLY_WRANGLER": silent])
        // D1 ran the push and did not apply a decision (its note's status changed without a log entry).
        bed = try SyncBed()
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        try await run(bed, "a", ["notes", "approve", "3", "--as", "alice"])
        _ = try await SQLiteShell.run(bed.d1, input: "UPDATE suggestions SET status = 'rejected' WHERE id = 3;")
        try await run(bed, "a", ["push", "--wrangler", "prod"])
        // A decision made on top of one D1 did not take.
        bed = try await SyncDiscardTests.aliceOnTopOfBob()
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        // D1 restored from a backup.
        bed = try SyncBed()
        let backup = bed.path("backup.sqlite")
        try FileManager.default.copyItem(atPath: bed.d1, toPath: backup)
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        try await run(bed, "a", ["notes", "approve", "4", "--as", "alice"])
        try await run(bed, "a", ["push", "--wrangler", "prod"])
        try FileManager.default.removeItem(atPath: bed.d1)
        try FileManager.default.copyItem(atPath: backup, toPath: bed.d1)
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        // D1 schemas: without tally's migrations, without its indexes, applied by hand.
        bed = try SyncBed()
        try await SyncMessagesTests.votePageD1(bed)
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        try await run(bed, "a", ["status"])
        bed = try SyncBed()
        _ = try await SQLiteShell.run(bed.d1, input: "DELETE FROM d1_migrations WHERE name = '0003_tally_indexes.sql';")
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        bed = try SyncBed()
        _ = try await SQLiteShell.run(bed.d1, input: "DELETE FROM d1_migrations;")
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        // A trigger on D1 that writes elsewhere.
        bed = try SyncBed()
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        try await run(bed, "a", ["notes", "approve", "3", "--as", "alice"])
        _ = try await SQLiteShell.run(
            bed.d1, input: "CREATE TRIGGER wipe AFTER UPDATE ON suggestions BEGIN DELETE FROM votes; END;\n")
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        // Pull through D1's query API: the small tables over the page size; --export off a terminal without
        // --yes; a wrangler that exits 0 without writing the export.
        try await run(bed, "a", ["pull", "--wrangler", "prod"], env: ["TALLY_PULL_PAGE_ROWS": "1"])
        try await run(bed, "a", ["pull", "--wrangler", "prod", "--export"])
        let exportsNothing = try script(bed, "silent-export.sh", "exit 0")
        try await run(
            bed, "a", ["pull", "--wrangler", "prod", "--export", "--yes"], env: ["TALLY_WRANGLER": exportsNothing])
        // A value D1's answer cannot carry exactly: a whole number in a column without a type.
        bed = try SyncBed()
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "ALTER TABLE survey_options ADD COLUMN extra; UPDATE survey_options SET extra = 5 WHERE id = 1;")
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        // A decision of the previous release whose note a later pull replaced.
        bed = try SyncUpgradeTests.bed()
        _ = try await SQLiteShell.run(
            bed.path("a"), input: "UPDATE tally_sync_origin SET pulled_at = '2100-01-01 00:00:00';")
        try await run(bed, "a", ["status"])
        try await run(bed, "a", ["push", "--wrangler", "prod"])
        try await run(bed, "a", ["status"])
        // A decision whose SQL cannot be written: its reason in the local log given a NUL by hand.
        bed = try SyncBed()
        try await run(bed, "a", ["pull", "--wrangler", "prod"])
        try await run(bed, "a", ["notes", "reject", "3", "--as", "alice", "--reason", "off topic"])
        _ = try await SQLiteShell.run(
            bed.path("a"),
            input: "DROP TRIGGER moderation_log_no_update; "
                + "UPDATE moderation_log SET reason = 'off' || char(0) WHERE suggestion_id = 3;")
        try await run(bed, "a", ["push", "--wrangler", "prod"])

        // A decision on a note the copy still shows as a decision discarded, before a pull.
        bed = try SyncBed()
        for copy in ["a", "b"] { try await run(bed, copy, ["pull", "--wrangler", "prod"]) }
        try await run(bed, "b", ["notes", "approve", "3", "--as", "bob"])
        try await run(bed, "b", ["push", "--wrangler", "prod"])
        try await run(bed, "a", ["notes", "approve", "3", "--as", "alice"])
        try await run(bed, "a", ["push", "--wrangler", "prod"])
        try await run(bed, "a", ["notes", "discard", "3"])
        try await run(bed, "a", ["notes", "reopen", "3", "--reason", "again", "--as", "alice"])

        let messages = try Self.documentedMessages()
        #expect(messages.count >= 18, "\(messages)")
        for message in messages
        where
            !(Self.raceMessages + Self.votesChangedMessages + Self.severalRequestsMessages + Self.alteredAnswerMessages
            + Self.guardMessages).contains(message)
        {
            let regex = try NSRegularExpression(pattern: Self.pattern(message))
            let found = printed.split(separator: "\n").contains { line in
                let text = String(line)
                return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
            #expect(found, "docs/sync.md documents `\(message)`, which no run printed")
        }
    }
}

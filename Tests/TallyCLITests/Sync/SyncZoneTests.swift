import Foundation
import Testing

/// `push`, `pull` and `status` print times in the reader's zone (`--tz`, `TALLY_TZ`, tally.json's
/// `timezone`), as `notes show` does; `status --format json` keeps D1's UTC text.
@Suite("Sync summaries in the reader's zone", .serialized, .timeLimit(.minutes(10)))
struct SyncZoneTests {
    /// D1's UTC text (`2026-09-24 01:55:00`) as a clock in `zone` shows it, with its offset
    /// (`2026-09-24 09:55:00 +08:00`): worked out by Foundation, not by tally.
    static func shown(_ utc: String, in zone: String) throws -> String {
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.timeZone = TimeZone(identifier: "UTC")
        reader.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let date = try #require(reader.date(from: utc), "\(utc)")
        let local = try #require(TimeZone(identifier: zone))
        reader.timeZone = local
        let minutes = local.secondsFromGMT(for: date) / 60
        let offset = String(format: "%@%02d:%02d", minutes < 0 ? "-" : "+", abs(minutes) / 60, abs(minutes) % 60)
        return reader.string(from: date) + " " + offset
    }

    @Test func pushPullAndStatusShowTimesInTheConfiguredZone() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b", "c"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        for (copy, name) in [("a", "alice"), ("b", "bob"), ("c", "carol")] {
            #expect(try await bed.tally(copy, ["notes", "approve", "3", "--as", name]).status == 0)
        }
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 0)

        // push, with --tz: both sides of the conflict in Taipei's time.
        let pushed = try await bed.tally("b", ["push", "--wrangler", "prod", "--tz", "Asia/Taipei"])
        #expect(pushed.status == 3, "\(pushed.stderr)")
        let bConflict = try await #require((try bed.status("b")["conflicts"] as? [[String: Any]])?.first)
        let bMine = try #require((bConflict["local"] as? [String: Any])?["time"] as? String)
        let alice = try #require((bConflict["remote"] as? [String: Any])?["time"] as? String)
        #expect(!bMine.contains("+"), "the JSON keeps D1's UTC text: \(bMine)")
        let pushLine =
            "Conflict on note 3: yours approve by 'bob' at \(try Self.shown(bMine, in: "Asia/Taipei")) "
            + "(version 1); D1 has approve by 'alice' at "
            + "\(try Self.shown(alice, in: "Asia/Taipei")) (version 1) — "
        #expect(pushed.stdout.contains(pushLine), "\(pushed.stdout)")
        #expect(!pushed.stdout.contains(" UTC"), "\(pushed.stdout)")

        // notes discard settles b's conflict and names the dropped decision in the zone, too.
        let discarded = try await bed.tally("b", ["notes", "discard", "3", "--tz", "Asia/Taipei"])
        #expect(discarded.status == 0, "\(discarded.stderr)")
        #expect(
            discarded.stdout.contains(
                "Dropped 1 local decision(s) on note 3: approve by 'bob' at "
                    + "\(try Self.shown(bMine, in: "Asia/Taipei")) (version 1)."),
            "\(discarded.stdout)")

        // pull, with TALLY_TZ.
        let pulled = try await bed.tally("c", ["pull", "--wrangler", "prod"], env: ["TALLY_TZ": "America/New_York"])
        #expect(pulled.status == 3, "\(pulled.stderr)")
        let cStatus = try await bed.status("c")
        let cConflict = try #require((cStatus["conflicts"] as? [[String: Any]])?.first)
        let cMine = try #require((cConflict["local"] as? [String: Any])?["time"] as? String)
        #expect(
            pulled.stdout.contains(
                "Conflict on note 3: yours approve by 'carol' at "
                    + "\(try Self.shown(cMine, in: "America/New_York")) (version 1); "
                    + "D1 has approve by 'alice' at \(try Self.shown(alice, in: "America/New_York"))"),
            "\(pulled.stdout)")
        #expect(!pulled.stdout.contains(" UTC"), "\(pulled.stdout)")

        // status, with tally.json's timezone: the pull time and the conflict.
        let origin = try #require(cStatus["origin"] as? [String: Any])
        let pulledAt = try #require(origin["pulled_at"] as? String)
        try Data(#"{"timezone": "Asia/Kolkata"}"#.utf8).write(to: URL(fileURLWithPath: bed.path("tally.json")))
        let status = try await bed.tally("c", ["status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(
            status.stdout.contains("Data pulled \(try Self.shown(pulledAt, in: "Asia/Kolkata")) from"),
            "\(status.stdout)")
        #expect(
            status.stdout.contains(
                "yours approve by 'carol' at \(try Self.shown(cMine, in: "Asia/Kolkata"))"),
            "\(status.stdout)")
        #expect(!status.stdout.contains(" UTC"), "\(status.stdout)")

        // notes show prints the conflict in the same zone as the rest of the note.
        let shown = try await bed.tally("c", ["notes", "show", "3"])
        #expect(
            shown.stdout.contains(
                "yours approve by 'carol' at \(try Self.shown(cMine, in: "Asia/Kolkata"))"),
            "\(shown.stdout)")

        // In UTC, D1's text is shown as it is stored, labelled.
        let utc = try await bed.tally("c", ["status", "--tz", "UTC"])
        #expect(utc.stdout.contains("Data pulled \(pulledAt) UTC from"), "\(utc.stdout)")
        #expect(utc.stdout.contains("yours approve by 'carol' at \(cMine) UTC (version 1)"), "\(utc.stdout)")
    }
}

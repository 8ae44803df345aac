import Foundation
import TallyCore
import TallySQLite
import Testing

/// Hostile class "What was seen is what is decided": a decision lands only on the note the
/// moderator was shown (its text, author and creation time), on the page, in `notes review` and
/// from the command line; anything else is a named conflict and D1 stays untouched.
@Suite("Hostile: what was seen is what is decided", .serialized, .timeLimit(.minutes(10)))
struct HostileDecisionTests {
    /// D1's note 200 as the moderator reads it, and the spam that later takes its id.
    static let cats =
        "INSERT INTO suggestions (id, session_id, content, created_at) "
        + "VALUES (200, 'cat-lover', 'I like cats', '2026-09-24 01:00:00');\n"
    static let spam =
        "DELETE FROM suggestions WHERE id = 200;\n"
        + "INSERT INTO suggestions (id, session_id, content, created_at) "
        + "VALUES (200, 'spammer', 'BUY CHEAP PILLS http://spam', '2026-09-24 02:00:00');\n"

    /// Note 200 on D1 is still the spam, pending, never decided.
    static func expectSpamUntouched(_ bed: SyncBed, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(
            try await bed.rows("d1.sqlite", "SELECT content, status, version FROM suggestions WHERE id = 200")
                == [["BUY CHEAP PILLS http://spam", "pending", "0"]], sourceLocation: sourceLocation)
        #expect(
            try await bed.rows("d1.sqlite", "SELECT count(*) FROM moderation_log WHERE suggestion_id = 200") == [["0"]],
            sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3"))
    func aStaleTabCannotApproveTheNoteThatTookTheIdOfTheOneItShowed() async throws {
        let bed = try SyncBed()
        _ = try await SQLiteShell.run(bed.d1, input: Self.cats)
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        let served = try await ServedCopy(
            ["--db", bed.path("votes"), "--as", "mod-web", "--wrangler", "votes"], in: bed.folder.url.path,
            environment: bed.environment())
        defer { served.stop() }
        // The tab shows "I like cats"; meanwhile D1 deletes it and a spammer's note gets its id.
        let tab = try await served.client(["fields", served.url, "/note/200"])
        _ = try await SQLiteShell.run(bed.d1, input: Self.spam)
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        var form = tab
        form["action"] = "approve"
        let data = try JSONSerialization.data(withJSONObject: form)
        let answer = try await served.client([
            "post", served.url, "/note/200/decide", String(decoding: data, as: UTF8.self),
        ])
        let body = answer["body"] as? String ?? ""
        #expect(answer["status"] as? Int == 409, "\(answer)")
        #expect(body.contains("Note #200 is not the note your page showed"), "\(body)")
        #expect(body.contains("I like cats") && body.contains("BUY CHEAP PILLS http://spam"), "both texts: \(body)")
        #expect(try await bed.rows("votes", "SELECT status FROM suggestions WHERE id = 200") == [["pending"]])
        let push = try await bed.tally("votes", ["push", "--wrangler", "votes"])
        #expect(push.status == 0, "\(push.stderr)")
        try await Self.expectSpamUntouched(bed)
    }

    @Test func aStaleReviewKeyCannotApproveANoteWhoseTextChangedAfterItWasShown() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("review.sqlite")
        try NotesDatabase.demo(at: path)
        // The keys go through a pipe the test holds open, so the review never sees the end of input.
        let process = try TallyProcess.start(["notes", "review", "--db", path, "--as", "rev"], withInput: true)
        // Wait until note 3's card is shown, then change its text before the key arrives.
        var shown = ""
        while !shown.contains("content") {
            let line = await process.output.nextLine()
            if line.isEmpty, !process.process.isRunning { break }
            shown += line + "\n"
        }
        let before = try await SQLiteShell.rows(path, "SELECT content FROM suggestions WHERE id = 3")[0][0]
        _ = try await SQLiteShell.run(
            path, input: "UPDATE suggestions SET content = 'BUY CHEAP PILLS' WHERE id = 3;\n")
        try process.input.write(contentsOf: Data("a\nq\n".utf8))
        let result = await process.finish()
        let (stdout, stderr) = (shown + result.stdout, result.stderr)
        #expect(stdout.contains(before), "the card showed the text read")
        #expect(result.status == 3, "\(stdout)\n\(stderr)")
        #expect(stderr.contains("note 3 is not the note you decided on"), "\(stderr)")
        #expect(stderr.contains("BUY CHEAP PILLS"), "both texts: \(stderr)")
        #expect(
            try await SQLiteShell.rows(path, "SELECT status, version FROM suggestions WHERE id = 3") == [
                ["pending", "0"]
            ])
    }

    @Test func theCommandLineDecidesOnTheTextNotesShowPrinted() async throws {
        let bed = try SyncBed()
        _ = try await SQLiteShell.run(bed.d1, input: Self.cats)
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        let show = try await bed.tally("votes", ["notes", "show", "200"])
        let line = try #require(show.stdout.split(separator: "\n").first { $0.hasPrefix("digest ") }, "\(show.stdout)")
        let digest = String(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        #expect(digest.count == 16)
        let json = try await bed.tally("votes", ["notes", "show", "200", "--format", "json"])
        #expect(json.stdout.contains("\"digest\": \"\(digest)\""), "\(json.stdout)")
        _ = try await SQLiteShell.run(bed.d1, input: Self.spam)
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        let refused = try await bed.tally("votes", ["notes", "approve", "200", "--as", "mod-a", "--expect", digest])
        #expect(refused.status == 3, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("note 200 is not the note you decided on"), "\(refused.stderr)")
        #expect(refused.stderr.contains("BUY CHEAP PILLS http://spam"), "\(refused.stderr)")
        let wrong = try await bed.tally("votes", ["notes", "approve", "200", "--as", "mod-a", "--expect", "cats"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("invalid --expect 'cats'; expected the 16 hex digits"), "\(wrong.stderr)")
        #expect(try await bed.tally("votes", ["push", "--wrangler", "votes"]).status == 0)
        try await Self.expectSpamUntouched(bed)
        // Without --expect the decision says which text it applied to.
        let plain = try await bed.tally("votes", ["notes", "reject", "200", "--as", "mod-a", "--reason", "spam"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(
            plain.stdout.contains(
                "It applied to the note's text as this copy has it: 'BUY CHEAP PILLS http://spam'."), "\(plain.stdout)")
    }
}

/// Hostile class "Forged forms": a form the page did not make is refused whole with what was
/// wrong (4xx), never read another way: a field sent twice, a section or state the page never
/// offers, a version and state the note never had; and the page speaks one language.
@Suite("Hostile: forged forms", .serialized, .timeLimit(.minutes(10)))
struct HostileFormTests {
    /// A served demo copy and the hidden fields of note `id`'s page, as a tab holds them.
    static func tab(_ id: Int, _ folder: TemporaryDirectory) async throws -> (ServedCopy, [String: Any], String) {
        let path = folder.path("copy.sqlite")
        if !FileManager.default.fileExists(atPath: path) { try NotesDatabase.demo(at: path) }
        let served = try await ServedCopy(["--db", path, "--as", "mod-web"], in: folder.url.path, environment: [:])
        return (served, try await served.client(["fields", served.url, "/note/\(id)"]), path)
    }

    static func post(_ served: ServedCopy, _ id: Int, _ pairs: [[String]]) async throws -> (Int, String) {
        let data = try JSONSerialization.data(withJSONObject: pairs)
        let answer = try await served.client([
            "post", served.url, "/note/\(id)/decide", String(decoding: data, as: UTF8.self),
        ])
        return (answer["status"] as? Int ?? 0, answer["body"] as? String ?? "")
    }

    static func pairs(_ form: [String: Any], _ extra: [[String]]) -> [[String]] {
        form.sorted { $0.key < $1.key }.map { [$0.key, "\($0.value)"] } + extra
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3"))
    func aFieldSentTwiceIsRefusedWhicheverCopyIsRight() async throws {
        let folder = try TemporaryDirectory()
        let (served, form, path) = try await Self.tab(3, folder)
        defer { served.stop() }
        let good = "\(form["csrf"] ?? "")"
        var rest = form
        rest.removeValue(forKey: "csrf")
        for twice in [
            Self.pairs(rest, [["csrf", "bad"], ["csrf", good], ["action", "approve"]]),
            Self.pairs(form, [["action", "reject"], ["action", "approve"]]),
            Self.pairs(form, [["action", "approve"], ["version", "\(form["version"] ?? "")"]]),
        ] {
            let (status, body) = try await Self.post(served, 3, twice)
            #expect(status == 400, "\(twice): \(body)")
            #expect(body.contains("more than once; a form sends each field once"), "\(body)")
        }
        #expect(
            try await SQLiteShell.rows(path, "SELECT status, version FROM suggestions WHERE id = 3") == [
                ["pending", "0"]
            ])
        // The same form with each field once is decided; a long reason full of escapes is one field, read whole.
        let reason = String(repeating: "spam & 廣告 %41+= ", count: 120)
        let (status, body) = try await Self.post(
            served, 3, Self.pairs(form, [["action", "reject"], ["preset", "other"], ["reason", reason]]))
        #expect(status == 303, "\(body)")
        let stored = try await SQLiteShell.rows(path, "SELECT reason FROM moderation_log WHERE suggestion_id = 3")
        #expect(stored == [[reason.trimmingCharacters(in: .whitespaces)]])
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3"))
    func aSectionOrStateThePageNeverOffersIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let approve = try await TallyProcess.run(["notes", "approve", "4", "--db", path, "--as", "mod-a"])
        #expect(approve.status == 0, "\(approve.stderr)")
        let (served, form, _) = try await Self.tab(4, folder)
        defer { served.stop() }
        let options = try await SQLiteShell.rows(path, "SELECT count(*) FROM survey_options")
        for section in [["section", "evil"], ["section", "Original"], ["section", ""], nil] {
            let (status, body) = try await Self.post(
                served, 4, Self.pairs(form, [["action", "promote"]] + [section].compactMap { $0 }))
            #expect(status == 422, "\(String(describing: section)): \(body)")
            #expect(body.contains("unknown section"), "\(body)")
            #expect(body.contains("the page offers community or original"), "\(body)")
        }
        #expect(try await SQLiteShell.rows(path, "SELECT count(*) FROM survey_options") == options)
        #expect(try await SQLiteShell.rows(path, "SELECT status FROM suggestions WHERE id = 4") == [["approved"]])
        var forged = form
        forged["state"] = "community"
        let (status, body) = try await Self.post(
            served, 4, Self.pairs(forged, [["action", "reject"], ["reason", "spam"]]))
        #expect(status == 400, "\(body)")
        #expect(body.contains("lacks its action, the note"), "\(body)")
        #expect(try await SQLiteShell.rows(path, "SELECT status FROM suggestions WHERE id = 4") == [["approved"]])
    }

    @Test(.enabled(if: OutsideProgram.mayRun(needing: "python3"), "needs python3"))
    func aForgedVersionIsAWrongFormNotAChangeOutsideTally() async throws {
        let folder = try TemporaryDirectory()
        let (served, form, path) = try await Self.tab(5, folder)
        defer { served.stop() }
        for (version, state) in [("7", "rejected"), ("0", "approved"), ("1", "pending")] {
            var forged = form
            forged["version"] = version
            forged["state"] = state
            let (status, body) = try await Self.post(served, 5, Self.pairs(forged, [["action", "approve"]]))
            #expect(status == 400, "v\(version) \(state): \(body)")
            #expect(body.contains("never this note"), "\(body)")
            #expect(!body.contains("outside tally"), "\(body)")
        }
        #expect(
            try await SQLiteShell.rows(path, "SELECT status, version FROM suggestions WHERE id = 5") == [
                ["rejected", "1"]
            ])
    }

    @Test func servePageSpeaksOneLanguageAndSaysWhichItAccepts() async throws {
        let folder = try TemporaryDirectory()
        // No copy there: before the refusal, the old binary stopped at the missing file rather than serve forever.
        let path = folder.path("missing.sqlite")
        for (arguments, environment) in [
            (["--lang", "en,zh-TW"], [String: String]()), ([], ["TALLY_LANG": "zh-TW,en"]),
        ] {
            let result = try await TallyProcess.run(
                ["serve", "--db", path, "--as", "m", "--port", "0"] + arguments, in: folder.url.path,
                environment: environment)
            #expect(result.status == 2, "\(arguments) \(environment): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("names 2 languages; the page speaks one: en or zh-TW"), "\(result.stderr)")
            #expect(!result.stdout.contains("Moderation page"))
        }
    }
}

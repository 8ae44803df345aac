import Foundation
import TallyCore
import TallyHTTP
import TallySQLite
import Testing

/// `tally serve` as a moderator and an attacker meet it: a real server process, real headless
/// chromium, real HTTP clients; every outcome checked in the database, the ledger and D1.
@Suite("tally serve: the moderation page", .serialized, .timeLimit(.minutes(20)))
struct ServeTests {
    /// GNU libmicrohttpd loads (tally loads it at run time); under CI it must.
    static let libraryLoads: Bool = {
        if case .success = HTTPServer.load(path: nil) { return true }
        return false
    }()
    static let serverReason: Comment = "needs GNU libmicrohttpd (libmicrohttpd12) and the outside programs it names"

    /// A test that starts `tally serve` and drives it with `programs` may run.
    static func serverReady(needing programs: String...) -> Bool {
        OutsideProgram.isCI || (libraryLoads && programs.allSatisfy(OutsideProgram.isInstalled))
    }

    static let browserReady = serverReady(needing: "chromium", "chromedriver", "python3")

    @Test(
        .enabled(if: ServeTests.browserReady, "needs libmicrohttpd12, chromium, chromedriver and python3 with selenium")
    )
    func aModeratorDecidesPromotesReopensAndPushesInTheBrowser() async throws {
        let bed = try SyncBed()
        // A second note from note 3's author, so the queue shows an author with two notes.
        let session = try #require(Demo.sessions["s11"])
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) "
                + "VALUES (7, '\(session)', 'Can we have a pets option?', '2026-09-24 01:00:00');\n")
        #expect(try await bed.tally("votes", ["pull", "--wrangler", "votes"]).status == 0)
        let served = try await ServedCopy(
            ["--db", bed.path("votes"), "--as", "mod-web", "--wrangler", "votes", "--tz", "Asia/Taipei"],
            in: bed.folder.url.path,
            environment: bed.environment())
        defer { served.stop() }
        let seen = try await served.client(["browser", served.url, bed.folder.url.path])

        #expect(seen["queue_title"] as? String == "Queue · tally")
        #expect((seen["queue_width"] as? Int ?? 999) <= 390, "readable at 390 px without sideways scrolling")
        #expect(seen["keyboard_focus"] as? String == "Approve note #3", "reached by Tab")
        #expect((seen["approved"] as? String)?.hasPrefix("Note #3 approved.") == true, "\(seen)")
        #expect((seen["rejected"] as? String)?.hasPrefix("Note #4 rejected.") == true)
        #expect(seen["preview"] as? String == "Pets <b>&</b>", "the label previewed as text, not markup")
        #expect(
            (seen["preview_url"] as? String)?.contains("csrf") == false, "no form token in the preview's URL: \(seen)")
        #expect((seen["promoted"] as? String)?.hasPrefix("Note #3 promoted.") == true)
        #expect((seen["reopened"] as? String)?.hasPrefix("Note #4 reopened.") == true)
        #expect((seen["first_window"] as? String)?.hasPrefix("Note #7 approved.") == true)
        #expect(seen["second_window_title"] as? String == "Your decision was not applied")
        #expect(
            (seen["second_window_alert"] as? String)?.hasPrefix(
                "Note #7 was decided while you were looking, so your reject was not applied; it is now approved.")
                == true,
            "\(seen)")
        #expect(seen["second_window_sides"] as? [String] == ["Your decision", "Decided meanwhile"])
        #expect(seen["unpushed_before"] as? String == "5")
        #expect((seen["push_output"] as? String)?.contains("D1 confirmed 5; 0 conflict(s).") == true, "\(seen)")
        #expect(seen["confirmed_after"] as? String == "5")
        #expect(seen["scripts"] as? Int == 0)

        // The copy, its ledger and D1 hold exactly these decisions.
        let decisions =
            "SELECT suggestion_id, action, moderator, coalesce(reason, ''), version FROM moderation_log "
            + "WHERE moderator = 'mod-web' ORDER BY id"
        let expected = [
            ["3", "approve", "mod-web", "", "1"], ["4", "reject", "mod-web", "spam", "1"],
            ["3", "promote", "mod-web", "", "2"], ["4", "reopen", "mod-web", "asked again", "2"],
            ["7", "approve", "mod-web", "", "1"],
        ]
        #expect(try await bed.rows("votes", decisions) == expected)
        #expect(try await bed.rows("d1.sqlite", decisions) == expected)
        let option =
            "SELECT o.content, o.section FROM suggestions s JOIN survey_options o ON o.id = s.promoted_option_id "
            + "WHERE s.id = 3"
        #expect(try await bed.rows("votes", option) == [["Pets & animals", "community"]])
        #expect(try await bed.rows("d1.sqlite", option) == [["Pets & animals", "community"]])
        #expect(
            try await bed.rows("votes", "SELECT status, version FROM suggestions WHERE id IN (4, 7) ORDER BY id")
                == [["pending", "2"], ["approved", "1"]])
        #expect(try await bed.counts("votes") == [0, 0, 5, 0])
        try await bed.expectD1Consistent()
        if ProcessInfo.processInfo.environment["TALLY_RECORD_GOLDEN"] == "1" {
            let shot = ToolProcess.repository.appendingPathComponent("docs/images/serve-queue.png")
            try? FileManager.default.createDirectory(
                at: shot.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: shot)
            try FileManager.default.copyItem(atPath: bed.folder.path("serve-queue.png"), toPath: shot.path)
        }
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func refusalsChangeNothing() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.hostileDemo(at: path)
        let before = try NotesDatabase.tables(path)
        let served = try await ServedCopy(["--db", path, "--as", "mod-web"], in: folder.url.path, environment: [:])
        defer { served.stop() }
        let seen = try await served.client(["probe", served.url])
        #expect(seen["page"] as? Int == 200)
        #expect(seen["no_token"] as? Int == 403)
        #expect(seen["wrong_token"] as? Int == 403)
        #expect(seen["foreign_host"] as? Int == 421, "DNS rebinding: another name for this address")
        #expect(seen["missing_csrf"] as? Int == 403)
        #expect(seen["wrong_csrf"] as? Int == 403)
        #expect(seen["foreign_origin"] as? Int == 403)
        #expect(seen["oversized"] as? Int == 413)
        #expect(seen["method"] as? Int == 405)
        #expect(seen["raw_markup"] as? Bool == false, "user text escaped as in the report")
        #expect(seen["escaped_markup"] as? Bool == true)
        #expect(seen["full_session"] as? Bool == false, "sessions shortened")
        let csp = seen["csp"] as? String ?? ""
        #expect(csp.hasPrefix("default-src 'none';") && !csp.contains("script-src"), "no scripts: \(csp)")
        #expect(try NotesDatabase.tables(path) == before)
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func thePageSpeaksTraditionalChineseAndShowsTimesInTheConfiguredZone() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let served = try await ServedCopy(
            ["--db", path, "--as", "審核者", "--lang", "zh-TW", "--tz", "Asia/Taipei"], in: folder.url.path,
            environment: [:])
        defer { served.stop() }
        let queue = try await served.client(["fetch", served.url, "/"])
        let body = queue["body"] as? String ?? ""
        #expect(queue["status"] as? Int == 200)
        #expect(body.contains("<html lang=\"zh-TW\">"))
        #expect(body.contains(">待審</a>") && !body.contains("一位投稿者") && !body.contains("工作階段"))
        #expect(body.contains("審核者 審核者"))
        #expect(body.contains("便利貼 #3 · 2026-09-22 12:50 +08:00"), "note 3 was written at 04:50 UTC")
        let note = try await served.client(["fetch", served.url, "/note/4"])
        #expect((note["body"] as? String)?.contains("垃圾訊息") == true, "the preset reasons in Chinese")
        #expect((note["body"] as? String)?.contains(" checked") == false, "no reason chosen until she chooses one")
        let report = try await served.client(["fetch", served.url, "/report"])
        #expect((report["body"] as? String)?.contains("<html lang=\"zh-TW\">") == true)
        // No English word, no session id and no word the glossary rules out on any page a moderator opens.
        let notes = try await SQLiteShell.rows(path, "SELECT id, content FROM suggestions")
        let rules = PageWords.glossaryRules(
            try String(
                contentsOf: ToolProcess.repository.appendingPathComponent("docs/glossary.md"), encoding: .utf8))
        // What people wrote stays as written: moderators' names and reasons.
        let written =
            try await SQLiteShell.rows(path, "SELECT moderator, coalesce(reason, '') FROM moderation_log")
            .flatMap { $0 } + ["審核者"]
            // The commands the owner types (the SQL download's sentence, without --wrangler) stay as typed.
            + ["wrangler d1 execute DB --remote --file push.sql", "tally pull", "SQL"]
        for page in ["/", "/sync"] + notes.map({ "/note/\($0[0])" }) {
            let html = try await served.client(["fetch", served.url, page])["body"] as? String ?? ""
            let text = PageWords.visibleText(html)
            let english = PageWords.englishWords(in: text, userTexts: notes.map { $0[1] } + written)
            #expect(english.isEmpty, "\(page) shows English: \(Set(english).sorted())")
            for word in rules.flatMap({ $0.never["zh-TW"] ?? [] }) + ["版本"] {
                #expect(!text.contains(word), "\(page) says \(word)")
            }
        }
    }

    /// The queue groups pending notes by author (issue 44 item 9): a group says how many notes of the same
    /// author wait, and how many of them the page shows when it shows fewer; an author with one note waiting
    /// gets no heading (the old 「一位投稿者」 headed every group, true of each and useful for none); notes
    /// without a recorded author are headed as such.
    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func theQueueHeadsAGroupWithHowManyNotesOfTheSameAuthorWait() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let session = try #require(Demo.sessions["s11"])
        _ = try await SQLiteShell.run(
            path,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) VALUES "
                + "(7, '\(session)', 'Can we have a pets option?', '2026-09-24 01:00:00'), "
                + "(8, NULL, '匿名的便利貼', '2026-09-24 02:00:00');\n")
        for (language, together, unknown) in [
            ("zh-TW", "同一位投稿者的 2 則待審", "沒有投稿者紀錄的便利貼"),
            ("en", "2 pending notes by the same author", "Notes with no author recorded"),
        ] {
            let served = try await ServedCopy(
                ["--db", path, "--as", "審核者", "--lang", language, "--tz", "Asia/Taipei"], in: folder.url.path,
                environment: [:])
            defer { served.stop() }
            let body = try await served.client(["fetch", served.url, "/"])["body"] as? String ?? ""
            let headings = body.components(separatedBy: "<section class=\"group\">\n").dropFirst().map {
                $0.hasPrefix("<h2>") ? String($0.dropFirst(4).prefix { $0 != "<" }) : ""
            }
            // Note 3's author (notes 3 and 7) is headed; the note without an author is; every other group is one
            // author's only pending note, without a heading.
            #expect(headings.filter { $0 == together }.count == 1, "\(language): \(headings)")
            #expect(headings.filter { $0 == unknown }.count == 1, "\(language): \(headings)")
            #expect(headings.count >= 3 && headings.filter(\.isEmpty).count == headings.count - 2, "\(headings)")
            #expect(!body.contains("一位投稿者：") && !body.contains("One author"), "\(body)")
            #expect(!body.contains("的 1 則待審全部退回") && !body.contains("Reject all 1 "), "one note is not all 1")
            let group = try #require(body.range(of: together)).upperBound
            let end = try #require(body[group...].range(of: "</section>")).lowerBound
            #expect(body[group..<end].contains("id=\"note-3\"") && body[group..<end].contains("id=\"note-7\""))
            await served.stopped()
        }
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func aSyncConflictIsShownWithBothSides() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "votes"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "mod-a"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "mod-b", "--reason", "spam"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "votes"]).status == 3)
        let served = try await ServedCopy(
            ["--db", bed.path("b"), "--as", "mod-b"], in: bed.folder.url.path, environment: bed.environment())
        defer { served.stop() }
        let page = try await served.client(["fetch", served.url, "/note/3"])["body"] as? String ?? ""
        let conflict = try #require(page.range(of: "<h2>Sync conflict with D1</h2>"), "\(page)")
        let sides = String(page[conflict.upperBound...].prefix(600))
        #expect(
            sides.contains("<div class=\"sides\"><div><h3>On this moderation page</h3><p>reject → rejected · mod-b"),
            "\(sides)")
        #expect(sides.contains("<h3>On D1</h3><p>approve → approved · mod-a"), "\(sides)")
        let sync = try await served.client(["fetch", served.url, "/sync"])["body"] as? String ?? ""
        #expect(sync.contains("<td id=\"count-conflict\">1</td>"))
    }

    @Test func anAddressOtherMachinesReachNeedsTheFlag() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        for address in ["0.0.0.0", "::", "192.168.1.20"] {
            let result = try await TallyProcess.run(["serve", "--listen", address, "--db", path, "--as", "m"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("add --allow-remote"), "\(result.stderr)")
        }
        let name = try await TallyProcess.run(["serve", "--listen", "localhost", "--db", path, "--as", "m"])
        #expect(name.status == 2)
        #expect(name.stderr.contains("not a numeric IPv4 or IPv6 address"))
    }

    /// A moderator reads "by author": a session is the data's word, never the page's (docs/glossary.md).
    @Test func theHelpSaysAuthorNeverSession() async throws {
        for command in [["serve"], ["serve", "invite"], ["serve", "revoke"]] {
            let help = try await TallyProcess.run(command + ["--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("Usage: tally serve"), "\(help.stdout)")
            #expect(help.stdout.range(of: "session", options: .caseInsensitive) == nil, "\(command): \(help.stdout)")
        }
    }

    /// An error of the server's own (here the copy is no database any more) is a page in the page's language
    /// that says what to do; what went wrong, with the file's path, goes to serve's stderr, never to the page,
    /// and the link's token to neither.
    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func anErrorOfTheServersOwnIsAPageInTheLanguageAndItsDetailGoesToStderr() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let served = try await ServedCopy(
            ["--db", path, "--as", "審核者", "--lang", "zh-TW"], in: folder.url.path, environment: [:])
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))
        let answer = try await served.client(["fetch", served.url, "/note/3"])
        let body = answer["body"] as? String ?? ""
        #expect(answer["status"] as? Int == 500)
        #expect(body.contains("<html lang=\"zh-TW\">") && body.contains("伺服器出錯了"), "\(body)")
        #expect(PageWords.englishWords(in: PageWords.visibleText(body)).isEmpty, "\(body)")
        #expect(!body.contains("copy.sqlite") && !body.contains("database"), "\(body)")
        served.stop()
        let token = served.url.split(separator: "/").last.map(String.init) ?? "?"
        let stderr = await served.server.finish().stderr
        #expect(stderr.contains("tally serve: /note/3 failed (HTTP 500): "), "\(stderr)")
        #expect(stderr.contains("is not an SQLite database") && !stderr.contains(token), "\(stderr)")
    }

    @Test func withoutTheLibraryServeSaysWhichPackageToInstallAndEverythingElseWorks() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let missing = ["TALLY_LIBMICROHTTPD": folder.path("libmicrohttpd.so.12")]
        let result = try await TallyProcess.run(["serve", "--db", path, "--as", "m"], environment: missing)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains("tally serve needs GNU libmicrohttpd, which could not be loaded ("),
            "\(result.stderr)")
        #expect(result.stderr.contains("`apt-get install libmicrohttpd12`"), "\(result.stderr)")
        #expect(try await TallyProcess.run(["serve", "--help"], environment: missing).status == 0)
        #expect(try await TallyProcess.run(["report", "--demo"], environment: missing).status == 0)
    }

    /// tally declares the library's prototypes and constants itself (it loads the library at run
    /// time); compiled beside the real microhttpd.h, each must be the library's.
    @Test(
        .enabled(
            if: OutsideProgram.isCI || FileManager.default.fileExists(atPath: "/usr/include/microhttpd.h"),
            "needs microhttpd.h (libmicrohttpd-dev) to compare with"))
    func ourDeclarationsOfTheLibraryAreItsOwn() async throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let include = ToolProcess.repository.appendingPathComponent("Sources/CMicroHTTPD/include").path
        _ = try await ToolProcess.run(
            "cc",
            [
                "-fsyntax-only", "-Werror", "-Wall", "-I", include,
                here.appendingPathComponent("mhd_header_check.c").path,
            ])
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func aWildcardAnswersOnTheMachinesOwnAddressesAndPrintsOneThatWorks() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        for wildcard in ["0.0.0.0", "::"] {
            let served = try await ServedCopy(
                ["--db", path, "--as", "m", "--listen", wildcard, "--allow-remote"], in: folder.url.path,
                environment: [:])
            defer { served.stop() }
            #expect(!served.url.contains("//0.0.0.0:") && !served.url.contains("//[::]:"), "\(served.url)")
            #expect(try await served.client(["fetch", served.url, "/"])["status"] as? Int == 200, "\(served.url)")
            let port = served.url.split(separator: ":")[served.url.split(separator: ":").count - 1].prefix { $0 != "/" }
            let token = served.url.split(separator: "/").last.map(String.init) ?? ""
            let loopback = wildcard == "::" ? "http://[::1]:\(port)/\(token)/" : "http://127.0.0.1:\(port)/\(token)/"
            #expect(try await served.client(["fetch", loopback, "/"])["status"] as? Int == 200, "\(loopback)")
            // The printed address, given to --listen itself, is printed and accepted as it is.
            guard wildcard == "0.0.0.0" else { continue }
            let address = try #require(URLComponents(string: served.url)?.host)
            await served.stopped()
            let own = try await ServedCopy(
                ["--db", path, "--as", "m", "--listen", address, "--allow-remote"], in: folder.url.path,
                environment: [:])
            defer { own.stop() }
            #expect(own.url.hasPrefix("http://\(address):"), "\(own.url)")
            #expect(try await own.client(["fetch", own.url, "/"])["status"] as? Int == 200)
        }
    }

    /// Many pending notes for the load and kill tests.
    static func busyCopy(_ folder: TemporaryDirectory, notes: Int) throws -> String {
        let path = folder.path("busy.sqlite")
        try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            for id in 1...notes {
                try db.execute(
                    "INSERT INTO suggestions (id, session_id, content, created_at) VALUES (?, ?, ?, ?)",
                    [
                        .integer(Int64(id)), .text("session-\(id % 17)"), .text("note \(id)"),
                        .text("2026-09-20 00:00:00"),
                    ])
            }
        }
        return path
    }

    static func expectOneDecisionPerVersion(_ path: String, reported: [[Int]]) async throws {
        #expect(try await SQLiteShell.rows(path, "PRAGMA integrity_check") == [["ok"]])
        #expect(
            try await SQLiteShell.rows(
                path, "SELECT suggestion_id, version FROM moderation_log GROUP BY 1, 2 HAVING count(*) > 1"
            ).isEmpty)
        let logged = Set(
            try await SQLiteShell.rows(path, "SELECT suggestion_id, version FROM moderation_log").map {
                $0.map { Int($0)! }
            })
        let missing = reported.filter { !logged.contains($0) }
        #expect(missing.isEmpty, "decisions the page reported but the copy lacks: \(missing)")
        #expect(
            try await SQLiteShell.rows(path, "SELECT count(*) FROM tally_sync_decisions")
                == SQLiteShell.rows(path, "SELECT count(*) FROM moderation_log"), "one ledger entry per decision")
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func twentyClientsMixingReadsAndDecisionsGetNoErrorAndOneDecisionPerVersion() async throws {
        let folder = try TemporaryDirectory()
        let path = try Self.busyCopy(folder, notes: 100)
        let served = try await ServedCopy(["--db", path, "--as", "mod-load"], in: folder.url.path, environment: [:])
        defer { served.stop() }
        let requests = ProcessInfo.processInfo.environment["TALLY_SERVE_LOAD"] ?? "200"
        let seen = try await served.client(["load", served.url, "20", requests, "100"])
        #expect(seen["error_count"] as? Int == 0, "\(seen["errors"] ?? "")")
        let decided = seen["decided"] as? [[Int]] ?? []
        #expect(!decided.isEmpty)
        #expect(Set(decided.map { $0 }).count == decided.count, "no version decided twice")
        #expect(try await SQLiteShell.rows(path, "SELECT count(*) FROM moderation_log") == [["\(decided.count)"]])
        try await Self.expectOneDecisionPerVersion(path, reported: decided)
        print(
            "serve load: \(seen["requests"] ?? 0) requests in \(seen["seconds"] ?? 0) s, \(decided.count) decisions, "
                + "\(seen["conflicts"] ?? 0) conflicts; p50 \(seen["p50_ms"] ?? 0) ms, p90 \(seen["p90_ms"] ?? 0) ms, "
                + "p99 \(seen["p99_ms"] ?? 0) ms, max \(seen["max_ms"] ?? 0) ms")
    }

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func sigkillDuringDecisionsKeepsTheCopyWholeAndEveryReportedDecision() async throws {
        let folder = try TemporaryDirectory()
        let path = try Self.busyCopy(folder, notes: 30)
        let served = try await ServedCopy(["--db", path, "--as", "mod-kill"], in: folder.url.path, environment: [:])
        let client = try TallyProcess.start(
            ["python3", ServedCopy.client, "decide", served.url, "30", "60"],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        // Let decisions flow, then kill the server without warning in the middle of them: after the client's
        // sixth reported decision (it goes on deciding), whatever the machine's load, never after a pause.
        // (The client stops at its first failed request, so its 60 s are a bound, not a wait.)
        var line = await client.output.nextLine()
        while line != "decided 6", !line.isEmpty { line = await client.output.nextLine() }
        await served.kill()
        let text = await client.finish().stdout
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        let json = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(text)")
        let decided = json["decided"] as? [[Int]] ?? []
        #expect(decided.count > 5, "decisions were being made when the server was killed")
        try await Self.expectOneDecisionPerVersion(path, reported: decided)
    }
}

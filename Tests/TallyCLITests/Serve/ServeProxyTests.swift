import Foundation
import TallyTestSupport
import Testing

/// The page behind a real TLS-terminating reverse proxy (Debian's nginx, a self-signed certificate),
/// opened at its public URL (`--public-url`) in headless chromium, a decision posted through it.
@Suite("tally serve: behind a TLS proxy", .serialized, .timeLimit(.minutes(20)))
struct ServeProxyTests {
    /// A free loopback port (bound, read, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The nginx configuration docs/serve.md gives ("Behind nginx"), with this test's certificate, port, logs and
    /// target put in place of the documented ones; each documented value must be there once, so the recipe
    /// the docs show is the one that runs.
    static func documentedRecipe(prefix: String, port: Int, target: String) throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../docs/serve.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```nginx\n"), "docs/serve.md has an nginx block")
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        var recipe = String(text[start.upperBound..<end.lowerBound])
        for (documented, here) in [
            ("listen 443 ssl;", "listen 127.0.0.1:\(port) ssl;"),
            ("server_name mod.example.org;", "server_name localhost;"),
            ("/etc/letsencrypt/live/mod.example.org/fullchain.pem", prefix + "/cert.pem"),
            ("/etc/letsencrypt/live/mod.example.org/privkey.pem", prefix + "/key.pem"),
            ("/var/log/nginx/tally-access.log", prefix + "/tally-access.log"),
            ("/var/log/nginx/tally-error.log", prefix + "/tally-error.log"),
            ("http://127.0.0.1:8787", target),
        ] {
            #expect(
                recipe.components(separatedBy: documented).count == 2, "docs/serve.md's recipe has \(documented) once")
            recipe = recipe.replacingOccurrences(of: documented, with: here)
        }
        return recipe
    }

    /// nginx in the foreground on `port` with TLS, running the documented recipe forwarding to `target`.
    static func nginx(_ folder: TemporaryDirectory, port: Int, target: String) async throws -> TallyProcess.Running {
        let prefix = folder.path("nginx")
        try FileManager.default.createDirectory(atPath: prefix + "/tmp", withIntermediateDirectories: true)
        _ = try await ToolProcess.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                "-keyout", prefix + "/key.pem", "-out", prefix + "/cert.pem",
            ])
        try documentedRecipe(prefix: prefix, port: port, target: target)
            .write(toFile: prefix + "/tally.conf", atomically: true, encoding: .utf8)
        let config = """
            worker_processes 1;
            daemon off;
            pid \(prefix)/nginx.pid;
            error_log \(prefix)/error.log;
            events { worker_connections 64; }
            http {
                access_log \(prefix)/access.log;
                client_body_temp_path \(prefix)/tmp/body;
                proxy_temp_path \(prefix)/tmp/proxy;
                fastcgi_temp_path \(prefix)/tmp/fastcgi;
                uwsgi_temp_path \(prefix)/tmp/uwsgi;
                scgi_temp_path \(prefix)/tmp/scgi;
                include \(prefix)/tally.conf;
            }

            """
        try config.write(toFile: prefix + "/nginx.conf", atomically: true, encoding: .utf8)
        let process = try TallyProcess.start(
            ["nginx", "-p", prefix, "-c", prefix + "/nginx.conf"], program: URL(fileURLWithPath: "/usr/bin/env"))
        // Ready when it accepts a connection (at most 10 s).
        let ready = await OffPool.until(within: 10, every: .milliseconds(100)) {
            (try? await ToolProcess.run(
                "python3", ["-c", "import socket; socket.create_connection(('127.0.0.1', \(port)), 1)"])) != nil
        }
        if ready { return process }
        process.send(SIGTERM)
        throw CommandFailureForTests(
            "nginx did not listen on \(port): \((try? String(contentsOfFile: prefix + "/error.log", encoding: .utf8)) ?? "")"
        )
    }

    @Test(
        .enabled(
            if: ServeTests.serverReady(needing: "nginx", "openssl", "chromium", "chromedriver", "python3"),
            "needs libmicrohttpd12, nginx, openssl, chromium, chromedriver and python3 with selenium"))
    func aPageOpenedThroughATLSProxyAtItsPublicURLTakesADecision() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("copy.sqlite")
        try NotesDatabase.demo(at: path)
        let port = try Self.freePort()
        let publicURL = "https://localhost:\(port)"
        let served = try await ServedCopy(
            ["--db", path, "--as", "mod-phone", "--public-url", publicURL], in: folder.url.path, environment: [:])
        defer { served.stop() }
        #expect(served.url.hasPrefix(publicURL + "/"), "the printed address is the public one: \(served.url)")
        let forward = await served.nextLine()
        let target = try #require(forward.range(of: "http://127.0.0.1:").map { forward[$0.lowerBound...] })
            .prefix { $0 != " " }
        let nginx = try await Self.nginx(folder, port: port, target: String(target))
        defer { nginx.send(SIGTERM) }
        let seen = try await served.client(["proxied", served.url])
        #expect(seen["queue_title"] as? String == "Queue · tally", "\(seen)")
        #expect((seen["done"] as? String)?.hasPrefix("Note #3 approved.") == true, "\(seen)")
        #expect((seen["landed_at"] as? String)?.hasPrefix(publicURL + "/") == true, "\(seen)")
        #expect(
            try await SQLiteShell.rows(path, "SELECT suggestion_id, action, moderator FROM moderation_log WHERE id > 6")
                == [["3", "approve", "mod-phone"]])
        // nginx forwarded its own `$host` (no port): the page took it. Neither log holds the link.
        let token = String(served.url.dropFirst(publicURL.count + 1).prefix { $0 != "/" })
        #expect(token.count == 64, "\(served.url)")
        let prefix = folder.path("nginx")
        let access = try String(contentsOfFile: prefix + "/tally-access.log", encoding: .utf8)
        #expect(access.contains("\"POST\""), "nginx logged the requests: \(access)")
        for log in ["tally-access.log", "tally-error.log", "access.log"] {
            let text = (try? String(contentsOfFile: prefix + "/" + log, encoding: .utf8)) ?? ""
            #expect(!text.contains(token), "\(log) holds no link")
        }
        served.stop()
        let serveLog = await served.server.finish().stderr
        #expect(serveLog.contains(" GET /…/ 200 mod-phone\n"), "serve logs the queue's request: \(serveLog)")
        #expect(serveLog.contains(" POST /…/note/3/decide "), "\(serveLog)")
        #expect(!serveLog.contains(token), "serve's log holds no link")
    }

    /// Issue 44's done-when: two volunteers on phones (390 px, touch), each through her own link, through the
    /// documented nginx recipe with TLS, on a zh-TW page with `--wrangler`: every page they reach shows no
    /// English but what people wrote, no tap target under 44 px, and no state D1 contradicts.
    @Test(
        .enabled(
            if: ServeTests.serverReady(needing: "nginx", "openssl", "chromium", "chromedriver", "python3"),
            "needs libmicrohttpd12, nginx, openssl, chromium, chromedriver and python3 with selenium"))
    func twoVolunteersOnPhonesThroughTheProxyMeetNoEnglishNoSmallTargetAndNoStateD1Contradicts() async throws {
        let bed = try SyncBed()
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) "
                + "VALUES (7, 'session-7', '可以加一個寵物的選項嗎？', '2026-09-24 01:00:00');\n")
        #expect(try await bed.tally("b", ["pull", "--wrangler", "votes"]).status == 0)
        let ming = try await ServeInviteTests.invite("阿明", bed.path("b"), in: bed.folder)
        let mei = try await ServeInviteTests.invite("小美", bed.path("b"), in: bed.folder)
        let port = try Self.freePort()
        let publicURL = "https://localhost:\(port)"
        let served = try await ServedCopy(
            [
                "--db", bed.path("b"), "--as", "owner", "--wrangler", "votes", "--lang", "zh-TW", "--tz", "Asia/Taipei",
                "--public-url", publicURL,
            ], in: bed.folder.url.path, environment: bed.environment())
        defer { served.stop() }
        let forward = await served.nextLine()
        let target = try #require(forward.range(of: "http://127.0.0.1:").map { forward[$0.lowerBound...] })
            .prefix { $0 != " " }
        let nginx = try await Self.nginx(bed.folder, port: port, target: String(target))
        defer { nginx.send(SIGTERM) }
        let seen = try await served.client([
            "walk", ServeInviteTests.link(served, token: ming), ServeInviteTests.link(served, token: mei), "390",
        ])
        let pages = try #require(seen["pages"] as? [String: [String: Any]])
        #expect(pages.count == 12, "every step reached: \(pages.keys.sorted())")
        let users =
            try await bed.rows(
                "d1.sqlite", "SELECT content FROM suggestions UNION ALL SELECT moderator FROM moderation_log"
            )
            .flatMap { $0 } + ["阿明", "小美", "owner"]
        for (key, page) in pages.sorted(by: { $0.key < $1.key }) {
            #expect((page["url"] as? String)?.hasPrefix(publicURL + "/") == true, "\(key) through the proxy: \(page)")
            #expect((page["width"] as? Int ?? 999) <= 390, "\(key) reads at 390 px")
            #expect(
                (page["small"] as? [String])?.isEmpty == true, "\(key): tap targets under 44 px: \(page["small"] ?? "")"
            )
            let english = PageWords.englishWords(in: page["text"] as? String ?? "", userTexts: users)
            #expect(english.isEmpty, "\(key) shows English: \(Set(english).sorted())")
        }
        // What the phones read is what D1 holds.
        let d1 = try await bed.rows(
            "d1.sqlite",
            "SELECT id, status, coalesce(reviewed_by, '') FROM suggestions WHERE id IN (3, 4, 7) ORDER BY id")
        #expect(d1 == [["3", "approved", "阿明"], ["4", "rejected", "小美"], ["7", "approved", "阿明"]])
        let named = ["approved": "已通過", "rejected": "已退回"]
        for row in d1 {
            #expect(pages["b_note\(row[0])"]?["state"] as? String == named[row[1]], "note \(row[0]) as D1 has it")
        }
        #expect((pages["b_told7"]?["text"] as? String)?.contains("阿明") == true, "she is told who decided first")
        #expect(try await bed.counts("b") == [0, 0, 3, 0], "all three on D1, no conflict")
    }
}

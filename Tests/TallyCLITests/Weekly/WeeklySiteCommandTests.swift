import Foundation
import Testing

/// `vote_url` and `site_url` (issue 46 item 6), as `tally weekly` reads them: from tally.json, the environment or a
/// flag, each checked before anything is read or written, a refusal naming the key or flag, where it was set and
/// what is accepted; given, the pages link the vote page, the share image names it, and the HTML pages carry the
/// share image as `og:image` only when its public address is known.
@Suite("tally weekly: the vote page and the site's address")
struct WeeklySiteCommandTests {
    static let base = ["weekly", "--db", "votes.sqlite", "--through", "2026-10-03", "--launch", "2026-09-19"]

    static func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        #expect(InProcessTally.run(["demo", "--db", "votes.sqlite"], directory: folder.url.path).status == 0)
        return folder
    }

    @Test(arguments: ["vote_url", "site_url"])
    func aBadAddressIsRefusedWhereverItIsSet(_ key: String) throws {
        let folder = try Self.folder()
        let flag = "--" + key.replacingOccurrences(of: "_", with: "-")
        let variable = "TALLY_" + key.uppercased()
        for bad in ["javascript:alert(1)", "https://example.org/a b", "example.org/vote", "https://me:pw@example.org/"]
        {
            // tally.json: exit 1, the key, the file, what is wrong and what is accepted; nothing written.
            let config = folder.url.appendingPathComponent("tally.json")
            let json = String(data: try JSONSerialization.data(withJSONObject: [key: bad]), encoding: .utf8)!
            try Data(json.utf8).write(to: config)
            let fromFile = InProcessTally.run(Self.base, directory: folder.url.path)
            #expect(fromFile.status == 1, "\(bad): \(fromFile.stderr)")
            #expect(fromFile.stderr.contains("\(key) (from config \(config.path))"), "\(fromFile.stderr)")
            #expect(fromFile.stderr.contains("http:// or https://"), "\(fromFile.stderr)")
            try FileManager.default.removeItem(at: config)
            // The environment: exit 1, the variable.
            let fromEnvironment = InProcessTally.run(
                Self.base, environment: [variable: bad], directory: folder.url.path)
            #expect(fromEnvironment.status == 1 && fromEnvironment.stderr.contains("(from env \(variable))"))
            // The flag: a usage error (exit 2) naming it.
            let fromFlag = InProcessTally.run(Self.base + [flag, bad], directory: folder.url.path)
            #expect(fromFlag.status == 2 && fromFlag.stderr.contains("for \(flag)"), "\(fromFlag.stderr)")
            #expect(fromFlag.stderr.contains("expected an absolute http:// or https:// address"))
            #expect(!FileManager.default.fileExists(atPath: folder.path("reports")), "\(bad): something was written")
        }
        // A user name or password is refused for what it is: a public page would show it.
        let secret = InProcessTally.run(Self.base + [flag, "https://me:pw@example.org/"], directory: folder.url.path)
        #expect(secret.stderr.contains("user name or password"), "\(secret.stderr)")
    }

    /// `tally report` links the vote page under its title too, in Markdown and HTML, bound as a link; a bad address
    /// is refused there as well.
    @Test func theReportLinksTheVotePage() throws {
        let folder = try Self.folder()
        let vote = ["--vote-url", "https://example.org/vote?a=1&b=(2)"]
        let markdown = InProcessTally.run(
            ["report", "--db", "votes.sqlite", "--lang", "zh-TW"] + vote, directory: folder.url.path)
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.hasPrefix("# 投票統計\n\n[去投票](https://example.org/vote?a=1&amp;b=%282%29)\n\n"))
        let html = InProcessTally.run(
            ["report", "--db", "votes.sqlite", "--format", "html"] + vote, directory: folder.url.path)
        #expect(html.stdout.contains("<p><a href=\"https://example.org/vote?a=1&amp;b=%282%29\">Vote</a></p>"))
        let plain = InProcessTally.run(["report", "--db", "votes.sqlite"], directory: folder.url.path)
        #expect(plain.status == 0 && !plain.stdout.contains("example.org"))
        let bad = InProcessTally.run(
            ["report", "--db", "votes.sqlite", "--vote-url", "javascript:alert(1)"], directory: folder.url.path)
        #expect(bad.status == 2 && bad.stderr.contains("for --vote-url") && bad.stdout.isEmpty, "\(bad.stderr)")
    }

    @Test func theAddressesReachThePagesAndTheShareImage() throws {
        let folder = try Self.folder()
        try Data(#"{"vote_url": "https://example.org/vote?from=tally&x=(1)"}"#.utf8).write(
            to: folder.url.appendingPathComponent("tally.json"))
        let shown = InProcessTally.run(["config", "show"], directory: folder.url.path)
        #expect(shown.stdout.contains("https://example.org/vote?from=tally&x=(1)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("site_url"), "\(shown.stdout)")
        // Share image outside the folder: the pages are written, and stderr says why they carry no og:image.
        let outside = InProcessTally.run(
            Self.base + ["--html", "--site-url", "https://example.org/t/", "--share", "card.png"],
            directory: folder.url.path)
        #expect(outside.status == 0, "\(outside.stderr)")
        #expect(outside.stderr.contains("no og:image") && outside.stderr.contains("outside the reports folder"))
        let week = try String(contentsOfFile: folder.path("reports/week-01.md"), encoding: .utf8)
        #expect(week.contains("[Vote](https://example.org/vote?from=tally&amp;x=%281%29)"), "\(week.prefix(400))")
        let html = try String(contentsOfFile: folder.path("reports/week-02.html"), encoding: .utf8)
        #expect(html.contains("<a href=\"https://example.org/vote?from=tally&amp;x=%281%29\">Vote</a>"))
        #expect(!html.contains("og:image"))
        // Inside the folder and with the folder's address: the newest page and the index carry it.
        let inside = InProcessTally.run(
            Self.base + ["--html", "--site-url", "https://example.org/t/", "--share", "reports/img/card.png"],
            directory: folder.url.path)
        #expect(inside.status == 0 && !inside.stderr.contains("no og:image"), "\(inside.stderr)")
        for page in ["week-02.html", "index.html"] {
            let text = try String(contentsOfFile: folder.path("reports/\(page)"), encoding: .utf8)
            #expect(text.contains("<meta property=\"og:image\" content=\"https://example.org/t/img/card.png\">"))
        }
        // Inside, without the folder's address: said, not guessed from the vote page's.
        let unknown = InProcessTally.run(
            Self.base + ["--html", "--share", "reports/card.png", "--overwrite"], directory: folder.url.path)
        #expect(unknown.status == 0 && unknown.stderr.contains("set site_url"), "\(unknown.stderr)")
        let index = try String(contentsOfFile: folder.path("reports/index.html"), encoding: .utf8)
        #expect(!index.contains("og:image") && index.contains("<meta property=\"og:title\""))
    }
}

import Foundation
import TallyCore
import TallyHTTP
import TallyRender

/// The checks every request to `tally serve` passes before anything is read or run: the secret
/// token in the path, the Host header (DNS rebinding), the method, and for a form post the CSRF
/// token and a same-origin `Origin`. What they protect and do not is in DECISIONS.md.
struct SiteGuard: Sendable {
    /// The secret the printed URL carries as its first path segment: the page's owner's, for this run.
    let token: String
    /// The secret every form carries.
    let csrf: String
    /// `host:port` values the Host header may hold.
    let hosts: Set<String>
    /// Origins (`scheme://host[:port]`) a form may come from.
    let origins: Set<String>
    /// Who decides through the owner's token.
    let owner: Moderator
    /// Whose personal links are let in, and as whom.
    let invites: ModeratorInvites
    /// The language of the plain answers (the page's).
    let language: ReportLanguage
    /// Writes one line to serve's log (stderr): why a link was refused, never the link's token.
    let log: @Sendable (String) -> Void

    /// Who a request comes from: the token its path carries, the name decisions are recorded
    /// under, and the path after the token (`/`, `/note/3` …).
    struct Visitor: Sendable {
        let token: String
        let moderator: Moderator
        let route: String
        /// True for the page's owner (serve's `--as`), who may take back anyone's decision; an invited
        /// moderator takes back only her own.
        let isOwner: Bool
    }

    /// 32 random bytes from the system's generator, as hex.
    static func secret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The refusal for a request head, or nil when it may go on.
    func refusal(_ head: HTTPRequestHead) -> HTTPResponse? {
        guard ["GET", "HEAD", "POST"].contains(head.method) else {
            return .refusal(405, .method, in: language)
        }
        guard let host = head.headers["host"]?.lowercased(), hosts.contains(host) else {
            // A page elsewhere that points its own name at this address (DNS rebinding) sends its name here.
            return .refusal(421, .host(hosts.sorted()), in: language)
        }
        guard visitor(head.path, logging: "\(head.method) refused (403)") != nil else {
            return .refusal(403, .link, in: language)
        }
        if head.method == "POST" {
            if let origin = head.headers["origin"], !origins.contains(origin) {
                return .refusal(403, .foreignForm, in: language)
            }
            if head.headers["sec-fetch-site"] == "cross-site" {
                return .refusal(403, .foreignForm, in: language)
            }
        }
        return nil
    }

    /// Who `path` comes from, or nil when its token is missing, wrong or revoked; with `logging`, why a link is
    /// refused goes to serve's log, after `logging` and the path without its token.
    func visitor(_ path: String, logging: String? = nil) -> Visitor? {
        let segments = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard segments.count >= 2, segments[0].isEmpty else { return nil }
        let given = String(segments[1].prefix { $0 != "/" })
        let rest = segments[1].drop { $0 != "/" }
        let route = rest.isEmpty ? "/" : String(rest)
        if Self.same(given, token) { return Visitor(token: given, moderator: owner, route: route, isOwner: true) }
        func refused(_ why: String) -> Visitor? {
            if let logging { log("tally serve: \(logging): /…\(route): \(why)") }
            return nil
        }
        guard given.utf8.count == token.utf8.count else {
            return refused("the path does not start with a link's token")
        }
        let found: Moderator?
        do { found = try invites.moderator(token: given) } catch {
            return refused("personal links cannot be checked: \(error)")
        }
        guard let invited = found else {
            return refused("the link is neither this run's nor an invited moderator's (wrong, or revoked)")
        }
        return Visitor(token: given, moderator: invited, route: route, isOwner: false)
    }

    /// One line of serve's request log: when (in the page's zone), the method, the path with its first segment
    /// (a link's token, or what stands in its place) left out, the status, and whose link it came through.
    /// Never a token, a query or a form's values.
    static func logLine(_ head: HTTPRequestHead, status: Int, by moderator: String?, at time: String) -> String {
        let rest = head.path.dropFirst().drop { $0 != "/" }
        let path = "/…" + (rest.isEmpty ? "/" : String(rest))
        return "tally serve: \(time) \(head.method) \(path) \(status)" + (moderator.map { " \($0)" } ?? "")
    }

    /// True when a form carries the CSRF token.
    func formIsOurs(_ form: [String: String]) -> Bool { Self.same(form["csrf"] ?? "", csrf) }

    /// Compares in time that does not depend on where the texts first differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Headers every answer carries: no scripts at all, no framing, no referrer to other sites (the URL holds the
    /// token; `same-origin`, not `no-referrer`, under which Chromium sends `Origin: null` with the
    /// page's own forms), nothing cached.
    static let headers: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; "
                + "frame-ancestors 'none'; base-uri 'none'"
        ),
        ("X-Frame-Options", "DENY"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
    ]

    /// `response` with the headers above.
    static func secured(_ response: HTTPResponse) -> HTTPResponse {
        HTTPResponse(status: response.status, headers: headers + response.headers, body: response.body)
    }
}

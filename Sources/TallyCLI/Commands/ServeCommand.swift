import Foundation
import TallyCore
import TallyHTTP
import TallyRender

/// `tally serve`: the moderation page, a local web server over the copy (GNU libmicrohttpd).
enum ServeCommand {
    static let listenOption = OptionSpec(
        "listen", .value("ADDRESS"), "Address to listen on (default 127.0.0.1; another needs --allow-remote).")
    static let portOption = OptionSpec("port", .value("N"), "Port (default 8787; 0 picks a free one).")
    static let allowRemoteOption = OptionSpec(
        "allow-remote", .flag, "Allow --listen on an address other machines can reach (see docs/serve.md first).")
    static let publicURLOption = OptionSpec(
        "public-url", .value("URL"),
        "The https:// address a TLS proxy or tunnel (nginx, Cloudflare Tunnel, Tailscale) serves this page at; "
            + "printed, and accepted as Host and Origin.")
    static let wranglerOption = OptionSpec(
        "wrangler", .value("DB"), "Send to D1 with `wrangler` on this database (default: offer the SQL file).")

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Moderate in the browser: a local page over the copy (queue, decisions, sync, report)",
        discussion: """
            Prints an address with a secret token, http://127.0.0.1:8787/<token>/, and serves until Ctrl-C.
            The page lists the pending notes by author, decides through the same write path as
            `tally notes` (a note changed meanwhile is a conflict, shown side by side), sends the
            decisions with the same push as `tally push`, and shows the report as `report --format
            html` writes it. Decisions are recorded as --as NAME ($TALLY_MODERATOR), or as the name of
            a personal link (`tally serve invite NAME`).
            Every request needs the token; forms carry a CSRF token; the Host header must name this
            server; pages allow no scripts. Loopback only unless --allow-remote (docs/serve.md).
            Needs GNU libmicrohttpd at run time (Debian: apt-get install libmicrohttpd12).
            """,
        options: [
            listenOption, portOption, allowRemoteOption, publicURLOption, wranglerOption, NotesOptions.moderator,
            NotesOptions.tz, SettingOptions.lang, SettingOptions.db, SettingOptions.config,
        ],
        subcommands: [ServeInviteCommand.spec, ServeInviteCommand.revokeSpec],
        run: { invocation, context in try run(invocation, context) })

    /// The page speaks one language: a list given for this run (`--lang en,zh-TW`, `TALLY_LANG`) is refused;
    /// a config file's list, shared with the commands that write several, shows its first.
    static func oneLanguage(_ languages: Setting<[ReportLanguage]>, command: [String]) throws {
        switch languages.source {
        case .flag, .environment:
            guard languages.value.count > 1 else { return }
            throw UsageError(
                "\(languages.source) names \(languages.value.count) languages; the page speaks one: "
                    + ReportLanguage.allCases.map(\.rawValue).joined(separator: " or "),
                command: command)
        case .builtIn, .demo, .file: return
        }
    }

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let (address, loopback) = try listenAddress(invocation)
        if !loopback, !invocation.flag(allowRemoteOption) {
            throw UsageError(
                "--listen \(address) would let other machines reach the moderation page; it is meant for this "
                    + "machine (127.0.0.1). If you mean it, add --allow-remote (read docs/serve.md first)",
                command: invocation.path)
        }
        let port = try invocation.integer(portOption, in: 0...65535) ?? 8787
        let publicURL = try PublicURL.parse(invocation.value(publicURLOption), command: invocation.path)
        if case .failure(let error) = HTTPServer.load(path: context.environment["TALLY_LIBMICROHTTPD"]) {
            throw CommandFailure(libraryMissing(error.description))
        }
        let moderator = try NotesOptions.moderator(invocation, context)
        let settings = try Settings.resolve(invocation, context: context)
        try oneLanguage(settings.languages, command: invocation.path)
        let database = settings.db.value
        // Refuse a file that is not a migrated copy now, not on the first page.
        let db = try DatabaseFile.openForWriting(database)
        _ = try ModerationStore(db)
        try SyncLedger(db).createIfMissing()
        let config = invocation.value(SettingOptions.config).map { ["--config", $0] } ?? []
        var reportSettings = config
        if let tz = invocation.value(NotesOptions.tz) { reportSettings += ["--tz", tz] }
        // One page in one language: the first of a list (`"lang": ["zh-TW", "en"]` shows zh-TW).
        reportSettings += ["--lang", settings.language.value.rawValue]

        let token = SiteGuard.secret()
        // The site needs the port the server got; requests before it is set are told to wait.
        let slot = SiteSlot()
        // One line per request on stderr, never the link's token.
        let logged: @Sendable (HTTPRequestHead, Int, String?) -> Void = {
            [stderr = context.stderr, zone = settings.zone.value, now = context.now] head, status, moderator in
            stderr.line(SiteGuard.logLine(head, status: status, by: moderator, at: zone.iso8601(now())))
        }
        let server = try HTTPServer(
            address: address, port: UInt16(port),
            admit: { head in
                guard let site = slot.site else { return .text(503, "Starting.") }
                guard let refusal = site.guardian.refusal(head) else { return nil }
                logged(head, refusal.status, nil)
                return SiteGuard.secured(refusal)
            },
            respond: { request in
                guard let site = slot.site else { return .text(503, "Starting.") }
                let response = site.respond(request)
                logged(request.head, response.status, site.guardian.visitor(request.head.path)?.moderator.name)
                return SiteGuard.secured(response)
            })
        // A wildcard (0.0.0.0, ::) answers on each of the machine's own addresses, and only those.
        let own = ListenAddress.own(address)
        let shown = ListenAddress.urlHost(ListenAddress.printed(address))
        var hosts = Set(own.map { "\(ListenAddress.urlHost($0)):\(server.port)" })
        if loopback || ListenAddress.isWildcard(address) {
            hosts.formUnion(["127.0.0.1:\(server.port)", "localhost:\(server.port)", "[::1]:\(server.port)"])
        }
        var origins = Set(hosts.map { "http://" + $0 })
        if let publicURL {
            hosts.formUnion(publicURL.hosts)
            origins.insert(publicURL.origin)
        }
        let guardian = SiteGuard(
            token: token, csrf: SiteGuard.secret(), hosts: hosts, origins: origins, owner: moderator,
            invites: ModeratorInvites(database: database), language: settings.language.value,
            log: { [stderr = context.stderr] in stderr.line($0) })
        slot.site = ModerationSite(
            guardian: guardian, database: database, zone: settings.zone.value, language: settings.language.value,
            wrangler: invocation.value(wranglerOption), reportSettings: reportSettings,
            context: context)
        let base = publicURL?.origin ?? "http://\(shown):\(server.port)"
        context.stdout.line("Moderation page: \(base)/\(token)/")
        if let publicURL {
            context.stdout.line(
                "The proxy or tunnel must forward \(publicURL.origin) to http://\(shown):\(server.port) (the whole path)."
            )
        }
        context.stdout.line(
            "Anyone with this address can moderate as \(moderator.name); give others their own link with "
                + "`tally serve invite NAME`. Decisions stay in \(database) until sent to D1. Stop with Ctrl-C.")
        let stop = StopSignal.install()
        defer { stop.uninstall() }
        while !stop.isSet { usleep(100_000) }
        server.stop()
        context.stdout.line("Stopped.")
    }

    /// What to do when GNU libmicrohttpd is not there (every other command works without it).
    static func libraryMissing(_ said: String) -> String {
        "tally serve needs GNU libmicrohttpd, which could not be loaded (\(said)). Install it: on Debian or Ubuntu "
            + "`apt-get install libmicrohttpd12` (Debian 13 and Ubuntu 24.04 name it libmicrohttpd12t64), on macOS "
            + "`brew install libmicrohttpd`; or name the library file in TALLY_LIBMICROHTTPD. Every other command "
            + "works without it."
    }

    /// `--listen` as given (default 127.0.0.1) and whether it is loopback.
    static func listenAddress(_ invocation: Invocation) throws -> (String, Bool) {
        let address = invocation.value(listenOption) ?? "127.0.0.1"
        guard let loopback = ListenAddress.isLoopback(address) else {
            throw UsageError(
                "--listen \(address) is not a numeric IPv4 or IPv6 address; give e.g. 127.0.0.1 or ::1",
                command: invocation.path)
        }
        return (address, loopback)
    }
}

/// `--public-url`: where a TLS proxy or tunnel serves the page.
struct PublicURL: Equatable {
    /// `https://host[:port]`, lowercased, without a default port: what a browser sends as Origin.
    let origin: String
    /// `host[:port]` as a browser sends it in Host.
    let host: String
    /// The Host values let in: `host[:port]`, the name with the scheme's default port written out, and the
    /// name alone, which a proxy sends when it forwards its own `$host` (nginx's usual line) on another port.
    /// Each names this page, so none lets a rebinding page in.
    let hosts: Set<String>

    static func parse(_ text: String?, command: [String]) throws -> PublicURL? {
        guard let text else { return nil }
        let shown = text.count > 80 ? text.prefix(80) + "…" : text
        func refuse(_ why: String) -> UsageError {
            UsageError(
                "--public-url \(shown) \(why); give the scheme and host the proxy serves, "
                    + "e.g. https://mod.example.org or https://box.tail1234.ts.net:8443 (no path)",
                command: command)
        }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let given = parts.host, !given.isEmpty,
            parts.user == nil, parts.password == nil, parts.query == nil, parts.fragment == nil,
            parts.path.isEmpty || parts.path == "/"
        else { throw refuse("is not a base address") }
        if let port = parts.port, !(1...65535).contains(port) {
            throw refuse("has port \(port), which no browser can reach (ports are 1 to 65535)")
        }
        guard let name = hostName(given) else {
            throw refuse("has a host name a browser cannot send (labels of letters, digits and hyphens)")
        }
        let bracketed = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
        let standard = scheme == "https" ? 443 : 80
        let host = parts.port.map { $0 == standard ? bracketed : "\(bracketed):\($0)" } ?? bracketed
        return PublicURL(
            origin: "\(scheme)://\(host)", host: host, hosts: [host, bracketed, "\(bracketed):\(standard)"])
    }

    /// The host as a browser sends it: an IP literal as given, a name lowercased with each label that is not
    /// ASCII in Punycode (`münchen.de` → `xn--mnchen-3ya.de`); nil for a name no browser sends.
    static func hostName(_ given: String) -> String? {
        if given.hasPrefix("[") || ListenAddress.isLoopback(given) != nil { return given.lowercased() }
        let labels = given.precomposedStringWithCanonicalMapping.lowercased().split(
            separator: ".", omittingEmptySubsequences: false)
        var names: [String] = []
        for label in labels {
            let ascii =
                label.unicodeScalars.allSatisfy(\.isASCII)
                ? String(label) : Punycode.encode(String(label)).map { "xn--" + $0 }
            guard let ascii, (1...63).contains(ascii.utf8.count), !ascii.hasPrefix("-"), !ascii.hasSuffix("-"),
                ascii.unicodeScalars.allSatisfy({
                    $0 == "-" || $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0)
                })
            else { return nil }
            names.append(ascii)
        }
        let name = names.joined(separator: ".")
        return name.utf8.count <= 253 ? name : nil
    }
}

/// What `--listen` accepts.
enum ListenAddress {
    /// True for a loopback address, false for another numeric address, nil for anything else.
    static func isLoopback(_ address: String) -> Bool? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return address.hasPrefix("127.") }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) } == Array(repeating: 0, count: 15) + [1]
        }
        return nil
    }

    /// True for 0.0.0.0 and ::, which listen on every address of the machine.
    static func isWildcard(_ address: String) -> Bool { address == "0.0.0.0" || address == "::" }

    /// The addresses a listen address answers on: the machine's own of its family for a wildcard
    /// (IPv6 link-local ones left out: a URL would need their zone), else the address itself.
    static func own(_ address: String) -> [String] {
        guard isWildcard(address) else { return [address] }
        let family = address == "::" ? AF_INET6 : AF_INET
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let socketAddress = entry.pointee.ifa_addr, Int32(socketAddress.pointee.sa_family) == family
            else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(socketAddress, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
            if !name.contains("%"), !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// The address to print: for a wildcard, the machine's first address other machines can reach.
    static func printed(_ address: String) -> String {
        let own = own(address)
        return own.first { isLoopback($0) == false } ?? own.first ?? address
    }

    /// The address as a URL's host: IPv6 in brackets.
    static func urlHost(_ address: String) -> String { address.contains(":") ? "[\(address)]" : address }
}

/// The site, set once the server knows its port; read from libmicrohttpd's threads.
private final class SiteSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var value: ModerationSite?
    var site: ModerationSite? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
        set {
            lock.lock()
            value = newValue
            lock.unlock()
        }
    }
}

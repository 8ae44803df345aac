import Foundation
import TallyCore

/// `tally serve invite NAME` and `tally serve revoke NAME`: a personal link per moderator.
enum ServeInviteCommand {
    static let name = [
        PositionalSpec("NAME", "The moderator's name, recorded with each decision made through the link.")
    ]

    static let replaceOption = OptionSpec(
        "replace", .flag, "Make NAME a new link even though NAME has one (the old link stops working).")
    static let showOption = OptionSpec(
        "show", .flag, "Print NAME's existing link again (nothing is changed).")
    static let listenOption = ServeCommand.listenOption.withHelp("The address serve listens on (default 127.0.0.1).")
    static let portOption = ServeCommand.portOption.withHelp("The port serve listens on (default 8787).")

    static let spec = CommandSpec(
        name: "invite",
        abstract: "Print a personal link to the moderation page for NAME; decisions through it are recorded as NAME",
        discussion: """
            The link works whenever `tally serve` runs on this database and the address and port given
            here, until `tally serve revoke NAME`. NAME with a link already keeps it: --show prints it
            again, --replace makes a new one (the old stops working). Links are kept in DB.moderators.json
            beside the database, readable by its owner only. Give the link to NAME only: whoever has it
            moderates as NAME. A link at 127.0.0.1 opens on this machine only (a warning says so): for a
            phone, give --public-url, the address a TLS proxy or tunnel serves (docs/serve.md). Prints the
            link as a QR code too when `qrencode` is installed and standard output is a terminal.
            """,
        options: [
            replaceOption, showOption, listenOption, portOption, ServeCommand.publicURLOption, SettingOptions.db,
            SettingOptions.config,
        ],
        positionals: name,
        run: { invocation, context in try invite(invocation, context) })

    static let revokeSpec = CommandSpec(
        name: "revoke",
        abstract: "Refuse NAME's personal link from now on (a running serve too)",
        options: [SettingOptions.db, SettingOptions.config],
        positionals: name,
        run: { invocation, context in try revoke(invocation, context) })

    /// NAME, as `invite` records it and `revoke` finds it (trimmed, validated).
    static func invitedName(_ invocation: Invocation) throws -> Moderator {
        do { return try Moderator(invocation.positionals.first ?? "") } catch {
            throw UsageError("the name \(error); give the name decisions are recorded under", command: invocation.path)
        }
    }

    static func invite(_ invocation: Invocation, _ context: Context) throws {
        let moderator = try invitedName(invocation)
        let (address, loopback) = try ServeCommand.listenAddress(invocation)
        let port = try invocation.integer(portOption, in: 1...65535) ?? 8787
        let publicURL = try PublicURL.parse(invocation.value(ServeCommand.publicURLOption), command: invocation.path)
        if invocation.flag(showOption), invocation.flag(replaceOption) {
            throw UsageError(
                "--show prints NAME's link and --replace makes a new one; give one", command: invocation.path)
        }
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let invites = ModeratorInvites(database: settings.db.value)
        let token: String
        if invocation.flag(showOption) {
            guard let existing = try invites.invite(of: moderator) else {
                throw CommandFailure(
                    "\(moderator.name) has no link to show (invited: \(try invitedNames(invites))); make one with "
                        + "`tally serve invite \(moderator.name)`")
            }
            guard let kept = existing.token else {
                throw CommandFailure(
                    "\(moderator.name)'s link was made by an older tally, which kept only a digest of it, so it cannot "
                        + "be shown again; it still works. Make a new one with --replace (the old one then stops working)"
                )
            }
            token = kept
        } else {
            switch try invites.invite(moderator, at: context.now().d1Text, replace: invocation.flag(replaceOption)) {
            case .made(let made): token = made
            case .exists(let existing):
                throw CommandFailure(
                    "\(moderator.name) already has a link (made \(existing.invited) UTC), which still works; nothing "
                        + "was changed. Show it again with --show, or make a new one with --replace (the old link then "
                        + "stops working)")
            }
        }
        let link =
            "\(publicURL?.origin ?? "http://\(ListenAddress.urlHost(ListenAddress.printed(address))):\(port)")/\(token)/"
        context.stdout.line("Link for \(moderator.name): \(link)")
        context.stdout.line(
            "Decisions through it are recorded as \(moderator.name); it works while `tally serve` runs there, "
                + "until `tally serve revoke \(moderator.name)`.")
        if publicURL == nil, loopback {
            context.stderr.line(
                "Warning: this link is at \(address), which only this machine can open: a phone or another computer "
                    + "cannot. For them, serve behind a TLS proxy or tunnel and give its address with --public-url "
                    + "(docs/serve.md), here and to serve.")
        }
        if isatty(STDOUT_FILENO) == 1, let code = qrCode(link, context) { context.stdout.write(code) }
    }

    static func revoke(_ invocation: Invocation, _ context: Context) throws {
        let moderator = try invitedName(invocation)
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let invites = ModeratorInvites(database: settings.db.value)
        guard try invites.revoke(moderator) else {
            throw CommandFailure(
                "no link for \(moderator.name) (invited: \(try invitedNames(invites))); nothing was changed")
        }
        context.stdout.line(
            "Revoked \(moderator.name)'s link: it is refused from now on, by a running serve too.")
    }

    /// The invited names, for a message: "小美, 阿明" or "nobody".
    static func invitedNames(_ invites: ModeratorInvites) throws -> String {
        let known = try invites.invites().map(\.name)
        return known.isEmpty ? "nobody" : known.joined(separator: ", ")
    }

    /// The link drawn by `qrencode -t UTF8` when it is installed; nil otherwise.
    static func qrCode(_ link: String, _ context: Context) -> String? {
        let path = context.environment["PATH"] ?? ""
        guard
            let program = path.split(separator: ":").map({ "\($0)/qrencode" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-t", "UTF8", "-m", "1", link]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}

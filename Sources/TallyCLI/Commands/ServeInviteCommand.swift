import Foundation
import TallyCore

/// `tally serve invite NAME` and `tally serve revoke NAME`: a personal link per moderator.
enum ServeInviteCommand {
    static let name = [
        PositionalSpec("NAME", "The moderator's name, recorded with each decision made through the link.")
    ]

    static let listenOption = ServeCommand.listenOption.withHelp("The address serve listens on (default 127.0.0.1).")
    static let portOption = ServeCommand.portOption.withHelp("The port serve listens on (default 8787).")

    static let spec = CommandSpec(
        name: "invite",
        abstract: "Print a personal link to the moderation page for NAME; decisions through it are recorded as NAME",
        discussion: """
            The link works whenever `tally serve` runs on this database and the address and port given
            here (a new invite of NAME replaces NAME's link), until `tally serve revoke NAME`. Only a
            digest of its token is kept, in DB.moderators.json beside the database. Give the link to
            NAME only: whoever has it moderates as NAME. With --public-url, the link is at the address
            a TLS proxy or tunnel serves (what a phone elsewhere can open). Prints the link as a QR code
            too when `qrencode` is installed and standard output is a terminal.
            """,
        options: [
            listenOption, portOption, ServeCommand.publicURLOption, SettingOptions.db,
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

    static func invite(_ invocation: Invocation, _ context: Context) throws {
        let given = invocation.positionals.first ?? ""
        let moderator: Moderator
        do { moderator = try Moderator(given) } catch {
            throw UsageError("the name \(error); give the name decisions are recorded under", command: invocation.path)
        }
        let (address, _) = try ServeCommand.listenAddress(invocation)
        let port = try invocation.integer(portOption, in: 1...65535) ?? 8787
        let publicURL = try PublicURL.parse(invocation.value(ServeCommand.publicURLOption), command: invocation.path)
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let invites = ModeratorInvites(database: settings.db.value)
        let token = try invites.invite(moderator, at: context.now().d1Text)
        let link =
            "\(publicURL?.origin ?? "http://\(ListenAddress.urlHost(ListenAddress.printed(address))):\(port)")/\(token)/"
        context.stdout.line("Link for \(moderator.name): \(link)")
        context.stdout.line(
            "Decisions through it are recorded as \(moderator.name); it works while `tally serve` runs there, "
                + "until `tally serve revoke \(moderator.name)`.")
        if isatty(STDOUT_FILENO) == 1, let code = qrCode(link, context) { context.stdout.write(code) }
    }

    static func revoke(_ invocation: Invocation, _ context: Context) throws {
        let name = invocation.positionals.first ?? ""
        let settings = try Settings.resolveQuietly(invocation, context: context)
        let invites = ModeratorInvites(database: settings.db.value)
        guard try invites.revoke(name) else {
            let known = try invites.invites().map(\.name)
            throw CommandFailure(
                "no link for \(name) (invited: \(known.isEmpty ? "nobody" : known.joined(separator: ", "))); "
                    + "nothing was changed")
        }
        context.stdout.line("Revoked \(name)'s link: it is refused from now on, by a running serve too.")
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

import Foundation
import TallyCore

/// `tally sql`: a file of `queries/` with its params block filled in, for the D1
/// console or `wrangler d1 execute` (which cannot bind parameters).
enum SQLCommand {
    /// The options that set parameters; `--list` takes none of them.
    static let parameterOptions = [
        SettingOptions.tz, SettingOptions.excludeBefore, SettingOptions.excludeSession, throughOption, asOfOption,
        SettingOptions.votesPerSession, sessionOption, SettingOptions.config, contractOnlyOption,
    ]
    static let listOption = OptionSpec("list", .flag, "List the queries with a one-line description each.")
    static let allOption = OptionSpec("all", .flag, "Fill every query; with --output-dir, one NAME.sql file each.")
    static let outputDirOption = OptionSpec(
        "output-dir", .value("DIR"), "With --all: the folder to write NAME.sql files into.")
    static let outputOption = OptionSpec(
        "output", .value("FILE"), "Write the query to FILE (atomically; - for stdout) instead of stdout.")
    static let throughOption = OptionSpec(
        "through", .value("TIME"), "Count only votes cast at or before TIME (default: all).")
    static let asOfOption = OptionSpec(
        "as-of", .value("TIME"),
        "The time quiet gaps run to (default: now, to the second; give the same to the report).")
    static let contractOnlyOption = OptionSpec(
        "contract-only", .flag,
        "For a D1 database with only the vote page's own tables (tally's migrations not applied): "
            + "the queries that read promotion links or moderation history read none, and the report shows "
            + "them as not available.")
    static let sessionOption = OptionSpec(
        "session", .value("ID"), "For notes_own_option_votes: only notes of this session.")

    static let spec = CommandSpec(
        name: "sql",
        abstract: "Print a query of queries/ with its parameters filled in, to run on D1 or with sqlite3",
        discussion: """
            Fills the params block of a portable query with your settings (the config file,
            environment and flags, as for the report) and prints it: one read-only statement
            under D1's 100 KB limit, ready to paste into the D1 console or to run with
            wrangler. Times are converted for the SQL: UTC or ISO 8601 with offset, and the
            zone as its list of UTC offsets from the time zone database (zone_offsets; D1 has
            none), so local days are right across daylight saving changes. Every parameter
            is filled, never left at the file's example values.

            Examples:
              tally sql --list
              tally sql tally --tz Asia/Taipei --exclude-before '2026-09-19 02:11' > tally.sql
              npx wrangler d1 execute DB --remote --command="$(cat tally.sql)"
              tally sql --all --output-dir d1 --tz Asia/Taipei --as-of '2026-09-27 12:00'
            Give wrangler the SQL with --command= (the equals sign matters: the text starts
            with `--`, which would otherwise read as an option). `--remote --file` runs a
            file as an import and returns no rows.

            If D1 answers `no such table: moderation_log` or `no such column:
            promoted_option_id`, its database has only the vote page's own tables: fill the
            queries again with --contract-only. Nothing on D1 is changed either way.

            For the whole report, copy D1 with `tally pull` and run `tally report`.
            """,
        options: [
            listOption, allOption, outputDirOption, outputOption,
            SettingOptions.tz.withHelp("Time zone for the times given and for local days (default UTC)."),
            SettingOptions.excludeBefore,
            SettingOptions.excludeSession,
            throughOption, asOfOption,
            SettingOptions.votesPerSession,
            sessionOption,
            SettingOptions.config,
            contractOnlyOption,
        ],
        positionals: [PositionalSpec("name", "The query, e.g. tally (see --list).", optional: true)],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws {
        let path = invocation.path
        if invocation.flag(listOption) {
            let others =
                invocation.positionals
                + ([allOption, outputOption, outputDirOption] + parameterOptions)
                .filter(invocation.has).map(\.flagName)
            if let other = others.first {
                throw UsageError("--list takes nothing else; leave out \(other)", command: path)
            }
            try list(context)
            return
        }
        let contractOnly = invocation.flag(contractOnlyOption)
        let queries = try selectedQueries(invocation).map { contractOnly ? $0.contractOnly() : $0 }
        let output = try outputs(invocation, context)
        let parameters = try resolveParameters(invocation, context, queries: queries)

        var texts: [(PortableQuery, String)] = []
        for query in queries {
            let unknown = query.parameterNames.filter { parameters.values[$0] == nil }
            guard unknown.isEmpty else {
                throw CommandFailure(
                    "queries/\(query.name).sql takes \(unknown.joined(separator: ", ")), which tally sql "
                        + "cannot fill; edit the file's params block by hand")
            }
            texts.append((query, try query.filledForD1(parameters.values)))
        }
        if let note = parameters.asOfNote { context.stderr.line(note) }

        switch output {
        case .standardOutput:
            context.stdout.write(texts[0].1)
        case .file(let file):
            try AtomicFile.write(texts[0].1, to: file)
            context.stdout.line("Wrote queries/\(texts[0].0.name).sql, filled in, to \(file).")
        case .folder(let folder):
            let files = try StagedWrite()
            for (query, text) in texts {
                try files.stage(
                    Data(text.utf8), to: URL(fileURLWithPath: folder).appendingPathComponent(query.name + ".sql").path)
            }
            try files.commit()
            context.stdout.line("Wrote \(texts.count) queries, filled in, to \(folder):")
            context.stdout.line("  " + texts.map { $0.0.name + ".sql" }.joined(separator: " "))
            context.stdout.line("Run one on D1 (or with sqlite3 on a copy of the database), e.g.:")
            context.stdout.line(
                "  npx wrangler d1 execute DB --remote --command=\"$(cat \(shellQuoted(folder))/tally.sql)\"")
        }
    }

    /// Where the filled SQL goes.
    enum Output {
        case standardOutput
        case file(String)
        case folder(String)
    }

    /// The queries named on the command line: one by name, or all of them.
    static func selectedQueries(_ invocation: Invocation) throws -> [PortableQuery] {
        let path = invocation.path
        let all = try PortableQuery.all()
        if invocation.flag(allOption) {
            if let name = invocation.positionals.first {
                throw UsageError("--all fills every query; leave out '\(name)', or leave out --all", command: path)
            }
            return all
        }
        guard let name = invocation.positionals.first else {
            throw UsageError(
                "give a query name (see tally sql --list), --list, or --all --output-dir DIR", command: path)
        }
        guard let query = all.first(where: { $0.name == name }) else {
            throw UsageError(
                "no query named '\(name)'; the queries are: \(all.map(\.name).joined(separator: ", "))", command: path)
        }
        return [query]
    }

    /// Checks --output, --output-dir and --all go together as they should.
    static func outputs(_ invocation: Invocation, _ context: Context) throws -> Output {
        let path = invocation.path
        let folder = invocation.value(outputDirOption).map(context.path)
        if invocation.flag(allOption) {
            if invocation.has(outputOption) {
                throw UsageError(
                    "--all writes one file per query; give --output-dir DIR instead of --output", command: path)
            }
            guard let folder else {
                throw UsageError(
                    "--all needs --output-dir DIR, the folder for one NAME.sql file per query", command: path)
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw UsageError("--output-dir \(folder) is a file; give a folder", command: path)
            }
            return .folder(folder)
        }
        if folder != nil {
            throw UsageError("--output-dir goes with --all; for one query use --output FILE", command: path)
        }
        switch try invocation.output(outputOption, context, example: "query.sql") {
        case .file(let file): return .file(file)
        case .standardOutput, nil: return .standardOutput
        }
    }

    /// The values for the params blocks, and a note to print when --as-of was left to the clock.
    struct Parameters {
        var values: [String: QueryValue]
        var asOfNote: String?
    }

    /// The report's parameters from config, environment and flags, as query values.
    static func resolveParameters(_ invocation: Invocation, _ context: Context, queries: [PortableQuery]) throws
        -> Parameters
    {
        let path = invocation.path
        let settings = try Settings.resolve(invocation, context: context)
        let zone = settings.zone.value
        let through = try invocation.time(throughOption, in: zone, context)
        let givenAsOf = try invocation.time(asOfOption, in: zone, context)
        // Whole seconds, so the time the note prints can be typed back exactly.
        let asOf = givenAsOf ?? Instant(seconds: context.now().seconds)
        let session = invocation.value(sessionOption)
        if let session {
            if session.trimmingCharacters(in: .whitespaces).isEmpty {
                throw UsageError("\(sessionOption.flagName) needs a session id, not an empty value", command: path)
            }
            guard queries.contains(where: { $0.parameterNames.contains("session_id") }) else {
                let takers = try PortableQuery.all().filter { $0.parameterNames.contains("session_id") }.map(\.name)
                throw UsageError(
                    "\(sessionOption.flagName) is for \(takers.joined(separator: ", ")); \(queries[0].name) takes no session",
                    command: path)
            }
        }
        let parameters = settings.reportParameters(asOf: asOf, through: through)
        var values = parameters.queryValues
        values["session_id"] = session.map(QueryValue.text) ?? .null
        var note: String?
        if givenAsOf == nil, queries.contains(where: { $0.parameterNames.contains("as_of") }) {
            let text = zone.iso8601(asOf)
            note = "Note: no --as-of given; as_of is now, \(text). Give the report the same: --as-of \(text)"
        }
        return Parameters(values: values, asOfNote: note)
    }

    /// A path as one shell word: as it is when it has only characters the shell leaves alone,
    /// else in single quotes (a quote inside written `'\''`).
    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (CharacterSet.alphanumerics.contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar))
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `--list`: every query and what it gives.
    static func list(_ context: Context) throws {
        let queries = try PortableQuery.all()
        let width = queries.map(\.name.count).max() ?? 0
        for query in queries {
            let name = query.name + String(repeating: " ", count: width - query.name.count)
            context.stdout.line("\(name)  \(query.purpose)")
        }
    }
}

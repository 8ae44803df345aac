import Foundation
import TallyCore
import TallyRender

/// Where a setting's value came from (shown by `tally config show`).
package enum SettingSource: Equatable, Sendable, CustomStringConvertible {
    /// Nothing set it: the built-in default.
    case builtIn
    /// The built-in demo's settings (`--demo`).
    case demo
    /// The config file at this path.
    case file(String)
    /// This environment variable.
    case environment(String)
    /// This command-line option (without dashes).
    case flag(String)

    /// `default`, `demo`, `config PATH`, `env NAME`, `flag --name`.
    package var description: String {
        switch self {
        case .builtIn: return "default"
        case .demo: return "demo"
        case .file(let path): return "config \(path)"
        case .environment(let name): return "env \(name)"
        case .flag(let name): return "flag --\(name)"
        }
    }
}

/// A value and where it came from.
package struct Setting<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The value in force.
    package var value: Value
    package var source: SettingSource
}

/// A cutoff (`exclude_before`): the text as given, the zone it was read in, and the instant.
package struct Cutoff: Sendable, Equatable {
    /// The text as given.
    package var text: String
    /// The zone the text was read in (the zone set where the cutoff was set; see `Settings`).
    package var zone: Zone
    /// The instant it names.
    package var instant: Instant
    /// Set when the text fell in a daylight-saving gap or overlap of `zone`.
    package var ambiguity: LocalTimeAmbiguity?

    /// `2026-09-19 02:11 +08:00`: the instant in the zone it was written in, with its offset
    /// (seconds shown only when it has some).
    package var display: String {
        zone.format(instant, seconds: zone.local(instant).second != 0)
    }
}

/// The settings in force for one run: built-in defaults, overridden by the config
/// file (`tally.json` in the working folder, `--config FILE` or `$TALLY_CONFIG`),
/// overridden by environment variables, overridden by flags. Every value is read
/// into its type here, before any command touches data, and errors name the key and
/// where it was set; nothing falls back silently afterwards. Every command that reads a
/// setting (the database path above all) takes it from here, so one `tally.json` means
/// the same thing to all of them. Each setting is declared once, in `SettingSpec` (its key,
/// variable, flag and kind), with its parser in `Settings+Parsing.swift`.
///
/// A cutoff belongs to the zone it was written in: `exclude_before` is read in the
/// `timezone` set in the same place (the config file, the environment, the flags); where
/// that place sets none, in the zone the config file and environment give (so a flag's
/// `--exclude-before` is read in `--tz` if given, else in the configured zone). `--tz`
/// alone changes how times are shown, never which sessions a configured cutoff excludes.
///
/// With `--demo` the built-in demo's settings (the author's) replace the defaults and
/// neither the config file nor the environment is read: the demo gives the same
/// report on every machine. Flags still override it.
package struct Settings: Sendable, Equatable {
    /// `db`: the database file, as an absolute path.
    package var db: Setting<String>
    /// `timezone`: the zone times are read and shown in.
    package var zone: Setting<Zone>
    /// `exclude_before`: the cutoff, or none.
    package var excludeBefore: Setting<Cutoff?>
    /// `exclude_sessions`: session ids excluded by name.
    package var excludeSessions: Setting<[String]>
    /// `votes_per_session`: the vote budget.
    package var votesPerSession: Setting<Int>
    /// `launch`: the local date week 1 starts, or none.
    package var launch: Setting<CivilDateTime?>
    /// `lang`: the languages of reports, in the order given (never empty, no language twice).
    package var languages: Setting<[ReportLanguage]>
    /// `reports`: the folder `tally weekly` writes into, as an absolute path.
    package var reports: Setting<String>
    /// `internal`: the moderators' pages (session ids and moderators' names shown), not the public ones.
    package var `internal`: Setting<Bool>
    /// `title`: the title of the report and pages (one line, no control characters), or one per language, or none.
    package var title: Setting<PageTitle?>
    /// `vote_url`: the vote page every weekly page and the share image link back to, or none.
    package var voteURL: Setting<WebAddress?>
    /// `site_url`: the public address of the reports folder (for `og:url` and `og:image`), or none.
    package var siteURL: Setting<WebAddress?>
    /// The config file read, if any.
    package var configFile: String?

    /// The first of `languages`: the language of everything written in one language.
    package var language: Setting<ReportLanguage> {
        Setting(value: languages.value[0], source: languages.source)
    }

    /// The cutoff's instant, if any.
    package var cutoff: Instant? { excludeBefore.value?.instant }

    /// Resolves the settings for an invocation. Flags count only if the command declares them.
    /// A cutoff typed in a daylight-saving gap or overlap gets a note on stderr saying which
    /// reading was taken.
    package static func resolve(_ invocation: Invocation, context: Context) throws -> Settings {
        let settings = try resolveQuietly(invocation, context: context)
        if let cutoff = settings.excludeBefore.value, let ambiguity = cutoff.ambiguity {
            context.stderr.line("Note: exclude_before (from \(settings.excludeBefore.source)) \(ambiguity)")
        }
        return settings
    }

    /// The database path alone: `--db`, `$TALLY_DB`, the config file's `db`, or `./tally.sqlite`.
    /// (Every setting is still checked, so a broken config file is never half used.)
    package static func database(_ invocation: Invocation, _ context: Context) throws -> String {
        try resolveQuietly(invocation, context: context).db.value
    }

    static func resolveQuietly(_ invocation: Invocation, context: Context) throws -> Settings {
        let demo = invocation.declares(SettingOptions.demo) && invocation.flag(SettingOptions.demo)
        if demo, invocation.declared(SettingOptions.config) != nil {
            throw UsageError(
                "--demo uses the author's settings and reads no config file; leave out --config, or leave out --demo",
                command: invocation.path)
        }
        var given = GivenSettings(context)
        if demo {
            given.applyDemo()
        } else {
            try given.applyFile(invocation, context)
            given.applyEnvironment(context)
        }
        try given.applyFlags(invocation, context)
        return try Settings(given, command: invocation.path)
    }
}

extension Settings {
    /// The report parameters these settings give, with the command's own as-of and through times.
    package func reportParameters(asOf: Instant, through: Instant? = nil) -> ReportParameters {
        var parameters = ReportParameters(
            zone: zone.value, excludeBefore: cutoff, excludedSessions: excludeSessions.value, asOf: asOf,
            through: through, votesPerSession: votesPerSession.value)
        parameters.audience = self.internal.value ? .moderators : .readers
        return parameters
    }
}

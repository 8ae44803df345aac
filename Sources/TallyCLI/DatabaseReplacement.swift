import TallyCore

/// The one rule for `--replace` (`demo`, `generate`, `import`): the file must be an SQLite database
/// (checked by `DatabaseFile.build`, through any symbolic link), and a database holding decisions
/// D1 has not confirmed is replaced only with `--discard-local`. `tally pull` keeps such decisions
/// instead, so it needs neither flag.
enum DatabaseReplacement {
    /// `--replace`, worded for a command that builds a database whole.
    static let replaceOption = OptionSpec(
        "replace", .flag, "Replace the database if it exists (atomically, only on success; only an SQLite database).")
    /// `--discard-local`.
    static let discardLocalOption = OptionSpec(
        "discard-local", .flag,
        "With --replace: replace even a database holding decisions D1 has not confirmed (they are lost).")

    /// With `--replace`, takes the old database's write lock and refuses when it holds decisions
    /// D1 has not confirmed (unless `--discard-local`); hold the returned lock until the new file
    /// is renamed into place, then release it. Nil without `--replace`.
    static func lock(_ invocation: Invocation, _ path: String) throws -> ReplacementLock? {
        guard invocation.flag(replaceOption) else { return nil }
        let held = try ReplacementLock(path)
        // `--replace` would wipe decisions that exist only here; `tally pull` keeps them.
        let outstanding = held.outstanding
        guard outstanding > 0, !invocation.flag(discardLocalOption) else { return held }
        held.release()
        throw CommandFailure(
            "\(path) holds \(outstanding) decision(s) D1 has not confirmed (unpushed, pushed but not confirmed, "
                + "or in conflict); --replace would lose them, so nothing was changed. Use `tally pull --from FILE "
                + "--db \(path)` instead: it takes D1's data and keeps your decisions. To replace anyway and lose "
                + "them, add --discard-local")
    }
}

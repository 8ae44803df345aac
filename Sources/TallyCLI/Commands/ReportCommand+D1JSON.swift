import TallyCore

extension ReportCommand {
    /// The paths of `--from-d1-json`, after checking the options that cannot go with it.
    static func d1JSONPaths(_ invocation: Invocation, _ context: Context) throws -> [String] {
        let paths = invocation.values(fromD1JSONOption)
        guard !paths.isEmpty else { return [] }
        let path = invocation.path
        if invocation.flag(SettingOptions.demo) {
            throw UsageError("--from-d1-json renders results computed on D1; leave out --demo", command: path)
        }
        if invocation.has(SettingOptions.db) {
            throw UsageError("--from-d1-json opens no database; leave out --db", command: path)
        }
        if paths.contains(where: \.isEmpty) {
            throw UsageError("--from-d1-json needs a file or folder, not an empty value", command: path)
        }
        // The default as-of time is now, which is not when the queries were filled: the quiet
        // gap D1 computed ends at the as_of in the SQL, so the report must be told that time.
        if !invocation.has(asOfOption) {
            throw UsageError(
                "--from-d1-json needs --as-of: the time given to `tally sql` (or the one it printed), which the "
                    + "queries' results were computed to", command: path)
        }
        return paths.map(context.path)
    }

    /// The report model from D1's results: read, checked against the `.sql` files beside
    /// them, turned into figures, then into the same model a local report builds.
    static func modelFromD1JSON(_ options: Options, _ context: Context) throws -> ReportModel {
        let results = try D1JSONResults(paths: options.d1JSON)
        try results.checkParameters(options.parameters.queryValues)
        var figures = try results.figures()
        // Queries filled with --contract-only stood in for the moderation record: say it is not available.
        figures.moderationRecord = try results.moderationRecord()
        // Local days need no warning: the SQL maps each vote through the zone's offsets.
        return try ReportModel(figures: figures, parameters: options.parameters)
    }
}

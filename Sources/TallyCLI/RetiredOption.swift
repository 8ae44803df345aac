/// Options tally no longer has, with what to do instead: a user who still types one is told
/// why it is gone rather than only that it is unknown.
enum RetiredOption {
    /// The message for `--name` given to the command at `path`, when that option was retired there.
    static func message(_ name: String, path: [String]) -> String? {
        switch (path, name) {
        case (["report"], "from-d1-json"):
            return "--from-d1-json is gone: tally reports from a local copy of the database only. Copy D1 with "
                + "`tally pull --wrangler DB` (or `tally pull --from export.sql` for a `wrangler d1 export` file), "
                + "then run `tally report` with the same options; `tally sql` still prints the queries for the D1 console"
        default:
            return nil
        }
    }
}

import TallyCore
import TallySQLite

/// The checks that keep `tally weekly` from writing thousands of files by mistake (a `--through`
/// in the next century, a launch date with the wrong year): refused unless `--force`.
enum WeeklyLimits {
    /// Ten years of weeks.
    static let maxWeeks = 520
    /// How far before the first vote a launch may be.
    static let maxLaunchLeadSeconds: Int64 = 366 * 86_400

    /// More than `maxWeeks` finished weeks: checked before the database is opened.
    static func checkWeeks(_ options: WeeklyCommand.Options) throws {
        let calendar = options.calendar
        let zone = calendar.zone
        // Counting stops just past the limit, so a far --through costs nothing.
        guard calendar.week(maxWeeks + 1).end <= options.through else { return }
        throw CommandFailure(
            "the weeks from the launch \(calendar.launch.dateText) (from \(options.launchSource)) to "
                + "\(zone.format(options.through)) are more than \(maxWeeks) (ten years), one page each; "
                + "check --through and the launch date, or add --force to write them all")
    }

    /// A launch more than a year before the first vote: checked on the data before anything is written.
    /// - Parameter counted: the first readable vote the weekly tallies counted (`talliesAndFirstVote`),
    ///   which is the data's first vote when there is one; only without it is the data read again,
    ///   in the same snapshot.
    static func checkLaunch(_ options: WeeklyCommand.Options, _ snapshot: ReadSnapshot, counted: Instant?) throws {
        var first = counted
        if first == nil {
            var parameters = options.parameters
            parameters.through = nil
            first = try Analyzer(parameters: parameters).figures(in: snapshot).totals.firstVoteAll
        }
        let launch = options.calendar.week(1).start
        guard let first, launch.adding(seconds: maxLaunchLeadSeconds) < first else {
            return
        }
        let zone = options.calendar.zone
        let weeks = (first.seconds - launch.seconds) / (7 * 86_400)
        throw CommandFailure(
            "the launch \(options.calendar.launch.dateText) (from \(options.launchSource)) is more than a year "
                + "before the first vote (\(zone.format(first))): \(weeks) weeks of pages before any vote; "
                + "check the launch date, or add --force to write them")
    }
}

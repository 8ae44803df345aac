import TallyCore

/// `week-NN.json` (`schema: "tally.weekly/1"`, described in docs/weekly-json.md): the week,
/// its own figures, the changes since the week before, the chart files, and the whole
/// cumulative report at the week's end as `tally report --format json` writes it (which
/// ends with the data fingerprint). Machine text: the same in every language.
package enum WeeklyJSON {
    /// The version of this document.
    package static let schemaVersion = "tally.weekly/1"

    /// The document as text, pretty-printed, ending in a newline; `ledger` carries the exclusion ledger's
    /// rows from one week to the next of a run.
    package static func render(_ tally: WeeklyTally, ledger: LedgerRows? = nil) -> String {
        document(tally, ledger: ledger).serialized(reusing: ledger?.text)
    }

    /// The exclusion ledger's rows of the week rendered last, and their text: consecutive weeks nearly always
    /// list the same excluded sessions (a cutoff's are excluded for good), and making their rows again (a time
    /// and a reason each, up to a thousand rows) for every week was a fifth of a 104-week run's JSON; writing
    /// them again, half of what was left.
    package final class LedgerRows {
        private var last: (listed: [ReportFigures.ExcludedSession], zone: Zone, audience: Audience, rows: [JSONValue])?
        /// The text of `last.rows`.
        let text = JSONValue.ReusedArray()

        /// No rows yet.
        package init() {}

        /// `JSONReport.excludedRows(model)`, made again only when the ledger, zone or audience changed.
        func rows(for model: ReportModel) -> [JSONValue] {
            let (listed, zone, audience) = (model.exclusions.listed, model.parameters.zone, model.parameters.audience)
            if let last, last.listed == listed, last.zone == zone, last.audience == audience { return last.rows }
            let rows = JSONReport.excludedRows(model)
            last = (listed, zone, audience, rows)
            text.hold(rows)
            return rows
        }
    }

    /// The document as a value.
    package static func document(_ tally: WeeklyTally, ledger: LedgerRows? = nil) -> JSONValue {
        let week = tally.week
        let zone = tally.report.parameters.zone
        func time(_ instant: Instant) -> JSONValue { .string(ReportText.iso8601(instant, zone)) }
        let days: [JSONValue] = tally.days.map { day in
            .object([("date", .string(day.date.dateText)), ("voters", .int(day.voters)), ("votes", .int(day.votes))])
        }
        let moves: [JSONValue] = tally.report.sections.flatMap { section in
            tally.rankMoves(in: section).map { move in
                .object([
                    ("option_id", .integer(move.option.id)), ("section", .string(section.name)),
                    ("rank", .int(move.option.rank)), ("previous_rank", .int(move.previousRank)),
                    ("voters", .int(move.option.voters)), ("previous_voters", .int(move.previousVoters)),
                    ("places_gained", tally.hadRanking(section) ? .int(move.placesGained) : .null),
                ])
            }
        }
        let decisions: [JSONValue] = tally.decisions.map { decision in
            let entry = decision.entry
            return .object([
                ("log_id", .integer(entry.id)), ("note_id", .integer(entry.noteID)), ("action", .string(entry.action)),
                ("from", .string(entry.from)), ("to", .string(entry.to)),
                (
                    "moderator",
                    tally.report.parameters.audience.showsIdentifiers ? .string(entry.moderator) : .null
                ),
                ("at", entry.time.map(time) ?? .null), ("option_id", entry.optionID.map(JSONValue.integer) ?? .null),
            ])
        }
        let charts: [JSONValue] =
            [.string(WeeklyFiles.dailyChart(week.number))]
            + tally.report.sections.enumerated().map { position, section in
                .string(WeeklyFiles.rankingChart(week.number, section: section, position: position + 1))
            }
        return .object([
            ("schema", .string(schemaVersion)),
            (
                "week",
                .object([
                    ("number", .int(week.number)), ("launch", .string(tally.launch.dateText)),
                    ("first_day", .string(week.firstDay.dateText)), ("last_day", .string(week.lastDay.dateText)),
                    ("start", time(week.start)), ("end", time(week.end)),
                ])
            ),
            (
                "this_week",
                .object([
                    ("votes", .int(tally.votes)), ("new_voters", .int(tally.newVoters)),
                    ("votes_with_excluded", .int(tally.votesWithExcluded)),
                    ("new_sessions_with_excluded", .int(tally.newSessionsWithExcluded)),
                    ("days", .array(days)),
                ])
            ),
            (
                "changes",
                .object([
                    ("since_week", week.number > 1 ? .int(week.number - 1) : .null),
                    (
                        "voters",
                        .object([
                            ("before", .int(tally.previous.totals.voters)), ("after", .int(tally.report.totals.voters)),
                        ])
                    ),
                    (
                        "votes",
                        .object([
                            ("before", .int(tally.previous.totals.votes)), ("after", .int(tally.report.totals.votes)),
                        ])
                    ),
                    ("options_added", .array(tally.optionsAdded.map { .integer($0.id) })),
                    ("rank_moves", .array(moves)),
                    ("decisions", .array(decisions)),
                ])
            ),
            ("charts", .array(charts)),
            ("report", JSONReport.document(tally.report, excludedRows: ledger?.rows(for: tally.report))),
        ])
    }
}

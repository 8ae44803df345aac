import TallyCore

/// The report as one CSV table (RFC 4180, CRLF line ends) in long form: every
/// row says which part of the report it belongs to in its `table` column, and
/// uses the columns that part needs (docs/report-csv.md lists them). Text cells
/// go through `CSVWriter`, so a cell a spreadsheet would run as a formula is
/// neutralised; numbers stay numbers.
package enum CSVReport {
    /// The columns, in order.
    package static let columns = [
        "table", "section", "rank", "id", "session", "label", "time", "sessions", "votes", "share", "ci95_low",
        "ci95_high", "value", "detail",
    ]

    /// The `detail` of the fingerprint's `sha256` row when the report was rendered from D1's
    /// results: the hash is not there, and this says why (the `source` row above says `d1`).
    package static let sha256NotOnD1 = "not available: computed on D1, which has no SHA-256 function"

    /// The part of the report each `table` value belongs to, for `--only`.
    static let tableParts: [String: ReportPart] = [
        "report": .headline, "totals": .headline, "option": .ranking, "option_with_excluded": .ranking,
        "section": .ranking, "leader": .ranking, "covote_expected": .ranking, "notes_summary": .notes,
        "chance_of_leading": .ranking, "order_chance": .ranking,
        "covote": .ranking, "chance_model": .ranking, "excluded": .exclusions,
        "activity": .activity, "day": .activity,
        "usage": .usage, "stacking": .usage, "notes": .notes, "notes_promoted": .notes, "approved": .notes,
        "promoted": .notes, "moderation_record": .notes, "anomaly": .anomalies, "anomaly_example": .anomalies,
        "parameter": .settings,
        "fingerprint": .fingerprint,
    ]

    /// A yes/no figure, as JSON writes it.
    static func flag(_ value: Bool) -> CSVWriter.Field { .text(value ? "true" : "false") }

    /// A share, interval bound, chance or lift with 4 decimals; empty for nil.
    static func fraction(_ value: Double?) -> CSVWriter.Field {
        value.map { .number($0, decimals: 4) } ?? .empty
    }

    /// The columns of the plain ranking table (`--only ranking`).
    package static let rankingColumns = [
        "section", "rank", "option_id", "option", "voters", "votes", "share", "ci95_low", "ci95_high", "standing",
    ]

    /// The report as CSV: the long table of the parts `selection` picks (`--brief` adds the settings and
    /// the fingerprint rows), or the plain ranking table when only the ranking is asked for.
    package static func render(_ model: ReportModel, selection: ReportSelection) -> String {
        if selection.isRankingOnly { return ranking(model) }
        var parts = selection.parts
        if selection.brief { parts += [.settings, .fingerprint] }
        return render(model, parts: Set(parts))
    }

    /// One row per option, in rank order within each section: a table a spreadsheet can sort and
    /// chart as it is. An option nobody voted for has an empty rank, as in the Markdown.
    package static func ranking(_ model: ReportModel) -> String {
        var writer = CSVWriter()
        writer.row(rankingColumns)
        for option in model.sections.flatMap(\.options) {
            writer.row([
                .text(option.section), option.voters > 0 ? .integer(Int64(option.rank)) : .empty, .integer(option.id),
                .text(option.content), .integer(Int64(option.voters)), .integer(Int64(option.votes)),
                fraction(option.share), fraction(option.interval?.lower), fraction(option.interval?.upper),
                option.standing.map { .text($0.rawValue) } ?? .empty,
            ])
        }
        return writer.output
    }

    /// The whole table, header first, each record ending in CRLF.
    package static func render(_ model: ReportModel) -> String {
        render(model, parts: Set(ReportPart.allCases))
    }

    /// The long table with the rows of `parts` only.
    static func render(_ model: ReportModel, parts: Set<ReportPart>) -> String {
        let zone = model.parameters.zone
        // Session ids only for moderators (`--internal`): a public CSV keeps every row, with the column empty.
        let sessionsShown = model.parameters.audience.showsIdentifiers
        var writer = CSVWriter()
        writer.row(columns)
        func row(
            _ table: String, section: String? = nil, rank: Int? = nil, id: Int64? = nil, session: String? = nil,
            label: String? = nil, time: Instant? = nil, sessions: Int? = nil, votes: Int? = nil,
            share: Double? = nil, interval: WilsonInterval? = nil, value: CSVWriter.Field = .empty,
            detail: String? = nil
        ) {
            // A table missing from `tableParts` is still written in the whole report (a test lists every
            // table the demo writes and requires a part for each, so a new one is mapped when it is added).
            if let part = tableParts[table] {
                guard parts.contains(part) else { return }
            } else {
                guard parts.count == ReportPart.allCases.count else { return }
            }
            func text(_ value: String?) -> CSVWriter.Field { value.map(CSVWriter.Field.text) ?? .empty }
            func integer(_ value: Int?) -> CSVWriter.Field { value.map { .integer(Int64($0)) } ?? .empty }
            writer.row([
                .text(table), text(section), integer(rank), id.map(CSVWriter.Field.integer) ?? .empty,
                text(sessionsShown ? session : nil),
                text(label), text(time.map { ReportText.iso8601($0, zone) }), integer(sessions), integer(votes),
                fraction(share), fraction(interval?.lower), fraction(interval?.upper), value, text(detail),
            ])
        }

        let totals = model.totals
        row("report", label: "schema", detail: ReportModel.schemaVersion)
        row("report", label: "small_sample", value: flag(model.isSmallSample))
        row("report", label: "small_sample_threshold", value: .integer(Int64(ReportModel.smallSampleThreshold)))
        row("report", label: "excluded_total", value: .integer(Int64(model.exclusions.total)))
        row("totals", label: "raw", sessions: totals.votersAll, votes: totals.votesAll)
        row("totals", label: "counted", sessions: totals.voters, votes: totals.votes)
        row("totals", label: "excluded", sessions: totals.votersExcluded, votes: totals.votesExcluded)
        for option in model.sections.flatMap(\.options) {
            row(
                "option", section: option.section, rank: option.rank, id: option.id, label: option.content,
                time: option.createdAt, sessions: option.voters, votes: option.votes, share: option.share,
                interval: option.interval, value: option.eligible.map { .integer(Int64($0)) } ?? .empty,
                detail: option.standing?.rawValue)
        }
        for option in model.sections.flatMap(\.options) {
            row(
                "option_with_excluded", section: option.section, rank: option.rank, id: option.id,
                label: option.content, sessions: option.votersAll, votes: option.votesAll)
        }
        for section in model.sections {
            row("section", section: section.name, value: flag(section.isKnown))
            for leader in section.leaders { row("leader", section: section.name, id: leader.id, label: "counted") }
            for leader in section.leadersAll {
                row("leader", section: section.name, id: leader.id, label: "with_excluded")
            }
        }
        // The chances and pairs (CSVReport+Uncertainty.swift has their meaning and order).
        for option in model.sections.flatMap(\.options) where option.chanceOfLeading != nil {
            row(
                "chance_of_leading", section: option.section, rank: option.rank, id: option.id, label: option.content,
                value: fraction(option.chanceOfLeading))
        }
        for section in model.sections {
            for pair in section.orderChances {
                row(
                    "order_chance", section: section.name, id: pair.higher, value: fraction(pair.chance),
                    detail: orderDetail(pair))
            }
            for pair in section.covotes {
                row(
                    "covote", section: section.name, id: pair.a, sessions: pair.voters, value: fraction(pair.lift),
                    detail: covoteDetail(pair))
                row(
                    "covote_expected", section: section.name, id: pair.a, value: fraction(pair.expected),
                    detail: covoteDetail(pair))
            }
        }
        if let chanceModel = model.chanceModel {
            for (label, detail) in chanceModelRows(chanceModel) { row("chance_model", label: label, detail: detail) }
        }
        for entry in model.exclusions.listed {
            row(
                "excluded", session: entry.session, time: entry.firstVote, votes: entry.votes,
                detail: ReportText.exclusionReason(entry))
        }
        let activity = model.activity
        row("activity", label: "first_vote", time: activity.firstVote)
        row("activity", label: "last_vote", time: activity.lastVote)
        row("activity", label: "as_of", time: activity.asOf)
        row(
            "activity", label: "days_since_last_vote",
            value: activity.sinceLastVote.map { .number(Double($0) / 86_400_000, decimals: 2) } ?? .empty)
        row("activity", label: "quiet_local_days", value: activity.quietLocalDays.map { .integer(Int64($0)) } ?? .empty)
        if let gap = activity.longestGap {
            row("activity", label: "longest_gap_start", time: gap.start)
            row(
                "activity", label: "longest_gap_end", time: gap.end,
                detail: activity.gapIsOngoing ? "ongoing" : nil)
            row("activity", label: "longest_gap_seconds", value: .integer(gap.seconds))
        }
        row("activity", label: "days_continuous", value: flag(activity.daysAreContinuous))
        for day in activity.days {
            row("day", label: day.date.dateText, sessions: day.voters, votes: day.votes)
        }
        for usage in model.concentration.usage {
            row("usage", label: "votes_used", sessions: usage.sessions, value: .integer(Int64(usage.votesUsed)))
        }
        for usage in model.concentration.usage {
            row(
                "stacking", label: "votes_used", sessions: usage.stackingSessions,
                value: .integer(Int64(usage.votesUsed)))
        }
        row("usage", label: "total", sessions: model.concentration.sessions)
        row("stacking", label: "total", sessions: model.concentration.stackingSessions)
        if !model.suggestions.moderationRecord {
            // Only then, so a migrated database's CSV stays as it was.
            row(
                "moderation_record", label: "not_available",
                detail: "the database has only the vote page's tables: no promotion links or moderation history")
        }
        row("notes_summary", label: "total", value: .integer(Int64(model.suggestions.total)))
        row("notes_summary", label: "approved", value: .integer(Int64(model.suggestions.approvedCount)))
        for status in model.suggestions.statuses {
            row("notes", label: status.status, sessions: status.sessions, value: .integer(Int64(status.notes)))
        }
        for status in model.suggestions.statuses {
            row("notes_promoted", label: status.status, value: .integer(Int64(status.promoted)))
        }
        for group in model.suggestions.approvedGroups {
            for note in group.notes {
                row(
                    "approved", id: note.id, session: group.session, label: note.content, time: note.createdAt,
                    value: note.promotedOptionID.map(CSVWriter.Field.integer) ?? .empty)
            }
        }
        for promotion in model.suggestions.promotions {
            row(
                "promoted", id: promotion.note.promotedOptionID, label: promotion.option?.content,
                time: promotion.option?.createdAt, sessions: promotion.option?.voters, votes: promotion.option?.votes,
                value: .integer(promotion.note.id))
        }
        for anomaly in model.anomalies {
            row("anomaly", label: anomaly.kind.rawValue, value: .integer(Int64(anomaly.total)))
            for example in anomaly.examples {
                row(
                    "anomaly_example", id: example.rowID, session: example.session, label: anomaly.kind.rawValue,
                    time: example.at, votes: example.count,
                    value: example.optionID.map(CSVWriter.Field.integer) ?? .empty,
                    detail: example.text.map { "\(example.table): \($0)" } ?? example.table)
            }
        }
        // The parameters and the data fingerprint end the table, as they end every report.
        let parameters = model.parameters
        row("parameter", label: "time_zone", detail: parameters.zone.identifier)
        row("parameter", label: "audience", detail: parameters.audience.rawValue)
        row("parameter", label: "exclude_before", time: parameters.excludeBefore)
        for session in parameters.excludedSessions { row("parameter", session: session, label: "exclude_session") }
        row("parameter", label: "as_of", time: parameters.asOf)
        row("parameter", label: "through", time: parameters.through)
        row("parameter", label: "votes_per_session", value: .integer(Int64(parameters.votesPerSession)))
        row("parameter", label: "excluded_by_name", value: .integer(Int64(parameters.excludedSessions.count)))
        row("parameter", label: "max_listed", value: .integer(Int64(parameters.maxListed)))
        row("parameter", label: "max_examples", value: .integer(Int64(parameters.maxExamples)))
        if let fingerprint = model.fingerprint {
            row("fingerprint", label: "scheme", detail: DataFingerprint.scheme)
            for table in fingerprint.tables {
                row("fingerprint", id: table.highestID, label: table.name, value: .integer(Int64(table.rows)))
            }
            row("fingerprint", label: "latest", time: fingerprint.latest)
            row("fingerprint", label: "source", detail: fingerprint.source.rawValue)
            row("fingerprint", label: "sha256", detail: fingerprint.sha256 ?? CSVReport.sha256NotOnD1)
        }
        return writer.output
    }
}

import TallyCore

/// The report as one CSV table (RFC 4180, CRLF line ends) in long form: every
/// row says which part of the report it belongs to in its `table` column, and
/// uses the columns that part needs (docs/report-csv.md lists them). Text cells
/// go through `CSVWriter`, so a cell a spreadsheet would run as a formula is
/// neutralised; numbers stay numbers.
package enum CSVReport {
    /// The columns, in order.
    package enum Column: String, CaseIterable {
        case table, section, rank, id, session, label, time, sessions, votes, share
        case ci95Low = "ci95_low"
        case ci95High = "ci95_high"
        case value, detail
    }

    /// The columns' names, in order.
    package static let columns = Column.allCases.map(\.rawValue)

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

    /// The tables in the order the file lists them. Tables in one group interleave as the report's walk makes their
    /// rows (a section's row, then its leaders'), placed by each row's `order` (`ReportRecords.Row`).
    static let tableGroups = [
        ["report"], ["totals"], ["option"], ["option_with_excluded"], ["section", "leader"], ["chance_of_leading"],
        ["order_chance", "covote", "covote_expected"], ["chance_model"], ["excluded"], ["activity"], ["day"],
        ["usage", "stacking"], ["moderation_record"], ["notes_summary"], ["notes"], ["notes_promoted"], ["approved"],
        ["promoted"], ["anomaly", "anomaly_example"], ["parameter"], ["fingerprint"],
    ]

    /// Each table's place in `tableGroups`.
    package static let tableGroup = tableGroups.enumerated().reduce(into: [String: Int]()) { groups, entry in
        for table in entry.element { groups[table] = entry.offset }
    }

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

    /// The long table with the rows of `parts` only: the rows of the report's one walk (`ReportRecords`), which the
    /// JSON document reads too.
    static func render(_ model: ReportModel, parts: Set<ReportPart>) -> String {
        var writer = CSVWriter()
        writer.row(columns)
        let whole = parts.count == ReportPart.allCases.count
        for row in ReportRecords(model).table {
            // A table missing from `tableParts` is still written in the whole report (a test lists every
            // table the demo writes and requires a part for each, so a new one is mapped when it is added).
            guard tableParts[row.table].map(parts.contains) ?? whole else { continue }
            writer.row(row.fields)
        }
        return writer.output
    }
}

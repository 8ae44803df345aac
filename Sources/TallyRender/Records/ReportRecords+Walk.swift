import TallyCore

/// The walk over a report, in the JSON document's order (docs/report-json.md); each figure says its CSV cell as it
/// is added (docs/report-csv.md).
extension ReportRecords {
    /// Every figure of `model`. `excludedRows`: the exclusion ledger's JSON rows when the caller has them already
    /// (the weekly pass reuses them from week to week, for JSON only: the CSV has no `excluded` rows then).
    init(_ model: ReportModel, excludedRows: [JSONValue]? = nil) {
        self.init(zone: model.parameters.zone, showsSessions: model.parameters.audience.showsIdentifiers)
        add(["schema"], .string(ReportModel.schemaVersion), row("report", order: [0], label: "schema"), .detail)
        addParameters(model.parameters)
        addTotals(model.totals)
        add(
            ["small_sample"], .bool(model.isSmallSample), row("report", order: [1], label: "small_sample"), .value)
        add(
            ["small_sample_threshold"], .int(ReportModel.smallSampleThreshold),
            row("report", order: [2], label: "small_sample_threshold"), .value)
        addSections(model.sections)
        addOptions(model.sections.flatMap(\.options))
        addCovotes(model.sections)
        addChanceModel(model.chanceModel)
        if let excludedRows {
            add(["excluded"], .array(excludedRows))
        } else {
            addExcluded(model.exclusions.listed)
        }
        add(
            ["excluded_total"], .int(model.exclusions.total), row("report", order: [3], label: "excluded_total"),
            .value)
        addActivity(model.activity)
        addConcentration(model.concentration)
        addSuggestions(model.suggestions)
        addAnomalies(model.anomalies)
        addFingerprint(model.fingerprint)
    }

    /// The exclusion ledger's rows alone (`excluded[]`), as the document writes them.
    static func excludedRows(_ model: ReportModel) -> [JSONValue] {
        var records = ReportRecords(
            zone: model.parameters.zone, showsSessions: model.parameters.audience.showsIdentifiers)
        records.addExcluded(model.exclusions.listed)
        guard case .object(let pairs) = records.document, case .array(let rows)? = pairs.first?.1 else { return [] }
        return rows
    }

    /// `parameters`: the CSV lists them near its end, in the order of `order` below.
    mutating func addParameters(_ parameters: ReportParameters) {
        func parameter(_ key: String, _ value: JSONValue, order: Int, _ column: CSVReport.Column) {
            add(["parameters", .key(key)], value, row("parameter", order: [order], label: key), column)
        }
        parameter("time_zone", .string(parameters.zone.identifier), order: 0, .detail)
        parameter("exclude_before", time(parameters.excludeBefore), order: 2, .time)
        // Each session excluded by name has its row; its id only for moderators, where JSON lists them.
        let named = parameters.excludedSessions.map { _ in row("parameter", order: [3], label: "exclude_session") }
        if showsSessions {
            add(["parameters", "exclude_sessions"], .array([]))
            for (index, session) in parameters.excludedSessions.enumerated() {
                add(["parameters", "exclude_sessions", .index(index)], .string(session), named[index], .session)
            }
        } else {
            add(["parameters", "exclude_sessions"], .null)
        }
        parameter("excluded_by_name", .int(parameters.excludedSessions.count), order: 7, .value)
        parameter("audience", .string(parameters.audience.rawValue), order: 1, .detail)
        parameter("as_of", time(parameters.asOf), order: 4, .time)
        parameter("through", time(parameters.through), order: 5, .time)
        parameter("votes_per_session", .int(parameters.votesPerSession), order: 6, .value)
        parameter("max_listed", .int(parameters.maxListed), order: 8, .value)
        parameter("max_examples", .int(parameters.maxExamples), order: 9, .value)
    }

    mutating func addTotals(_ totals: ReportFigures.Totals) {
        for (label, voters, votes) in [
            ("raw", totals.votersAll, totals.votesAll), ("counted", totals.voters, totals.votes),
            ("excluded", totals.votersExcluded, totals.votesExcluded),
        ] {
            let row = row("totals", label: label)
            add(["totals", .key(label), "voters"], .int(voters), row, .sessions)
            add(["totals", .key(label), "votes"], .int(votes), row, .votes)
        }
    }

    /// `excluded[]`: whether a listed session is in the data is the CSV's `votes` (more than none).
    mutating func addExcluded(_ listed: [ReportFigures.ExcludedSession]) {
        add(["excluded"], .array([]))
        for (index, entry) in listed.enumerated() {
            let row = row("excluded")
            func at(_ key: String) -> [Step] { ["excluded", .index(index), .key(key)] }
            add(at("session"), session(entry.session), row, .session)
            add(at("first_vote"), time(entry.firstVote), row, .time)
            add(at("votes"), .int(entry.votes), row, .votes)
            add(at("reason"), .string(ReportText.exclusionReason(entry)), row, .detail)
            add(at("in_data"), .bool(entry.votes > 0))
        }
    }

    /// `activity`: its figures are `activity` rows in the CSV, its days `day` rows.
    mutating func addActivity(_ activity: ReportModel.Activity) {
        func figure(_ key: String, _ value: JSONValue, _ column: CSVReport.Column) {
            add(["activity", .key(key)], value, row("activity", label: key), column)
        }
        figure("first_vote", time(activity.firstVote), .time)
        figure("last_vote", time(activity.lastVote), .time)
        figure("as_of", time(activity.asOf), .time)
        figure(
            "days_since_last_vote",
            activity.sinceLastVote.map { .number(Double($0) / 86_400_000, decimals: 2) } ?? .null,
            .value)
        figure("quiet_local_days", .int(activity.quietLocalDays), .value)
        if let gap = activity.longestGap {
            let start = row("activity", label: "longest_gap_start")
            let end = row("activity", label: "longest_gap_end")
            let seconds = row("activity", label: "longest_gap_seconds")
            add(["activity", "longest_quiet_gap", "start"], time(gap.start), start, .time)
            add(["activity", "longest_quiet_gap", "end"], time(gap.end), end, .time)
            add(["activity", "longest_quiet_gap", "seconds"], .integer(gap.seconds), seconds, .value)
            add(
                ["activity", "longest_quiet_gap", "ongoing"], .bool(activity.gapIsOngoing), end, .detail,
                field: activity.gapIsOngoing ? .text("ongoing") : .empty)
        } else {
            add(["activity", "longest_quiet_gap"], .null)
        }
        add(["activity", "days"], .array([]))
        for (index, day) in activity.days.enumerated() {
            let row = row("day")
            add(["activity", "days", .index(index), "date"], .string(day.date.dateText), row, .label)
            add(["activity", "days", .index(index), "voters"], .int(day.voters), row, .sessions)
            add(["activity", "days", .index(index), "votes"], .int(day.votes), row, .votes)
        }
        figure("days_continuous", .bool(activity.daysAreContinuous), .value)
    }

    /// `concentration`: `usage` rows (sessions by votes used), then `stacking` rows, then each one's total.
    mutating func addConcentration(_ concentration: ReportModel.Concentration) {
        add(
            ["concentration", "sessions"], .int(concentration.sessions), row("usage", order: [2], label: "total"),
            .sessions)
        add(
            ["concentration", "stacking_sessions"], .int(concentration.stackingSessions),
            row("stacking", order: [3], label: "total"), .sessions)
        add(["concentration", "by_votes_used"], .array([]))
        for (index, usage) in concentration.usage.enumerated() {
            let votesUsed = CSVWriter.Field.integer(Int64(usage.votesUsed))
            let row = row("usage", order: [0], label: "votes_used")
            let stacking = self.row("stacking", order: [1], label: "votes_used", [.value: votesUsed])
            func at(_ key: String) -> [Step] { ["concentration", "by_votes_used", .index(index), .key(key)] }
            add(at("votes_used"), .int(usage.votesUsed), row, .value)
            add(at("sessions"), .int(usage.sessions), row, .sessions)
            add(at("stacking_sessions"), .int(usage.stackingSessions), stacking, .sessions)
        }
    }

    /// `fingerprint` (the document's last key): `source` says where it was computed; `sha256` is null when that was
    /// D1 (SQL has no SHA-256), and the CSV says why. Null for a model without one (made in memory).
    mutating func addFingerprint(_ fingerprint: DataFingerprint?) {
        guard let fingerprint else { return add(["fingerprint"], .null) }
        add(["fingerprint", "scheme"], .string(DataFingerprint.scheme), row("fingerprint", label: "scheme"), .detail)
        add(["fingerprint", "tables"], .array([]))
        for (index, table) in fingerprint.tables.enumerated() {
            let row = row("fingerprint")
            func at(_ key: String) -> [Step] { ["fingerprint", "tables", .index(index), .key(key)] }
            add(at("name"), .string(table.name), row, .label)
            add(at("rows"), .int(table.rows), row, .value)
            add(at("highest_id"), table.highestID.map(JSONValue.integer) ?? .null, row, .id)
        }
        add(["fingerprint", "latest"], time(fingerprint.latest), row("fingerprint", label: "latest"), .time)
        add(
            ["fingerprint", "source"], .string(fingerprint.source.rawValue), row("fingerprint", label: "source"),
            .detail)
        add(
            ["fingerprint", "sha256"], fingerprint.sha256.map(JSONValue.string) ?? .null,
            row("fingerprint", label: "sha256"), .detail, field: .text(fingerprint.sha256 ?? CSVReport.sha256NotOnD1))
    }
}

import TallySQLite

/// Reads a vote database (read-only) and computes a report's figures.
///
/// Vote figures come from one streaming pass (`VoteScan` with one boundary), which also
/// hashes the votes for the data fingerprint; the notes figures run the shipped
/// `queries/suggestions.sql` and `queries/approved.sql` themselves, so for those
/// the portable SQL is the only definition.
package struct Analyzer: Sendable {
    /// The parameters every figure is computed with.
    package let parameters: ReportParameters

    /// A report made with `parameters`.
    package init(parameters: ReportParameters) {
        self.parameters = parameters
    }

    /// The complete report: figures, then everything derived from them, all read from one
    /// committed state of the database (`ReadSnapshot`).
    /// Throws `AnalysisError` for a schema that lacks what the report reads or an
    /// as-of time before the votes.
    package func report(from db: Connection) throws -> ReportModel {
        try ReportModel(figures: figures(from: db), parameters: parameters)
    }

    /// The complete report, read from `snapshot` (several reports can share one).
    package func report(in snapshot: ReadSnapshot) throws -> ReportModel {
        try ReportModel(figures: figures(in: snapshot), parameters: parameters)
    }

    /// The raw figures: the same values the files of `queries/` return, all read from one
    /// committed state of the database.
    package func figures(from db: Connection) throws -> ReportFigures {
        try ReadSnapshot.read(db) { try figures(in: $0) }
    }

    /// The raw figures, read from `snapshot`: the vote pass with this report's one boundary.
    package func figures(in snapshot: ReadSnapshot) throws -> ReportFigures {
        let db = snapshot.connection
        let moderationRecord = try SchemaCheck.prepare(db)
        try Analyzer.provideLogTable(db)
        let table = try readOptions(db)
        var scan = VoteScan(parameters: parameters, options: table, through: [parameters.through?.millis ?? .max])
        try scan.run(db.prepare(VoteScan.sql))
        var figures: ReportFigures?
        let queries = PreparedQueries(db)
        try scan.reports(asOf: [parameters.asOf]) { votes in
            figures = try self.figures(
                from: queries, table: table, votes: votes, moderationRecord: moderationRecord)
        }
        // An approved note edited on D1 after this copy's decision is not the note approved (the sync
        // ledger says so; a database without one has nothing to say).
        let changed = Dictionary(
            try SyncLedger(db).changedAfterDecision().map { ($0.noteID, $0) }, uniquingKeysWith: { $1 })
        if !changed.isEmpty, var result = figures {
            for index in result.approved.indices {
                guard let decision = changed[result.approved[index].id] else { continue }
                result.approved[index].changedAfterDecision = ReportFigures.ChangedAfterDecision(
                    action: decision.action, moderator: decision.moderator,
                    decidedContent: decision.seen?.content ?? "")
            }
            figures = result
        }
        return figures!
    }

    /// The figures from votes already counted (`VoteScan`, at this report's boundary):
    /// everything else (options, notes, anomalies of options and notes, the fingerprint's other
    /// tables) is read here with this report's parameters, by statements `queries` keeps for the next.
    func figures(
        from queries: PreparedQueries, table: OptionTable, votes scan: ScannedVotes, moderationRecord: Bool
    ) throws -> ReportFigures {
        var options: [ReportFigures.Option] = []
        for (index, option) in table.options.enumerated() {
            if let through = parameters.through, let created = option.createdAt, created > through { continue }
            options.append(
                .init(
                    id: option.id, content: option.content, section: option.section, createdAt: option.createdAt,
                    voters: scan.optionVoters[index], votes: scan.optionVotes[index],
                    votersAll: scan.optionVotersAll[index], votesAll: scan.optionVotesAll[index]))
        }
        options.sort(by: Analyzer.tallyOrder)

        let totals = ReportFigures.Totals(
            votersAll: scan.sessionsAll, votesAll: scan.votesAll, voters: scan.sessionsCounted,
            votes: scan.votesCounted, firstVoteAll: scan.firstAll.map(Instant.init(millis:)),
            lastVoteAll: scan.lastAll.map(Instant.init(millis:)))
        let days = scan.days.keys.sorted().map { day in
            ReportFigures.Day(
                date: CivilDateTime(utcSeconds: day * 86_400), votes: scan.days[day]!.votes,
                voters: scan.days[day]!.voters)
        }
        var gap: ReportFigures.Gap?
        if scan.firstCounted != nil {
            gap = scan.gap.map { .init(start: Instant(seconds: $0.start), end: Instant(seconds: $0.end)) }
        }
        let timeline = ReportFigures.Timeline(
            firstVote: scan.firstCounted.map(Instant.init(millis:)),
            lastVote: scan.lastCounted.map(Instant.init(millis:)), longestGap: gap)
        let usage = scan.usage.keys.sorted().map {
            ReportFigures.Usage(
                votesUsed: $0, sessions: scan.usage[$0]!.sessions, stackingSessions: scan.usage[$0]!.stacking)
        }

        var totalsByKind = scan.anomalyTotals
        var examplesByKind = scan.anomalyExamples
        try optionAnomalies(table, totals: &totalsByKind, examples: &examplesByKind)
        try statusAnomalies(queries, totals: &totalsByKind, examples: &examplesByKind)
        let anomalies = AnomalyKind.allCases.sorted().compactMap { kind -> ReportFigures.Anomaly? in
            guard let total = totalsByKind[kind], total > 0 else { return nil }
            return .init(kind: kind, total: total, examples: examplesByKind[kind] ?? [])
        }

        let values = parameters.queryValues
        var figures = ReportFigures(
            options: options, totals: totals,
            exclusions: .init(listed: scan.ledger, total: scan.ledgerTotal), days: days,
            timeline: timeline, usage: usage,
            statuses: try ReportFigures.statuses(from: queries.rows("suggestions", values)),
            approved: try ReportFigures.approved(from: queries.rows("approved", values)),
            anomalies: anomalies, fingerprint: try fingerprint(queries, votes: scan),
            choices: ChoicePattern.canonical(
                scan.choiceSets.map { set in
                    ChoicePattern(
                        optionIDs: set.indices.map { table.options[Int($0)].id },
                        votable: scan.eligibility.options(in: set.epoch).map { table.options[Int($0)].id },
                        sessions: set.sessions)
                }))
        figures.moderationRecord = moderationRecord
        return figures
    }

    /// `tally.sql`'s order: known sections first, then sections by name, voters, votes (both
    /// descending) and id.
    static func tallyOrder(_ a: ReportFigures.Option, _ b: ReportFigures.Option) -> Bool {
        let (ra, rb) = (sectionRank(a.section), sectionRank(b.section))
        if ra != rb { return ra < rb }
        if a.section != b.section { return bytesPrecede(a.section, b.section) }
        if a.voters != b.voters { return a.voters > b.voters }
        if a.votes != b.votes { return a.votes > b.votes }
        return a.id < b.id
    }

    /// The two sections the vote page knows, in the order it shows them.
    package static let knownSections = ["original", "community"]

    static func sectionRank(_ section: String) -> Int {
        knownSections.firstIndex(of: section) ?? knownSections.count
    }

    func readOptions(_ db: Connection) throws -> OptionTable {
        let statement = try db.prepare("SELECT id, content, section, created_at FROM survey_options ORDER BY id")
        var rows: [(id: Int64, content: String, section: String, stored: String?, createdAt: Instant?)] = []
        while try statement.step() {
            let storage = statement.storageClass(at: 3)
            let createdAt = StoredTimestamp.read(statement, at: 3, storage: storage)?.instant
            rows.append(
                (
                    statement.int64(at: 0), statement.text(at: 1) ?? "", statement.text(at: 2) ?? "",
                    StoredTimestamp.shown(statement, at: 3, storage: storage), createdAt
                ))
        }
        return OptionTable(options: rows)
    }

    private func optionAnomalies(
        _ table: OptionTable, totals: inout [AnomalyKind: Int],
        examples: inout [AnomalyKind: [ReportFigures.AnomalyExample]]
    ) throws {
        for option in table.options {
            if option.createdAt == nil {
                add(
                    .unreadableOptionTime,
                    .init(table: "survey_options", rowID: option.id, optionID: option.id, text: option.stored),
                    &totals, &examples)
            }
            if !Analyzer.knownSections.contains(option.section) {
                add(
                    .unknownSection,
                    .init(table: "survey_options", rowID: option.id, optionID: option.id, text: option.section),
                    &totals, &examples)
            }
        }
    }

    private func statusAnomalies(
        _ queries: PreparedQueries, totals: inout [AnomalyKind: Int],
        examples: inout [AnomalyKind: [ReportFigures.AnomalyExample]]
    ) throws {
        let statement = try queries.statement(
            "SELECT id, session_id, status FROM suggestions "
                + "WHERE status IS NULL OR status NOT IN ('pending', 'approved', 'rejected') ORDER BY id")
        while try statement.step() {
            let storage = statement.storageClass(at: 1)
            let session = storage == .null ? nil : statement.withTextBytes(at: 1) { VoteScan.shown(storage, $0) }
            add(
                .unknownStatus,
                .init(
                    table: "suggestions", rowID: statement.int64(at: 0), session: session,
                    text: statement.text(at: 2)),
                &totals, &examples)
        }
    }

    /// Rows arrive in id order, so the first `maxExamples` are the ones to keep.
    private func add(
        _ kind: AnomalyKind, _ example: ReportFigures.AnomalyExample, _ totals: inout [AnomalyKind: Int],
        _ examples: inout [AnomalyKind: [ReportFigures.AnomalyExample]]
    ) {
        totals[kind, default: 0] += 1
        if examples[kind, default: []].count < parameters.maxExamples { examples[kind, default: []].append(example) }
    }
}

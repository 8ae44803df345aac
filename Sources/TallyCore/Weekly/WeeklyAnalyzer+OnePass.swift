import TallySQLite

extension WeeklyAnalyzer {
    /// The reports as they stood just before each of `instants` (ascending), their votes
    /// counted in one pass. Equal, report for report, to `report(before:from:)` of each. Also
    /// the first readable vote counted by the last of them.
    func reports(before instants: [Instant], in snapshot: ReadSnapshot) throws -> (
        reports: [ReportModel], firstVote: Instant?
    ) {
        guard let last = instants.last else { return ([], nil) }
        let db = snapshot.connection
        let moderationRecord = try SchemaCheck.prepare(db)
        try Analyzer.provideLogTable(db)
        let table = try Analyzer(parameters: parameters(before: last)).readOptions(db)
        var scan = VoteScan(
            parameters: parameters(before: last), options: table, through: instants.map { $0.millis - 1 })
        try scan.run(db.prepare(VoteScan.sql))
        var reports: [ReportModel] = []
        var firstVote: Instant?
        let queries = PreparedQueries(db)
        try scan.reports(asOf: instants) { votes in
            let analyzer = Analyzer(parameters: parameters(before: instants[reports.count]))
            reports.append(
                try ReportModel(
                    figures: analyzer.figures(
                        from: queries, table: table, votes: votes, moderationRecord: moderationRecord),
                    parameters: analyzer.parameters))
            firstVote = votes.firstAll.map(Instant.init(millis:))
        }
        return (reports, firstVote)
    }
}

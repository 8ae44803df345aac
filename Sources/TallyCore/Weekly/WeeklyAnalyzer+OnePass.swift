import Foundation
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
        var scan = try scanVotes(snapshot, table, through: instants.map { $0.millis - 1 })
        var reports: [ReportModel] = []
        var firstVote: Instant?
        try scan.weeks(asOf: instants) { votes in
            let analyzer = Analyzer(parameters: parameters(before: instants[reports.count]))
            reports.append(
                try ReportModel(
                    figures: analyzer.figures(from: db, table: table, votes: votes, moderationRecord: moderationRecord),
                    parameters: analyzer.parameters))
            firstVote = votes.firstAll.map(Instant.init(millis:))
        }
        return (reports, firstVote)
    }

    /// Reads every vote once for all boundaries, in parallel partitions of session ids on the
    /// snapshot's readers as a report does (`PartitionedScan`), and merges the partitions.
    /// A partition after the first keeps its first unfinished chunk as bytes for the merge.
    private func scanVotes(_ snapshot: ReadSnapshot, _ table: OptionTable, through: [Int64]) throws -> WeeklyVoteScan {
        let parameters = self.parameters(before: Instant(millis: through.last! + 1))
        return try Analyzer.scanPartitions(snapshot, through: parameters.through) { index in
            WeeklyVoteScan(parameters: parameters, options: table, through: through, keepsChunkHead: index > 0)
        }
    }
}

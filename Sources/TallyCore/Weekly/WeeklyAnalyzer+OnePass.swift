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
    /// snapshot's readers as a report does (`Analyzer.scanVotes`), and merges the partitions.
    private func scanVotes(_ snapshot: ReadSnapshot, _ table: OptionTable, through: [Int64]) throws -> WeeklyVoteScan {
        let db = snapshot.connection
        let parameters = self.parameters(before: Instant(millis: through.last! + 1))
        let keys = try Analyzer.splitKeys(db, partitions: snapshot.readers.count, through: parameters.through)
        guard !keys.isEmpty else {
            var scan = WeeklyVoteScan(parameters: parameters, options: table, through: through, keepsChunkHead: false)
            try scan.run(db.prepare(VoteScan.sql))
            return scan
        }
        let ranges: [(lower: String?, upper: String?)] = (0...keys.count).map { index in
            (index == 0 ? nil : keys[index - 1], index == keys.count ? nil : keys[index])
        }
        let readers = snapshot.readers.prefix(ranges.count).map(HandedOver.init)
        let results = PartitionResults<WeeklyVoteScan>(count: ranges.count)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            do {
                let connection = readers[index].connection
                let range = ranges[index]
                let statement = try connection.prepare(
                    VoteScan.sql(lower: range.lower != nil, upper: range.upper != nil))
                try statement.bind([range.lower, range.upper].compactMap { $0.map(SQLValue.text) })
                var scan = WeeklyVoteScan(
                    parameters: parameters, options: table, through: through, keepsChunkHead: index > 0)
                try scan.run(statement)
                results.set(index, .success(scan))
            } catch {
                results.set(index, .failure(error))
            }
        }
        var merged: WeeklyVoteScan?
        for result in results.all() {
            let scan = try result.get()
            if merged == nil { merged = scan } else { merged!.merge(scan) }
        }
        return merged!
    }
}

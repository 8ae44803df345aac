import Foundation
import TallySQLite

/// `tally pull --wrangler DB` through D1's query API (`wrangler d1 execute DB --remote
/// --command … --json`): reads only, so D1 keeps serving the vote page, and fetches only
/// what the copy lacks. It writes D1's data as an export file (`ExportWriter`) that
/// `SyncPull` then imports and settles the local decisions against, as for any export.
///
/// What it reads, in order (each numbered step is one or more requests; the statements of
/// one request see one state of D1, different requests may not):
/// 1. D1's schema.
/// 2. The highest and lowest vote id (`H`), and the row count of every other table.
/// 3. For the votes the copy holds up to `W = min(H, the copy's highest id)`, the
///    `VoteDigest` of every range of ids, compared with the same figures on the copy. A range
///    that differs (a vote deleted or edited on D1) is fetched again; when none matches (another
///    database under the name, D1 replaced) or `votes` is defined otherwise, everything is.
/// 4. The votes past `W` up to `H`, in pages of `pageRows`, by id. A vote cast meanwhile gets an
///    id above `H` and comes with the next pull.
/// 5. Every other table whole, in one request, last: the notes and the moderation log are one
///    state, and every option a fetched vote points at already exists. Step 2 measures the size of
///    that answer first: one over D1's maximum query result size is refused before it is asked,
///    naming `--export`, which has no such limit.
package struct QueryPull {
    /// One request to D1: its statements run one after another, one list of rows each.
    package typealias Request = (_ statements: [String]) throws -> [[Row]]

    /// How far the pull is, for a progress display.
    package struct Progress: Sendable, Equatable {
        /// Requests answered.
        package let requests: Int
        /// Rows fetched (all tables).
        package let rows: Int64

        /// A progress report.
        package init(requests: Int, rows: Int64) {
            self.requests = requests
            self.rows = rows
        }
    }

    /// Why rows the copy held were fetched again.
    package enum Refetch: Sendable, Equatable {
        /// These id ranges of votes differ from D1's (votes deleted or edited there).
        case ranges([ClosedRange<Int64>])
        /// Every vote, for this reason.
        case everything(String)
    }

    /// What the pull read and wrote.
    package struct Assembled: Sendable, Equatable {
        /// How far the new copy holds D1's votes.
        package var watermarks: [SyncWatermark] = []
        /// Requests sent.
        package var requests = 0
        /// Rows fetched from D1, all tables.
        package var rowsFetched: Int64 = 0
        /// Of them, votes.
        package var votesFetched: Int64 = 0
        /// Votes taken from the copy, checked against D1's figures.
        package var votesKept: Int64 = 0
        /// Votes fetched again, and why.
        package var refetch: Refetch?
        /// The copy's highest vote id when D1's ends before it (D1 restored to an older state): the
        /// copy's votes past D1's are not kept.
        package var copyEndedAt: Int64?
    }

    /// Votes per request, and the most rows the other tables may hold together (one request).
    package var pageRows: Int
    /// Called after every request.
    package var progress: ((Progress) -> Void)?
    /// Asked between requests; `true` stops the pull.
    package var shouldStop: () -> Bool
    private let request: Request
    /// The key of this pull's checks (`VoteDigest`), drawn when the pull is made.
    package var key = DigestKey.fresh()

    /// A pull sending its requests through `request`.
    package init(pageRows: Int = 100_000, shouldStop: @escaping () -> Bool = { false }, request: @escaping Request) {
        self.pageRows = max(1, pageRows)
        self.shouldStop = shouldStop
        self.request = request
    }

    /// A table or other object of D1's schema.
    struct SchemaEntry {
        let type: String
        let name: String
        let sql: String
        var isDataTable: Bool { type == "table" && !name.hasPrefix("sqlite_") && !name.hasPrefix("_cf_") }
    }

    /// Writes D1's data to `exportPath`, taking the votes the copy at `copy` (if any) holds and
    /// D1 still holds from the copy.
    package func assemble(copy: String?, into exportPath: String) throws -> Assembled {
        var assembled = Assembled()
        let counter = RequestCounter()
        let send: Request = { statements in
            if self.shouldStop() { throw QueryPullError.interrupted }
            let answer = try self.request(statements)
            guard answer.count == statements.count else {
                throw QueryPullError.answerCount(expected: statements.count, found: answer.count)
            }
            counter.requests += 1
            counter.rows += answer.reduce(0) { $0 + Int64($1.count) }
            self.progress?(Progress(requests: counter.requests, rows: counter.rows))
            return answer
        }
        // 1. The schema.
        let schema = try send(["SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"])[0]
            .map {
                SchemaEntry(
                    type: $0["type"]?.string ?? "", name: $0["name"]?.string ?? "", sql: $0["sql"]?.string ?? "")
            }
        let tables = schema.filter(\.isDataTable)
        let votes = tables.first { $0.name == "votes" }
        let others = tables.filter { $0.name != "votes" }
        let hasSequence = schema.contains { $0.type == "table" && $0.name == "sqlite_sequence" }
        let exactness = try D1AnswerExactness(tables: tables.map { ($0.name, $0.sql) })
        // 2. The vote ids' extent and the other tables' sizes.
        var second: [String] = others.map { "SELECT count(*) AS n FROM \(DumpImporter.quoted($0.name))" }
        let measured = others.compactMap { table in
            exactness.columns(of: table.name).map { (table.name, Self.answerBytesStatement(table.name, columns: $0)) }
        }
        second += measured.map(\.1)
        if votes != nil { second.append(Self.extentStatement) }
        let sizes = second.isEmpty ? [] : try send(second)
        var otherRows: Int64 = 0
        for (index, table) in others.enumerated() {
            otherRows += try Self.count(sizes[index], of: table.name, statement: second[index])
        }
        guard otherRows <= Int64(pageRows) else {
            throw QueryPullError.wholeTablesTooLarge(tables: others.map(\.name), rows: otherRows, limit: pageRows)
        }
        var otherBytes: Int64 = 0
        for (offset, (name, statement)) in measured.enumerated() {
            otherBytes += try Self.count(sizes[others.count + offset], of: name, statement: statement, column: "bytes")
        }
        guard otherBytes <= Self.resultLimit else {
            throw QueryPullError.wholeTablesTooLargeForOneAnswer(
                tables: others.map(\.name), bytes: otherBytes, limit: Self.resultLimit)
        }
        // A thin answer (no row, a value missing) must never read as "no votes": that empties the copy.
        let extent = try votes.map { _ in try Self.extent(sizes[sizes.count - 1]) }
        let top = extent??.top
        let bottom = extent??.bottom

        let writer = try ExportWriter(path: exportPath)
        try writer.statement("PRAGMA defer_foreign_keys=TRUE")
        for table in tables { try writer.statement(table.sql) }
        if let votes, let top {
            let local = try copy.flatMap { try LocalVotes(path: $0, definition: votes.sql, key: key) }
            defer { local?.close() }
            try copyVotes(
                local: local, top: top, bottom: bottom ?? top, writer: writer, send: send, exactness: exactness,
                votesTable: votes, assembled: &assembled)
            assembled.watermarks = [
                SyncWatermark(table: "votes", throughID: top, rows: assembled.votesKept + assembled.votesFetched)
            ]
        }
        // 5. Everything else, one state of D1.
        var last = others.map { "SELECT * FROM \(DumpImporter.quoted($0.name))" }
        if hasSequence { last.append("SELECT name, seq FROM sqlite_sequence") }
        // The same request counts each table, so an answer with rows left out or added is seen.
        let counted = others.map { "SELECT count(*) AS n FROM \(DumpImporter.quoted($0.name))" }
        if !last.isEmpty {
            let answer = try send(last + counted)
            var received: [Received] = []
            for (table, (rows, count)) in zip(others, zip(answer, answer.suffix(counted.count))) {
                let n = count.first?["n"]?.int64 ?? -1
                guard Int64(rows.count) == n else {
                    throw QueryPullError.answerContradicts(
                        what: "it holds \(rows.count) row(s) of \(MessageText.quoted(table.name)), where D1 counted "
                            + "\(n) in the same request")
                }
                for (position, row) in rows.enumerated() {
                    try exactness.check(row, table: table.name, position: position)
                    try writer.insert(into: table.name, row)
                }
                received.append(Received(rows: rows, table: table, from: DumpImporter.quoted(table.name)))
            }
            try confirm(received, send: send)
            if hasSequence, let sequence = answer.dropLast(counted.count).last {
                try writer.statement("DELETE FROM sqlite_sequence")
                for row in sequence { try writer.insert(into: "sqlite_sequence", row) }
            }
        }
        for kind in ["index", "trigger", "view"] {
            for entry in schema where entry.type == kind { try writer.statement(entry.sql) }
        }
        try writer.finish()
        assembled.requests = counter.requests
        assembled.rowsFetched = counter.rows
        return assembled
    }

    /// Steps 3 and 4: the votes up to `top`, from the copy where it still agrees with D1.
    private func copyVotes(
        local: LocalVotes?, top: Int64, bottom: Int64, writer: ExportWriter, send: Request,
        exactness: D1AnswerExactness, votesTable: SchemaEntry, assembled: inout Assembled
    ) throws {
        func fetchVotes(_ from: Int64?, _ through: Int64) throws -> Int64 {
            try self.fetchVotes(
                from: from, through: through, writer: writer, send: send, exactness: exactness, votesTable: votesTable)
        }
        var through: Int64? = nil  // the copy's votes up to here are compared and, where equal, kept
        var differing = Set<Int64>()
        if let local {
            switch local.state {
            case .otherDefinition:
                assembled.refetch = .everything(
                    "the votes table is defined otherwise on D1 than in the copy (D1's schema changed)")
            case .empty:
                break
            case .holds where !local.digest.isComplete:
                assembled.refetch = .everything(
                    "the copy's votes hold texts longer than the \(VoteDigest.maximumPositions) characters a digest "
                        + "statement reads per vote")
            case .holds(let copyBottom, let copyTop):
                let high = min(copyTop, top)
                let lowest = min(copyBottom, bottom)
                if copyTop > top { assembled.copyEndedAt = copyTop }
                var compared = 0
                for range in VoteDigest.statementRanges(low: lowest, high: high) {
                    let statement = local.digest.statement(low: range.lowerBound, high: range.upperBound)
                    let remote = VoteDigest.ranges(try send([statement])[0])
                    let mine = VoteDigest.ranges(try local.db.query(statement))
                    for bucket in Set(remote.keys).union(mine.keys) {
                        compared += 1
                        if remote[bucket] != mine[bucket] { differing.insert(bucket) }
                    }
                }
                // One range that differs is fetched again as a range: it cannot tell another database.
                if compared > 1, differing.count == compared {
                    assembled.refetch = .everything(
                        "none of the copy's \(compared) vote range(s) matches D1's: D1 holds another database under "
                            + "this name, or was replaced")
                    differing = []
                } else {
                    through = high
                    if !differing.isEmpty {
                        assembled.refetch = .ranges(
                            differing.sorted().map { Self.ids(ofBucket: $0, from: lowest, through: high) })
                    }
                }
            }
        }
        guard let through, let local else {
            assembled.votesFetched += try fetchVotes(nil, top)
            return
        }
        for bucket in differing.sorted() {
            let ids = Self.ids(ofBucket: bucket, from: Int64.min, through: through)
            assembled.votesFetched += try fetchVotes(ids.lowerBound, ids.upperBound)
        }
        assembled.votesKept = try local.write(through: through, skipping: differing, to: writer)
        if through < top {
            assembled.votesFetched += try fetchVotes(through + 1, top)
        }
    }

    /// The ids of a `VoteDigest` range (SQLite's `id / width` rounds toward zero) from `lowest` (the
    /// lowest id either side holds: range 0 runs from −65,535, which no one needs to read) up to `through`.
    static func ids(ofBucket bucket: Int64, from lowest: Int64, through: Int64) -> ClosedRange<Int64> {
        let width = VoteDigest.width
        let range: ClosedRange<Int64> =
            bucket > 0
            ? (bucket * width)...(bucket * width + width - 1)
            : bucket == 0 ? (1 - width)...(width - 1) : (bucket * width - width + 1)...(bucket * width)
        let low = min(max(range.lowerBound, lowest), range.upperBound)
        return low...max(low, min(range.upperBound, through))
    }

    /// Fetches the votes with ids in `from...through` (from the lowest when `from` is nil), in pages.
    private func fetchVotes(
        from: Int64?, through: Int64, writer: ExportWriter, send: Request, exactness: D1AnswerExactness,
        votesTable: SchemaEntry
    ) throws -> Int64 {
        var lower = from.map { "id >= \($0)" } ?? "1"
        var above = from.map { $0 - 1 }  // every id of the page is past this one
        var fetched: Int64 = 0
        while true {
            let page = "SELECT * FROM votes WHERE \(lower) AND id <= \(through) ORDER BY id LIMIT \(pageRows)"
            // The same request counts the page, so an answer with rows left out or added is seen.
            let answer = try send([page, "SELECT count(*) AS n FROM (\(page))"])
            let rows = answer[0]
            let counted = answer[1].first?["n"]?.int64 ?? -1
            guard Int64(rows.count) == counted else {
                throw QueryPullError.answerContradicts(
                    what:
                        "it holds \(rows.count) vote(s) for `\(page)`, where D1 counted \(counted) in the same request")
            }
            for (position, row) in rows.enumerated() {
                guard let id = row["id"]?.int64, id > above ?? Int64.min, id <= through else {
                    let found = row["id"]?.int64
                    throw QueryPullError.answerContradicts(
                        what:
                            "for `\(page)` it holds a vote with id \(found.map(String.init) ?? "that is no integer"), "
                            + (found.map { $0 > through } == true
                                ? "past the highest id asked (\(through))" : "not after the one before it")
                            + " (row \(position + 1))")
                }
                above = id
                try exactness.check(row, table: "votes", position: position)
                try writer.insert(into: "votes", row)
            }
            try confirm([Received(rows: rows, table: votesTable, from: "(\(page))")], send: send)
            fetched += Int64(rows.count)
            guard rows.count == pageRows, let last = rows.last?["id"]?.int64, last < through else { return fetched }
            lower = "id > \(last)"
        }
    }
}

extension QueryPull {
    /// Rows of one answer, of `table`, that D1's statement `from` gives.
    struct Received {
        let rows: [Row]
        let table: SchemaEntry
        let from: String
    }

    /// Checks rows D1 answered against D1's own figures for them, asked again in one request: the
    /// `VoteDigest` of the rows each `from` gives on D1 must equal that of the rows received, stored
    /// as the import will store them (a table of D1's definition). A row altered on the way, or
    /// changed on D1 between the two reads, stops the pull.
    func confirm(_ answers: [Received], send: Request) throws {
        var checks: [(received: Received, mine: [Int64: VoteDigest.Range], statement: String)] = []
        for received in answers {
            guard let columns = received.rows.first?.columns else { continue }
            let scratch = try Connection(path: ":memory:", mode: .create)
            // Only this table is here: what it references is not (D1 checked its keys).
            try scratch.execute("PRAGMA foreign_keys = OFF")
            try scratch.execute(received.table.sql)
            let table = DumpImporter.quoted(received.table.name)
            let insert = try scratch.prepare(
                "INSERT INTO \(table) (\(columns.map(DumpImporter.quoted).joined(separator: ", "))) "
                    + "VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            for row in received.rows { try insert.execute(row.values) }
            // Every column of every row, a long text by its keyed digest: no row switches the check off.
            let digest = try VoteDigest.covering(received.table.name, columns: columns, in: scratch, key: key)
            let mine = VoteDigest.ranges(try scratch.query(digest.statement(over: table)))
            checks.append((received, mine, digest.statement(over: received.from)))
        }
        guard !checks.isEmpty else { return }
        let remote = try send(checks.map(\.statement))
        for (check, rows) in zip(checks, remote) where VoteDigest.ranges(rows) != check.mine {
            throw QueryPullError.answerContradicts(
                what: "the \(check.received.rows.count) row(s) of \(MessageText.quoted(check.received.table.name)) it "
                    + "holds are not the rows D1 gives the same figures for when asked again (a row altered on the "
                    + "way, or changed on D1 between the two reads)")
        }
    }
}

extension QueryPull {
    /// Step 2's statement for the votes: their highest and lowest id and how many there are, so that
    /// an answer can be checked against itself.
    static let extentStatement = "SELECT max(id) AS top, min(id) AS bottom, count(*) AS n FROM votes"

    /// D1's maximum query result size (developers.cloudflare.com/d1/platform/limits): a request whose
    /// results are larger fails.
    static let resultLimit: Int64 = 50_000_000

    /// The size of `table`'s rows as D1's JSON answer carries them, near enough: each value's bytes as text
    /// (`null` for NULL), each column's quoted name, colon, quotes and comma, each row's braces.
    static func answerBytesStatement(_ table: String, columns: [String]) -> String {
        let perRow = 2 + columns.reduce(0) { $0 + $1.utf8.count + 6 }
        let values = columns.map { "coalesce(length(CAST(\(DumpImporter.quoted($0)) AS BLOB)), 4)" }
        return "SELECT coalesce(sum(\(perRow) + \(values.joined(separator: " + "))), 0) AS bytes FROM "
            + DumpImporter.quoted(table)
    }

    /// What a pull accepts as the answer to `extentStatement`, said when refusing one.
    static let extentAccepted =
        "one row whose n is the number of votes and top and bottom the highest and lowest vote id: both null when "
        + "n is 0, otherwise integers with bottom ≤ top and n at most top − bottom + 1"

    /// D1's highest and lowest vote id from the answer to `extentStatement`; nil when D1 holds no votes
    /// (said by the answer: `n` 0, both ids null). Anything else is refused: a missing row or value
    /// would otherwise read as "no votes" and empty the copy.
    static func extent(_ rows: [Row]) throws -> (top: Int64, bottom: Int64)? {
        func refuse(_ found: String) -> QueryPullError {
            .thinAnswer(
                request: "the highest and lowest vote id", statement: extentStatement, found: found,
                accepted: extentAccepted)
        }
        guard rows.count == 1, let row = rows.first else { throw refuse("\(rows.count) rows") }
        guard let n = row["n"]?.int64, n >= 0 else { throw refuse("no count of the votes (n: \(shown(row["n"])))") }
        let top = row["top"]
        let bottom = row["bottom"]
        if n == 0 {
            guard top == .null, bottom == .null else {
                throw refuse("n 0 with top \(shown(top)) and bottom \(shown(bottom))")
            }
            return nil
        }
        guard let high = top?.int64, let low = bottom?.int64, low <= high,
            high.subtractingReportingOverflow(low).overflow || n - 1 <= high - low
        else {
            throw refuse("n \(n) with top \(shown(top)) and bottom \(shown(bottom))")
        }
        return (high, low)
    }

    /// The row count of `table` from the answer to `SELECT count(*) AS n FROM table` (or its size, from
    /// `answerBytesStatement`: `column` bytes); a thin answer is refused, never read as 0.
    static func count(_ rows: [Row], of table: String, statement: String, column: String = "n") throws -> Int64 {
        guard rows.count == 1, let n = rows.first?[column]?.int64, n >= 0 else {
            throw QueryPullError.thinAnswer(
                request: (column == "n" ? "the number of rows of " : "the size of ") + MessageText.quoted(table),
                statement: statement,
                found: rows.count == 1 ? "\(column): \(shown(rows.first?[column]))" : "\(rows.count) rows",
                accepted: "one row whose \(column) is a count")
        }
        return n
    }

    /// A value of an answer as a message shows it.
    private static func shown(_ value: SQLValue?) -> String {
        switch value {
        case nil: return "missing"
        case .null?: return "null"
        case .integer(let number)?: return String(number)
        case .real(let number)?: return String(number)
        case .text(let text)?: return MessageText.quoted(text)
        case .blob(let bytes)?: return "a BLOB of \(bytes.count) bytes"
        }
    }
}

/// Requests sent and rows fetched so far.
private final class RequestCounter {
    var requests = 0
    var rows: Int64 = 0
}

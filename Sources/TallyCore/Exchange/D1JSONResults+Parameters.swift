import Foundation

extension D1JSONResults {
    /// Checks that the results were computed with the parameters the report will show.
    ///
    /// The rows alone do not say which cutoff or as-of time D1 used, and rendering them
    /// with other settings would print a report whose numbers and settings disagree. When
    /// the `.sql` file that was run lies next to its result (`tally sql --all --output-dir`
    /// writes `NAME.sql`, the results go beside it as `NAME.json`), every parameter of its
    /// params block must mean the same as `values` (the report's `queryValues`). Results
    /// without such a file are taken on trust.
    public func checkParameters(_ values: [String: QueryValue]) throws(D1JSONError) {
        for (query, sqlFile, filled) in try queryFiles() {
            // A file filled by another version of tally has other parameters (before zone_offsets,
            // activity.sql took one fixed utc_offset): its results cannot be checked, so they are refused.
            if let current = try? PortableQuery.named(query) {
                let (given, wanted) = (Set(filled.parameters.map(\.name)), Set(current.parameters.map(\.name)))
                if given != wanted {
                    throw .otherParameters(
                        file: sqlFile, unknown: given.subtracting(wanted).sorted(),
                        missing: wanted.subtracting(given).sorted())
                }
            }
            for parameter in filled.parameters {
                guard let expected = values[parameter.name] else { continue }
                if !D1JSONResults.sameMeaning(parameter.value, expected, parameter: parameter.name) {
                    throw .parameterMismatch(
                        file: sqlFile, parameter: parameter.name, filled: D1JSONResults.shown(parameter.value),
                        report: D1JSONResults.shown(expected))
                }
            }
        }
    }

    /// Whether the results hold tally's moderation record (promotion links, moderation history):
    /// false when the `.sql` files next to them were printed in the contract-only form
    /// (`tally sql --contract-only`, for a D1 database without tally's migrations), so the report
    /// shows those parts as not available, as it does for such a database read locally. Results
    /// without `.sql` files are taken to be in the full form. Throws when some files are in one
    /// form and some in the other: they were not filled for one database.
    public func moderationRecord() throws(D1JSONError) -> Bool {
        var contractOnly: [String] = []
        var full: [String] = []
        for (_, sqlFile, filled) in try queryFiles() where filled.readsModerationRecord {
            if filled.isContractOnly { contractOnly.append(sqlFile) } else { full.append(sqlFile) }
        }
        if !contractOnly.isEmpty, !full.isEmpty { throw .mixedForms(contractOnly: contractOnly, full: full) }
        return contractOnly.isEmpty
    }

    /// The `.sql` file next to each result that has one (`tally sql --all --output-dir` writes
    /// `NAME.sql`, the result goes beside it as `NAME.json`), read as a query, in query order.
    func queryFiles() throws(D1JSONError) -> [(query: String, file: String, filled: PortableQuery)] {
        var found: [(query: String, file: String, filled: PortableQuery)] = []
        for (query, resultFile) in files.sorted(by: { $0.key < $1.key }) {
            let sqlFile = URL(fileURLWithPath: resultFile).deletingLastPathComponent()
                .appendingPathComponent(query + ".sql").path
            guard FileManager.default.fileExists(atPath: sqlFile) else { continue }
            let text: String
            do {
                text = try String(contentsOfFile: sqlFile, encoding: .utf8)
            } catch {
                throw .unreadable(path: sqlFile, reason: D1JSONResults.reason(error))
            }
            do {
                found.append((query, sqlFile, try PortableQuery(name: query, sql: text)))
            } catch {
                throw .unreadableQueryFile(file: sqlFile, problem: error)
            }
        }
        return found
    }

    /// A value for a message: `NULL`, a number, or the text quoted with control characters spelled out.
    static func shown(_ value: QueryValue) -> String {
        switch value {
        case .null, .integer: return value.literal
        case .text(let text): return MessageText.quoted(text)
        }
    }

    /// Whether two parameter values make the SQL compute the same thing: times are compared
    /// as instants (`'2026-09-19T02:11:00+08:00'` is `'2026-09-18 18:11:00'`), offsets as
    /// seconds, offset lists entry by entry, session lists as sets; anything else must be equal.
    static func sameMeaning(_ a: QueryValue, _ b: QueryValue, parameter: String) -> Bool {
        if a == b { return true }
        guard case .text(let x) = a, case .text(let y) = b else { return false }
        switch parameter {
        case "exclude_before", "through", "as_of":
            guard let p = StoredTimestamp.parse(x), let q = StoredTimestamp.parse(y) else { return false }
            return p == q
        case "zone_offsets":
            guard let p = Zone.parseOffsetList(x), let q = Zone.parseOffsetList(y) else { return false }
            return p == q
        case "exclude_sessions":
            guard let p = sessionList(x), let q = sessionList(y) else { return false }
            return Set(p) == Set(q)
        default:
            return false
        }
    }

    /// A JSON array of strings, as `json_each` reads it; nil when it is not one.
    static func sessionList(_ text: String) -> [String]? {
        guard let data = text.data(using: .utf8),
            let array = try? JSONSerialization.jsonObject(with: data) as? [Any]
        else { return nil }
        var result: [String] = []
        for element in array {
            guard let string = element as? String else { return nil }
            result.append(string)
        }
        return result
    }
}

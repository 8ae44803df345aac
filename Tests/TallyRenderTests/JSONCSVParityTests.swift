import TallyCore
import TallyRender
import TallyTestSupport
import Testing

/// The two machine formats say the same thing: every leaf of the JSON report has its CSV cell with the same
/// value, and every filled CSV cell is some JSON leaf (or the key of its row). The map below is the one place
/// that says where a JSON figure sits in the long CSV; a figure added to one format and not the other fails here.
@Suite("JSON and CSV carry the same figures")
struct JSONCSVParityTests {
    /// Where a JSON leaf sits in the CSV: the row (its `table`, the cells that pick it, or its place among the
    /// rows of that table) and the column.
    struct Place {
        var table: String
        var keys: [String: String] = [:]
        var nth: Int? = nil
        var column: String
        /// What the CSV writes before the value (`ahead_of:`, `with:`).
        var prefix = ""
    }

    /// A leaf's path: object keys, and array positions as numbers.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    static let columns = CSVReport.columns

    /// The CSV text a JSON leaf is written as; nil for null (an empty cell, or no row at all).
    static func cellText(_ value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .number(let number, let decimals): return NumberText.fixed(number, decimals: decimals)
        case .string(let text): return CSVCells.parse(CSVWriter.encode(.text(text)) + "\r\n").first?.first ?? ""
        case .array, .object: return nil
        }
    }

    /// Every leaf with its path and the object it stands in.
    static func leaves(_ value: JSONValue, _ path: [Step] = [], parent: [(String, JSONValue)] = [])
        -> [(path: [Step], value: JSONValue, parent: [(String, JSONValue)])]
    {
        switch value {
        case .object(let pairs):
            return pairs.flatMap { leaves($0.1, path + [.key($0.0)], parent: pairs) }
        case .array(let items):
            return items.enumerated().flatMap { leaves($0.1, path + [.index($0.0)], parent: parent) }
        default:
            return [(path, value, parent)]
        }
    }

    /// The path with positions written `[]`: `options[].voters`.
    static func pattern(_ path: [Step]) -> String {
        path.map {
            switch $0 {
            case .key(let key): return "." + key
            case .index: return "[]"
            }
        }.joined().dropFirst().description
    }

    /// The position at the `n`th array step of the path.
    static func index(_ path: [Step], _ n: Int) -> Int {
        path.compactMap { if case .index(let i) = $0 { return i } else { return nil } }[n]
    }

    /// A sibling of the leaf, as CSV text.
    static func sibling(_ parent: [(String, JSONValue)], _ key: String) -> String {
        parent.first { $0.0 == key }.flatMap { cellText($0.1) } ?? ""
    }

    /// Where each JSON leaf sits in the CSV (nil: a leaf the CSV derives, checked apart).
    static func place(_ path: [Step], _ parent: [(String, JSONValue)], _ document: JSONValue) -> Place? {
        let p = pattern(path)
        // The last key of the path (`leaders` for `sections[].leaders[]`).
        let last: String =
            path.reversed().lazy.compactMap { step -> String? in
                if case .key(let key) = step { return key }
                return nil
            }.first ?? ""
        func s(_ key: String) -> String { sibling(parent, key) }
        switch p {
        case "schema", "small_sample", "small_sample_threshold", "excluded_total":
            return Place(table: "report", keys: ["label": p], column: p == "schema" ? "detail" : "value")
        case "parameters.time_zone", "parameters.audience":
            return Place(table: "parameter", keys: ["label": last], column: "detail")
        case "parameters.exclude_before", "parameters.as_of", "parameters.through":
            return Place(table: "parameter", keys: ["label": last], column: "time")
        case "parameters.excluded_by_name", "parameters.votes_per_session", "parameters.max_listed",
            "parameters.max_examples":
            return Place(table: "parameter", keys: ["label": last], column: "value")
        case "parameters.exclude_sessions[]":
            return Place(table: "parameter", keys: ["label": "exclude_session"], nth: index(path, 0), column: "session")
        case _ where p.hasPrefix("totals."):
            guard case .key(let group) = path[1] else { return nil }
            return Place(table: "totals", keys: ["label": group], column: last == "voters" ? "sessions" : "votes")
        case "sections[].name": return Place(table: "section", keys: ["section": s("name")], column: "section")
        case "sections[].known": return Place(table: "section", keys: ["section": s("name")], column: "value")
        case "sections[].leaders[]", "sections[].leaders_with_excluded[]":
            let section = sectionName(document, index(path, 0))
            return Place(
                table: "leader", keys: ["section": section, "label": last == "leaders" ? "counted" : "with_excluded"],
                nth: index(path, 1), column: "id")
        case _ where p.hasPrefix("sections[].order_chances[]"):
            let keys = ["section": sectionName(document, index(path, 0)), "id": s("higher")]
            let column = ["higher": "id", "lower": "detail", "chance": "value"][last] ?? ""
            return Place(table: "order_chance", keys: keys, column: column, prefix: last == "lower" ? "ahead_of:" : "")
        case "options[].voters_with_excluded", "options[].votes_with_excluded":
            return Place(
                table: "option_with_excluded", keys: optionKeys(parent),
                column: last == "voters_with_excluded" ? "sessions" : "votes")
        case "options[].chance_of_leading":
            return Place(table: last, keys: optionKeys(parent), column: "value")
        case "options[].ci95.low", "options[].ci95.high":
            let option = document.at([.key("options"), path[1]])
            return Place(
                table: "option", keys: ["id": sibling(option, "id")],
                column: last == "low" ? "ci95_low" : "ci95_high")
        case "options[].ci95": return Place(table: "option", keys: ["id": s("id")], column: "ci95_low")
        case _ where p.hasPrefix("options[]."):
            let column = [
                "id": "id", "content": "label", "section": "section", "created_at": "time", "rank": "rank",
                "voters": "sessions", "votes": "votes", "eligible": "value", "share": "share", "standing": "detail",
            ][last]
            return column.map { Place(table: "option", keys: ["id": s("id")], column: $0) }
        case _ where p.hasPrefix("covotes[]."):
            let keys = ["section": s("section"), "id": s("a"), "detail": "with:" + s("b")]
            if last == "expected" { return Place(table: "covote_expected", keys: keys, column: "value") }
            let column = ["section": "section", "a": "id", "b": "detail", "voters": "sessions", "lift": "value"][last]
            return column.map { Place(table: "covote", keys: keys, column: $0, prefix: last == "b" ? "with:" : "") }
        case _ where p.hasPrefix("chance_model."):
            return Place(table: "chance_model", keys: ["label": last], column: "detail")
        case _ where p.hasPrefix("excluded[]."):
            let column = ["session": "session", "first_vote": "time", "votes": "votes", "reason": "detail"][last]
            return column.map { Place(table: "excluded", nth: index(path, 0), column: $0) }
        case "activity.first_vote", "activity.last_vote", "activity.as_of":
            return Place(table: "activity", keys: ["label": last], column: "time")
        case "activity.days_since_last_vote", "activity.quiet_local_days", "activity.days_continuous":
            return Place(table: "activity", keys: ["label": last], column: "value")
        case "activity.longest_quiet_gap.start", "activity.longest_quiet_gap.end":
            return Place(table: "activity", keys: ["label": "longest_gap_" + last], column: "time")
        case "activity.longest_quiet_gap.seconds":
            return Place(table: "activity", keys: ["label": "longest_gap_seconds"], column: "value")
        case "activity.days[].date", "activity.days[].voters", "activity.days[].votes":
            let column = ["date": "label", "voters": "sessions", "votes": "votes"][last] ?? ""
            return Place(table: "day", keys: ["label": s("date")], column: column)
        case "concentration.sessions": return Place(table: "usage", keys: ["label": "total"], column: "sessions")
        case "concentration.stacking_sessions":
            return Place(table: "stacking", keys: ["label": "total"], column: "sessions")
        case "concentration.by_votes_used[].votes_used", "concentration.by_votes_used[].sessions":
            return Place(
                table: "usage", keys: ["label": "votes_used", "value": s("votes_used")],
                column: last == "sessions" ? "sessions" : "value")
        case "concentration.by_votes_used[].stacking_sessions":
            return Place(
                table: "stacking", keys: ["label": "votes_used", "value": s("votes_used")], column: "sessions")
        case "suggestions.total", "suggestions.approved":
            return Place(table: "notes_summary", keys: ["label": last], column: "value")
        case "suggestions.moderation_record":
            return Place(table: "moderation_record", keys: ["label": "not_available"], column: "label")
        case "suggestions.by_status[].status", "suggestions.by_status[].notes", "suggestions.by_status[].sessions":
            let column = ["status": "label", "notes": "value", "sessions": "sessions"][last] ?? ""
            return Place(table: "notes", keys: ["label": s("status")], column: column)
        case "suggestions.by_status[].promoted":
            return Place(table: "notes_promoted", keys: ["label": s("status")], column: "value")
        // A writer's session is one leaf in JSON, and one cell in the CSV: on the first of its notes' rows.
        case "suggestions.approved_by_session[].session":
            let notes = document.value(at: [.key("suggestions"), .key("approved_by_session"), path[2], .key("notes")])
            guard case .array(let list) = notes, case .object(let first)? = list.first else { return nil }
            return Place(table: "approved", keys: ["id": sibling(first, "id")], column: "session")
        case _ where p.hasPrefix("suggestions.approved_by_session[].notes[]."):
            let column = ["id": "id", "content": "label", "created_at": "time", "promoted_option_id": "value"][last]
            return column.map { Place(table: "approved", keys: ["id": s("id")], column: $0) }
        case _ where p.hasPrefix("suggestions.promoted[]."):
            let column = [
                "note_id": "value", "option_id": "id", "content": "label", "votable_since": "time",
                "voters": "sessions", "votes": "votes",
            ][last]
            return column.map { Place(table: "promoted", nth: index(path, 0), column: $0) }
        case "anomalies[].kind", "anomalies[].count":
            return Place(table: "anomaly", keys: ["label": s("kind")], column: last == "kind" ? "label" : "value")
        case _ where p.hasPrefix("anomalies[].examples[]."):
            let kind = sibling(document.at([.key("anomalies"), path[1]]), "kind")
            let column = [
                "row_id": "id", "session": "session", "option_id": "value", "at": "time", "votes": "votes",
                "table": "detail", "text": "detail",
            ][last]
            return column.map {
                Place(table: "anomaly_example", keys: ["label": kind], nth: index(path, 1), column: $0)
            }
        case "fingerprint.scheme", "fingerprint.source", "fingerprint.sha256":
            return Place(table: "fingerprint", keys: ["label": last], column: "detail")
        // A whole object that is null (no fingerprint from a model made in memory, no gap, no chance model):
        // its first row must be missing too.
        case "fingerprint": return Place(table: "fingerprint", keys: ["label": "scheme"], column: "detail")
        case "chance_model": return Place(table: "chance_model", keys: ["label": "model"], column: "detail")
        case "activity.longest_quiet_gap":
            return Place(table: "activity", keys: ["label": "longest_gap_start"], column: "time")
        case "fingerprint.latest": return Place(table: "fingerprint", keys: ["label": "latest"], column: "time")
        case "fingerprint.tables[].name", "fingerprint.tables[].rows", "fingerprint.tables[].highest_id":
            let column = ["name": "label", "rows": "value", "highest_id": "id"][last] ?? ""
            return Place(table: "fingerprint", keys: ["label": s("name")], column: column)
        default: return nil
        }
    }

    /// The cells that pick an option's rows: its id, and the section and rank every such row repeats.
    static func optionKeys(_ option: [(String, JSONValue)]) -> [String: String] {
        ["id": sibling(option, "id"), "section": sibling(option, "section"), "rank": sibling(option, "rank")]
    }

    static func sectionName(_ document: JSONValue, _ index: Int) -> String {
        sibling(document.at([.key("sections"), .index(index)]), "name")
    }

    /// `parameters.exclude_sessions` is null on a public report; the sessions are its `[]` leaves otherwise
    /// (and a session in a public CSV would be a cell no leaf claims).
    static func derived(_ pattern: String) -> Bool { pattern == "parameters.exclude_sessions" }

    /// Checks both directions for one model; returns the problems found.
    static func problems(_ model: ReportModel, csv: String? = nil) -> [String] {
        problems(JSONReport.document(model), csv: csv ?? CSVReport.render(model))
    }

    /// Checks both directions for a JSON document and a CSV table; returns the problems found.
    static func problems(_ document: JSONValue, csv: String) -> [String] {
        let rows = CSVCells.parse(csv)
        let header = rows[0]
        let body = Array(rows.dropFirst())
        func cell(_ row: [String], _ column: String) -> String { row[header.firstIndex(of: column)!] }
        var claimed = Set<String>()  // "row:column"
        var problems: [String] = []
        for (path, value, parent) in leaves(document) {
            let p = pattern(path)
            if derived(p) { continue }
            // Two figures the CSV writes in another form: a listed exclusion is in the data when it has votes,
            // and an ongoing gap says `ongoing` on its end row.
            if p == "excluded[].in_data" {
                let row = body.indices.filter { cell(body[$0], "table") == "excluded" }[index(path, 0)]
                let inData = (Int(cell(body[row], "votes")) ?? 0) > 0
                if .bool(inData) != value { problems.append("JSON \(p) = \(value), CSV votes = \(inData)") }
                continue
            }
            if p == "activity.longest_quiet_gap.ongoing" {
                let row = body.indices.first {
                    cell(body[$0], "table") == "activity" && cell(body[$0], "label") == "longest_gap_end"
                }
                let shown = row.map { cell(body[$0], "detail") } ?? ""
                if shown != (value == .bool(true) ? "ongoing" : "") {
                    problems.append("JSON \(p) = \(value), CSV \(shown)")
                }
                row.map { claimed.insert("\($0):detail") }
                continue
            }
            guard let place = place(path, parent, document) else {
                problems.append("JSON \(p) has no place in the CSV")
                continue
            }
            let matching = body.indices.filter { index in
                cell(body[index], "table") == place.table
                    && place.keys.allSatisfy { cell(body[index], $0.key) == $0.value }
            }
            let expected = cellText(value)
            let found = place.nth.map { $0 < matching.count ? [matching[$0]] : [] } ?? matching
            guard let row = found.first else {
                if expected != nil { problems.append("JSON \(p) = \(expected!): no CSV row \(place)") }
                continue
            }
            var shown = cell(body[row], place.column)
            if p.hasSuffix("examples[].table") || p.hasSuffix("examples[].text") {
                let table = sibling(parent, "table")
                let text = sibling(parent, "text")
                shown =
                    p.hasSuffix(".table") ? String(shown.prefix(table.count)) : String(shown.dropFirst(table.count + 2))
                if p.hasSuffix(".text"), text.isEmpty { shown = "" }
            }
            if p == "fingerprint.sha256", expected == nil { shown = shown == CSVReport.sha256NotOnD1 ? "" : shown }
            if shown != (expected.map { place.prefix + $0 } ?? "") {
                problems.append("JSON \(p) = \(expected ?? "null"), CSV \(place.table).\(place.column) = \(shown)")
            }
            claimed.insert("\(row):\(place.column)")
            for key in place.keys.keys { claimed.insert("\(row):\(key)") }
        }
        for (index, row) in body.enumerated() {
            for column in header where !["table", "label"].contains(column) && !cell(row, column).isEmpty {
                if !claimed.contains("\(index):\(column)") {
                    problems.append(
                        "CSV \(cell(row, "table")) \(cell(row, "label")) \(column) = \(cell(row, column)) is in no JSON leaf"
                    )
                }
            }
        }
        return problems
    }

    @Test func theDemoSaysTheSameInBoth() throws {
        let demo = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        let problems = Self.problems(demo)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Hostile text and every kind of anomaly; and options added mid-poll (`eligible`), with the leaders tied.
    @Test func hostileAndLateOptionsSayTheSameInBoth() throws {
        let late = try UncertaintyMarkdownTests.model([
            ChoicePattern(optionIDs: [1], votable: [1, 3, 4], sessions: 6),
            ChoicePattern(optionIDs: [2], votable: [1, 2, 3, 4], sessions: 4),
            ChoicePattern(optionIDs: [1, 3], votable: [1, 2, 3, 4], sessions: 2),
        ])
        #expect(late.sections.first?.options.contains { $0.eligible != nil } == true)
        for (name, model) in [("hostile", try HostileTextTests.model()), ("late options", late)] {
            let problems = Self.problems(model)
            #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
        }
    }

    /// The check sees a figure one format lacks: the CSV without its `option_with_excluded` rows fails it.
    @Test func aMissingFigureIsCaught() throws {
        let demo = try Analyzer(parameters: .demo()).report(from: Demo.inMemory())
        let csv = CSVReport.render(demo).split(separator: "\r\n").filter { !$0.hasPrefix("option_with_excluded,") }
        let problems = Self.problems(demo, csv: csv.joined(separator: "\r\n") + "\r\n")
        #expect(problems.contains { $0.hasPrefix("JSON options[].voters_with_excluded") })
    }
}

extension JSONValue {
    /// The value at a path of keys and positions; `.null` when there is none.
    fileprivate func value(at path: [JSONCSVParityTests.Step]) -> JSONValue {
        var value = self
        for step in path {
            switch (step, value) {
            case (.key(let key), .object(let pairs)): value = pairs.first { $0.0 == key }?.1 ?? .null
            case (.index(let i), .array(let items)): value = i < items.count ? items[i] : .null
            default: return .null
            }
        }
        return value
    }

    /// The object at a path, as its pairs; none when it is not an object.
    fileprivate func at(_ path: [JSONCSVParityTests.Step]) -> [(String, JSONValue)] {
        if case .object(let pairs) = value(at: path) { return pairs }
        return []
    }
}

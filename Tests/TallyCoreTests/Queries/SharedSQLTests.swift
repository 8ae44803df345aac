import Foundation
import TallyCore
import Testing

/// Every file in `queries/` must run alone on D1 (no includes, no temp tables), so the
/// parts they share are repeated in each. These checks keep the copies from drifting:
/// a fix made in one file and forgotten in another fails here.
@Suite("queries/: the repeated parts stay identical")
struct SharedSQLTests {
    /// The `name AS (…)` common table expressions of a file, by name (balanced parentheses).
    static func commonTableExpressions(_ sql: String) -> [String: String] {
        var result: [String: String] = [:]
        let lines = sql.components(separatedBy: "\n")
        let text = Array(sql.unicodeScalars)
        var offset = 0
        for line in lines {
            defer { offset += line.unicodeScalars.count + 1 }
            guard let range = line.range(of: #"^[a-z_]+ AS \("#, options: .regularExpression) else { continue }
            let name = String(line[range].dropLast(5))
            var index = offset + line[range].unicodeScalars.count
            var depth = 1
            while depth > 0, index < text.count {
                if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
                index += 1
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: text[offset..<index])
            result[name] = String(scalars)
        }
        return result
    }

    /// The expression that reads a stored time, with the column it reads replaced by `X`.
    static func timeExpressions(_ sql: String) -> [String] {
        let pattern = #"CASE WHEN typeof\(([a-z_.]+)\) = 'text'[\s\S]*?THEN strftime\([\s\S]*?ELSE \1 END\) END"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(sql.startIndex..., in: sql)
        return regex.matches(in: sql, range: range).map { match in
            let whole = String(sql[Range(match.range, in: sql)!])
            let column = String(sql[Range(match.range(at: 1), in: sql)!])
            return whole.replacingOccurrences(of: column, with: "X")
                .components(separatedBy: .whitespacesAndNewlines).filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    @Test func everyFileReadsStoredTimesTheSameWay() throws {
        var expressions: [String: Set<String>] = [:]
        for query in try PortableQuery.all() {
            for expression in Self.timeExpressions(query.sql) {
                expressions[expression, default: []].insert(query.name)
            }
        }
        #expect(
            expressions.count == 1, "stored times are read differently in: \(expressions.values.map { $0.sorted() })")
        #expect(
            (expressions.values.first?.count ?? 0) >= 8, "the time reading is expected in every vote and note query")
    }

    @Test(arguments: ["considered", "excluded", "considered_note", "decision", "decided", "note_then"])
    func sharedStepsAreIdentical(_ name: String) throws {
        var versions: [String: [String]] = [:]
        for query in try PortableQuery.all() {
            if let text = Self.commonTableExpressions(query.sql)[name] {
                versions[text, default: []].append(query.name)
            }
        }
        #expect(versions.values.reduce(0) { $0 + $1.count } >= 3, "\(name) should be shared by several files")
        #expect(versions.count == 1, "\(name) differs between \(versions.values.map { $0.sorted() })")
    }

    @Test func theCheckSeesADifference() {
        let a = "WITH params AS (SELECT\n  1 AS x\n),\nconsidered AS (\n  SELECT (1) FROM t\n)\nSELECT 1"
        let b = "WITH params AS (SELECT\n  1 AS x\n),\nconsidered AS (\n  SELECT (2) FROM t\n)\nSELECT 1"
        #expect(Self.commonTableExpressions(a)["considered"] == "considered AS (\n  SELECT (1) FROM t\n)")
        #expect(Self.commonTableExpressions(a)["considered"] != Self.commonTableExpressions(b)["considered"])
    }
}

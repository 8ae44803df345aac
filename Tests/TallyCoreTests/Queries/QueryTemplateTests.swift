import Foundation
import Testing

/// Every file of `queries/` must run alone on D1 (no includes, no temporary tables), so the parts they
/// share are written once, in `queries/templates/shared.sql`, and each `queries/NAME.sql` is generated
/// from `queries/templates/NAME.sql`. A generated file that differs from its template fails here;
/// `TALLY_RECORD_GOLDEN=1` writes them (read the diff, commit both).
@Suite("queries/: generated from one set of shared parts", .timeLimit(.minutes(10)))
struct QueryTemplateTests {
    static let folder = ToolProcess.repository.appendingPathComponent("queries")

    /// The blocks of a shared file: each starts with a line `-- block: NAME` and ends before the blank line
    /// that precedes the next one (or at the end of the file).
    static func blocks(_ shared: String) -> [String: String] {
        var blocks: [String: String] = [:]
        for part in shared.components(separatedBy: "\n-- block: ").dropFirst() {
            let name = String(part.prefix { $0 != "\n" })
            let body = part.dropFirst(name.count + 1)
            blocks[name] = String(body.hasSuffix("\n\n") ? body.dropLast(2) : body.dropLast())
        }
        return blocks
    }

    /// `template` with each `{{NAME}}` replaced by its block and then each `{{time COLUMN}}` by the `time`
    /// block read from COLUMN, its lines after the first indented to the column the macro stands at.
    static func expand(_ template: String, blocks: [String: String]) throws -> String {
        var text = template
        for _ in 0..<3 {
            text = try replacing(#"\{\{([a-z_]+)\}\}"#, in: text) { name, _ in
                guard let block = blocks[name] else { throw MissingBlock(name: name) }
                return block
            }
        }
        guard let time = blocks["time"] else { throw MissingBlock(name: "time") }
        return try replacing(#"\{\{time ([a-z_.]+)\}\}"#, in: text) { column, indent in
            time.replacingOccurrences(of: "{column}", with: column)
                .replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: indent))
        }
    }

    /// A `{{NAME}}` with no block of that name in queries/templates/shared.sql.
    struct MissingBlock: Error, Equatable {
        let name: String
    }

    /// `text` with each match of `pattern` replaced by `replacement(first group, column of the match)`.
    static func replacing(
        _ pattern: String, in text: String, _ replacement: (String, Int) throws -> String
    ) throws -> String {
        let regex = try NSRegularExpression(pattern: pattern)
        let source = text as NSString
        var result = ""
        var position = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            let lineStart = source.lineRange(for: NSRange(location: match.range.location, length: 0)).location
            result += source.substring(with: NSRange(location: position, length: match.range.location - position))
            result += try replacement(source.substring(with: match.range(at: 1)), match.range.location - lineStart)
            position = match.range.upperBound
        }
        return result + source.substring(from: position)
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The query names of `queries/templates/` (all but `shared`).
    static func templateNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("templates").path)
            .filter { $0.hasSuffix(".sql") && $0 != "shared.sql" }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test func everyQueryIsItsTemplateExpanded() throws {
        let blocks = Self.blocks(try Self.read("templates/shared.sql"))
        let queries = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".sql") }.map { String($0.dropLast(4)) }.sorted()
        #expect(try Self.templateNames() == queries, "one template per file of queries/")
        for name in try Self.templateNames() {
            let generated = try Self.expand(try Self.read("templates/\(name).sql"), blocks: blocks)
            let path = Self.folder.appendingPathComponent("\(name).sql")
            if GoldenFiles.recording {
                try Data(generated.utf8).write(to: path)
            } else {
                #expect(
                    try Self.read("\(name).sql") == generated,
                    "queries/\(name).sql is not its template expanded; edit queries/templates/ and re-record")
            }
        }
        #expect(!GoldenFiles.recording, "recorded queries/ from queries/templates/; run again without recording")
    }

    /// A stored time is read by the `time` block only, so every query reads it alike.
    @Test func noTemplateReadsAStoredTimeItsOwnWay() throws {
        for name in try Self.templateNames() + ["shared"] {
            let text = try Self.read("templates/\(name).sql")
            // What only the time reading does: bound the Julian day to years 0001-9999.
            let own = text.components(separatedBy: "BETWEEN 1721426.5 AND 5373483.49999999").count - 1
            #expect(own == (name == "shared" ? 1 : 0), "templates/\(name).sql: use {{time COLUMN}}")
        }
        let uses =
            try Self.templateNames().map { try Self.read("templates/\($0).sql") }
            .joined().components(separatedBy: "{{time ").count - 1
        #expect(uses >= 8, "the time reading is expected in every vote and note query")
    }

    @Test func theExpansionPlacesBlocksAndIndentsTimes() throws {
        let shared =
            "-- about\n\n-- block: step\nstep AS (\n  SELECT {{time t}}\n)\n\n-- block: time\nf({column},\n  {column})\n"
        let blocks = Self.blocks(shared)
        #expect(blocks == ["step": "step AS (\n  SELECT {{time t}}\n)", "time": "f({column},\n  {column})"])
        #expect(
            try Self.expand("WITH {{step}}\nSELECT 1", blocks: blocks)
                == "WITH step AS (\n  SELECT f(t,\n           t)\n)\nSELECT 1")
        #expect(throws: MissingBlock(name: "missing")) { try Self.expand("{{missing}}", blocks: blocks) }
    }
}

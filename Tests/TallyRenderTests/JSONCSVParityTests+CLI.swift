import Foundation
import TallyCore
import TallyRender
import TallySQLite
import TallyTestSupport
import Testing

/// The same parity, on what the real `tally report` prints for both audiences: the public one and the moderators'
/// (`--internal`: session ids, the sessions excluded by name), over the demo and over a hostile database with
/// options added mid-poll.
extension JSONCSVParityTests {
    /// The demo and the hostile database, each as the arguments that read it.
    static func sources(in folder: TemporaryDirectory) async throws -> [(name: String, arguments: [String])] {
        let hostile = folder.path("hostile.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", hostile]).status == 0)
        // Options added after the poll started (so they have `eligible` voters), with names a spreadsheet would run or
        // a CSV reader would split; votes for them from new sessions, one of them excluded by name; a vote for an
        // option that does not exist (an anomaly with an example row).
        _ = try await SQLiteShell.run(
            hostile,
            input: """
                INSERT INTO survey_options (id, content, section, created_at) VALUES
                  (90, '=HYPERLINK("http://x","y")', 'original', '2026-09-22 01:00:00'),
                  (91, 'a,"b"' || char(10) || 'c', 'original', '2026-09-23 01:00:00'),
                  (92, '+1 ' || char(13) || ' -1', 'community', '2026-09-23 02:00:00');
                INSERT INTO votes (option_id, session_id, created_at) VALUES
                  (90, 'late-1', '2026-09-22 02:00:00'), (91, 'late-1', '2026-09-22 02:00:01'),
                  (90, 'late-2', '2026-09-23 03:00:00'), (92, 'late-2', '2026-09-23 03:00:01'),
                  (91, '=cmd|x', '2026-09-23 04:00:00'), (1, 'late-3', '2026-09-24 05:00:00'),
                  (999, 'ghost', '2026-09-24 06:00:00');
                """)
        return [
            ("demo", ["--demo"]),
            (
                "hostile",
                [
                    "--db", hostile, "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--exclude-session",
                    "=cmd|x",
                ]
            ),
        ]
    }

    @Test(arguments: ["public", "internal"])
    func theCLIsJSONAndCSVSayTheSame(_ audience: String) async throws {
        let folder = try TemporaryDirectory()
        for (name, arguments) in try await Self.sources(in: folder) {
            let common =
                ["report"] + arguments + ["--as-of", "2026-12-01"] + (audience == "internal" ? ["--internal"] : [])
            let json = try await TallyProcess.run(common + ["--format", "json"])
            let csv = try await TallyProcess.run(common + ["--format", "csv"])
            #expect(json.status == 0 && csv.status == 0, "\(name): \(json.stderr) \(csv.stderr)")
            let document = try WrittenJSON.parse(json.stdout)
            let problems = Self.problems(document, csv: csv.stdout)
            #expect(problems.isEmpty, "\(name) \(audience):\n\(problems.joined(separator: "\n"))")
            // The cases are there: late options in the hostile database, and session ids for moderators only.
            let eligible = Self.leaves(document).filter {
                Self.pattern($0.path) == "options[].eligible" && $0.value != .null
            }
            #expect(!eligible.isEmpty, "\(name): no late option")
            let column = try #require(Self.columns.firstIndex(of: "session"))
            let sessions = CSVCells.parse(csv.stdout).dropFirst().map { $0[column] }.filter { !$0.isEmpty }
            #expect(sessions.isEmpty == (audience == "public"), "\(name) \(audience): \(sessions.prefix(3))")
        }
    }
}

/// Reads back the JSON tally writes (`JSONValue.serialized`) as a `JSONValue`, keeping the key order and each
/// number's decimals as written, so a figure's text can be compared with its CSV cell.
enum WrittenJSON {
    struct Malformed: Error, CustomStringConvertible {
        var offset: Int
        var description: String { "malformed JSON at byte \(offset)" }
    }

    static func parse(_ text: String) throws -> JSONValue {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.at == reader.bytes.count else { throw Malformed(offset: reader.at) }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
        }

        mutating func expect(_ literal: String) throws {
            let expected = Array(literal.utf8)
            guard bytes.count - at >= expected.count, Array(bytes[at..<at + expected.count]) == expected else {
                throw Malformed(offset: at)
            }
            at += expected.count
        }

        mutating func value() throws -> JSONValue {
            skipSpace()
            guard at < bytes.count else { throw Malformed(offset: at) }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            default: return try number()
            }
        }

        mutating func object() throws -> JSONValue {
            at += 1
            var pairs: [(String, JSONValue)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
                at += 1
                return .object(pairs)
            }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                pairs.append((key, try value()))
                skipSpace()
                guard at < bytes.count else { throw Malformed(offset: at) }
                at += 1
                if bytes[at - 1] == UInt8(ascii: "}") { return .object(pairs) }
                guard bytes[at - 1] == UInt8(ascii: ",") else { throw Malformed(offset: at - 1) }
            }
        }

        mutating func array() throws -> JSONValue {
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
                at += 1
                return .array(items)
            }
            while true {
                items.append(try value())
                skipSpace()
                guard at < bytes.count else { throw Malformed(offset: at) }
                at += 1
                if bytes[at - 1] == UInt8(ascii: "]") { return .array(items) }
                guard bytes[at - 1] == UInt8(ascii: ",") else { throw Malformed(offset: at - 1) }
            }
        }

        mutating func string() throws -> String {
            try expect("\"")
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw = []
            }
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                if byte == UInt8(ascii: "\"") {
                    flush()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    raw.append(byte)
                    continue
                }
                flush()
                guard at < bytes.count else { break }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "u"):
                    guard bytes.count - at >= 4,
                        let code = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else { throw Malformed(offset: at) }
                    at += 4
                    scalars.append(scalar)
                default: scalars.append(Unicode.Scalar(escape))
                }
            }
            throw Malformed(offset: at)
        }

        mutating func number() throws -> JSONValue {
            let start = at
            while at < bytes.count, "-+.0123456789eE".utf8.contains(bytes[at]) { at += 1 }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            if let integer = Int64(text) { return .integer(integer) }
            guard let number = Double(text), !text.contains("e"), !text.contains("E") else {
                throw Malformed(offset: start)
            }
            let decimals = text.split(separator: ".").last.map(\.count) ?? 0
            return .number(number, decimals: decimals)
        }
    }
}

import Foundation
import TallyCore
import TallySQLite

/// Stored `created_at` values a vote page should never write but a database can hold: every
/// text shape near the accepted grammar (offsets written four ways, fractions that round up,
/// whitespace, NUL, impossible fields, years at the ends of the range pushed over by an offset)
/// and values of every other storage class (integers, reals, BLOBs, NULL). Derived from a seed,
/// so a failing value can be rebuilt.
struct HostileTimes {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// Values that always matter, then `count` random ones.
    mutating func values(count: Int) -> [SQLValue] {
        HostileTimes.fixed + (0..<count).map { _ in next() }
    }

    /// The cases of issue 12 and the edges of the grammar, written out.
    static let fixed: [SQLValue] = [
        .text("2026-09-19 02:00:00+0800"), .text("2026-09-18T18:10:59.999999Z"), .text("2026-09-19 02:00:00+08"),
        .text("2026-09-19 02:00:00+08:"), .text("2026-09-18 18:06:00\n"), .text("2026-09-18 18:06:00\0"),
        .text("2026-09-18 18:06:00\0junk"), .blob(Array("2026-09-18 18:06:00".utf8)), .blob([0x00, 0xFF, 0x41]),
        .blob([]), .text("0001-01-01 00:00:00+01:00"), .text("0001-01-01 01:00:00+01:00"),
        .text("9999-12-31 23:00:00-05:00"), .text("9999-12-31 23:59:59.999Z"), .text("2026-02-30T10:00:00+08:00"),
        .text("2026-09-18T18:06+15:00"), .text("2026-09-18T18:06+14:59"), .text("2026-09-18T18:06:00 +08:00"),
        .text("2026-09-18 18:06:00.9999"), .text("2026-09-18 18:06:59.9995Z"), .text("2026-09-18 18:06:00."),
        .integer(1_789_754_760), .integer(2_461_302), .real(2_461_302.25), .real(1.5e9), .null, .text(""),
        .text("2026-09-18\t18:06:00"), .text("2026-09-18  18:06:00"), .text("2026-09-18 18:06:00\r"),
        .text("2026-09-18 24:00:00"), .text("2024-02-29 23:59:59.5-00:30"), .text("2026-09-18 18:06:00z"),
        .text("2026-09-18 18:06:00+00:00 "), .text("2026-09-18 18:06:00-14:59"), .text("2026-09-18T18:06:00.000+08:00"),
    ]

    /// One random value: mostly a valid time with one hostile change, sometimes another type.
    mutating func next() -> SQLValue {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return .integer(Int64.random(in: -10_000_000_000...10_000_000_000, using: &random))
        case 1: return .real(Double.random(in: -1e10...1e10, using: &random))
        case 2: return .blob(Array(text().utf8))
        case 3:
            return .blob(
                (0..<Int.random(in: 0...24, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        default: return .text(text())
        }
    }

    /// A time in text with random shape choices; many are valid, many are almost valid.
    mutating func text() -> String {
        // Each field is usually valid, so that many values are times and each hostile change
        // is tried alone as well as together with others.
        let year = odd() ? pick([0, 1, 9999, 10]) : pick([1, 2, 1969, 1970, 2026, 2026, 2026, 9998, 9999])
        let month = odd() ? pick([13, 0]) : pick([1, 2, 9, 12])
        let day = odd() ? pick([30, 31, 32, 0]) : pick([1, 18, 28, 29])
        let hour = odd() ? 24 : pick([0, 1, 18, 23])
        let minute = odd() ? 60 : pick([0, 6, 59])
        var text = "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
        text += odd() ? pick(["t", "  ", "\t", "x"]) : pick([" ", "T"])
        text += "\(digits(hour, 2)):\(digits(minute, 2))"
        switch Int.random(in: 0..<6, using: &random) {
        case 0: break
        case 1: text += ":" + digits(pick([0, 5, 59, 60]), 2)
        case 2: text += ":5"
        default:
            text += ":" + digits(pick([0, 59]), 2) + "."
            let count = pick([0, 1, 2, 3, 4, 5, 6, 9, 12])
            let digit = pick(["9", "9", "0", "5", "1"])
            text += (0..<count).map { _ in random.chance(0.7) ? digit : String(Int.random(in: 0...9, using: &random)) }
                .joined()
        }
        let hours = pick([0, 1, 5, 8, 14, 15, 23, 24])
        let minutes = pick([0, 0, 30, 45, 59, 60])
        let sign = pick(["+", "-"])
        text += pick([
            "", "", "", "", "", "Z", "Z", "z", "\(sign)\(digits(hours, 2)):\(digits(minutes, 2))",
            "\(sign)\(digits(hours, 2)):\(digits(minutes, 2))",
            "\(sign)\(digits(hours, 2))\(digits(minutes, 2))", "\(sign)\(digits(hours, 2))",
            "\(sign)\(digits(hours, 2)):", "\(sign)\(hours)", " Z", "Z ", " \(sign)\(digits(hours, 2)):00",
        ])
        text += odd() ? pick([" ", "\n", "\0", "\u{0B}", "é", "0", "\r\n"]) : ""
        return text
    }

    /// One field in eight is made wrong.
    private mutating func odd() -> Bool { random.chance(0.125) }

    private mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }

    private func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// A database with the contract's tables whose `votes.created_at` has no declared type, so
    /// integers and reals stay what they are (a vote page's own table may be declared so);
    /// one vote per value, id = 1 + the value's index, in one session each of a few.
    static func database(_ values: [SQLValue], at path: String, sessions: Int = 7) throws {
        try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            try db.execute("PRAGMA foreign_keys = OFF")
            try db.execute("DROP TABLE votes")
            try db.execute(
                "CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER NOT NULL, session_id TEXT NOT NULL, "
                    + "created_at)")
            try db.execute("CREATE INDEX votes_session_time_option ON votes (session_id, created_at, option_id)")
            try db.transaction(.immediate) {
                for id in 1...3 {
                    try db.execute(
                        "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, 'original', ?)",
                        [.integer(Int64(id)), .text("option \(id)"), .text("2026-09-18 00:00:00")])
                }
                let insert = try db.prepare(
                    "INSERT INTO votes (id, option_id, session_id, created_at) VALUES (?, ?, ?, ?)")
                // Text is bound up to its first NUL; text holding one is stored from its bytes.
                let insertWithNUL = try db.prepare(
                    "INSERT INTO votes (id, option_id, session_id, created_at) VALUES (?, ?, ?, CAST(? AS TEXT))")
                for (index, value) in values.enumerated() {
                    var row: [SQLValue] = [
                        .integer(Int64(index + 1)), .integer(Int64(index % 3 + 1)), .text("s\(index % sessions)"),
                    ]
                    if case .text(let text) = value, text.utf8.contains(0) {
                        try insertWithNUL.execute(row + [.blob(Array(text.utf8))])
                    } else {
                        row.append(value)
                        try insert.execute(row)
                    }
                }
            }
        }
    }
}

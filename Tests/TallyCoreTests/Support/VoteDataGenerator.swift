import Foundation
import TallyCore
import TallySQLite

/// The deterministic generator of `tally generate` (SplitMix64), so every generated database
/// can be rebuilt from its seed.
typealias SeededRandom = SplitMix64

extension SplitMix64 {
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
}

/// Random vote databases with what makes the report hard: ties, stacked votes,
/// sessions over budget, mixed timestamp shapes, unreadable times, unknown
/// options and sections, votes before their option existed, unicode session ids, BLOB session ids.
struct VoteDataGenerator {
    struct Output {
        /// Every session's first readable vote, for picking cutoffs that hit one exactly.
        var firstVotes: [(session: String, at: Instant)]
        var sessions: [String]
        var lastVote: Instant
        var firstVote: Instant
        /// Votes written.
        var votes = 0
    }

    var random: SeededRandom
    let base = Instant(seconds: 1_789_754_400)  // 2026-09-18 18:00:00 UTC

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// Stored text for an instant in one of the shapes a vote page may write.
    mutating func stored(_ instant: Instant, allowOdd: Bool) -> String {
        let civil = CivilDateTime(utcSeconds: instant.seconds)
        let millis = instant.millis - instant.seconds * 1000
        let time = "\(civil.dateText)T\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))"
        guard allowOdd else { return civil.text(withSeconds: true) }
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return time + "." + String(String(millis + 1000).dropFirst()) + "Z"  // JavaScript's toISOString()
        case 1:  // the same instant written with a +08:00 offset
            let local = CivilDateTime(utcSeconds: instant.seconds + 8 * 3600)
            return "\(local.dateText)T\(two(local.hour)):\(two(local.minute)):\(two(local.second))+08:00"
        case 2: return civil.text(withSeconds: false) + (civil.second == 0 ? "" : ":\(two(civil.second))")
        default: return civil.text(withSeconds: true)
        }
    }

    private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Fills a migrated database.
    mutating func fill(_ db: Connection) throws -> Output {
        // Votes for unknown options are part of the test: the foreign key must not stop them.
        try db.execute("PRAGMA foreign_keys = OFF")
        try db.execute("BEGIN")
        var optionIDs: [Int64] = []
        var optionCreated: [Int64: Instant] = [:]
        let originals = Int.random(in: 2...6, using: &random)
        let communities = Int.random(in: 0...2, using: &random)
        let insertOption = try db.prepare(
            "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, ?, ?)")
        var nextID: Int64 = 1
        for index in 0..<(originals + communities + (random.chance(0.3) ? 1 : 0)) {
            let section = index < originals ? "original" : index < originals + communities ? "community" : "beta"
            let created =
                section == "original" ? base : base.adding(seconds: Int64.random(in: 0...(6 * 86_400), using: &random))
            var createdText = created.d1Text
            if random.chance(0.05) { createdText = "launch day" }
            try insertOption.execute([
                .integer(nextID), .text("option \(nextID) | \(section)"), .text(section), .text(createdText),
            ])
            optionIDs.append(nextID)
            if createdText != "launch day" { optionCreated[nextID] = created }
            nextID += random.chance(0.2) ? Int64.random(in: 2...5, using: &random) : 1
        }
        if random.chance(0.3) {  // an id far beyond the dense range
            try insertOption.execute([.integer(5_000_000), .text("far option"), .text("original"), .text(base.d1Text)])
            optionIDs.append(5_000_000)
        }

        let insertVote = try db.prepare("INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, ?)")
        var output = Output(firstVotes: [], sessions: [], lastVote: base, firstVote: base.adding(seconds: 1 << 40))
        let sessionCount = Int.random(in: 5...45, using: &random)
        let odd = random.chance(0.6)
        // A few favourite options make ties and stacks likely.
        let favourites = Array(optionIDs.shuffled(using: &random).prefix(3))
        for number in 0..<sessionCount {
            let session: String
            let kind = Int.random(in: 0..<13, using: &random)
            switch kind {
            case 0: session = "é-\(number)"
            case 12: session = "blob-\(number)"  // stored as a BLOB: not plain text, flagged
            case 1: session = "Z\(number)"
            case 2: session = "a b \(number)"
            default: session = String(random.next() & 0xFFFF_FFFF, radix: 16) + "-\(number)"
            }
            output.sessions.append(session)
            var votes = Int.random(in: 1...3, using: &random)
            if random.chance(0.08) { votes = Int.random(in: 4...6, using: &random) }
            var at = base.adding(seconds: Int64.random(in: 0...(9 * 86_400), using: &random))
            if random.chance(0.3) { at = Instant(millis: at.millis + Int64.random(in: 1...999, using: &random)) }
            var first: Instant?
            for _ in 0..<votes {
                var option =
                    random.chance(0.7)
                    ? favourites.randomElement(using: &random)! : optionIDs.randomElement(using: &random)!
                if random.chance(0.03) { option = 999_999 }  // no such option
                var text = stored(at, allowOdd: odd)
                if random.chance(0.03) {
                    text = ["soon", "2026-02-30 10:00:00", "2026-09-19 24:00:00", ""].randomElement(using: &random)!
                }
                let sessionValue: SQLValue = kind == 12 ? .blob(Array(session.utf8)) : .text(session)
                try insertVote.execute([.integer(option), sessionValue, .text(text)])
                output.votes += 1
                if let read = StoredTimestamp.parse(text) {
                    first = min(first ?? read, read)
                    output.lastVote = max(output.lastVote, read)
                    output.firstVote = min(output.firstVote, read)
                }
                // Later votes of the session; sometimes the stored order differs from time order.
                at = at.adding(seconds: Int64.random(in: random.chance(0.2) ? -300...(-1) : 0...900, using: &random))
            }
            if let first { output.firstVotes.append((session, first)) }
        }

        let insertNote = try db.prepare(
            "INSERT INTO suggestions (session_id, content, status, created_at, promoted_option_id) VALUES (?, ?, ?, ?, ?)"
        )
        for number in 0..<Int.random(in: 0...8, using: &random) {
            let status = ["pending", "approved", "approved", "rejected", "spam"].randomElement(using: &random)!
            let author: SQLValue = random.chance(0.1) ? .null : .text(output.sessions.randomElement(using: &random)!)
            let promoted: SQLValue =
                status == "approved" && random.chance(0.5) ? .integer(optionIDs.randomElement(using: &random)!) : .null
            let created = base.adding(seconds: Int64.random(in: 0...(9 * 86_400), using: &random))
            try insertNote.execute([
                author, .text("note \(number)"), .text(status), .text(stored(created, allowOdd: odd)), promoted,
            ])
        }
        try db.execute("COMMIT")
        return output
    }
}

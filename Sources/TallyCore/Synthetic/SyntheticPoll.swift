import TallySQLite

/// Deterministic synthetic vote data, for benchmarks and for trying tally at scale.
///
/// The same parameters always give the same rows (a seeded SplitMix64 generator,
/// no clock, no system randomness). The data has the shape of the real case:
/// seven options in two sections (the two community options appear halfway),
/// sessions of one to three votes that often stack, a few smoke-test sessions
/// before the launch, and timestamps over `days` days (thirty unless asked) stored
/// as D1 stores them.
package struct SyntheticPoll: Sendable {
    /// How many votes to write (at least 1).
    package var votes: Int
    /// The seed; different seeds give different but equally shaped data.
    package var seed: UInt64
    /// The launch instant; votes fall in the `days` days after it.
    package var launch: Instant
    /// How many days the votes span (at least 1); the community options appear on day `days / 2`.
    package var days: Int
    /// Smoke-test sessions voting in the ten minutes before the launch.
    package var testSessions: Int

    /// The default is the real case's shape: thirty days, four smoke-test sessions.
    package init(
        votes: Int, seed: UInt64 = 1, launch: Instant = Instant(seconds: 1_788_220_800), days: Int = 30,
        testSessions: Int = 4
    ) {
        self.votes = votes
        self.days = days
        self.seed = seed
        self.launch = launch
        self.testSessions = testSessions
    }

    /// The options written: five original, two community (created on day 15 of the default thirty;
    /// `communityDay` places them for any span).
    package static let options: [(content: String, section: String, day: Int64)] = [
        ("做了好多事，另一半不知道", "original", -1),
        ("今天吃什麼，永遠臨時才有人想", "original", -1),
        ("家事分工，說好的永遠做不到", "original", -1),
        ("孩子的功課，誰來陪？", "original", -1),
        ("週末行程，一個想出門一個想躺", "original", -1),
        ("爸爸可以不要看手機嗎？", "community", 15),
        ("爸爸廁所要待多久?", "community", 15),
    ]

    /// Relative popularity of each option (same order as `options`).
    static let weights: [UInt64] = [30, 28, 16, 12, 8, 4, 2]

    /// The day the community options are created: halfway through the span (15 of 30).
    var communityDay: Int64 { Int64(days / 2) }

    /// What was written.
    package struct Summary: Equatable, Sendable {
        package var sessions: Int
        package var votes: Int
        package var testSessions: Int
    }

    /// Writes the schema and the data into an empty database, in one transaction.
    /// Indexes are built after the rows (migrations 0002+ run last), which is much
    /// faster than maintaining them row by row.
    @discardableResult
    package func write(into db: Connection) throws -> Summary {
        precondition(votes >= 1, "SyntheticPoll.votes must be positive")
        precondition(days >= 1, "SyntheticPoll.days must be positive")
        let all = Migrator()
        let contract = Migrator(migrations: Array(all.migrations.prefix(1)))
        var random = SplitMix64(seed: seed)
        var summary = Summary(sessions: 0, votes: 0, testSessions: 0)
        try db.transaction(.immediate) {
            try contract.migrate(db)
            let option = try db.prepare(
                "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, ?, ?)")
            for (index, row) in Self.options.enumerated() {
                let created = launch.adding(seconds: (row.day < 0 ? row.day : communityDay) * 86_400)
                try option.execute([
                    .integer(Int64(index + 1)), .text(row.content), .text(row.section), .text(created.d1Text),
                ])
            }
            let insert = try db.prepare("INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, ?)")
            func vote(_ optionID: Int64, _ session: String, _ at: Instant) throws {
                try insert.execute([.integer(optionID), .text(session), .text(at.d1Text)])
                summary.votes += 1
            }
            // Smoke tests: in the ten minutes before launch, three votes each.
            for _ in 0..<min(testSessions, max(0, votes / 3)) {
                let session = random.sessionID()
                let start = launch.adding(seconds: -600 + Int64(random.next() % 540))
                for k in 0..<3 { try vote(Int64(3 + random.next() % 3), session, start.adding(seconds: Int64(k * 20))) }
                summary.sessions += 1
                summary.testSessions += 1
            }
            let span = UInt64(days) * 86_400
            while summary.votes < votes {
                let session = random.sessionID()
                let offset = Int64(random.next() % span)
                let start = launch.adding(seconds: offset)
                let communityOpen = offset >= communityDay * 86_400
                let roll = random.next() % 100
                let count = min(roll < 6 ? 1 : roll < 16 ? 2 : 3, votes - summary.votes)
                var previous: Int64 = 0
                for k in 0..<count {
                    // About one vote in five stacks on the option just chosen.
                    let choice =
                        k > 0 && random.next() % 5 == 0 ? previous : random.option(communityOpen: communityOpen)
                    try vote(choice, session, start.adding(seconds: Int64(k) * (20 + Int64(random.next() % 60))))
                    previous = choice
                }
                summary.sessions += 1
            }
            try all.migrate(db)
        }
        return summary
    }
}

/// The synthetic poll's draws.
extension SplitMix64 {
    /// A random version-4-shaped UUID string, like a vote page's session cookie.
    mutating func sessionID() -> String {
        let a = next()
        let b = next()
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text.suffix(digits)
        }
        return
            "\(hex(a >> 32, 8))-\(hex((a >> 16) & 0xFFFF, 4))-4\(hex(a & 0xFFF, 3))-a\(hex(b >> 52, 3))-\(hex(b & 0xFFFF_FFFF_FFFF, 12))"
    }

    /// An option id drawn by popularity; community options only once they exist.
    mutating func option(communityOpen: Bool) -> Int64 {
        let weights = communityOpen ? SyntheticPoll.weights : Array(SyntheticPoll.weights.prefix(5))
        var pick = next() % weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            if pick < weight { return Int64(index + 1) }
            pick -= weight
        }
        return 1
    }
}

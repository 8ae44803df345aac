import TallySQLite

/// The built-in demo: the blogger's real case from week one, reproduced row by row.
///
/// Figures it must give (times in Taiwan, UTC+8): 19 sessions and 55 votes in all;
/// four smoke-test sessions whose first votes fall 2026-09-19 02:06–02:10 (the last
/// of them votes again at 02:11:21, so excluding "just the early votes" would be
/// wrong); 15 voters and 43 votes once they are excluded; the top two options tied
/// at 10 voters each, with and without the tests; the last vote at 2026-09-23
/// 23:04:12, then nothing; two notes by one session approved and promoted to the
/// `community` section on 2026-09-24, with no votes yet. Timestamps are stored as
/// D1 stores them: UTC text.
package enum Demo {
    /// The settings the author used for the published figures.
    package enum Settings {
        package static let timezone = "Asia/Taipei"
        package static let excludeBefore = "2026-09-19 02:11"
        package static let asOf = "2026-09-27 12:00"
        package static let votesPerSession = 3
        /// The local date the vote page went live: week 1 of the weekly tallies starts then.
        package static let launch = "2026-09-19"
    }

    /// Survey options: (id, content, section, created_at UTC).
    package static let options: [(id: Int64, content: String, section: String, createdAt: String)] = [
        (1, "做了好多事，另一半不知道", "original", "2026-09-18 10:00:00"),
        (2, "今天吃什麼，永遠臨時才有人想", "original", "2026-09-18 10:00:00"),
        (3, "家事分工，說好的永遠做不到", "original", "2026-09-18 10:00:00"),
        (4, "孩子的功課，誰來陪？", "original", "2026-09-18 10:00:00"),
        (5, "週末行程，一個想出門一個想躺", "original", "2026-09-18 10:00:00"),
        (6, "爸爸可以不要看手機嗎？", "community", "2026-09-24 02:00:00"),
        (7, "爸爸廁所要待多久?", "community", "2026-09-24 02:00:00"),
    ]

    /// The smoke-test sessions' tags (their session ids are in `sessions`).
    package static let testSessionTags = ["t1", "t2", "t3", "t4"]

    /// A note as the demo stores it.
    package struct Note: Sendable {
        package let id: Int64
        package let session: String
        package let content: String
        package let createdAt: String
        /// Decisions in order: (action, from, to, moderator, reason, at UTC, option id).
        package let history:
            [(action: String, from: String, to: String, by: String, reason: String?, at: String, option: Int64?)]
    }

    /// Sticky notes and their moderation history.
    package static let notes: [Note] = [
        Note(
            id: 1, session: "s07", content: "爸爸可以不要看手機嗎？", createdAt: "2026-09-20 05:05:10",
            history: [
                ("approve", "pending", "approved", "author", nil, "2026-09-24 01:55:00", nil),
                ("promote", "approved", "promoted", "author", nil, "2026-09-24 02:00:00", 6),
            ]),
        Note(
            id: 2, session: "s07", content: "爸爸廁所要待多久?", createdAt: "2026-09-20 05:06:02",
            history: [
                ("approve", "pending", "approved", "author", nil, "2026-09-24 01:55:30", nil),
                ("promote", "approved", "promoted", "author", nil, "2026-09-24 02:00:00", 7),
            ]),
        Note(id: 3, session: "s11", content: "可以加一個「寵物」的選項嗎？", createdAt: "2026-09-22 04:50:11", history: []),
        Note(id: 4, session: "s13", content: "週末 | 平日\n哪個比較累？", createdAt: "2026-09-23 01:31:40", history: []),
        Note(
            id: 5, session: "t1", content: "test", createdAt: "2026-09-18 18:06:50",
            history: [
                ("reject", "pending", "rejected", "author", "smoke test from launch night", "2026-09-19 01:00:00", nil)
            ]),
        Note(
            id: 6, session: "s04", content: "=HYPERLINK(\"https://example.com\",\"點我\")",
            createdAt: "2026-09-19 13:06:00",
            history: [
                ("reject", "pending", "rejected", "author", "link, not a suggestion", "2026-09-21 03:12:45", nil)
            ]),
    ]

    /// Session tag → session id (UUIDs, as a vote page's cookie would hold).
    package static let sessions: [String: String] = [
        "t1": "2865f6c9-2761-4275-acef-3732c2a90d80",
        "t2": "6ebe63a4-e3c5-4497-ac07-9989e0fb7bbd",
        "t3": "fe3ed1bd-bbfc-42ee-ae8a-1e484b121e68",
        "t4": "2c21c0d7-da5d-46d6-a72b-d4ab4cf72024",
        "s01": "a2a7abff-4b02-402e-a907-b7c481838f22",
        "s02": "495a7570-3cf1-4600-af9b-f7edcaee97a9",
        "s03": "14be408a-a6b6-4f44-ae28-6d4bb9785edb",
        "s04": "96eb9bec-10cd-4b9e-a0d8-1e16cf1a23ab",
        "s05": "8d77f63c-9131-48a5-a0c1-95199121f73b",
        "s06": "c8aaac7e-8c65-4c84-aa23-b3fd4bc30f41",
        "s07": "1bed57d5-ce60-42ba-a052-bd062648273f",
        "s08": "7bf38d28-0bc9-4405-ae7e-62b821733a35",
        "s09": "2e582128-3f1e-4fc8-ad8e-63ce8f90cf14",
        "s10": "80e03064-e930-419e-a982-a97c334d3482",
        "s11": "241200ea-1fc1-4a23-a513-a998a913ea6c",
        "s12": "dabe8a03-2dc5-4ec3-a9cb-601e99bfbaad",
        "s13": "6bf0d994-7999-428d-a7f5-f0a504e3fa70",
        "s14": "d17d1d7a-eeb3-451e-a7ba-a153c94275fb",
        "s15": "7273a219-e4f3-4978-ac3f-e5eaece32364",
    ]

    /// Votes: (option id, session tag, stored UTC text), in id order.
    package static let votes: [(option: Int64, session: String, at: String)] = [
        (3, "t1", "2026-09-18 18:06:14"),
        (4, "t1", "2026-09-18 18:06:34"),
        (5, "t1", "2026-09-18 18:06:54"),
        (3, "t2", "2026-09-18 18:07:30"),
        (3, "t2", "2026-09-18 18:07:50"),
        (4, "t2", "2026-09-18 18:08:10"),
        (5, "t3", "2026-09-18 18:09:05"),
        (4, "t3", "2026-09-18 18:09:25"),
        (3, "t3", "2026-09-18 18:09:45"),
        (4, "t4", "2026-09-18 18:10:41"),
        (5, "t4", "2026-09-18 18:11:01"),
        (5, "t4", "2026-09-18 18:11:21"),
        (1, "s01", "2026-09-19 01:12:05"),
        (2, "s01", "2026-09-19 01:12:53"),
        (3, "s01", "2026-09-19 01:13:40"),
        (1, "s02", "2026-09-19 01:47:31"),
        (2, "s02", "2026-09-19 01:48:19"),
        (4, "s02", "2026-09-19 01:49:06"),
        (1, "s03", "2026-09-19 04:20:44"),
        (1, "s03", "2026-09-19 04:21:32"),
        (2, "s03", "2026-09-19 04:22:19"),
        (1, "s04", "2026-09-19 13:05:10"),
        (2, "s04", "2026-09-19 13:05:58"),
        (5, "s04", "2026-09-19 13:06:45"),
        (1, "s05", "2026-09-19 14:41:52"),
        (2, "s05", "2026-09-19 14:42:40"),
        (2, "s05", "2026-09-19 14:43:27"),
        (1, "s06", "2026-09-20 00:15:03"),
        (3, "s06", "2026-09-20 00:15:51"),
        (4, "s06", "2026-09-20 00:16:38"),
        (1, "s07", "2026-09-20 05:02:27"),
        (1, "s07", "2026-09-20 05:03:15"),
        (1, "s07", "2026-09-20 05:04:02"),
        (1, "s08", "2026-09-20 12:33:18"),
        (3, "s08", "2026-09-20 12:34:06"),
        (5, "s08", "2026-09-20 12:34:53"),
        (1, "s09", "2026-09-20 23:55:40"),
        (4, "s09", "2026-09-20 23:56:28"),
        (1, "s10", "2026-09-21 11:20:09"),
        (3, "s10", "2026-09-21 11:20:57"),
        (3, "s10", "2026-09-21 11:21:44"),
        (2, "s11", "2026-09-22 04:48:36"),
        (3, "s11", "2026-09-22 04:49:24"),
        (4, "s11", "2026-09-22 04:50:11"),
        (2, "s12", "2026-09-22 14:10:58"),
        (2, "s12", "2026-09-22 14:11:46"),
        (5, "s12", "2026-09-22 14:12:33"),
        (2, "s13", "2026-09-23 01:30:21"),
        (4, "s13", "2026-09-23 01:31:09"),
        (5, "s13", "2026-09-23 01:31:56"),
        (2, "s14", "2026-09-23 10:44:02"),
        (3, "s14", "2026-09-23 10:44:50"),
        (2, "s15", "2026-09-23 15:02:37"),
        (5, "s15", "2026-09-23 15:03:25"),
        (5, "s15", "2026-09-23 15:04:12"),
    ]

    /// Writes the demo into a database: migrations, then every row, in one transaction.
    package static func write(into db: Connection) throws {
        try db.transaction(.immediate) {
            try Migrator().migrate(db)
            let option = try db.prepare(
                "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, ?, ?)")
            for row in options {
                try option.execute([.integer(row.id), .text(row.content), .text(row.section), .text(row.createdAt)])
            }
            let vote = try db.prepare("INSERT INTO votes (id, option_id, session_id, created_at) VALUES (?, ?, ?, ?)")
            for (index, row) in votes.enumerated() {
                try vote.execute([
                    .integer(Int64(index + 1)), .integer(row.option), .text(sessions[row.session]!), .text(row.at),
                ])
            }
            let note = try db.prepare(
                """
                INSERT INTO suggestions (id, session_id, content, status, created_at, reviewed_by, reviewed_at,
                                         review_reason, version, promoted_option_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let log = try db.prepare(
                """
                INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason,
                                            created_at, version, option_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for row in notes {
                let last = row.history.last
                // A promoted note keeps status 'approved' (see migrations/0002_tally_moderation.sql).
                let status = last.map { $0.to == "promoted" ? "approved" : $0.to } ?? "pending"
                let promoted = row.history.compactMap(\.option).last
                try note.execute([
                    .integer(row.id), .text(sessions[row.session]!), .text(row.content), .text(status),
                    .text(row.createdAt), SQLValue(last?.by), SQLValue(last?.at), SQLValue(last?.reason),
                    .integer(Int64(row.history.count)), SQLValue(promoted),
                ])
                for (index, entry) in row.history.enumerated() {
                    try log.execute([
                        .integer(row.id), .text(entry.action), .text(entry.from), .text(entry.to), .text(entry.by),
                        SQLValue(entry.reason), .text(entry.at), .integer(Int64(index + 1)), SQLValue(entry.option),
                    ])
                }
            }
        }
    }

    /// The demo in a private in-memory database (what `--demo` reads).
    package static func inMemory() throws -> Connection {
        let db = try Connection(path: ":memory:", mode: .create)
        try write(into: db)
        return db
    }
}

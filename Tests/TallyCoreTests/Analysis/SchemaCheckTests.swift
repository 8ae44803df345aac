import TallyCore
import TallySQLite
import Testing

@Suite("Schema check")
struct SchemaCheckTests {
    @Test func missingTablesAndColumnsAreNamed() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT, created_at TEXT)")
        try db.execute(
            "CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT, status TEXT, created_at TEXT)"
        )
        #expect(
            throws: AnalysisError.schemaMismatch(
                missingTables: ["votes"], missingColumns: ["survey_options.section"])
        ) {
            try SchemaCheck.verify(db)
        }
        let message = AnalysisError.schemaMismatch(missingTables: ["votes"], missingColumns: ["survey_options.section"])
            .description
        #expect(message.contains("missing table(s): votes; missing column(s): survey_options.section"))
        #expect(message.contains("tally migrate"))
    }

    @Test func extraTablesAndColumnsAreIgnored() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try db.executeScript(
            """
            CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT NOT NULL, section TEXT NOT NULL,
              created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, colour TEXT, weight REAL);
            CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER NOT NULL, user_agent TEXT,
              session_id TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, ip_hash BLOB);
            CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT NOT NULL,
              status TEXT NOT NULL DEFAULT 'pending', created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
              promoted_option_id INTEGER, spam_score REAL);
            CREATE TABLE page_views (id INTEGER PRIMARY KEY, path TEXT);
            INSERT INTO survey_options (id, content, section, created_at, colour) VALUES (1, 'a', 'original', '2026-01-01 00:00:00', 'red');
            INSERT INTO votes (option_id, user_agent, session_id, created_at, ip_hash) VALUES (1, 'x', 's', '2026-02-01 00:00:00', x'00');
            INSERT INTO page_views (path) VALUES ('/');
            """)
        try SchemaCheck.verify(db)
        let figures = try Analyzer(parameters: ReportParameters(asOf: .utc("2026-03-01 00:00:00"))).figures(from: db)
        #expect(figures.totals.votes == 1)
        #expect(figures.options.first?.voters == 1)
    }
}

import Foundation
import TallySQLite

/// Loads a `wrangler d1 export` file or a `sqlite3 .dump` file into a new
/// database file: streamed, checked statement by statement by `DumpPolicy`,
/// in one transaction, into a temporary file that becomes the target only
/// when everything — load, schema contract, migrations — succeeded.
package struct DumpImporter {
    /// How far the import is, for a progress display.
    package struct Progress: Sendable {
        /// Bytes of the dump read so far.
        package let bytesRead: Int64
        /// The dump's size, when known (a regular file).
        package let totalBytes: Int64?
        /// Rows inserted so far.
        package let rows: Int64
        /// True once the dump is loaded and tally checks it and adds its own tables and indexes.
        package let finishing: Bool

        /// A progress report.
        package init(bytesRead: Int64, totalBytes: Int64?, rows: Int64, finishing: Bool = false) {
            self.bytesRead = bytesRead
            self.totalBytes = totalBytes
            self.rows = rows
            self.finishing = finishing
        }
    }

    /// Called every few thousand statements, on the importing thread.
    package var progress: ((Progress) -> Void)?
    /// Asked between statements and while a long one runs; `true` stops the import.
    package var shouldStop: () -> Bool
    /// The largest statement accepted, in bytes.
    package var statementLimit: Int
    /// Page cache of the importing connection, in KiB (its memory does not grow
    /// with the file). A small cache builds indexes faster than a large one:
    /// measured on a million votes, 8 MiB beat both 2 MiB and 32 MiB.
    package var cacheKiB: Int

    /// An importer; `progress` and `shouldStop` are called on the importing thread.
    package init(
        statementLimit: Int = DumpReader.defaultStatementLimit, cacheKiB: Int = 8 << 10,
        progress: ((Progress) -> Void)? = nil, shouldStop: @escaping () -> Bool = { false }
    ) {
        self.statementLimit = statementLimit
        self.cacheKiB = cacheKiB
        self.progress = progress
        self.shouldStop = shouldStop
    }

    // MARK: The whole import

    /// Loads the dump at `dumpPath` (`-` for standard input) into a new database at `target`; with
    /// `replace`, an existing target is replaced atomically. Either the target appears complete, or
    /// nothing changes. `finish` runs last inside the import's transaction, with the summary and the
    /// SHA-256 (hex) of the bytes read: what the layer above records with the data (the sync ledger,
    /// `DumpImporter.run` in Sync/), so Exchange needs nothing of Sync.
    package func load(
        dumpPath: String, target: String, replace: Bool,
        finish: (Connection, ImportSummary, _ sha256: String) throws -> Void
    ) throws -> ImportSummary {
        let reader = try DumpReader(path: dumpPath, statementLimit: statementLimit)
        let hash = SHA256()
        reader.onRead = { hash.update($0.bindMemory(to: UInt8.self)) }
        if dumpPath != "-", DumpImporter.sameFile(dumpPath, target) {
            throw DumpError.cannotRead(path: dumpPath, reason: "it is the database to write; choose another --db")
        }
        return try DatabaseFile.build(at: target, replace: replace) { db in
            try prepareConnection(db)
            // Also stops a long statement (an index over millions of rows) midway.
            db.setProgressHandler(every: 100_000) { [shouldStop] in shouldStop() }
            defer { db.setProgressHandler(nil) }
            do {
                return try db.transaction(.exclusive) {
                    let summary = try importInto(db, from: reader)
                    try finish(db, summary, SHA256.hex(hash.finalize()))
                    return summary
                }
            } catch {
                if shouldStop() { throw DumpError.interrupted }
                throw error
            }
        }
    }

    /// The importing connection's own settings — not the dump's. The file is a
    /// private temporary until it is renamed into place, so a crash can only
    /// lose that temporary: no journal on disk and no waiting for the disk
    /// (DatabaseFile.build syncs the finished file once before renaming it).
    func prepareConnection(_ db: Connection) throws {
        try db.harden()
        // Newer sqlite3 shells write text with control characters as unistr('…\u000a…').
        try db.provideTextFunctions()
        db.setLimit(.length, to: Int32(clamping: statementLimit))
        db.setLimit(.sqlLength, to: Int32(clamping: statementLimit))
        try db.execute("PRAGMA journal_mode = MEMORY")
        try db.execute("PRAGMA synchronous = OFF")
        try db.execute("PRAGMA cache_size = -\(max(2048, cacheKiB))")
        // Off as in the sqlite3 shell reading a dump: rows may come before the
        // rows they refer to. They are checked once, after the load.
        try db.execute("PRAGMA foreign_keys = OFF")
    }

    /// Load, check the contract, apply the migrations, summarise; inside the caller's transaction, which
    /// adds the sync ledger (`DumpImporter.run`, `SyncPull`).
    func importInto(_ db: Connection, from reader: DumpReader) throws -> ImportSummary {
        let loaded = try load(reader, into: db)
        progress?(
            Progress(bytesRead: reader.bytesRead, totalBytes: reader.totalBytes, rows: loaded.rows, finishing: true))
        let missing = try SchemaContract.missing(in: db)
        guard missing.isEmpty else { throw DumpError.missingContract(missing) }
        let tablesBefore = Set(try DumpImporter.tableNames(db))
        let migrator = Migrator()
        let foreign = try migrator.status(of: db).foreign
        let applied = try migrateGuarded(db, migrator)
        var tables: [ImportSummary.Table] = []
        for name in try DumpImporter.tableNames(db) {
            let rows = try db.scalar("SELECT count(*) FROM \(DumpImporter.quoted(name))")?.int64 ?? 0
            tables.append(.init(name: name, rows: rows, addedByTally: !tablesBefore.contains(name)))
        }
        // The file's triggers, as tally's own writes will fire them later.
        let findings = try TriggerAudit.findings(in: db)
        if let ignoring = findings.first(where: \.ignoresRows) {
            throw DumpError.triggerIgnores(
                trigger: ignoring.trigger, table: ignoring.write.table, event: ignoring.write.event,
                purpose: ignoring.write.purpose)
        }
        var summary = ImportSummary(
            tables: tables, rowsInserted: loaded.rows, statements: loaded.statements, migrationsApplied: applied,
            foreignMigrations: foreign, danglingReferences: try DumpImporter.danglingReferences(db))
        summary.triggersWritingElsewhere = findings.filter { !$0.writesElsewhere.isEmpty }.map {
            .init(
                trigger: $0.trigger, table: $0.write.table, event: $0.write.event, purpose: $0.write.purpose,
                writes: $0.writesElsewhere)
        }
        return summary
    }

    /// Applies tally's migrations while the dump's triggers may not write: a
    /// trigger on a table tally writes to (the ledger) would otherwise run
    /// code from the file with tally's statements.
    func migrateGuarded(_ db: Connection, _ migrator: Migrator) throws -> [String] {
        final class Watch { var refused: (trigger: String, table: String)? }
        let watch = Watch()
        db.setAuthorizer { request in
            let decision = DumpPolicy.guardOwnStatements(request)
            if decision == .deny, watch.refused == nil { watch.refused = (request.trigger ?? "", request.first ?? "") }
            return decision
        }
        defer { db.setAuthorizer(nil) }
        do {
            return try migrator.migrate(db)
        } catch {
            if let refused = watch.refused {
                throw DumpError.triggerWrites(trigger: refused.trigger, table: refused.table)
            }
            throw error
        }
    }

    // MARK: Loading

    /// What `load` did.
    package struct Loaded: Equatable, Sendable {
        /// Rows inserted into the dump's tables (SQLite's own sqlite_sequence and statistics rows left out).
        package var rows: Int64 = 0
        /// Statements read, including the dump's own BEGIN/COMMIT/PRAGMA that were skipped.
        package var statements = 0
    }

    /// Runs every statement of the dump on `db` under `DumpPolicy`, in the
    /// caller's transaction, with nothing else: no contract check, no migrations.
    package func load(_ reader: DumpReader, into db: Connection) throws -> Loaded {
        let policy = DumpPolicy()
        db.setAuthorizer { policy.decide($0) }
        defer { db.setAuthorizer(nil) }
        var loaded = Loaded()
        var openedAt: Int?  // line of the dump's BEGIN not yet followed by its COMMIT
        var sequenceMade = false
        while let chunk = try reader.next() {
            let end = chunk.text.count - 1  // the NUL after the text
            var offset = 0
            while offset < end {
                if shouldStop() { throw DumpError.interrupted }
                let rest = UnsafeRawBufferPointer(rebasing: chunk.text[offset...])
                if DumpReader.isBlank(UnsafeRawBufferPointer(rebasing: rest[..<(end - offset)])) { break }
                let place = Place(chunk: chunk, offset: offset)
                policy.reset()
                let prepared: (statement: Statement?, consumed: Int)
                do {
                    prepared = try db.prepareFirst(in: rest)
                } catch let error as SQLiteError {
                    if let refusal = policy.refusal { throw DumpError.refused(line: place.line, what: refusal) }
                    if error.message == "no such table: sqlite_sequence", !sequenceMade {
                        // D1 keeps sqlite_sequence after its last AUTOINCREMENT table was dropped, and
                        // its export still restores it; here no table has made it yet. SQLite makes it
                        // with the first AUTOINCREMENT table (it cannot be created by name).
                        sequenceMade = true
                        db.setAuthorizer(nil)
                        try db.execute("CREATE TABLE tally_make_sequence (id INTEGER PRIMARY KEY AUTOINCREMENT)")
                        try db.execute("DROP TABLE tally_make_sequence")
                        db.setAuthorizer { policy.decide($0) }
                        continue
                    }
                    if !chunk.isComplete { throw DumpError.truncated(line: place.line) }
                    throw DumpError.rejected(line: place.line, message: error.message, statement: place.excerpt)
                }
                guard let statement = prepared.statement else { break }
                let consumed = prepared.consumed
                if !chunk.isComplete, !DumpImporter.isComplete(chunk.text, from: offset, count: consumed) {
                    throw DumpError.truncated(line: place.line)
                }
                policy.stopRecording()
                let kind: DumpStatement
                switch policy.classify(explain: statement.isExplain) {
                case .success(let recognised):
                    kind = recognised
                case .failure(let refusal):
                    let what = refusal == .unknownKind ? "\(refusal.what): \(place.excerpt)" : refusal.what
                    throw DumpError.refused(line: place.line, what: what)
                }
                switch kind {
                case .begin: openedAt = openedAt ?? place.line
                case .commit: openedAt = nil
                default: break
                }
                if kind.runs {
                    do {
                        while try statement.step() {}
                    } catch let error as SQLiteError {
                        if shouldStop() { throw DumpError.interrupted }
                        if let refusal = policy.refusal { throw DumpError.refused(line: place.line, what: refusal) }
                        throw DumpError.rejected(line: place.line, message: error.message, statement: place.excerpt)
                    }
                    if case .insert(let table) = kind, !table.hasPrefix("sqlite_") {
                        // One VALUES row per INSERT (DumpPolicy): a statement that stored none lost a row silently.
                        guard db.changes > 0 else { throw DumpError.rowDropped(line: place.line, table: table) }
                        loaded.rows += Int64(db.changes)
                    }
                }
                loaded.statements += 1
                offset += consumed
                if loaded.statements & 2047 == 0 { report(reader, loaded) }
            }
        }
        if let openedAt { throw DumpError.unclosedTransaction(line: openedAt) }
        if loaded.statements == 0 { throw DumpError.empty(path: reader.path) }
        report(reader, loaded)
        return loaded
    }

    private func report(_ reader: DumpReader, _ loaded: Loaded) {
        progress?(Progress(bytesRead: reader.bytesRead, totalBytes: reader.totalBytes, rows: loaded.rows))
    }

    /// A statement's place in the file, worked out only when a message needs it.
    struct Place {
        let chunk: DumpReader.Chunk
        let offset: Int

        var text: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(chunk.text)[offset..<(chunk.text.count - 1)])
        }

        /// The line where the statement's first token stands.
        var line: Int {
            var line = chunk.firstLine
            for index in 0..<offset where chunk.text[index] == 0x0A { line += 1 }
            return DumpReader.lineOfFirstToken(in: text, firstLine: line)
        }

        /// The statement's beginning on one line, for messages.
        var excerpt: String {
            let text = self.text
            let start = SQLText.firstToken(in: text) ?? 0
            let end = min(text.count, start + 120)
            var excerpt = String(decoding: text[start..<end], as: UTF8.self)
            var cut = end < text.count
            if let newline = excerpt.firstIndex(where: \.isNewline) {
                excerpt = String(excerpt[..<newline])
                cut = true
            }
            while excerpt.last?.isWhitespace == true { excerpt.removeLast() }
            // A statement that ends on its first line is shown whole.
            return cut && !excerpt.hasSuffix(";") ? excerpt + " …" : excerpt
        }
    }

    /// True when `count` bytes from `offset` form a complete statement. A NUL is
    /// put after them for SQLite's check and the byte is restored.
    static func isComplete(_ text: UnsafeMutableRawBufferPointer, from offset: Int, count: Int) -> Bool {
        let saved = text[offset + count]
        text[offset + count] = 0
        defer { text[offset + count] = saved }
        return SQLText.isComplete((text.baseAddress! + offset).assumingMemoryBound(to: CChar.self))
    }

    // MARK: Reading the result

    static func tableNames(_ db: Connection) throws -> [String] {
        try db.query(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                + "ORDER BY name"
        ).compactMap { $0[0].string }
    }

    /// A name as an SQL identifier: in double quotes, inner quotes doubled
    /// (https://sqlite.org/lang_keywords.html). Names cannot be bound as values.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func danglingReferences(_ db: Connection) throws -> [ImportSummary.DanglingReferences] {
        var counts: [String: [String: Int64]] = [:]
        let statement = try db.prepare("PRAGMA foreign_key_check")
        while try statement.step() {
            counts[statement.text(at: 0) ?? "", default: [:]][statement.text(at: 2) ?? "", default: 0] += 1
        }
        return counts.keys.sorted().flatMap { table in
            counts[table]!.keys.sorted().map { .init(table: table, parent: $0, rows: counts[table]![$0]!) }
        }
    }

    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}

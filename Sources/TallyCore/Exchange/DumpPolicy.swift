import TallySQLite

/// The rule book for running an untrusted dump, enforced by SQLite's authorizer
/// (https://sqlite.org/c3ref/set_authorizer.html) rather than by matching text.
///
/// SQLite asks the authorizer about every table, column, function, pragma and
/// file a statement touches while it compiles the statement — including what
/// the trigger programs it would fire would do. The policy answers in two steps:
///
/// 1. `decide(_:)` answers each request as it comes. It refuses outright what
///    no dump does: ATTACH and DETACH (another file), any PRAGMA but the two
///    the dumps write, SAVEPOINT and ROLLBACK, DROP, ALTER, ANALYZE of a table,
///    virtual and temporary objects, another database than `main`, UPDATE of
///    anything but the schema table's bookkeeping, DELETE from anything but
///    `sqlite_sequence` and the statistics tables, functions outside an
///    allow-list (so `load_extension` never runs) and — the trigger rule — any
///    INSERT, UPDATE or DELETE that a trigger would perform.
/// 2. `classify()` looks at everything the statement did once it compiled and
///    accepts it only if it is one of the kinds the two dump dialects contain
///    (see `DumpStatement`). A statement that asked nothing, such as
///    `VACUUM INTO 'file'` (whose file is opened only when it runs), matches no
///    kind and is refused before it runs.
///
/// **Triggers.** Both dialects put triggers after the data, so in a real dump
/// no trigger fires during the load. A hostile dump could define one first; it
/// would then fire on the dump's own INSERTs. Any write such a trigger would do,
/// to any table, is refused at the INSERT that would fire it — the loaded rows
/// must be exactly the dump's rows. A trigger that only reads or raises an
/// error may fire: it cannot change anything. `guardOwnStatements` applies the
/// same rule while tally applies its migrations to the loaded data.
package final class DumpPolicy {
    /// Requests of the statement being prepared, outside triggers and views.
    private var requests: [AuthorizerRequest] = []
    /// Why a request was denied, for the error message.
    package private(set) var refusal: String?
    private var recording = true

    /// A policy with nothing recorded yet.
    package init() {}

    /// Forgets the previous statement; call before preparing the next one.
    package func reset() {
        requests.removeAll(keepingCapacity: true)
        refusal = nil
        recording = true
    }

    /// Call once the statement compiled: requests SQLite makes while it runs
    /// (ANALYZE reads its statistics, for one) are still judged, not recorded.
    package func stopRecording() {
        recording = false
    }

    // MARK: Step 1: each request

    /// The authorizer's answer to one request. Install it with
    /// `connection.setAuthorizer(policy.decide)`.
    package func decide(_ request: AuthorizerRequest) -> AuthorizerDecision {
        if let reason = DumpPolicy.refusal(of: request) {
            if refusal == nil { refusal = reason }
            return .deny
        }
        if recording, request.trigger == nil { requests.append(request) }
        return .allow
    }

    /// The authorizer for tally's own statements on loaded data (applying the
    /// migrations): the dump's triggers may not write, whatever fires them.
    package static func guardOwnStatements(_ request: AuthorizerRequest) -> AuthorizerDecision {
        guard request.trigger != nil else { return .allow }
        switch request.kind {
        case .insert, .update, .delete: return .deny
        default: return .allow
        }
    }

    /// Why a single request is never part of a dump, or nil when it may be.
    static func refusal(of request: AuthorizerRequest) -> String? {
        let first = request.first ?? ""
        if let database = request.database, database != "main" {
            return "access to the database '\(database)' (a dump only writes its own main database)"
        }
        if let trigger = request.trigger {
            switch request.kind {
            case .insert, .update, .delete:
                let verb = request.kind == .insert ? "INSERT INTO" : request.kind == .update ? "UPDATE" : "DELETE FROM"
                return "the trigger or view \(trigger), which would \(verb) \(first) when this statement runs "
                    + "(a trigger defined before the data it fires on may not write)"
            case .read, .select, .recursive:
                return nil
            case .function:
                return functionRefusal(request.second ?? "", allowed: schemaFunctions)
            default:
                return "an operation (\(request.kind)) inside the trigger or view \(trigger)"
            }
        }
        switch request.kind {
        case .createTable, .createIndex, .createTrigger, .createView:
            return nil
        case .insert, .read, .select, .recursive, .reindex:
            return nil  // judged by classify(), with the rest of the statement
        case .function:
            return functionRefusal(request.second ?? "", allowed: schemaFunctions)
        case .update:
            return isSchemaTable(first) ? nil : "UPDATE of \(first) (a dump only inserts rows)"
        case .delete:
            if isSchemaTable(first) { return "a DROP statement (a dump never drops anything)" }
            return first == "sqlite_sequence" || isStatisticsTable(first)
                ? nil : "DELETE FROM \(first) (only DELETE FROM sqlite_sequence is part of a dump)"
        case .pragma:
            return pragmaRefusal(name: first, value: request.second)
        case .transaction:
            switch first {
            case "BEGIN", "COMMIT": return nil
            case "ROLLBACK":
                return "ROLLBACK (sqlite3 writes `ROLLBACK; -- due to errors` when the dump itself failed: "
                    + "dump the database again)"
            default: return "the transaction command \(first)"
            }
        case .savepoint:
            return "SAVEPOINT/RELEASE \(request.second ?? "")"
        case .attach:
            return "ATTACH DATABASE '\(first)' (a dump never opens another file)"
        case .detach:
            return "DETACH DATABASE \(first)"
        case .drop:
            return "DROP of \(first) (a dump never drops anything)"
        case .alterTable:
            return "ALTER TABLE \(request.second ?? first)"
        case .analyze:
            return "ANALYZE \(first) (only ANALYZE sqlite_schema is part of a dump)"
        case .createVirtualTable, .dropVirtualTable:
            return "the virtual table \(first) (module \(request.second ?? "?"))"
        case .createTempTable, .createTempIndex, .createTempTrigger, .createTempView:
            return "the temporary object \(first)"
        case .other(let code):
            return "an operation SQLite reports as authorizer action \(code)"
        }
    }

    static func pragmaRefusal(name: String, value: String?) -> String? {
        let setting = value?.lowercased()
        switch name.lowercased() {
        case "defer_foreign_keys" where setting.map(["true", "on", "yes", "1"].contains) == true: return nil
        case "foreign_keys" where setting.map(["false", "off", "no", "0"].contains) == true: return nil
        default:
            let text = value.map { "PRAGMA \(name)=\($0)" } ?? "PRAGMA \(name)"
            return "\(text) (a dump may only hold PRAGMA defer_foreign_keys=TRUE and PRAGMA foreign_keys=OFF)"
        }
    }

    static func functionRefusal(_ name: String, allowed: Set<String>) -> String? {
        if allowed.contains(name.lowercased()) { return nil }
        if name.lowercased() == "load_extension" {
            return "the function load_extension() (it loads native code into the process)"
        }
        return "the function \(name)() (a dump's values use only " + dataFunctions.sorted().joined(separator: ", ")
            + ")"
    }

    // MARK: Step 2: the whole statement

    /// What the compiled statement is, or why it is refused. `explain` is the
    /// statement's `isExplain`.
    package func classify(explain: Bool = false) -> Result<DumpStatement, DumpRefusal> {
        if let refusal { return .failure(DumpRefusal(refusal)) }
        if explain { return .failure(DumpRefusal("EXPLAIN (a dump runs its statements)")) }
        guard let head = requests.first else { return .failure(.unknownKind) }
        switch head.kind {
        case .transaction where requests.count == 1:
            return .success(head.first == "BEGIN" ? .begin : .commit)
        case .pragma where requests.count == 1:
            return .success(head.first?.lowercased() == "foreign_keys" ? .foreignKeysOff : .deferForeignKeys)
        default:
            break
        }
        let creates = requests.filter { DumpPolicy.isCreate($0.kind) }
        if !creates.isEmpty { return classifyCreate(creates) }
        if requests.contains(where: { DumpPolicy.isSchemaTable($0.first ?? "") && $0.kind != .read }) {
            return .failure(DumpRefusal("a direct write to the schema table"))
        }
        let inserts = requests.filter { $0.kind == .insert }
        if inserts.count == 1 { return classifyInsert(table: inserts[0].first ?? "") }
        let deletes = requests.filter { $0.kind == .delete }
        if deletes.count == 1, requests.count == 1, deletes[0].first == "sqlite_sequence" {
            return .success(.clearSequence)
        }
        // `ANALYZE sqlite_schema` when the statistics table exists already: it
        // clears that table's rows about sqlite_schema and does nothing else.
        if !deletes.isEmpty,
            requests.allSatisfy({
                ($0.kind == .delete || $0.kind == .read) && DumpPolicy.isStatisticsTable($0.first ?? "")
            })
        {
            return .success(.statistics)
        }
        if requests.contains(where: { $0.kind == .select }) {
            return .failure(DumpRefusal("a SELECT (a dump inserts literal values only)"))
        }
        return .failure(.unknownKind)
    }

    private func classifyCreate(_ creates: [AuthorizerRequest]) -> Result<DumpStatement, DumpRefusal> {
        // ANALYZE sqlite_schema on a fresh database creates the statistics table
        // and writes nothing else.
        if creates.allSatisfy({ $0.kind == .createTable && DumpPolicy.isStatisticsTable($0.first ?? "") }) {
            let onlyBookkeeping = requests.allSatisfy {
                DumpPolicy.isCreate($0.kind) || DumpPolicy.isSchemaTable($0.first ?? "")
            }
            return onlyBookkeeping ? .success(.statistics) : .failure(.unknownKind)
        }
        let primary = creates[0]
        for request in requests {
            switch request.kind {
            case .createTable where request.first == "sqlite_sequence":
                continue  // the first AUTOINCREMENT table creates it
            case .createIndex where (request.first ?? "").hasPrefix("sqlite_autoindex_"):
                continue  // UNIQUE and PRIMARY KEY constraints
            case .createTable, .createIndex, .createView, .createTrigger:
                if request != primary { return .failure(.unknownKind) }
            case .insert, .update:
                if !DumpPolicy.isSchemaTable(request.first ?? "") {
                    return .failure(DumpRefusal("a CREATE statement that also writes to \(request.first ?? "?")"))
                }
            case .read, .reindex, .function:
                continue  // CHECK, generated-column and index expressions; building the index
            case .select:
                return .failure(DumpRefusal("CREATE … AS SELECT (a dump creates empty tables, then inserts)"))
            default:
                return .failure(.unknownKind)
            }
        }
        let kind: String
        switch primary.kind {
        case .createTable: kind = "table"
        case .createIndex: kind = "index"
        case .createTrigger: kind = "trigger"
        default: kind = "view"
        }
        return .success(.create(kind: kind, name: primary.first ?? ""))
    }

    private func classifyInsert(table: String) -> Result<DumpStatement, DumpRefusal> {
        for request in requests where request.kind != .insert {
            switch request.kind {
            case .function:
                let name = request.second ?? ""
                if !DumpPolicy.dataFunctions.contains(name.lowercased()) {
                    return .failure(DumpRefusal(DumpPolicy.functionRefusal(name, allowed: DumpPolicy.dataFunctions)!))
                }
            case .select:
                return .failure(
                    DumpRefusal(
                        "an INSERT with a SELECT, a subquery or several VALUES rows (a dump inserts one "
                            + "row of literal values per statement)"))
            case .read:
                return .failure(
                    DumpRefusal("an INSERT that reads \(request.first ?? "a table") (RETURNING or ON CONFLICT)"))
            default:
                return .failure(.unknownKind)
            }
        }
        return .success(.insert(table: table))
    }

    // MARK: Names

    static func isCreate(_ kind: AuthorizerAction) -> Bool {
        kind == .createTable || kind == .createIndex || kind == .createView || kind == .createTrigger
    }

    static func isSchemaTable(_ name: String) -> Bool {
        name == "sqlite_master" || name == "sqlite_schema"
    }

    static func isStatisticsTable(_ name: String) -> Bool {
        name == "sqlite_stat1" || name == "sqlite_stat4"
    }

    /// Functions the dumps use in values: newlines and carriage returns are
    /// written as `replace('…','\n',char(10))`; newer sqlite3 shells write
    /// control characters with `unistr('…')` and may use `unhex`.
    package static let dataFunctions: Set<String> = ["replace", "char", "unhex", "unistr"]

    /// SQLite's built-in functions without side effects outside the database,
    /// which a vote page's own schema may use in CHECK constraints, generated
    /// columns, index expressions, views and trigger bodies
    /// (https://sqlite.org/lang_corefunc.html, lang_datefunc, lang_aggfunc,
    /// windowfunctions, lang_mathfunc, json1). `load_extension`,
    /// `fts3_tokenizer` and anything unknown are not in it.
    package static let schemaFunctions: Set<String> = dataFunctions.union([
        "abs", "changes", "coalesce", "concat", "concat_ws", "format", "glob", "hex", "ifnull", "iif", "instr",
        "last_insert_rowid", "length", "like", "likelihood", "likely", "lower", "ltrim", "max", "min", "nullif",
        "octet_length", "printf", "quote", "random", "randomblob", "round", "rtrim", "sign", "soundex",
        "sqlite_version", "substr", "substring", "total_changes", "trim", "typeof", "unicode", "unlikely", "upper",
        "zeroblob", "date", "time", "datetime", "julianday", "unixepoch", "strftime", "timediff", "avg", "count",
        "group_concat", "string_agg", "sum", "total", "row_number", "rank", "dense_rank", "percent_rank",
        "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value", "acos", "acosh", "asin",
        "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos", "cosh", "degrees", "exp", "floor", "ln",
        "log", "log10", "log2", "mod", "pi", "pow", "power", "radians", "sin", "sinh", "sqrt", "tan", "tanh",
        "trunc", "json", "jsonb", "json_array", "jsonb_array", "json_array_length", "json_extract",
        "jsonb_extract", "json_insert", "jsonb_insert", "json_object", "jsonb_object", "json_patch", "jsonb_patch",
        "json_quote", "json_remove", "jsonb_remove", "json_replace", "jsonb_replace", "json_set", "jsonb_set",
        "json_type", "json_valid", "json_error_position", "json_pretty", "json_group_array", "jsonb_group_array",
        "json_group_object", "jsonb_group_object", "->", "->>",
    ])
}

/// Why a statement is refused; `DumpImporter` adds the line.
package struct DumpRefusal: Error, Equatable, Sendable {
    /// What was refused, e.g. "ATTACH DATABASE '/tmp/x.db' (…)".
    package let what: String
    /// A refusal described by `what`.
    package init(_ what: String) { self.what = what }

    /// A statement that compiled but is none of the kinds a dump holds.
    package static let unknownKind = DumpRefusal("a statement of a kind a dump never holds")
}

import CSQLite

/// What SQLite asks the authorizer about while it compiles a statement
/// (https://sqlite.org/c3ref/set_authorizer.html).
package struct AuthorizerRequest: Sendable, Equatable {
    /// The action code, e.g. `SQLITE_INSERT`, `SQLITE_PRAGMA`, `SQLITE_ATTACH`.
    package let action: Int32
    /// First detail argument (table name, pragma name, file name … depending on the action).
    package let first: String?
    /// Second detail argument (column name, pragma value, …).
    package let second: String?
    /// Database name ("main", "temp", …), when relevant.
    package let database: String?
    /// Name of the innermost trigger or view that caused the access, if any.
    package let trigger: String?
}

/// The authorizer's answer.
package enum AuthorizerDecision: Sendable {
    case allow
    /// Refuse the whole statement (it fails to prepare with SQLITE_AUTH).
    case deny
    /// Allow the statement but treat the column as NULL / skip the action (SQLite's SQLITE_IGNORE).
    case ignore
}

extension Connection {
    /// Installs (or with nil, removes) an authorizer that SQLite consults for every
    /// action while preparing statements. This is SQLite's own mechanism for running
    /// untrusted SQL: the decision is made on what the statement does, not on its text.
    package func setAuthorizer(_ decide: ((AuthorizerRequest) -> AuthorizerDecision)?) {
        guard let decide else {
            sqlite3_set_authorizer(handle, nil, nil)
            authorizerBox = nil
            return
        }
        let box = CallbackBox(decide)
        authorizerBox = box
        let context = Unmanaged.passUnretained(box).toOpaque()
        sqlite3_set_authorizer(
            handle,
            { context, action, first, second, database, trigger in
                guard let context else { return SQLITE_DENY }
                let box = Unmanaged<CallbackBox<(AuthorizerRequest) -> AuthorizerDecision>>.fromOpaque(context)
                    .takeUnretainedValue()
                let request = AuthorizerRequest(
                    action: action,
                    first: first.map { String(cString: $0) },
                    second: second.map { String(cString: $0) },
                    database: database.map { String(cString: $0) },
                    trigger: trigger.map { String(cString: $0) })
                switch box.call(request) {
                case .allow: return SQLITE_OK
                case .deny: return SQLITE_DENY
                case .ignore: return SQLITE_IGNORE
                }
            }, context)
    }

    /// True while an authorizer is installed (so a nested guard can leave the outer one in place).
    package var hasAuthorizer: Bool { authorizerBox != nil }
}

import CSQLite

/// The action codes SQLite passes to an authorizer, as a Swift enum
/// (https://sqlite.org/c3ref/c_alter_table.html). What the detail arguments of
/// `AuthorizerRequest` hold depends on the action; it is noted per case.
package enum AuthorizerAction: Equatable, Sendable {
    /// first: index name, second: table name.
    case createIndex
    /// first: table name.
    case createTable
    /// first: index name, second: table name (in the temp database).
    case createTempIndex
    /// first: table name (in the temp database).
    case createTempTable
    /// first: trigger name, second: table name (in the temp database).
    case createTempTrigger
    /// first: view name (in the temp database).
    case createTempView
    /// first: trigger name, second: table name.
    case createTrigger
    /// first: view name.
    case createView
    /// first: table name.
    case delete
    /// first: index, table, trigger or view name (any DROP statement).
    case drop
    /// first: table name.
    case insert
    /// first: pragma name, second: its argument or nil.
    case pragma
    /// first: table name, second: column name.
    case read
    /// A SELECT (no details).
    case select
    /// first: "BEGIN", "COMMIT" or "ROLLBACK".
    case transaction
    /// first: table name, second: column name.
    case update
    /// first: the file name.
    case attach
    /// first: the schema name.
    case detach
    /// first: schema name, second: table name.
    case alterTable
    /// first: index name.
    case reindex
    /// first: table name.
    case analyze
    /// first: table name, second: module name.
    case createVirtualTable
    /// first: table name, second: module name.
    case dropVirtualTable
    /// second: the function's name.
    case function
    /// first: "BEGIN", "RELEASE" or "ROLLBACK", second: the savepoint name.
    case savepoint
    /// A recursive common table expression.
    case recursive
    /// A code this enum does not know (a newer SQLite).
    case other(Int32)

    /// The action for one of SQLite's codes.
    package init(code: Int32) {
        switch code {
        case SQLITE_CREATE_INDEX: self = .createIndex
        case SQLITE_CREATE_TABLE: self = .createTable
        case SQLITE_CREATE_TEMP_INDEX: self = .createTempIndex
        case SQLITE_CREATE_TEMP_TABLE: self = .createTempTable
        case SQLITE_CREATE_TEMP_TRIGGER: self = .createTempTrigger
        case SQLITE_CREATE_TEMP_VIEW: self = .createTempView
        case SQLITE_CREATE_TRIGGER: self = .createTrigger
        case SQLITE_CREATE_VIEW: self = .createView
        case SQLITE_DELETE: self = .delete
        case SQLITE_DROP_INDEX, SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_INDEX, SQLITE_DROP_TEMP_TABLE,
            SQLITE_DROP_TEMP_TRIGGER, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_TRIGGER, SQLITE_DROP_VIEW:
            self = .drop
        case SQLITE_INSERT: self = .insert
        case SQLITE_PRAGMA: self = .pragma
        case SQLITE_READ: self = .read
        case SQLITE_SELECT: self = .select
        case SQLITE_TRANSACTION: self = .transaction
        case SQLITE_UPDATE: self = .update
        case SQLITE_ATTACH: self = .attach
        case SQLITE_DETACH: self = .detach
        case SQLITE_ALTER_TABLE: self = .alterTable
        case SQLITE_REINDEX: self = .reindex
        case SQLITE_ANALYZE: self = .analyze
        case SQLITE_CREATE_VTABLE: self = .createVirtualTable
        case SQLITE_DROP_VTABLE: self = .dropVirtualTable
        case SQLITE_FUNCTION: self = .function
        case SQLITE_SAVEPOINT: self = .savepoint
        case SQLITE_RECURSIVE: self = .recursive
        default: self = .other(code)
        }
    }
}

extension AuthorizerRequest {
    /// The request's action as an enum.
    package var kind: AuthorizerAction { AuthorizerAction(code: action) }
}

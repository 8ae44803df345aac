/// SQLite's storage classes (https://sqlite.org/datatype3.html), named as `typeof()` names them.
package enum StorageClass: String, Sendable, Equatable {
    case null, integer, real, text, blob
}

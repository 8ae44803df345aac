import TallySQLite

extension Row {
    /// The value of the column `name`, which moderation's own SELECTs always name; a row without
    /// it is `ModerationError.schemaMissing("table.name")`, never another column's value.
    func value(_ name: String, of table: String) throws -> SQLValue {
        guard let value = self[name] else { throw ModerationError.schemaMissing("\(table).\(name)") }
        return value
    }
}

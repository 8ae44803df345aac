import TallySQLite

extension SQLValue {
    /// The value as text, whatever its storage class (a vote page may have
    /// stored a number in a text column); nil only for NULL.
    var storedText: String? {
        switch self {
        case .null: return nil
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }
}

import CSQLite

/// Whether a text is a whole SQL statement, as SQLite's own tokenizer sees it.
package enum SQLText {
    /// True when the NUL-terminated UTF-8 text ends with a complete statement:
    /// its last token is a `;` outside any string, identifier, comment or
    /// `CREATE TRIGGER … END` body (`sqlite3_complete`,
    /// https://sqlite.org/c3ref/complete.html). Only whitespace and comments may follow.
    package static func isComplete(_ text: UnsafePointer<CChar>) -> Bool {
        sqlite3_complete(text) != 0
    }

    /// Offset of the first byte that is not whitespace, a stray `;` or part of a
    /// comment; nil when the text holds nothing else (an unfinished `/* …` counts
    /// as comment to the end).
    package static func firstToken(in text: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D, 0x3B, 0x00:
                index += 1
            case 0x2D where index + 1 < count && text[index + 1] == 0x2D:  // -- to end of line
                while index < count, text[index] != 0x0A { index += 1 }
            case 0x2F where index + 1 < count && text[index + 1] == 0x2A:  // /* … */
                index += 2
                while index < count, !(text[index] == 0x2A && index + 1 < count && text[index + 1] == 0x2F) {
                    index += 1
                }
                index += 2
            default:
                return index
            }
        }
        return nil
    }
}

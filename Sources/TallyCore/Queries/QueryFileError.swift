/// Problems with a file of `queries/`: its shape is what lets people and tools
/// edit its parameters, so a file that breaks it is refused with the line.
package enum QueryFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first line is not a `-- description` comment.
    case missingDescription(file: String)
    /// No `WITH params AS (SELECT` line after the leading comments.
    case missingParameterBlock(file: String)
    /// A line inside the params block is not `literal AS name[,] [-- comment]`.
    case malformedParameter(file: String, line: Int, text: String)
    /// The params block never closes with a line starting with `)`.
    case unclosedParameterBlock(file: String)
    /// The same name twice in one params block.
    case duplicateParameter(file: String, name: String)
    /// No query file has this name.
    case unknownQuery(String, known: [String])
    /// Filled in, the query is longer than D1 accepts in one statement.
    case tooLargeForD1(file: String, bytes: Int, limit: Int)
    /// Filled in, the text is not exactly one SQL statement.
    case notOneStatement(file: String, count: Int)

    package var description: String {
        switch self {
        case .missingDescription(let file):
            return "queries/\(file): the first line must be a one-line `-- description` comment"
        case .missingParameterBlock(let file):
            return "queries/\(file): after the leading comments the file must start with `WITH params AS (SELECT`"
        case .malformedParameter(let file, let line, let text):
            return "queries/\(file):\(line): '\(text)' is not a parameter line; write `value AS name,` with value "
                + "NULL, a whole number or 'text'"
        case .unclosedParameterBlock(let file):
            return "queries/\(file): the params block must end with a line starting with `)`"
        case .duplicateParameter(let file, let name):
            return "queries/\(file): the parameter \(name) is given twice"
        case .unknownQuery(let name, let known):
            return "no query named '\(name)'; the queries are: \(known.joined(separator: ", "))"
        case .tooLargeForD1(let file, let bytes, let limit):
            return "queries/\(file) filled in is \(bytes) bytes; D1 accepts at most \(limit) in one statement. "
                + "Exclude fewer sessions by name (use --exclude-before for test sessions), or run it with sqlite3"
        case .notOneStatement(let file, let count):
            return "queries/\(file) filled in is \(count) statements, not one; the file or a value breaks its shape"
        }
    }
}

/// One file of `queries/`: SQL that runs unchanged in the `sqlite3` shell and in
/// `wrangler d1 execute --file`, with its parameters in a leading editable block.
///
/// The shape, which tools rewrite and people edit by hand:
///
///     -- name: one line saying what the query gives.
///     -- (more comment lines)
///     WITH params AS (SELECT
///       '2026-09-19T02:11:00+08:00' AS exclude_before,  -- comment
///       NULL AS through                                 -- last one has no comma
///     ),
///     ...
///
/// Each parameter line is `literal AS name`, an optional comma and an optional
/// `--` comment; a literal is `NULL`, a whole number or a quoted text.
package struct PortableQuery: Sendable, Equatable {
    /// One parameter of the params block.
    package struct Parameter: Sendable, Equatable {
        /// The column name in `params`, e.g. `exclude_before`.
        package let name: String
        /// The value the file carries.
        package let value: QueryValue
        /// 0-based line of the file it is on.
        package let line: Int
        /// What follows the name on its line (comma, spacing, comment), kept when filling.
        let trailer: String
    }

    /// The file name without `.sql`, e.g. `tally`.
    package let name: String
    /// The first line's text without `-- `.
    package let summary: String
    /// The file's text as shipped.
    package let sql: String
    /// The params block in file order.
    package let parameters: [Parameter]
    /// 0-based line of the `)` that closes the params block.
    let parametersEnd: Int
}

extension PortableQuery {
    /// Reads a query file, checking its shape.
    package init(name: String, sql: String) throws(QueryFileError) {
        let file = name + ".sql"
        let lines = sql.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first.hasPrefix("-- "), first.count > 3 else {
            throw .missingDescription(file: file)
        }
        var index = 1
        while index < lines.count, lines[index].hasPrefix("--") { index += 1 }
        guard index < lines.count, lines[index] == "WITH params AS (SELECT" else {
            throw .missingParameterBlock(file: file)
        }
        index += 1
        var parameters: [Parameter] = []
        while true {
            guard index < lines.count else { throw .unclosedParameterBlock(file: file) }
            let line = lines[index]
            if line.hasPrefix(")") { break }
            guard let (value, parameterName, trailer) = PortableQuery.parseParameterLine(line) else {
                throw .malformedParameter(file: file, line: index + 1, text: line)
            }
            if parameters.contains(where: { $0.name == parameterName }) {
                throw .duplicateParameter(file: file, name: parameterName)
            }
            parameters.append(Parameter(name: parameterName, value: value, line: index, trailer: trailer))
            index += 1
        }
        self.name = name
        self.summary = String(first.dropFirst(3))
        self.sql = sql
        self.parameters = parameters
        self.parametersEnd = index
    }

    /// Every query this build ships (embedded from `queries/` at build time), by name.
    package static func all() throws(QueryFileError) -> [PortableQuery] {
        var queries: [PortableQuery] = []
        for file in EmbeddedSQL.queries.sorted(by: { $0.name < $1.name }) {
            queries.append(try PortableQuery(name: String(file.name.dropLast(4)), sql: file.sql))
        }
        return queries
    }

    /// The shipped query with this name (`tally`, `totals`, …). Only that file's parse can fail it.
    package static func named(_ name: String) throws(QueryFileError) -> PortableQuery {
        guard let query = shipped[name] else { throw .unknownQuery(name, known: shipped.keys.sorted()) }
        return try query.get()
    }

    /// Every shipped query, parsed once per process: a weekly run fills the same files for each of its weeks.
    private static let shipped = Dictionary(
        uniqueKeysWithValues: EmbeddedSQL.queries.map { file in
            let name = String(file.name.dropLast(4))
            return (name, Result { () throws(QueryFileError) in try PortableQuery(name: name, sql: file.sql) })
        })

    /// The names of the parameters this file takes.
    package var parameterNames: [String] { parameters.map(\.name) }

    /// The SQL with parameter values replaced; values for names this file does not
    /// take are ignored (one set of report parameters fills every file), and names
    /// not given keep the file's value. Comments and layout stay as they are.
    package func filled(_ values: [String: QueryValue]) -> String {
        replacingLiterals { _, parameter in values[parameter.name]?.literal }
    }

    /// The SQL with each parameter's literal replaced by `?1`, `?2`, … in block order: prepared once and run
    /// with several sets of values bound (`PreparedQueries`), it gives what `filled` with those values gives.
    var bindable: String {
        replacingLiterals { position, _ in "?\(position + 1)" }
    }

    /// The SQL with the literal of each parameter for which `literal` (given its position in the block) has one
    /// replaced by it. Only the parameter block changes: the rest of the file (from its closing line on) stays one
    /// piece.
    private func replacingLiterals(_ literal: (Int, Parameter) -> String?) -> String {
        var lines = sql.split(separator: "\n", maxSplits: parametersEnd, omittingEmptySubsequences: false).map(
            String.init)
        for (position, parameter) in parameters.enumerated() {
            guard let text = literal(position, parameter) else { continue }
            let indent = String(lines[parameter.line].prefix(while: { $0 == " " }))
            lines[parameter.line] = indent + text + " AS " + parameter.name + parameter.trailer
        }
        return lines.joined(separator: "\n")
    }

    /// Splits `  <literal> AS <name>[,] [-- comment]` into its literal and name.
    static func parseParameterLine(_ line: String) -> (QueryValue, String, String)? {
        var body = Substring(line)
        while body.first == " " { body = body.dropFirst() }
        // The literal ends where its quote closes (or at the first space for NULL / numbers).
        var literalEnd = body.startIndex
        if body.first == "'" {
            var index = body.index(after: body.startIndex)
            var closed = false
            while index < body.endIndex {
                if body[index] == "'" {
                    let next = body.index(after: index)
                    if next < body.endIndex, body[next] == "'" {
                        index = body.index(after: next)
                        continue
                    }
                    literalEnd = next
                    closed = true
                    break
                }
                index = body.index(after: index)
            }
            guard closed else { return nil }
        } else {
            literalEnd = body.firstIndex(of: " ") ?? body.endIndex
        }
        guard let value = QueryValue.parse(literal: String(body[..<literalEnd])) else { return nil }
        var rest = body[literalEnd...]
        guard rest.hasPrefix(" AS ") else { return nil }
        rest = rest.dropFirst(4)
        let name = rest.prefix(while: { $0 == "_" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) })
        guard let head = name.first, head.isLetter else { return nil }
        let trailer = rest.dropFirst(name.count)
        var tail = trailer
        if tail.first == "," { tail = tail.dropFirst() }
        while tail.first == " " { tail = tail.dropFirst() }
        guard tail.isEmpty || tail.hasPrefix("--") else { return nil }
        return (value, String(name), String(trailer))
    }
}

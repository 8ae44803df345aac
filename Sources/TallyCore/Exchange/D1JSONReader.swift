import Foundation
import TallySQLite

/// Reads D1's answer to one request, as `wrangler d1 execute DB --remote --command … --json` prints it
/// (`pull --wrangler` and `push --wrangler` read nothing else from D1):
///
///     [{"results": [{"id": 1, "content": "…"}, …], "success": true, "meta": {…}}, …]
///
/// The array has one result object per statement run. Also read: the Cloudflare API's envelope
/// (`{"result": [ …that array… ], "success": true, …}`) and a bare result object
/// (`{"results": […], "success": true}`, what the Worker binding's `.all()` returns).
///
/// Values keep SQLite's storage classes as JSON carries them: whole numbers become
/// integers, numbers with a fraction or exponent reals, strings text, `null` NULL, and an
/// array of byte values (0–255) a blob: D1 answers a BLOB as that array (its worker API
/// documents BLOB → Array; miniflare's D1 builds it from the bytes). What JSON cannot carry —
/// an integer past 2^53 − 1 written as a JavaScript number, a REAL without a fraction — is the
/// reader's caller's to judge (`QueryPull` checks it against the column's type).
package enum D1JSONReader {
    /// The rows of every result in `data`, one list per statement, in order.
    package static func results(from data: Data) throws(D1JSONError) -> [[Row]] {
        var lists: [[Row]] = []
        for result in try resultObjects(json(data)) {
            lists.append(try rows(ofResult: result))
        }
        return lists
    }

    /// The parsed JSON of `data`, which must hold some.
    static func json(_ data: Data) throws(D1JSONError) -> Any {
        guard data.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            throw .empty
        }
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .notJSON(detail: parserDetail(error))
        }
    }

    /// The list of result objects, whichever of the accepted envelopes holds them.
    static func resultObjects(_ top: Any) throws(D1JSONError) -> [[String: Any]] {
        if let array = top as? [Any] {
            var objects: [[String: Any]] = []
            for (index, element) in array.enumerated() {
                guard let object = element as? [String: Any] else {
                    throw .unexpectedShape(
                        detail: "element \(index + 1) of the array is \(kind(of: element))")
                }
                objects.append(object)
            }
            return objects
        }
        guard let object = top as? [String: Any] else {
            throw .unexpectedShape(detail: "it holds \(kind(of: top))")
        }
        if let error = object["error"] {
            throw .wranglerError(message: errorText(error))
        }
        if let result = object["result"] {
            // The Cloudflare API: {"result": [...], "success": bool, "errors": [...], "messages": [...]}.
            if let success = object["success"], !isTrue(success) {
                throw .failed(message: object["errors"].map(errorText))
            }
            return try resultObjects(result)
        }
        if object["results"] != nil { return [object] }
        let keys = object.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        throw .unexpectedShape(
            detail: "the object has no \"results\" (its keys: \(keys.isEmpty ? "none" : keys))")
    }

    /// The rows of one result object, after checking it succeeded.
    static func rows(ofResult result: [String: Any]) throws(D1JSONError) -> [Row] {
        guard let success = result["success"] else {
            throw .unexpectedShape(detail: "the result has no \"success\"")
        }
        guard isTrue(success) else {
            throw .failed(message: result["error"].map(errorText))
        }
        guard let list = result["results"] as? [Any] else {
            let found = result["results"].map(kind(of:)) ?? "missing"
            throw .unexpectedShape(detail: "\"results\" is \(found), not an array of rows")
        }
        // Only wrangler's import summary has this column; a query of tally never returns it.
        if list.count == 1, let only = list[0] as? [String: Any], only["Total queries executed"] != nil {
            throw .importSummary
        }
        // wrangler's --local mode turns NULL into "null" and drops every meta field but the duration.
        let localSignature = (result["meta"] as? [String: Any]).map { Set($0.keys) == ["duration"] } ?? false
        var rows: [Row] = []
        rows.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            guard let object = element as? [String: Any] else {
                throw .unexpectedShape(
                    detail: "row \(index + 1) is \(kind(of: element)), not an object")
            }
            // JSON objects have no column order; sorted names make the rows deterministic.
            let columns = object.keys.sorted()
            var values: [SQLValue] = []
            values.reserveCapacity(columns.count)
            for column in columns {
                let value = try sqlValue(object[column]!, row: index, column: column)
                if localSignature, value == .text("null") {
                    throw .localNulls(row: index, column: column)
                }
                values.append(value)
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
    }

    /// One JSON value as the SQLite value it stands for.
    static func sqlValue(_ value: Any, row: Int, column: String) throws(D1JSONError) -> SQLValue {
        if value is NSNull { return .null }
        if let text = value as? String { return .text(text) }
        if let list = value as? [Any] { return try blob(list, row: row, column: column) }
        if let number = value as? NSNumber {
            if isBoolean(number) {
                throw .unexpectedValue(
                    row: row, column: column, found: number.boolValue ? "true" : "false")
            }
            // Numbers too large for a double's exact range arrive as decimals; keep them exact when they fit.
            if number is NSDecimalNumber {
                if let integer = Int64(number.stringValue) { return .integer(integer) }
                // Swift's parser rounds correctly; NSDecimalNumber.doubleValue may not.
                return .real(Double(number.stringValue) ?? number.doubleValue)
            }
            let type = String(cString: number.objCType)
            if type == "d" || type == "f" { return .real(number.doubleValue) }
            return .integer(number.int64Value)
        }
        throw .unexpectedValue(row: row, column: column, found: kind(of: value))
    }

    /// A blob from the array of its byte values, as D1 writes one; any other array is refused.
    static func blob(_ list: [Any], row: Int, column: String) throws(D1JSONError) -> SQLValue {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            guard let number = element as? NSNumber, !isBoolean(number), !(number is NSDecimalNumber),
                String(cString: number.objCType) != "d", String(cString: number.objCType) != "f",
                let byte = UInt8(exactly: number.int64Value)
            else {
                throw .unexpectedValue(
                    row: row, column: column,
                    found: "an array whose element \(index + 1) is \(describe(element)) (not a byte value 0–255)")
            }
            bytes.append(byte)
        }
        return .blob(bytes)
    }

    /// A JSON value for a message: a number as written, anything else by its kind.
    static func describe(_ value: Any) -> String {
        if let number = value as? NSNumber, !isBoolean(number) { return number.stringValue }
        return kind(of: value)
    }

    /// JSON `true` and `false` come back as NSNumber; only their type code tells them from 1 and 0.
    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    static func isTrue(_ value: Any) -> Bool {
        guard let number = value as? NSNumber, isBoolean(number) else { return false }
        return number.boolValue
    }

    /// A short name for a JSON value's kind, for messages.
    static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "a string"
        case let number as NSNumber: return isBoolean(number) ? (number.boolValue ? "true" : "false") : "a number"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "a JSON value"
        }
    }

    /// The message of an error value as wrangler and the API write them: a string, an object
    /// with `text` or `message`, or a list of those. Quoted, since it comes from outside.
    /// wrangler's own errors put the cause in `notes` under a general `text` ("A request to the
    /// Cloudflare API (…) failed." with D1's "no such column: …" as a note): both are kept.
    static func errorText(_ value: Any) -> String {
        func texts(_ value: Any) -> [String] {
            if let text = value as? String { return [text] }
            if let object = value as? [String: Any] {
                if let text = object["text"] as? String { return [text] + (object["notes"].map(texts) ?? []) }
                if let text = object["message"] as? String { return [text] }
                if let text = object["error"] { return texts(text) }
            }
            if let list = value as? [Any] { return list.flatMap(texts) }
            return []
        }
        let found = texts(value)
        return found.isEmpty ? "(no message)" : found.map { MessageText.quoted($0, limit: 300) }.joined(separator: "; ")
    }

    /// The parser's own description of where the JSON breaks.
    static func parserDetail(_ error: Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo["NSDebugDescription"] as? String { return detail }
        return nsError.localizedDescription
    }
}

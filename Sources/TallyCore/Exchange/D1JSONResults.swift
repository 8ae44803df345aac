import Foundation
import TallySQLite

/// The results of the report's queries as D1 computed them, read from files saved
/// from `wrangler d1 execute --json`: one file per query, named after it.
///
/// A path is a folder, where `NAME.json` is read for every query the report needs
/// (other files are left alone), or a file whose name says its query: `NAME.json`
/// or `NAME.anything.json` (e.g. `tally.week-1.json`). No database is opened.
public struct D1JSONResults: Sendable {
    /// The rows of each query, by query name.
    public let rows: [String: [Row]]
    /// The file each query's rows came from, by query name.
    public let files: [String: String]

    /// Reads every query the report needs from `paths` (folders and files, in any mix).
    /// Throws when a file is unreadable or malformed, when two files answer the same
    /// query, and when a needed query has no file (naming all that are missing).
    public init(paths: [String], queries: [String] = ReportFigures.queryNames) throws(D1JSONError) {
        var files: [String: String] = [:]
        var searched: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .unreadable(path: path, reason: "no such file or folder")
            }
            searched.append(path)
            if isDirectory.boolValue {
                for query in queries {
                    let file = URL(fileURLWithPath: path).appendingPathComponent(query + ".json").path
                    guard FileManager.default.fileExists(atPath: file) else { continue }
                    if let first = files[query] { throw .duplicateQuery(query: query, first: first, second: file) }
                    files[query] = file
                }
            } else {
                let query = D1JSONResults.queryName(ofFile: path)
                guard queries.contains(query) else { throw .unknownQuery(file: path, known: queries) }
                if let first = files[query] { throw .duplicateQuery(query: query, first: first, second: path) }
                files[query] = path
            }
        }
        let missing = queries.filter { files[$0] == nil }
        guard missing.isEmpty else { throw .missingQueries(missing, searched: searched) }

        var rows: [String: [Row]] = [:]
        for query in queries {
            let file = files[query]!
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw .unreadable(path: file, reason: D1JSONResults.reason(error))
            }
            rows[query] = try D1JSONReader.rows(from: data, file: file)
        }
        self.rows = rows
        self.files = files
    }

    /// The query a result file answers: its name up to the first dot (`tally.json`,
    /// `tally.week-1.json` → `tally`).
    public static func queryName(ofFile path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return String(name.prefix(while: { $0 != "." }))
    }

    /// The report's figures from these rows; a result that lacks a column or has a value
    /// of the wrong kind is named by its file, and values no database can produce are
    /// all listed together.
    public func figures() throws(D1JSONError) -> ReportFigures {
        let figures: ReportFigures
        do {
            figures = try ReportFigures(queryResults: rows)
        } catch {
            let query: String
            switch error {
            case .missingResult(let name): query = name
            case .missingColumn(let name, _, _): query = name
            case .badValue(let name, _, _, _): query = name
            case .rowCount(let name, _, _): query = name
            }
            throw .badRows(file: files[query] ?? query + ".json", problem: error)
        }
        let problems = problems(in: figures)
        guard problems.isEmpty else { throw .impossibleValues(problems) }
        return figures
    }

    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}

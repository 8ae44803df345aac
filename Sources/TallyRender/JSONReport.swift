import TallyCore

/// The report as a versioned JSON document (`schema: "tally.report/1"`,
/// described in docs/report-json.md): the same figures as the Markdown, in
/// machine keys. Times are ISO 8601 with the report zone's offset; shares and
/// interval bounds are fractions with 4 decimals. Keys keep a fixed order, so
/// the same model always gives the same bytes.
package enum JSONReport {
    /// The document as text, pretty-printed, ending in a newline.
    package static func render(_ model: ReportModel) -> String {
        document(model).serialized()
    }

    /// The document as a value (for tests and for embedding): the records of the report's one walk
    /// (`ReportRecords`), which the CSV reads too. `excludedRows`, when the caller has them already, are
    /// `excludedRows(model)`.
    package static func document(_ model: ReportModel, excludedRows: [JSONValue]? = nil) -> JSONValue {
        ReportRecords(model, excludedRows: excludedRows).document
    }

    /// The rows of the exclusion ledger (`excluded`), session ids only for moderators as in `document`.
    package static func excludedRows(_ model: ReportModel) -> [JSONValue] { ReportRecords.excludedRows(model) }
}

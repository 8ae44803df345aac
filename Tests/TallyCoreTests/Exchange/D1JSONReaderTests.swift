import Foundation
import TallyCore
import TallySQLite
import Testing

/// Reading what `wrangler d1 execute --json` prints: values keep their SQLite
/// storage class, and every malformed or foreign answer is refused with what was found; the one
/// message a user reads (`D1AnswerError`) names the request, what it printed and what is accepted.
@Suite("D1 JSON reader")
struct D1JSONReaderTests {
    /// The rows of an answer of one statement (an answer of another number is a test failure).
    static func read(_ text: String) throws(D1JSONError) -> [Row] {
        let results = try D1JSONReader.results(from: Data(text.utf8))
        #expect(results.count == 1, "\(text)")
        return results.first ?? []
    }

    static func refusal(_ text: String) -> D1JSONError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func wranglersShapeWithEveryKindOfValue() throws {
        let rows = try Self.read(
            #"""
            [
              {
                "results": [
                  {"votes": 13, "share": 0.6667, "whole_real": 1.0, "exp": 1e3, "none": null,
                   "content": "做了好多事 | \n\t\"q\" \\ \u0000 \ud83d\ude00 \u202e",
                   "big": 9007199254740993, "min": -9223372036854775808, "max": 9223372036854775807, "neg": -0},
                  {"votes": 0, "share": 0, "whole_real": 2.5, "exp": -1.5E-3, "none": "null", "content": "",
                   "big": 1, "min": 2, "max": 3, "neg": 4}
                ],
                "success": true,
                "meta": {"served_by": "v3-prod", "duration": 0.31, "changes": 0, "rows_read": 55, "rows_written": 0}
              }
            ]
            """#)
        #expect(rows.count == 2)
        #expect(
            rows[0].columns == ["big", "content", "exp", "max", "min", "neg", "none", "share", "votes", "whole_real"])
        #expect(rows[0]["votes"] == .integer(13))
        #expect(rows[0]["share"] == .real(0.6667))
        #expect(rows[0]["whole_real"] == .real(1.0), "1.0 is a real in JSON, as SQLite's shell writes a REAL")
        #expect(rows[0]["exp"] == .real(1000))
        #expect(rows[0]["none"] == .null)
        #expect(rows[0]["content"] == .text("做了好多事 | \n\t\"q\" \\ \u{0} 😀 \u{202E}"))
        #expect(rows[0]["big"] == .integer(9_007_199_254_740_993), "integers beyond a double's precision stay exact")
        #expect(rows[0]["min"] == .integer(Int64.min))
        #expect(rows[0]["max"] == .integer(Int64.max))
        #expect(rows[0]["neg"] == .integer(0))
        #expect(rows[1]["share"] == .integer(0))
        #expect(rows[1]["exp"] == .real(-0.0015))
        #expect(rows[1]["none"] == .text("null"), "remote output keeps the text \"null\" as text")
        #expect(rows[1]["content"] == .text(""))
    }

    /// One list of rows per statement, in order; no statement, no list (`QueryPull` checks the count).
    @Test func anAnswerToSeveralStatements() throws {
        let answer = #"[{"results":[{"a":1}],"success":true},{"results":[],"success":true}]"#
        #expect(
            try D1JSONReader.results(from: Data(answer.utf8)) == [
                [Row(columns: ["a"], values: [.integer(1)])], [],
            ])
        #expect(try D1JSONReader.results(from: Data("[]".utf8)).isEmpty)
    }

    /// The text a user reads for each refusal: the request, what wrangler printed, that nothing was
    /// changed, and what would be accepted. No message speaks of a file but wrangler's own `--file`.
    @Test func everyRefusalReadsAsOneMessageNamingTheRequest() {
        let command =
            "`wrangler d1 execute prod --remote --command … --json` exited 0, but its answer is not D1's results: "
        let shape =
            "Nothing was changed. tally reads what `d1 execute --json` prints, one result per statement: "
            + "[{\"results\": [...], \"success\": true, \"meta\": {...}}]. Run `wrangler d1 execute prod --remote "
            + "--command \"SELECT 1\" --json` to see what this wrangler prints; update wrangler (npm install -g "
            + "wrangler) if it prints something else, or pull with --export"
        let cases: [(D1JSONError, String)] = [
            (.empty, "it printed nothing on standard output. " + shape),
            (
                .notJSON(detail: "Unexpected end"),
                "it printed text that is not JSON (Unexpected end); it begins 'x'. " + shape
            ),
            (
                .unexpectedShape(detail: "it holds a number"),
                "its JSON is not D1's list of results (it holds a number); it begins 'x'. " + shape
            ),
            (
                .wranglerError(message: "'no such table'"),
                "it printed an error instead of results: 'no such table'. Nothing was changed. The error says what "
                    + "failed; if it is about the database or the account, check the name (`wrangler d1 list`) and the "
                    + "login (`wrangler whoami`)"
            ),
            (
                .failed(message: nil),
                "D1 answered that a statement did not succeed. Nothing was changed. Run the command again; if it "
                    + "fails again, D1's message says why"
            ),
            (
                .failed(message: "'busy'"),
                "D1 answered that a statement did not succeed: 'busy'. Nothing was changed. Run the command again; "
                    + "if it fails again, D1's message says why"
            ),
            (.importSummary, "it printed wrangler's import summary, not the query's rows; it begins 'x'. " + shape),
            (
                .localNulls(row: 0, column: "a"),
                "row 1, column 'a' reads as output of `--local`, which writes NULL as the text \"null\". " + shape
            ),
            (
                .unexpectedValue(row: 1, column: "a", found: "true"),
                "row 2 of a result, column 'a', holds true, which is not a value SQL stores (a number, text, null, "
                    + "or a blob as the array of its byte values). " + shape
            ),
        ]
        for (error, seen) in cases {
            let text = D1AnswerError(error, printed: " x\n", database: "prod").description
            #expect(text == command + seen, "\(error)")
            #expect(!text.contains("file") || text.contains("`--file`"), "\(error)")
            #expect(!text.contains("save"), "\(error)")
        }
    }

    @Test func noRowsAndTheOtherEnvelopes() throws {
        #expect(try Self.read(#"[{"results":[],"success":true,"meta":{}}]"#).isEmpty)
        // The Cloudflare API's envelope around the same array.
        let api = try Self.read(
            #"{"result":[{"results":[{"a":1}],"success":true,"meta":{}}],"success":true,"errors":[],"messages":[]}"#)
        #expect(api == [Row(columns: ["a"], values: [.integer(1)])])
        // One result object on its own, as the Worker binding's .all() returns it.
        #expect(
            try Self.read(#"{"results":[{"a":"x"}],"success":true}"#) == [Row(columns: ["a"], values: [.text("x")])])
        // A byte order mark and surrounding white space are harmless.
        #expect(try Self.read("\u{FEFF}\n [{\"results\":[],\"success\":true}] \n").isEmpty)
    }

    @Test func localModeNullsAreRefusedOnlyWhereTheyAreAmbiguous() throws {
        // wrangler --local writes NULL as "null" and keeps only the duration in meta.
        #expect(
            Self.refusal(#"[{"results":[{"a":1,"gap_start":"null"}],"success":true,"meta":{"duration":2}}]"#)
                == .localNulls(row: 0, column: "gap_start"))
        // The same output without the text "null" is fine.
        #expect(try Self.read(#"[{"results":[{"a":1}],"success":true,"meta":{"duration":2}}]"#).count == 1)
    }

    @Test func malformedFilesAreRefusedNamingTheFile() throws {
        #expect(Self.refusal("") == .empty)
        #expect(Self.refusal(" \n\t") == .empty)
        #expect(Self.refusal("42") == .unexpectedShape(detail: "it holds a number"))
        #expect(Self.refusal("[42]") == .unexpectedShape(detail: "element 1 of the array is a number"))
        #expect(
            Self.refusal(#"{"rows":[]}"#)
                == .unexpectedShape(detail: "the object has no \"results\" (its keys: \"rows\")"))
        #expect(
            Self.refusal(#"[{"results":[]}]"#)
                == .unexpectedShape(detail: "the result has no \"success\""))
        #expect(
            Self.refusal(#"[{"results":{"a":1},"success":true}]"#)
                == .unexpectedShape(detail: "\"results\" is an object, not an array of rows"))
        #expect(
            Self.refusal(#"[{"success":true}]"#)
                == .unexpectedShape(detail: "\"results\" is missing, not an array of rows"))
        #expect(
            Self.refusal(#"[{"results":[[1]],"success":true}]"#)
                == .unexpectedShape(detail: "row 1 is an array, not an object"))
        #expect(
            Self.refusal(#"[{"results":[{"a":true}],"success":true}]"#)
                == .unexpectedValue(row: 0, column: "a", found: "true"))
        #expect(
            Self.refusal(#"[{"results":[{"a":1},{"a":[1,256]}],"success":true}]"#)
                == .unexpectedValue(
                    row: 1, column: "a",
                    found: "an array whose element 2 is 256 (not a byte value 0–255)"))
        for (element, shown) in [
            ("1.5", "1.5"), ("-1", "-1"), ("\"x\"", "a string"), ("true", "true"), ("[1]", "an array"),
        ] {
            #expect(
                Self.refusal(#"[{"results":[{"a":[0,"# + element + #"]}],"success":true}]"#)
                    == .unexpectedValue(
                        row: 0, column: "a",
                        found: "an array whose element 2 is \(shown) (not a byte value 0–255)"))
        }
        // "success": 1 is not true; only the JSON literal is.
        #expect(Self.refusal(#"[{"results":[],"success":1}]"#) == .failed(message: nil))
    }

    /// D1 answers a BLOB as the array of its byte values (its worker API: BLOB reads as an Array).
    @Test func aBlobIsTheArrayOfItsBytes() throws {
        let rows = try Self.read(#"[{"results":[{"b":[0,255,10,37]},{"b":[]}],"success":true,"meta":{}}]"#)
        #expect(rows.map { $0["b"] } == [.blob([0, 255, 10, 37]), .blob([])])
    }

    @Test func brokenJSONSaysWhere() throws {
        for text in [
            #"[{"results":[{"a":1}],"success":tr"#, "[{\"results\":[],\"success\":true}] trailing",
            #"[{"a":"\ud800"}]"#,
        ] {
            guard case .notJSON(let detail) = Self.refusal(text) else {
                Issue.record("\(text) was not refused as JSON")
                continue
            }
            #expect(!detail.isEmpty)
        }
        // Not UTF-8.
        let bytes = Data([0x5B, 0x22, 0xFF, 0x22, 0x5D])
        #expect(throws: D1JSONError.self) { try D1JSONReader.results(from: bytes) }
    }

    @Test func failuresAndErrorsFromD1AndWranglerAreShownQuoted() throws {
        #expect(
            Self.refusal(#"[{"results":[],"success":false,"error":"D1_ERROR: no such table: votes"}]"#)
                == .failed(message: "'D1_ERROR: no such table: votes'"))
        #expect(
            Self.refusal(#"{"error":{"text":"A request to the Cloudflare API failed.\u001b[31m","notes":[]}}"#)
                == .wranglerError(message: "'A request to the Cloudflare API failed.\\u{1B}[31m'"))
        #expect(
            Self.refusal(
                #"{"result":[],"success":false,"errors":[{"code":7500,"message":"near \"SELEC\": syntax error"}]}"#)
                == .failed(message: "'near \"SELEC\": syntax error'"))
        #expect(Self.refusal(#"{"error":42}"#) == .wranglerError(message: "(no message)"))
        // wrangler's API errors carry D1's own message as a note under a general text: both are shown.
        let apiError =
            #"{"error":{"text":"A request to the Cloudflare API (/accounts/0/d1/database/0/query) failed.","#
            + #""notes":[{"text":"no such table: moderation_log: SQLITE_ERROR [code: 7500]"}],"kind":"error","#
            + #""name":"APIError","code":7500}}"#
        let refused = Self.refusal(apiError)
        #expect(
            refused
                == .wranglerError(
                    message: "'A request to the Cloudflare API (/accounts/0/d1/database/0/query) failed.'; "
                        + "'no such table: moderation_log: SQLITE_ERROR [code: 7500]'"))
    }

    /// `wrangler d1 execute --remote --file` runs the file as an import and prints a summary.
    @Test func theImportSummaryIsRecognised() throws {
        let summary = #"""
            [{"results":[{"Total queries executed":1,"Rows read":55,"Rows written":0,"Database size (MB)":"0.03"}],
              "success":true,"finalBookmark":"0000-1","meta":{"duration":12}}]
            """#
        #expect(Self.refusal(summary) == .importSummary)
    }
}

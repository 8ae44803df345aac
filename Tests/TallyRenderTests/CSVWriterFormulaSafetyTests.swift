import TallyRender
import Testing

/// Spreadsheets run a text cell that starts with `=`, `+`, `-`, `@`, tab or CR
/// as a formula; the writer must neutralise such text and leave numbers alone.
@Suite("CSV formula safety")
struct CSVWriterFormulaSafetyTests {
    @Test(arguments: ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
    func formulaLikeTextGetsAQuotePrefix(_ text: String) {
        let field = CSVWriter.encode(.text(text))
        #expect(field.hasPrefix("'") || field.hasPrefix("\"'"), "not neutralised: \(field.debugDescription)")
    }

    @Test func numbersStayNumbers() {
        #expect(CSVWriter.encode(.integer(-3)) == "-3")
    }

    @Test func quotesAndSeparatorsAreQuoted() {
        var writer = CSVWriter()
        writer.row(["a,b", "say \"hi\"", "two\nlines"])
        #expect(writer.output == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
    }

    /// A raw NUL cut the cell (or the file) in spreadsheets and C-string readers: it is shown as ␀.
    @Test func aNULIsShownNotWritten() {
        var writer = CSVWriter()
        writer.row(["Tea\u{0}time", "\u{0}=1", "a,\u{0}"])
        #expect(writer.output == "Tea\u{2400}time,\u{2400}=1,\"a,\u{2400}\"\r\n")
        #expect(!writer.output.utf8.contains(0))
    }
}

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
}

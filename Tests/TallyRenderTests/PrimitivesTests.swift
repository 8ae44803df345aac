import Testing

@testable import TallyRender

@Suite("Rendering primitives")
struct PrimitivesTests {
    @Test func eastAsianWidth() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("做了好多事") == 10)
        #expect(DisplayWidth.of("爸爸廁所要待多久?") == 17)
        #expect(DisplayWidth.of("，「」？") == 8, "fullwidth punctuation is two cells")
        #expect(DisplayWidth.of("e\u{301}") == 1, "a combining accent takes no cell")
        #expect(DisplayWidth.of("👍") == 2)
        #expect(DisplayWidth.of("한국") == 4)
        #expect(DisplayWidth.padRight("今天", to: 6) == "今天  ")
        #expect(DisplayWidth.padLeft("7", to: 3) == "  7")
    }

    /// `MarkdownText.cell` and `DisplayWidth.of` have a fast path for plain ASCII that lists the
    /// bytes needing care a second time; a control character in front sends the same text down
    /// the general path, so the two must agree on every printable ASCII byte and pair of bytes.
    @Test func theASCIIFastPathsAgreeWithTheGeneralOnes() {
        let printable = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        let general = "\u{1}"  // control: neither fast path takes a text holding it
        for text in printable + printable.flatMap({ a in printable.map { a + $0 } }) {
            #expect(
                MarkdownText.cell(general + text) == MarkdownText.cell(general) + MarkdownText.cell(text), "\(text)")
            #expect(DisplayWidth.of("é" + text) == 1 + DisplayWidth.of(text), "\(text)")
        }
    }

    @Test func markdownCellNeverBreaksTheRow() {
        let hostile = "a | b \\ c\nd\r\ne `x` <b>bold</b> *y* [l](u) #h"
        let cell = MarkdownText.cell(hostile)
        #expect(!cell.contains("\n") && !cell.contains("\r"))
        // Every `|` left in the cell is escaped, so GFM keeps one cell.
        let unescapedPipes = cell.indices.filter {
            cell[$0] == "|" && ($0 == cell.startIndex || cell[cell.index(before: $0)] != "\\")
        }
        #expect(unescapedPipes.isEmpty)
        #expect(cell == "a \\| b \\\\ c↵ d↵ e \\`x\\` \\<b\\>bold\\</b\\> \\*y\\* \\[l\\](u) \\#h")
    }

    @Test func terminalControlCharactersBecomeVisible() {
        #expect(TerminalText.visible("ok\u{1B}[2Jgone\u{7}") == "ok␛[2Jgone␇")
        #expect(TerminalText.visible("a\nb", keepNewlines: false) == "a␊b")
        #expect(TerminalText.visible("x\u{202E}y") == "x\\u{202E}y")
    }

    @Test(arguments: ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "=HYPERLINK(\"http://e.x\",\"a\")"])
    func csvTextNeverStartsAFormula(_ text: String) {
        let field = CSVWriter.encode(.text(text))
        let unquoted = field.hasPrefix("\"") ? String(field.dropFirst()) : field
        #expect(unquoted.hasPrefix("'"), "\(field)")
    }

    @Test func csvNumbersStayNumbersAndQuotingFollowsRFC4180() {
        var writer = CSVWriter()
        writer.row([
            .integer(-3), .number(0.6667, decimals: 3), .text("a,b"), .text("say \"hi\""), .text("x\ny"), .empty,
        ])
        #expect(writer.output == "-3,0.667,\"a,b\",\"say \"\"hi\"\"\",\"x\ny\",\r\n")
    }

    @Test func numbersIgnoreLocale() {
        #expect(NumberText.fixed(2.5, decimals: 0) == "3")
        #expect(NumberText.fixed(-0.04, decimals: 1) == "-0.0" || NumberText.fixed(-0.04, decimals: 1) == "0.0")
        #expect(NumberText.fixed(0.125, decimals: 2) == "0.13")
        #expect(NumberText.fixed(10, decimals: 3) == "10.000")
        #expect(NumberText.percent(2.0 / 3.0) == "66.7%")
    }

    @Test func jsonIsDeterministicAndEscaped() {
        let value = JSONValue.object([
            ("b", .integer(1)), ("a", .string("q\"\\\n\u{1}")), ("n", .number(1.0 / 3.0, decimals: 4)),
            ("list", .array([.null, .bool(true)])), ("empty", .object([])),
        ])
        #expect(
            value.serialized() == """
                {
                  "b": 1,
                  "a": "q\\"\\\\\\n\\u0001",
                  "n": 0.3333,
                  "list": [
                    null,
                    true
                  ],
                  "empty": {}
                }

                """)
    }
}

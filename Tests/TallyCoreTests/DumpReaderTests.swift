import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("Dump reader")
struct DumpReaderTests {
    struct Piece: Equatable {
        let line: Int
        let text: String
        let complete: Bool
    }

    /// Reads a whole file with a tiny block size, so lines and characters are
    /// cut across reads as they would be in a large file.
    func pieces(_ path: String, blockSize: Int = 5, limit: Int = DumpReader.defaultStatementLimit) throws -> [Piece] {
        let reader = try DumpReader(path: path, blockSize: blockSize, statementLimit: limit)
        var pieces: [Piece] = []
        while let chunk = try reader.next() {
            #expect(chunk.text.last == 0, "a chunk ends with a NUL")
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: chunk.text.dropLast()), as: UTF8.self)
            pieces.append(Piece(line: chunk.firstLine, text: text, complete: chunk.isComplete))
        }
        #expect(reader.bytesRead == reader.totalBytes)
        return pieces
    }

    @Test func statementsEndWhereSQLiteSaysTheyEnd() throws {
        let folder = try TemporaryDirectory()
        let script = """
            PRAGMA foreign_keys=OFF;
            CREATE TABLE t (
              a TEXT -- a comment; with a semicolon
            );
            INSERT INTO t VALUES('one;
            two; three');

            CREATE TRIGGER tr AFTER INSERT ON t BEGIN
              DELETE FROM t WHERE a = ';';
            END;
            INSERT INTO "t;x" VALUES(1); -- trailing comment
            INSERT INTO t VALUES('日本語;中文')
            """
        let path = try Fixtures.write(script, to: "d.sql", in: folder)
        let pieces = try pieces(path)
        #expect(pieces.map(\.line) == [1, 2, 5, 7, 11, 12])
        #expect(pieces[1].text == "CREATE TABLE t (\n  a TEXT -- a comment; with a semicolon\n);\n")
        #expect(pieces[2].text == "INSERT INTO t VALUES('one;\ntwo; three');\n")
        #expect(pieces[3].text.hasPrefix("\nCREATE TRIGGER"))
        #expect(pieces[3].text.hasSuffix("END;\n"))
        #expect(pieces[4].text == "INSERT INTO \"t;x\" VALUES(1); -- trailing comment\n")
        #expect(pieces.dropLast().allSatisfy { $0.complete })
        #expect(pieces.last == Piece(line: 12, text: "INSERT INTO t VALUES('日本語;中文')", complete: false))
    }

    @Test func everyBlockSizeGivesTheSameStatements() throws {
        let path = Fixtures.path("sqlite-dump.sql")
        let reference = try pieces(path, blockSize: 1 << 20)
        #expect(reference.count > 30)
        for size in [1, 2, 3, 7, 64, 4096] {
            #expect(try pieces(path, blockSize: size) == reference, "block size \(size)")
        }
    }

    @Test func blankTailAndCommentsAreNotAStatement() throws {
        let folder = try TemporaryDirectory()
        let path = try Fixtures.write("SELECT 1;\n\n-- the end\n/* really */\n", to: "d.sql", in: folder)
        #expect(try pieces(path).map(\.text) == ["SELECT 1;\n"])
    }

    @Test func invalidUTF8IsReportedWithLineAndByte() throws {
        let folder = try TemporaryDirectory()
        var bytes = Array("SELECT 1;\nSELECT 2;\nINSERT INTO t VALUES('ab".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("');\n".utf8)
        let path = folder.path("bad.sql")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(
            throws: DumpError.encoding(
                line: 3, column: 25, offset: 44, detail: "invalid UTF-8 (byte 0xC3 followed by 0x28)")
        ) {
            _ = try pieces(path)
        }
    }

    @Test func nulByteIsAnEncodingProblem() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("nul.sql")
        try Data(Array("SELECT 1;\nSELECT '".utf8) + [0] + Array("';\n".utf8)).write(to: URL(fileURLWithPath: path))
        #expect(
            throws: DumpError.encoding(
                line: 2, column: 9, offset: 18, detail: "a NUL byte, which SQL text cannot contain")
        ) {
            _ = try pieces(path)
        }
    }

    @Test func utf8ByteOrderMarkIsSkipped() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("bom.sql")
        try Data([0xEF, 0xBB, 0xBF] + Array("SELECT 1;\n".utf8)).write(to: URL(fileURLWithPath: path))
        #expect(try pieces(path) == [Piece(line: 1, text: "SELECT 1;\n", complete: true)])
    }

    @Test(arguments: [
        ([0xFF, 0xFE, 0x50, 0x00] as [UInt8], "UTF-16 text"),
        ([0x1F, 0x8B, 0x08, 0x00], "gzip-compressed"),
        (Array("SQLite format 3".utf8) + [0, 16, 0], "an SQLite database"),
    ])
    func filesThatAreNotSQLTextAreNamed(_ head: [UInt8], _ found: String) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("x.sql")
        try Data(head + Array(repeating: 0x41, count: 40)).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try pieces(path)
        } throws: { error in
            guard case .notSQLText(let errorPath, let errorFound, _) = error as? DumpError else { return false }
            return errorPath == path && errorFound == found
        }
    }

    @Test func aStatementLargerThanTheLimitIsRefusedWithItsLine() throws {
        let folder = try TemporaryDirectory()
        let big = "INSERT INTO t VALUES('" + String(repeating: "x", count: 3000) + "');\n"
        let path = try Fixtures.write("SELECT 1;\n\n" + big, to: "big.sql", in: folder)
        #expect(throws: DumpError.statementTooLarge(line: 3, limit: 2048)) {
            _ = try pieces(path, blockSize: 512, limit: 2048)
        }
    }

    @Test func aLongStatementWithManySemicolonLinesIsStillSplitBySQLite() throws {
        // 4,000 lines inside one string, each with a `;`: SQLite is not asked
        // after every line, so a later statement may come in the same chunk.
        let folder = try TemporaryDirectory()
        let long = (0..<4000).map { "line \($0); with a semicolon and some padding text" }.joined(separator: "\n")
        let script = "INSERT INTO t VALUES('\(long)');\nINSERT INTO t VALUES('after');\n"
        let path = try Fixtures.write(script, to: "long.sql", in: folder)
        let pieces = try pieces(path, blockSize: 4096)
        #expect(pieces.map(\.text).joined() == script)
        #expect(pieces.allSatisfy { $0.complete })
        #expect(pieces.count <= 2)
    }

    @Test func aMissingFileOrAFolderCannotBeRead() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: DumpError.cannotRead(path: folder.path("none.sql"), reason: "No such file or directory")) {
            _ = try DumpReader(path: folder.path("none.sql"))
        }
        #expect(throws: DumpError.cannotRead(path: folder.url.path, reason: "it is a directory; give the export file"))
        {
            _ = try DumpReader(path: folder.url.path)
        }
    }

    @Test func lineOfFirstTokenSkipsBlanksAndComments() {
        let text = Array("\n\n-- note\n/* a\nb */  INSERT".utf8)
        text.withUnsafeBytes { buffer in
            #expect(DumpReader.lineOfFirstToken(in: buffer, firstLine: 10) == 14)
            #expect(!DumpReader.isBlank(buffer))
        }
        Array("  -- only\n/* c */ ;\n".utf8).withUnsafeBytes { #expect(DumpReader.isBlank($0)) }
    }
}

@Suite("UTF-8 scan")
struct UTF8ScanTests {
    func problem(_ bytes: [UInt8]) -> UTF8Scan.Problem? {
        bytes.withUnsafeBytes { UTF8Scan.firstProblem(in: $0) }
    }

    @Test func validTextPasses() {
        #expect(problem(Array("plain ascii text that is longer than eight bytes".utf8)) == nil)
        #expect(problem(Array("做了好多事 🙂 é ß".utf8)) == nil)
        #expect(problem([0xF4, 0x8F, 0xBF, 0xBF]) == nil)  // U+10FFFF
    }

    @Test(arguments: [
        ([0x41, 0xC0, 0x80] as [UInt8], 1),  // overlong NUL
        ([0xE0, 0x80, 0x80], 0),  // overlong
        ([0xED, 0xA0, 0x80], 0),  // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
        ([0x41, 0x42, 0xE4, 0xB8], 2),  // cut short
        ([0x80], 0),  // a continuation byte first
        (Array("0123456789".utf8) + [0] + Array("x".utf8), 10),  // NUL after the fast path
    ])
    func invalidTextIsFoundAtItsByte(_ bytes: [UInt8], _ offset: Int) {
        #expect(problem(bytes)?.offset == offset)
    }
}

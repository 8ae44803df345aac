import Foundation
import TallySQLite

/// Reads a dump file statement by statement with memory that does not grow
/// with the file: the file is read in fixed-size blocks, and only the statement
/// being assembled is kept.
///
/// Where a statement ends is SQLite's own decision (`sqlite3_complete`): lines
/// are gathered until the text ends with a complete statement, so a `;` inside
/// a string, a quoted name, a comment or a trigger body never splits one. Every
/// line is checked to be UTF-8 without NUL bytes before SQLite sees it, so an
/// encoding problem is reported with its line and byte.
package final class DumpReader {
    /// Whole statements (usually one) as SQLite will read them.
    package struct Chunk {
        /// The UTF-8 text followed by one NUL byte, which is part of the buffer.
        /// Valid until the next call of `next()`. It is mutable so a caller may
        /// put a NUL inside it temporarily.
        package let text: UnsafeMutableRawBufferPointer
        /// The line of the file on which the first byte of `text` stands (1-based).
        package let firstLine: Int
        /// False only for the end of a file whose last statement is not finished.
        package let isComplete: Bool
    }

    /// The largest statement accepted by default: far above D1's 2 MB rows.
    package static let defaultStatementLimit = 64 << 20

    /// The path read, or `-` for standard input.
    package let path: String
    /// The file's size when it is a regular file (for progress), else nil.
    package let totalBytes: Int64?
    /// Bytes taken from the file so far.
    package private(set) var bytesRead: Int64 = 0
    /// Called with every block of bytes as it is read from the file, in order (a byte-order mark
    /// included), so a caller can hash exactly what was imported without reading the file twice.
    package var onRead: ((UnsafeRawBufferPointer) -> Void)?

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let block: UnsafeMutableRawBufferPointer
    private var blockStart = 0
    private var blockEnd = 0
    private var atEndOfFile = false
    private var startedReading = false
    private var finished = false

    private var text: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private let limit: Int
    /// Line number of the next line to complete, and where it starts in `text` and in the file.
    private var line = 1
    private var lineStart = 0
    private var lineOffset: Int64 = 0
    /// Line number of `text[0]`.
    private var textLine = 1
    /// Bytes added since `sqlite3_complete` last looked at `text`.
    private var unchecked = 0
    private var resetBeforeNext = false

    /// Opens a dump file; `-` reads standard input.
    ///
    /// - Parameters:
    ///   - blockSize: bytes read from the file at a time.
    ///   - statementLimit: the largest statement accepted, in bytes.
    package init(path: String, blockSize: Int = 1 << 20, statementLimit: Int = DumpReader.defaultStatementLimit)
        throws(DumpError)
    {
        self.path = path
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
        } else {
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                throw .cannotRead(path: path, reason: "it is a directory; give the export file")
            }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
            ownsDescriptor = true
        }
        var status = stat()
        totalBytes = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int64(status.st_size) : nil
        block = .allocate(byteCount: max(64, blockSize), alignment: 16)
        limit = max(1024, statementLimit)
        capacity = min(limit, 64 << 10) + 1
        text = .allocate(capacity: capacity)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        block.deallocate()
        text.deallocate()
    }

    /// The next piece of the dump, or nil at the end of the file.
    package func next() throws(DumpError) -> Chunk? {
        if finished { return nil }
        if resetBeforeNext {
            count = 0
            lineStart = 0
            textLine = line
            unchecked = 0
            resetBeforeNext = false
        }
        while true {
            if blockStart == blockEnd {
                if atEndOfFile { return try finish() }
                try fill()
                continue
            }
            let start = block.baseAddress! + blockStart
            let available = blockEnd - blockStart
            let newline = memchr(start, 0x0A, available)
            let take = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(start) + 1 } ?? available
            try append(start, take)
            blockStart += take
            bytesRead += Int64(take)
            if newline != nil, let chunk = try endOfLine() { return chunk }
        }
    }

    // MARK: Lines and statements

    private func append(_ bytes: UnsafeRawPointer, _ size: Int) throws(DumpError) {
        if count + size + 1 > capacity {
            guard count + size <= limit else {
                throw .statementTooLarge(line: firstTokenLine(), limit: limit)
            }
            var grown = capacity
            while count + size + 1 > grown { grown = min(limit + 1, grown * 2) }
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            bigger.update(from: text, count: count)
            text.deallocate()
            text = bigger
            capacity = grown
        }
        (text + count).update(from: bytes.assumingMemoryBound(to: UInt8.self), count: size)
        count += size
    }

    /// A whole line is in `text`: check its bytes, then ask SQLite whether the
    /// text now ends with a complete statement.
    private func endOfLine() throws(DumpError) -> Chunk? {
        let lineBytes = UnsafeRawBufferPointer(start: text + lineStart, count: count - lineStart)
        try check(lineBytes)
        let mayEnd = memchr(lineBytes.baseAddress!, 0x3B, lineBytes.count) != nil  // ';'
        unchecked += lineBytes.count
        line += 1
        lineOffset += Int64(lineBytes.count)
        lineStart = count
        // A statement can only end on a line holding a `;`. For a statement
        // spanning many such lines, asking SQLite after each would cost time
        // quadratic in its size; once it is large, ask only after it grew by
        // an eighth. A late answer merely hands over more than one statement.
        guard mayEnd, count <= 1 << 16 || unchecked * 8 >= count else { return nil }
        unchecked = 0
        text[count] = 0
        let complete = text.withMemoryRebound(to: CChar.self, capacity: count + 1) { SQLText.isComplete($0) }
        guard complete else { return nil }
        resetBeforeNext = true
        return Chunk(
            text: UnsafeMutableRawBufferPointer(start: text, count: count + 1), firstLine: textLine, isComplete: true)
    }

    private func finish() throws(DumpError) -> Chunk? {
        finished = true
        if lineStart < count {  // a last line without a newline
            try check(UnsafeRawBufferPointer(start: text + lineStart, count: count - lineStart))
        }
        text[count] = 0
        let whole = UnsafeMutableRawBufferPointer(start: text, count: count + 1)
        if DumpReader.isBlank(UnsafeRawBufferPointer(whole)) { return nil }
        let complete = text.withMemoryRebound(to: CChar.self, capacity: count + 1) { SQLText.isComplete($0) }
        return Chunk(text: whole, firstLine: textLine, isComplete: complete)
    }

    private func check(_ lineBytes: UnsafeRawBufferPointer) throws(DumpError) {
        if let problem = UTF8Scan.firstProblem(in: lineBytes) {
            throw .encoding(
                line: line, column: problem.offset + 1, offset: lineOffset + Int64(problem.offset),
                detail: problem.detail)
        }
    }

    private func firstTokenLine() -> Int {
        DumpReader.lineOfFirstToken(in: UnsafeRawBufferPointer(start: text, count: count), firstLine: textLine)
    }

    // MARK: Reading the file

    private func fill() throws(DumpError) {
        blockStart = 0
        blockEnd = 0
        // The first block is read to at least 16 bytes so the file's kind can be told.
        repeat {
            let got = read(descriptor, block.baseAddress! + blockEnd, block.count - blockEnd)
            if got < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if got == 0 {
                atEndOfFile = true
                break
            }
            onRead?(UnsafeRawBufferPointer(start: block.baseAddress! + blockEnd, count: got))
            blockEnd += got
        } while !startedReading && blockEnd < 16
        if !startedReading {
            startedReading = true
            try recogniseStart()
        }
    }

    /// Names files that are clearly not SQL text, and skips a UTF-8 byte-order mark.
    private func recogniseStart() throws(DumpError) {
        let head = Array(UnsafeRawBufferPointer(start: block.baseAddress, count: min(blockEnd, 16)))
        func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
        if starts(Array("SQLite format 3".utf8) + [0]) {
            throw .notSQLText(
                path: path, found: "an SQLite database",
                advice: "copy it and bring its schema up to date instead: cp \(path) OUT && tally migrate --db OUT")
        }
        let compressed: [(String, [UInt8])] = [
            ("gzip", [0x1F, 0x8B]), ("zstd", [0x28, 0xB5, 0x2F, 0xFD]), ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A]),
            ("bzip2", Array("BZh".utf8)), ("zip", [0x50, 0x4B, 0x03, 0x04]),
        ]
        if let (name, _) = compressed.first(where: { starts($0.1) }) {
            throw .notSQLText(path: path, found: "\(name)-compressed", advice: "decompress it first")
        }
        if starts([0xFF, 0xFE]) || starts([0xFE, 0xFF]) {
            throw .notSQLText(
                path: path, found: "UTF-16 text",
                advice: "convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8 \(path) > dump.sql")
        }
        if starts([0xEF, 0xBB, 0xBF]) {  // a UTF-8 byte-order mark: not SQL, but harmless
            blockStart = 3
            bytesRead = 3
            lineOffset = 3
        }
    }

    // MARK: Positions in SQL text

    /// True when the text holds nothing but whitespace, `;` and comments.
    package static func isBlank(_ text: UnsafeRawBufferPointer) -> Bool {
        SQLText.firstToken(in: text) == nil
    }

    /// The line of the first byte of the text that is not whitespace or comment.
    package static func lineOfFirstToken(in text: UnsafeRawBufferPointer, firstLine: Int) -> Int {
        let end = SQLText.firstToken(in: text) ?? text.count
        var line = firstLine
        for index in 0..<end where text[index] == 0x0A { line += 1 }
        return line
    }
}

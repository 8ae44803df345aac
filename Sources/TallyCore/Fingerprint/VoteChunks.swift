import TallySQLite

/// The votes' part of the fingerprint: the canonical records of the votes, in
/// the scan's order (sessions by id bytes; a session's votes by time, option and
/// id), cut into chunks after every session whose id is a chunk end, each chunk
/// hashed on its own.
///
/// Where a chunk ends depends only on the data (a hash of the session id), not
/// on how the scan is split into partitions: the partitions are cut exactly
/// after chunk-end sessions (`Analyzer.splitKeys`), so every partition hashes
/// whole chunks and the list of chunk digests is the same for any number of
/// partitions. That is what lets the votes be hashed in the same parallel pass
/// that counts them.
struct VoteChunks {
    /// About one session in 1,024 ends a chunk.
    static let chunkEndMask: UInt32 = 0x3FF

    /// True when a session with this id ends a chunk: the low 10 bits of the id's
    /// 32-bit FNV-1a hash are all ones.
    @inline(__always)
    static func endsChunk(_ session: UnsafeBufferPointer<UInt8>) -> Bool {
        var hash: UInt32 = 0x811C_9DC5
        for byte in session {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash & chunkEndMask == chunkEndMask
    }

    private var records: CanonicalRecords?
    private var sessionEndsChunk = false
    /// Digests of the finished chunks, in order.
    private(set) var digests: [[UInt8]] = []

    /// Starts a session: closes the chunk if the previous session ended one, then writes the session record.
    @inline(__always)
    mutating func startSession(_ session: UnsafeBufferPointer<UInt8>) {
        if sessionEndsChunk, let open = records {
            digests.append(open.finish())
            records = nil
        }
        let writer = records ?? CanonicalRecords()
        records = writer
        writer.tag(.session)
        // The session as the scan groups it: text, a NULL reading as empty text.
        writer.textBytes(session)
        sessionEndsChunk = VoteChunks.endsChunk(session)
    }

    /// Writes one vote of the current session: its id, option id and stored time (already parsed
    /// by the scan; the text is read again only when it is not in D1's exact form).
    @inline(__always)
    mutating func vote(
        _ statement: Statement, id: Int64, optionID: Int64?, parsed: (instant: Instant, shape: StoredTimestamp.Shape)?
    ) {
        guard let writer = records else { return }
        if let parsed, parsed.shape == .d1 {
            writer.d1Vote(id: id, optionID: optionID, seconds: parsed.instant.seconds)
            return
        }
        writer.tag(.vote)
        writer.integer(id)
        writer.integer(optionID)
        writer.text(statement, 1)
    }

    /// Closes the last chunk (at the end of the data or of a partition).
    mutating func finish() {
        if let open = records {
            digests.append(open.finish())
            records = nil
        }
        sessionEndsChunk = false
    }

    /// Appends the chunks of the partition that follows this one.
    mutating func append(_ other: VoteChunks) {
        digests += other.digests
    }
}

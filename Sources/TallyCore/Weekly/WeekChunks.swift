/// The votes' chunk digests of one week's fingerprint (docs/fingerprint.md, "The hash"), fed
/// by the weekly pass one session at a time with that week's vote records of the session.
///
/// Chunks end after sessions whose id ends a chunk, counting only the sessions that have a
/// vote in the week's report, so the cuts differ from week to week and a partition of the
/// pass cannot be cut where every week has a chunk end. A partition after the first therefore
/// keeps its first, unfinished piece as bytes (`head`) until its first cut, and `append`
/// joins that piece to the open chunk of the partition before: the digests are those of one
/// pass for any number of partitions.
struct WeekChunks {
    /// True for a partition after the first: bytes before the first cut are kept unhashed.
    private let keepsHead: Bool
    private var head: [UInt8] = []
    /// A cut happened in this part (only tracked in `keepsHead` mode: until then bytes go to `head`).
    private var hasCut = false
    /// Digests of finished chunks after the head, 32 bytes each, end to end: one array per week
    /// rather than one per chunk (at 10M votes and 104 weeks about 180,000 digests, 15 MB as
    /// separate arrays).
    private var digests: [UInt8] = []
    /// The chunk being written.
    private var open: SHA256?
    /// The last session written ends a chunk: the next session starts a new one.
    private var pendingEnd = false

    init(keepsHead: Bool) { self.keepsHead = keepsHead }

    /// Writes one session's records (its `S` record and the week's `V` records).
    mutating func session(_ bytes: UnsafeBufferPointer<UInt8>, endsChunk: Bool) {
        if pendingEnd { cut() }
        write(bytes)
        pendingEnd = endsChunk
    }

    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if keepsHead && !hasCut {
            head.append(contentsOf: bytes)
        } else {
            if open == nil { open = SHA256() }
            open!.update(bytes)
        }
    }

    private mutating func cut() {
        if keepsHead && !hasCut {
            hasCut = true
        } else if let open {
            digests += open.finalize()
            self.open = nil
        }
    }

    /// Joins the same week of the partition that follows (which keeps its head).
    mutating func append(_ next: WeekChunks) {
        if !next.head.isEmpty {
            if pendingEnd { cut() }
            next.head.withUnsafeBufferPointer { write($0) }
            pendingEnd = next.pendingEnd
        }
        guard next.hasCut else { return }
        cut()
        digests += next.digests
        open = next.open
        pendingEnd = next.pendingEnd
    }

    /// The digests in order, the open chunk closed (the end of the data). Call once.
    func finished() -> [[UInt8]] {
        var all: [[UInt8]] = []
        if keepsHead && !head.isEmpty { all.append(SHA256.hash(head)) }
        for start in stride(from: 0, to: digests.count, by: SHA256.digestLength) {
            all.append(Array(digests[start..<start + SHA256.digestLength]))
        }
        if let open { all.append(open.finalize()) }
        return all
    }
}

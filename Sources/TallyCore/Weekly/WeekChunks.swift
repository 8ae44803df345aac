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
    /// Digests of finished chunks after the head, 32 bytes each, end to end in blocks of
    /// `blockSize` bytes: at 10M votes and 104 weeks about 180,000 digests (5.8 MB), 15 MB as
    /// separate arrays. Fixed blocks rather than one growing array per week: a doubling array
    /// carries up to half its size unused, and `append` takes the next partition's blocks as
    /// they are instead of copying them onto the end (with the copy the weekly run over 10M
    /// votes peaked at 67 MB).
    private var blocks: [[UInt8]] = []
    /// The last block is the next partition's (taken over by `append`): cuts start a new one,
    /// so writing to it never copies a block that partition still holds.
    private var lastBlockTaken = false
    static let blockSize = 128 * SHA256.digestLength
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
            add(open.finalize())
            self.open = nil
        }
    }

    /// Appends one digest to the last block, or to a new one when it is full or not this part's.
    private mutating func add(_ digest: [UInt8]) {
        if blocks.isEmpty || lastBlockTaken || blocks[blocks.count - 1].count == WeekChunks.blockSize {
            blocks.append([])
            blocks[blocks.count - 1].reserveCapacity(WeekChunks.blockSize)
            lastBlockTaken = false
        }
        blocks[blocks.count - 1] += digest
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
        if !next.blocks.isEmpty {
            blocks += next.blocks
            lastBlockTaken = true
        }
        open = next.open
        pendingEnd = next.pendingEnd
    }

    /// The digests in order, the open chunk closed (the end of the data). Call once.
    func finished() -> [[UInt8]] {
        var all: [[UInt8]] = []
        if keepsHead && !head.isEmpty { all.append(SHA256.hash(head)) }
        for block in blocks {
            for start in stride(from: 0, to: block.count, by: SHA256.digestLength) {
                all.append(Array(block[start..<start + SHA256.digestLength]))
            }
        }
        if let open { all.append(open.finalize()) }
        return all
    }
}

/// The votes' chunk digests of one boundary's fingerprint (docs/fingerprint.md, "The hash"), fed
/// by the vote pass one session at a time with that boundary's vote records of the session.
/// Chunks end after sessions whose id ends a chunk, counting only the sessions that have a vote
/// in the boundary's report.
struct WeekChunks {
    /// Digests of finished chunks, 32 bytes each, end to end.
    private var digests: [UInt8] = []
    /// The chunk being written.
    private var open: SHA256?
    /// The last session written ends a chunk: the next session starts a new one.
    private var pendingEnd = false

    /// Writes one session's records (its `S` record and the boundary's `V` records).
    mutating func session(_ bytes: UnsafeBufferPointer<UInt8>, endsChunk: Bool) {
        if pendingEnd, let open {
            digests += open.finalize()
            self.open = nil
        }
        if open == nil { open = SHA256() }
        open!.update(bytes)
        pendingEnd = endsChunk
    }

    /// The digests in order, the open chunk closed (the end of the data). Call once.
    func finished() -> [[UInt8]] {
        var all = stride(from: 0, to: digests.count, by: SHA256.digestLength).map {
            Array(digests[$0..<$0 + SHA256.digestLength])
        }
        if let open { all.append(open.finalize()) }
        return all
    }
}

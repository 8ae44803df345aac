/// Where the votes' records are cut into chunks for the fingerprint: after every session whose
/// id is a chunk end, which depends only on the data (a hash of the session id).
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
}

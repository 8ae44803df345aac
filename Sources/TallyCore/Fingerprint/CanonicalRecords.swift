/// Records hashed with SHA-256 as they are written (`CanonicalBytes`' encoding): bytes are
/// staged and hashed about 4 KB at a time, and a stream that never fills its stage (a day with
/// few votes) holds no hash state until it is finished. A value type: its writes are checked for
/// exclusive access when compiled, not at run time on every vote as a class's stored properties are.
struct CanonicalRecords {
    private static let stage = 4096
    private var staged = CanonicalBytes()
    private var hasher: SHA256?
    /// True when nothing has been written.
    private(set) var isEmpty = true

    /// Writes records.
    @inline(__always)
    mutating func write(_ body: (inout CanonicalBytes) -> Void) {
        body(&staged)
        isEmpty = false
        if staged.count >= CanonicalRecords.stage {
            if hasher == nil { hasher = SHA256() }
            staged.withBytes { hasher!.update($0) }
            staged.removeAll()
        }
    }

    /// The digest of everything written. The records cannot be written to afterwards.
    func finish() -> [UInt8] {
        guard let hasher else { return staged.withBytes { SHA256.hash($0) } }
        staged.withBytes { hasher.update($0) }
        return hasher.finalize()
    }
}

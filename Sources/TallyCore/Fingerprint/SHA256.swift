import CSHA256

/// SHA-256 (FIPS 180-4), streaming: feed bytes with `update`, read the digest
/// with `finalize`.
///
/// Written here because Foundation on Linux has no hash functions and the
/// project takes no outside packages. The compression function is this file's
/// Swift, or, on x86-64 CPUs with the SHA extensions, the same function on those
/// instructions (Sources/CSHA256, about five times faster: the data fingerprint
/// hashes every vote). Both are tested against the FIPS and NIST example vectors,
/// against the `sha256sum` tool and against each other. It is not `Sendable`: one
/// hasher belongs to one thread (each partition of the vote scan has its own).
package final class SHA256 {
    /// The digest length in bytes.
    package static let digestLength = 32

    /// True when this CPU can run the compression function on its SHA instructions.
    package static let hardwareAvailable = tally_sha256_hardware_available() != 0

    /// The eight state words (H0 … H7), initially the fractional parts of the square roots of the first primes.
    private let state: UnsafeMutablePointer<UInt32>
    /// Whether whole blocks go to the SHA instructions.
    let accelerated: Bool
    /// Bytes of an unfinished block.
    private let block: UnsafeMutablePointer<UInt8>
    private var blockCount = 0
    /// The message schedule, reused for every block.
    private let schedule: UnsafeMutablePointer<UInt32>
    /// The round constants, copied once so the rounds index a plain pointer.
    private let constants: UnsafeMutablePointer<UInt32>
    /// Bytes fed so far.
    private var length: UInt64 = 0
    private var finished = false

    /// A fresh hasher, on the CPU's SHA instructions when it has them.
    package convenience init() {
        self.init(accelerated: SHA256.hardwareAvailable)
    }

    /// A fresh hasher; `accelerated: false` keeps to the portable Swift (tests compare the two).
    init(accelerated: Bool) {
        self.accelerated = accelerated && SHA256.hardwareAvailable
        state = .allocate(capacity: 8)
        state.initialize(
            from: [
                0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
            ], count: 8)
        block = .allocate(capacity: 64)
        schedule = .allocate(capacity: 64)
        constants = .allocate(capacity: 64)
        constants.initialize(from: SHA256.roundConstants, count: 64)
    }

    deinit {
        state.deallocate()
        block.deallocate()
        schedule.deallocate()
        constants.deallocate()
    }

    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let hasher = SHA256()
        hasher.update(Array(bytes))
        return hasher.finalize()
    }

    /// Lowercase hexadecimal, as `sha256sum` prints digests.
    package static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    package func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// Feeds the UTF-8 bytes of a text.
    package func update(_ text: String) {
        var text = text
        text.withUTF8 { update($0) }
    }

    @inline(__always)
    package func update(byte: UInt8) {
        precondition(!finished, "SHA256 used after finalize")
        block[blockCount] = byte
        blockCount += 1
        length &+= 1
        if blockCount == 64 {
            compress(UnsafePointer(block), blocks: 1)
            blockCount = 0
        }
    }

    /// Feeds bytes from a buffer (no copy when whole blocks can be read in place).
    package func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(!finished, "SHA256 used after finalize")
        guard var next = bytes.baseAddress, bytes.count > 0 else { return }
        var remaining = bytes.count
        length &+= UInt64(remaining)
        if blockCount > 0 {
            let taken = min(64 - blockCount, remaining)
            (block + blockCount).update(from: next, count: taken)
            blockCount += taken
            next += taken
            remaining -= taken
            guard blockCount == 64 else { return }
            compress(UnsafePointer(block), blocks: 1)
            blockCount = 0
        }
        if remaining >= 64 {
            let whole = remaining / 64
            compress(next, blocks: whole)
            next += whole * 64
            remaining -= whole * 64
        }
        if remaining > 0 {
            block.update(from: next, count: remaining)
            blockCount = remaining
        }
    }

    /// Pads the message and returns the 32-byte digest. The hasher cannot be fed afterwards.
    package func finalize() -> [UInt8] {
        precondition(!finished, "SHA256 finalized twice")
        let bits = length &* 8
        update(byte: 0x80)
        while blockCount != 56 { update(byte: 0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            update(byte: UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        finished = true
        var digest: [UInt8] = []
        digest.reserveCapacity(SHA256.digestLength)
        for word in UnsafeBufferPointer(start: state, count: 8) {
            digest += [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word),
            ]
        }
        return digest
    }

    @inline(__always)
    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// One round with the working variables renamed instead of moved: `d` and `h` are the two that change.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
        _ h: inout UInt32, _ kw: UInt32
    ) {
        let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ kw
        let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
        d &+= t1
        h = t1 &+ t2
    }

    /// Consecutive 64-byte blocks.
    private func compress(_ bytes: UnsafePointer<UInt8>, blocks: Int) {
        if accelerated {
            tally_sha256_blocks(state, bytes, blocks)
            return
        }
        for index in 0..<blocks { compressInSwift(bytes + index * 64) }
    }

    /// One 64-byte block (FIPS 180-4, section 6.2.2).
    private func compressInSwift(_ bytes: UnsafePointer<UInt8>) {
        let w = schedule
        let k = constants
        for t in 0..<16 {
            let p = bytes + t * 4
            w[t] = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
        }
        for t in 16..<64 {
            let x = w[t - 15]
            let y = w[t - 2]
            let s0 = SHA256.rotate(x, 7) ^ SHA256.rotate(x, 18) ^ (x >> 3)
            let s1 = SHA256.rotate(y, 17) ^ SHA256.rotate(y, 19) ^ (y >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        let hs = state
        var a = hs[0]
        var b = hs[1]
        var c = hs[2]
        var d = hs[3]
        var e = hs[4]
        var f = hs[5]
        var g = hs[6]
        var h = hs[7]
        var t = 0
        while t < 64 {
            SHA256.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
            SHA256.round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
            SHA256.round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
            SHA256.round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
            SHA256.round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
            SHA256.round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
            SHA256.round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
            SHA256.round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
            t += 8
        }
        hs[0] &+= a
        hs[1] &+= b
        hs[2] &+= c
        hs[3] &+= d
        hs[4] &+= e
        hs[5] &+= f
        hs[6] &+= g
        hs[7] &+= h
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

import Foundation
import Testing

@testable import TallyCore

@Suite("SHA-256", .timeLimit(.minutes(10)))
struct SHA256Tests {
    /// The examples of FIPS 180-2 (appendix B) and the NIST test vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        (
            "The quick brown fox jumps over the lazy dog",
            "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
        ),
    ])
    func knownVectors(_ message: String, _ expected: String) async {
        #expect(SHA256.hex(SHA256.hash(Array(message.utf8))) == expected)
        for accelerated in [false, true] {
            let hasher = SHA256(accelerated: accelerated)
            hasher.update(Array(message.utf8))
            #expect(SHA256.hex(hasher.finalize()) == expected, "accelerated: \(accelerated)")
        }
    }

    @Test(arguments: [false, true])
    func aMillionAs(_ accelerated: Bool) async {
        let hasher = SHA256(accelerated: accelerated)
        let chunk = [UInt8](repeating: 0x61, count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(SHA256.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The default hasher uses the instructions exactly when the CPU has them; asked not to, it never does.
    @Test func theDefaultFollowsTheCPU() async {
        #expect(SHA256().accelerated == SHA256.hardwareAvailable)
        #expect(!SHA256(accelerated: false).accelerated)
    }

    /// The SHA-instruction path and the Swift path give the same digests. On a CPU without the
    /// instructions both would be the Swift path, so the test is skipped there and says so.
    @Test(.enabled(if: SHA256.hardwareAvailable, "this CPU has no SHA instructions: the hardware path cannot run"))
    func theHardwareAndSwiftPathsAgree() async throws {
        try #require(SHA256(accelerated: true).accelerated)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let length = Int.random(in: 0...700, using: &generator)
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let swift = SHA256(accelerated: false)
            let hardware = SHA256(accelerated: true)
            var offset = 0
            while offset < message.count {
                let piece = Array(
                    message[offset..<min(message.count, offset + Int.random(in: 1...200, using: &generator))])
                swift.update(piece)
                hardware.update(piece)
                offset += piece.count
            }
            #expect(swift.finalize() == hardware.finalize(), "\(length) bytes")
        }
    }

    /// Fed in pieces of every size around the 64-byte block, the digest is the same as in one piece.
    @Test func piecesGiveTheSameDigest() async {
        var generator = SystemRandomNumberGenerator()
        let message = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = SHA256.hash(message)
        for size in [1, 3, 55, 56, 63, 64, 65, 127, 128, 129, 999] {
            let hasher = SHA256(accelerated: size % 2 == 0)
            var offset = 0
            while offset < message.count {
                hasher.update(Array(message[offset..<min(message.count, offset + size)]))
                offset += size
            }
            #expect(hasher.finalize() == whole, "pieces of \(size)")
        }
        let bytewise = SHA256()
        for byte in message { bytewise.update(byte: byte) }
        #expect(bytewise.finalize() == whole)
    }

    /// The coreutils tool agrees on random files of lengths around every padding boundary.
    @Test func agreesWithSha256sum() async throws {
        let folder = try TemporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 121, 1000, 65_536, 1_000_003] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = folder.path("data-\(length)")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let tool = try await ToolProcess.run("sha256sum", [path]).split(separator: " ").first.map(String.init)
            for accelerated in [false, true] {
                let hasher = SHA256(accelerated: accelerated)
                hasher.update(bytes)
                #expect(tool == SHA256.hex(hasher.finalize()), "\(length) bytes, accelerated: \(accelerated)")
            }
        }
    }

    /// The check above can fail: one flipped bit gives another digest.
    @Test func oneBitChangesTheDigest() async {
        var message = Array("tally".utf8)
        let before = SHA256.hash(message)
        message[2] ^= 1
        #expect(SHA256.hash(message) != before)
    }
}

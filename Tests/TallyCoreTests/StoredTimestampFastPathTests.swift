import TallySQLite
import Testing

@testable import TallyCore

/// `StoredTimestamp.parse` reads D1's exact form on a fast path (`d1Seconds`) and everything
/// else through the general grammar (`parseGeneral`). The two must agree on every input: these
/// compare them on generated, hostile and near-miss texts, and check that the fast path is taken.
@Suite("Stored timestamps: the fast path for D1's form")
struct StoredTimestampFastPathTests {
    private static func both(_ bytes: [UInt8]) -> (
        fast: (Int64, StoredTimestamp.Shape)?, general: (Int64, StoredTimestamp.Shape)?
    ) {
        bytes.withUnsafeBufferPointer { buffer in
            (
                StoredTimestamp.parse(bytes: buffer).map { ($0.instant.millis, $0.shape) },
                StoredTimestamp.parseGeneral(bytes: buffer).map { ($0.instant.millis, $0.shape) }
            )
        }
    }

    private static func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let (fast, general) = both(bytes)
        #expect(
            fast?.0 == general?.0 && fast?.1 == general?.1,
            "\(String(decoding: bytes, as: UTF8.self).debugDescription): \(String(describing: fast)) vs \(String(describing: general))",
            sourceLocation: sourceLocation)
    }

    @Test func theFastPathReadsD1Form() throws {
        let bytes = Array("2026-09-18 18:06:00".utf8)
        let seconds = try #require(bytes.withUnsafeBufferPointer { StoredTimestamp.d1Seconds($0.baseAddress!) })
        #expect(seconds == 1_789_754_760)
        // Not D1's form: the fast path declines and leaves it to the general grammar.
        for text in ["2026-09-18T18:06:00", "2026-09-18 18:06:0Z", "2026-09-18 18:06:00"] where text.utf8.count == 19 {
            let declined = Array(text.utf8).withUnsafeBufferPointer { StoredTimestamp.d1Seconds($0.baseAddress!) }
            #expect((declined == nil) == (text != "2026-09-18 18:06:00"), "\(text)")
        }
    }

    /// Every field at and beyond its edges, including the first and last days the reader refuses.
    @Test func fieldEdgesAgree() {
        var checked = 0
        for year in ["0000", "0001", "0002", "1969", "1970", "2000", "2024", "2100", "9998", "9999", "99 9", "-001"] {
            for month in ["00", "01", "02", "04", "12", "13", "1/"] {
                for day in ["00", "01", "02", "28", "29", "30", "31", "32"] {
                    for time in ["00:00:00", "23:59:59", "24:00:00", "00:60:00", "00:00:60", "12:3:456", "00:00:0:"] {
                        StoredTimestampFastPathTests.expectAgreement(Array("\(year)-\(month)-\(day) \(time)".utf8))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 12 * 7 * 8 * 7)
    }

    /// Every byte value at every position of a valid time: separators, digits and whatever else.
    @Test func everyByteAtEveryPositionAgrees() {
        let valid = Array("2024-02-29 23:59:59".utf8)
        var accepted = 0
        for position in valid.indices {
            for byte in UInt8.min...UInt8.max {
                var bytes = valid
                bytes[position] = byte
                StoredTimestampFastPathTests.expectAgreement(bytes)
                if StoredTimestampFastPathTests.both(bytes).fast != nil { accepted += 1 }
            }
        }
        // Some changes keep a valid time (another digit), so both readers accept those.
        #expect(accepted > 19 && accepted < 19 * 256)
    }

    /// The hostile-time generator's texts (issue 12), of every length.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func hostileTimesAgree(seed: UInt64) {
        var times = HostileTimes(seed: seed)
        var texts = 0
        for value in times.values(count: 5_000) {
            guard case .text(let text) = value else { continue }
            StoredTimestampFastPathTests.expectAgreement(Array(text.utf8))
            texts += 1
        }
        #expect(texts > 3_000)
    }

    /// The scan's reader keeps the last date it read: along a sequence that mixes repeated dates,
    /// bad time parts after a good date, other forms and hostile texts, it must read every value
    /// as the general grammar reads that value alone.
    @Test(arguments: [1, 2] as [UInt64])
    func theReaderAgreesAlongASequence(seed: UInt64) {
        let valid = [
            "2026-09-18 18:06:00", "2026-09-18 23:59:59", "2024-02-29 00:00:00", "0001-01-02 00:00:00",
            "9999-12-30 23:59:59",
        ]
        let afterValid = [
            "2026-09-18 24:00:00", "2026-09-18 18:60:00", "2026-09-18 18:06:60", "2026-09-18T18:06:00",
            "2026-09-18 18:06:0Z", "2026-09-18 18:06:00.5", "2026-09-18 18:06", "2026-09-18x18:06:00",
            "2026-09-18 18:06:00", "0001-01-01 23:59:59", "9999-12-31 00:00:00", "2023-02-29 00:00:00",
        ]
        var hostile = HostileTimes(seed: seed)
        var sequence: [String] = []
        for (index, value) in hostile.values(count: 3_000).enumerated() {
            sequence.append(valid[index % valid.count])
            sequence.append(afterValid[index % afterValid.count])
            if case .text(let text) = value { sequence.append(text) }
        }
        var reader = D1TimeReader()
        var cached = 0
        for text in sequence {
            let bytes = Array(text.utf8)
            let (read, general) = bytes.withUnsafeBufferPointer { buffer in
                (reader.parse(buffer), StoredTimestamp.parseGeneral(bytes: buffer))
            }
            #expect(
                read?.instant == general?.instant && read?.shape == general?.shape,
                "\(text.debugDescription): \(String(describing: read)) vs \(String(describing: general))")
            if read?.shape == .d1 { cached += 1 }
        }
        #expect(cached >= 3_000)
    }
}

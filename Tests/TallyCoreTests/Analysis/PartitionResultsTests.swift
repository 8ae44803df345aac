import Foundation
import Testing

@testable import TallyCore

/// The partitions' results are moved to the merge, not copied: a copy left behind made every
/// array the merge writes to copy itself first (the seconds' bitmaps: 8 MB at two years of votes,
/// the weekly run at 10M votes peaked at 77 MB instead of 67 MB).
@Suite("Partition results")
struct PartitionResultsTests {
    /// Stands for a scan's storage (an array buffer is a reference the same way).
    final class Storage {}

    @Test func aTakenResultIsTheOnlyReference() throws {
        let results = PartitionResults<[Storage]>(count: 2)
        results.set(0, .success([Storage()]))
        results.set(1, .success([Storage()]))
        var first = try results.take(0).get()
        // Unique: writing to it (as the merge does) copies nothing.
        #expect(isKnownUniquelyReferenced(&first[0]))
        var second = try results.take(1).get()
        #expect(isKnownUniquelyReferenced(&second[0]))
    }

    @Test func aResultIsTakenOnceAndAMissingOneIsAnError() {
        let results = PartitionResults<Int>(count: 2)
        results.set(0, .success(7))
        #expect((try? results.take(0).get()) == 7)
        #expect(throws: CancellationError.self) { try results.take(0).get() }
        #expect(throws: CancellationError.self) { try results.take(1).get() }
    }
}

import Foundation
import Testing
import TallySQLite
@testable import TallyCore

@Suite("Building a database file")
struct DatabaseFileBuildTests {
    /// The id of a process that has ended.
    func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func temporariesOfEndedProcessesAreRemovedOthersKept() throws {
        let folder = try TemporaryDirectory()
        let dead = try deadProcessID()
        let alive = getppid()
        let names = [
            ".out.sqlite.tmp-\(dead)", ".out.sqlite.tmp-\(dead)-journal", ".out.sqlite.tmp-\(alive)",
            ".other.sqlite.tmp-\(dead)", ".out.sqlite.tmp-notapid", "notes.txt",
        ]
        for name in names { _ = FileManager.default.createFile(atPath: folder.path(name), contents: Data("x".utf8)) }
        try DatabaseFile.build(at: folder.path("out.sqlite")) { db in try db.execute("CREATE TABLE t (a)") }
        #expect(try Fixtures.listing(folder) == [
            ".other.sqlite.tmp-\(dead)", ".out.sqlite.tmp-\(alive)", ".out.sqlite.tmp-notapid", "notes.txt", "out.sqlite",
        ])
    }

    @Test func aFailedBuildLeavesNothing() throws {
        let folder = try TemporaryDirectory()
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try DatabaseFile.build(at: folder.path("out.sqlite")) { db in
                try db.execute("CREATE TABLE t (a)")
                throw Failure()
            }
        }
        #expect(try Fixtures.listing(folder).isEmpty)
    }
}

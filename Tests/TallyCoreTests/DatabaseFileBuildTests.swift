import Foundation
import TallySQLite
import Testing

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
        #expect(
            try Fixtures.listing(folder) == [
                ".other.sqlite.tmp-\(dead)", ".out.sqlite.tmp-\(alive)", ".out.sqlite.tmp-notapid", "notes.txt",
                "out.sqlite",
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

    @Test func aLinkIsFollowedAndAFIFOIsNeverBuiltOver() throws {
        let folder = try TemporaryDirectory()
        try DatabaseFile.build(at: folder.path("real.sqlite")) { db in try db.execute("CREATE TABLE old (a)") }
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("link.sqlite"), withDestinationPath: "real.sqlite")
        #expect(throws: DatabaseError.alreadyExists(folder.path("link.sqlite"))) {
            try DatabaseFile.build(at: folder.path("link.sqlite")) { _ in }
        }
        try DatabaseFile.build(at: folder.path("link.sqlite"), replace: true) { db in
            try db.execute("CREATE TABLE new (a)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.sqlite")) == "real.sqlite")
        let tables = try DatabaseFile.openForReading(folder.path("real.sqlite"))
            .query("SELECT name FROM sqlite_schema").map { $0[0] }
        #expect(tables == [.text("new")], "the link's target was replaced")

        try #require(mkfifo(folder.path("pipe"), 0o644) == 0)
        #expect(throws: DatabaseError.notARegularFile(folder.path("pipe"), FileKind.fifo.rawValue)) {
            try DatabaseFile.build(at: folder.path("pipe"), replace: true) { _ in }
        }
        #expect(try Fixtures.listing(folder) == ["link.sqlite", "pipe", "real.sqlite"])
    }
}

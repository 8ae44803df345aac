import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("Building a database file", .timeLimit(.minutes(10)))
struct DatabaseFileBuildTests {
    /// The id of a process that has ended.
    func deadProcessID() async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["true"]
        try process.run()
        await process.ended()
        return process.processIdentifier
    }

    @Test func temporariesOfEndedProcessesAreRemovedOthersKept() async throws {
        let folder = try TemporaryDirectory()
        let dead = try await deadProcessID()
        let otherDead = try await deadProcessID()
        let alive = getppid()
        let header = Data("SQLite format 3\0".utf8) + Data(repeating: 0, count: 84)
        let tallys = [".out.sqlite.tmp-\(dead)", ".out.sqlite.tmp-\(dead)-journal", ".out.sqlite.tmp-\(otherDead)"]
        for name in tallys { _ = FileManager.default.createFile(atPath: folder.path(name), contents: header) }
        let kept = [
            ".out.sqlite.tmp-\(alive)", ".other.sqlite.tmp-\(dead)", ".out.sqlite.tmp-notapid", "notes.txt",
        ]
        for name in kept { _ = FileManager.default.createFile(atPath: folder.path(name), contents: header) }
        // Named like tally's but not an SQLite file: someone's own, kept (with what goes with it).
        let lookalike = ".out.sqlite.tmp-\(try await deadProcessID())"
        for name in [lookalike, lookalike + "-wal"] {
            _ = FileManager.default.createFile(atPath: folder.path(name), contents: Data("my notes\n".utf8))
        }
        // A link named like a temporary is not tally's file either.
        let link = ".out.sqlite.tmp-\(try await deadProcessID())"
        try FileManager.default.createSymbolicLink(atPath: folder.path(link), withDestinationPath: "notes.txt")
        let before = try Fixtures.listing(folder)
        try DatabaseFile.build(at: folder.path("out.sqlite")) { db in try db.execute("CREATE TABLE t (a)") }
        #expect(
            try Fixtures.listing(folder)
                == (before.filter { !tallys.contains($0) } + ["out.sqlite"]).sorted())
        #expect(before.contains(link) && before.contains(lookalike))
    }

    @Test func aFailedBuildLeavesNothing() async throws {
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

    @Test func aLinkIsFollowedAndAFIFOIsNeverBuiltOver() async throws {
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

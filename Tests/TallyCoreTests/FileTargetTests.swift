import Foundation
import Testing

@testable import TallyCore

/// What a path names before tally writes to it (issue 12 item 1).
@Suite("FileTarget: what an output path names")
struct FileTargetTests {
    @Test func absentRegularAndLinkedPaths() throws {
        let folder = try TemporaryDirectory()
        #expect(try FileTarget.resolve(folder.path("new.md")) == .absent(folder.path("new.md")))
        try "x".write(toFile: folder.path("real.md"), atomically: false, encoding: .utf8)
        #expect(try FileTarget.resolve(folder.path("real.md")) == .regularFile(folder.path("real.md")))
        // A chain of links, one relative, one absolute, ends at the file.
        try FileManager.default.createSymbolicLink(atPath: folder.path("a"), withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("b"), withDestinationPath: folder.path("real.md"))
        #expect(try FileTarget.resolve(folder.path("a")) == .regularFile(folder.path("real.md")))
        // A dangling link names the file it would create.
        try FileManager.default.createSymbolicLink(atPath: folder.path("dangling"), withDestinationPath: "later.md")
        #expect(try FileTarget.resolve(folder.path("dangling")) == .absent(folder.path("later.md")))
    }

    @Test func streamsAreWrittenThroughFoldersAndLoopsRefused() throws {
        let folder = try TemporaryDirectory()
        try #require(mkfifo(folder.path("f"), 0o644) == 0)
        #expect(try FileTarget.resolve(folder.path("f")) == .stream(folder.path("f"), .fifo))
        #expect(try FileTarget.resolve("/dev/null") == .stream("/dev/null", .characterDevice))
        #expect(throws: FileTargetError.notAFile(folder.url.path, .directory)) {
            try FileTarget.resolve(folder.url.path)
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path("loop"), withDestinationPath: "loop")
        #expect(throws: FileTargetError.cannotInspect(folder.path("loop"), "too many levels of symbolic links")) {
            try FileTarget.resolve(folder.path("loop"))
        }
    }

    /// Issue 31 item 3: a link is followed only while its file stays in the path's folder (or below it).
    @Test func aLinkOutOfTheFolderOrToAMissingFolderIsRefused() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("out/sub"), withIntermediateDirectories: true)
        try "x".write(toFile: folder.path("outside.md"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path("out/up"), withDestinationPath: "../outside.md")
        #expect(throws: FileTargetError.linkOutOfFolder(folder.path("out/up"), folder.path("out/../outside.md"))) {
            try FileTarget.resolve(folder.path("out/up"))
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path("out/gone"), withDestinationPath: "no/such.md")
        #expect(throws: FileTargetError.linkToMissingFolder(folder.path("out/gone"), folder.path("out/no/such.md"))) {
            try FileTarget.resolve(folder.path("out/gone"))
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path("out/down"), withDestinationPath: "sub/new.md")
        #expect(try FileTarget.resolve(folder.path("out/down")) == .absent(folder.path("out/sub/new.md")))
        try FileManager.default.createSymbolicLink(atPath: folder.path("out/tty"), withDestinationPath: "/dev/null")
        #expect(try FileTarget.resolve(folder.path("out/tty")) == .stream("/dev/null", .characterDevice))
    }
}

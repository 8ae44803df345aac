import Foundation
import TallyTestSupport
import Testing

/// Messages that misled: each case now says what is true and what to do, and writes nothing.
@Suite("Hostile: messages say what is true")
struct HostileMessageTests {
    @Test func anEmptyFolderOptionIsRefusedNotTheWorkingFolder() throws {
        let folder = try TemporaryDirectory()
        let charts = try TallyProcess.run(["report", "--demo", "--charts", "", "-o", "r.md"], in: folder.url.path)
        #expect(charts.status == 2)
        #expect(charts.stderr.hasPrefix("Error: --charts is empty; give a folder for the charts"), "\(charts.stderr)")
        let weekly = try TallyProcess.run(["weekly", "--demo", "--reports", ""], in: folder.url.path)
        #expect(weekly.status == 2)
        #expect(weekly.stderr.hasPrefix("Error: --reports is empty; give the folder to write into"), "\(weekly.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func aDanglingChartsLinkIsNamed() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.path("ch"), withDestinationPath: "gone")
        let result = try TallyProcess.run(["report", "--demo", "--charts", "ch", "-o", "r.md"], in: folder.url.path)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "Error: --charts \(folder.path("ch")) is a symbolic link to gone, which does not exist"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.md")))
    }
}

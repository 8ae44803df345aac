import Foundation
import TallyCore
import Testing

@testable import TallyCLI

/// A long pull says how far it is on stderr, only on a terminal.
@Suite("pull's progress line")
struct PullProgressTests {
    final class Sink: @unchecked Sendable {
        var text = ""
    }

    @Test func onATerminalItDrawsRequestsRowsAndTimeThenATotal() {
        let sink = Sink()
        let progress = PullProgress(output: TextOutput(isTerminal: true) { sink.text += $0 })
        progress.update(QueryPull.Progress(requests: 3, rows: 1_200_000))
        #expect(sink.text.hasPrefix("\rread D1: 3 request(s), 1,200,000 rows in "))
        progress.finish()
        #expect(sink.text.hasSuffix(" s; importing\n"))
        #expect(sink.text.filter { $0 == "\n" }.count == 1)
    }

    @Test func offATerminalItSaysNothing() {
        let sink = Sink()
        let progress = PullProgress(output: TextOutput(isTerminal: false) { sink.text += $0 })
        progress.update(QueryPull.Progress(requests: 3, rows: 1_200_000))
        progress.finish()
        progress.abandon()
        #expect(sink.text.isEmpty)
    }
}

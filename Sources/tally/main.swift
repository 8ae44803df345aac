// The tally executable: parse, dispatch, exit. Everything else lives in TallyCLI.
import Foundation
import TallyCLI

// A reader that goes away (`| head`, an outside program that exits early) makes a write fail
// with EPIPE, which the output layer reports, instead of killing tally halfway through a folder.
signal(SIGPIPE, SIG_IGN)
exit(Tally.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .standard()))

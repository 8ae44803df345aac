// The tally executable: parse, dispatch, exit. Everything else lives in TallyCLI.
import Foundation
import TallyCLI

exit(Tally.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .standard()))

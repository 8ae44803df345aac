@testable import TallyCore

extension VoteChunks {
    /// `endsChunk` on a session id held as a string, for tests that build data around chunk ends.
    static func endsChunk(_ session: String) -> Bool {
        var session = session
        return session.withUTF8 { endsChunk($0) }
    }
}

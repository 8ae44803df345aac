import Foundation
import TallyCore

/// The texts of the notes this server showed, by digest (`SeenNote.digest`): a form carries only
/// the digest back, so when the note is no longer the one shown, this is where the refusal finds
/// the text the moderator read, to show it beside the note as it now is. Kept in memory for the
/// server's life, at most `capacity` texts (then started afresh: an older tab's refusal then says
/// only that the note changed).
final class ShownNotes: @unchecked Sendable {
    static let capacity = 512
    private let lock = NSLock()
    private var texts: [String: String] = [:]

    func remember(_ seen: SeenNote) {
        lock.lock()
        defer { lock.unlock() }
        if texts.count >= Self.capacity, texts[seen.digest] == nil { texts.removeAll() }
        texts[seen.digest] = seen.content
    }

    func text(_ digest: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return texts[digest]
    }
}

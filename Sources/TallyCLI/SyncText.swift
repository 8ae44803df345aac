import TallyCore
import TallyRender

/// How sync states read on a terminal (`status`, `pull`, `push`, `notes show`).
enum SyncText {
    /// "Conflict on note 3: yours approve by … (version 1); D1 has reject by … (version 1)."
    static func conflictLine(_ decision: SyncDecision) -> String {
        var text = "Conflict on note \(decision.noteID): yours \(decision.summary)"
        if let remote = decision.remote {
            text += "; D1 has \(remote.summary)"
        }
        if let detail = decision.detail { text += " — \(NoteText.oneLine(detail))" }
        return text + "."
    }
}

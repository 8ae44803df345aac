/// A decision that lost a race: the note is no longer in the state the
/// moderator acted on, so the decision was not written.
package struct ModerationConflict: Sendable, Equatable, CustomStringConvertible {
    package let noteID: Int64
    /// The decision that was refused.
    package let action: ModerationAction
    /// The version the moderator acted on (`--expect-version`, or the one read first).
    package let actedOnVersion: Int64
    /// The note as it was found when the decision was to be written.
    package let found: Note
    /// The decisions the moderator did not see, oldest first — or, when the note
    /// was still at the version acted on, the decision that already moved it
    /// out of the states this action applies to. Empty when the note changed
    /// without a log entry (outside tally).
    package let decisions: [ModerationLogEntry]

    /// True when the earlier decision is the very one this moderator tried to make.
    package var sameDecisionMade: Bool {
        decisions.count == 1 && decisions[0].action == action.rawValue
    }

    /// True when the note was already decided exactly as asked, so the refused decision loses nothing: the
    /// same action, with no reason given or the very reason recorded (a different reason would be dropped).
    /// A promotion never is: the option made may have another label or section than the one asked.
    /// The page and the command line both answer this case as done (200, exit 0), any other as a conflict.
    package func madeAsAsked(reason: ModerationReason?) -> Bool {
        guard sameDecisionMade, action != .promote else { return false }
        return reason == nil || reason?.text == decisions[0].reason
    }

    /// The answer when `madeAsAsked`: "note 3 was already approved by 'mod-a' at … (version 1), as asked; …".
    package func asAsked(in zone: Zone?) -> String {
        "Note \(noteID) was already \(decisions[0].summary(in: zone)), as asked; nothing was written."
    }

    /// What happened and what to do: the earlier decision (who, what, when) and the note's state now.
    package var description: String { message(in: nil) }

    /// The description with times in `zone` (UTC when nil).
    package func message(in zone: Zone?) -> String {
        let refused = "your \(action.rawValue) was not applied"
        let now = "it is now \(found.stateName) (version \(found.version))"
        let lookAgain = "look again with `tally notes show \(noteID)`"
        if actedOnVersion > found.version {
            let latest = decisions.last.map { "; latest decision: \($0.summary(in: zone))" } ?? ""
            return "conflict: note \(noteID) is at version \(found.version), not at version \(actedOnVersion) as "
                + "expected\(latest); \(refused); \(lookAgain)"
        }
        if sameDecisionMade {
            return "conflict: note \(noteID) was already \(decisions[0].summary(in: zone)); \(refused)"
        }
        guard !decisions.isEmpty else {
            return "conflict: note \(noteID) changed without a log entry (outside tally) since version "
                + "\(actedOnVersion); \(now); \(refused); \(lookAgain)"
        }
        if found.version == actedOnVersion {
            // Still at the version read, but a decision had already moved it on.
            let next =
                found.state == .approved || found.state == .rejected
                ? "to change that decision, reopen it first with `tally notes reopen \(noteID) --reason TEXT`"
                : lookAgain
            return
                "conflict: note \(noteID) was already decided: \(decisions[0].summary(in: zone)); \(refused); \(next)"
        }
        let what = decisions.map { $0.summary(in: zone) }.joined(separator: "; then ")
        return "conflict: note \(noteID) changed since version \(actedOnVersion): \(what); \(now); \(refused); "
            + "\(lookAgain) and decide again if still needed"
    }
}

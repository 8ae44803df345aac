/// Why a decision of this copy is in conflict with D1, as a kind: a closed set, stored as its raw value
/// in the ledger's `conflict_kind` beside the sync's English detail (`SyncDecision.detail`, what the
/// command line prints). Both are written together (`SyncConflictWhy`), so the moderation page says the
/// kind in its own language and nothing reads a kind back from English words — except the one upgrade
/// of a ledger made before the column existed (`init(detail:)`).
package enum SyncConflictReason: String, CaseIterable, Sendable {
    /// D1 holds another decision at the version this one made.
    case decidedOnD1
    /// The note is gone from D1's data.
    case deletedOnD1
    /// The note on D1 is not the one decided on: its text, author or time changed without a decision.
    case changedOnD1
    /// Made on top of an earlier decision on the note that D1 did not take or that cannot be sent.
    case madeAfterRefused
    /// Its SQL cannot be written.
    case cannotSend
    /// Made by a tally that did not record the note, which is gone from the copy.
    case noteNotRecorded
    /// Made by a tally that did not record the note, whose text a later pull may have changed: held back.
    case heldBack
    /// Its action, moderator name or time is not one tally accepts today.
    case notReplayable
    /// A trigger of D1's would write elsewhere when it is applied.
    case triggerOnD1

    /// The words a detail of this kind opens with, after the "note N " some open with.
    var openings: [String] {
        switch self {
        case .decidedOnD1: ["D1 holds another decision at version "]
        case .deletedOnD1: ["is not in D1's data (deleted there)"]
        case .changedOnD1: ["is not the note you decided on "]
        case .madeAfterRefused: ["it was made after your "]
        case .cannotSend: ["it cannot be sent to D1: "]
        case .noteNotRecorded:
            [
                "it cannot be replayed: the note it was made on is not recorded",
                "made before tally recorded the note a decision is made on, and note ",
            ]
        case .heldBack: ["made before tally recorded the note a decision is made on, and this copy's note "]
        case .notReplayable: ["it cannot be replayed: its action, moderator name or time "]
        case .triggerOnD1: ["D1's trigger "]
        }
    }

    /// The kind of a detail written before the ledger stored kinds (layout 3 and older), read once by
    /// the upgrade to layout 4 (`SyncLedger.upgrade`); nil for another moderation rule's refusal on D1's
    /// note (its own message) or a detail of no known kind. Never used to read a kind at run time.
    package init?(detail: String) {
        var text = Substring(detail)
        if text.hasPrefix("note ") {
            let number = text.dropFirst(5).prefix { $0.isASCII && $0.isNumber }
            if !number.isEmpty { text = text.dropFirst(5 + number.count).drop { $0 == " " } }
        }
        guard let kind = Self.allCases.first(where: { $0.openings.contains { text.hasPrefix($0) } }) else {
            return nil
        }
        self = kind
    }
}

/// Why a decision is a conflict: its kind (nil for another moderation rule's refusal on D1's note) and
/// the sentence the command line prints; the ledger stores both (`conflict_kind`, `detail`).
package struct SyncConflictWhy: Sendable, Equatable {
    package let kind: SyncConflictReason?
    package let detail: String

    package init(_ kind: SyncConflictReason?, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }
}

/// The details the sync writes for a conflict, each with its kind.
extension SyncDecision {
    /// Why a decision that made `version` is not applied: D1 holds another there.
    static func decidedOnD1(_ version: Int64) -> SyncConflictWhy {
        SyncConflictWhy(.decidedOnD1, "D1 holds another decision at version \(version)")
    }

    /// Why a decision is not applied: D1's note `noteID` is not the one decided on (`seen`, its text
    /// when recorded); D1 has `found`.
    static func changedOnD1(_ noteID: Int64, seen: String?, found: String) -> SyncConflictWhy {
        SyncConflictWhy(.changedOnD1, ModerationError.noteChangedText(noteID, seen: seen, found: found, place: "D1"))
    }

    /// Why a decision is not applied: another moderation rule refused it on D1's note (`message`, its own words).
    static func refusedByRule(_ message: String) -> SyncConflictWhy { SyncConflictWhy(nil, message) }

    /// Why a decision made on top of `earlier` (a decision of this copy D1 did not take) is not sent.
    static func madeAfter(_ earlier: SyncDecision, which: String = "D1 did not take") -> SyncConflictWhy {
        SyncConflictWhy(
            .madeAfterRefused,
            "it was made after your \(earlier.action) at version \(earlier.version), which \(which); "
                + "`tally notes discard \(earlier.noteID)` drops both")
    }

    /// Why a decision cannot be sent at all (its SQL cannot be written), and what settles it.
    static func cannotSend(_ noteID: Int64, _ reason: String) -> SyncConflictWhy {
        SyncConflictWhy(
            .cannotSend,
            "it cannot be sent to D1: \(reason); `tally notes discard \(noteID)` drops it (then, after `tally pull`, "
                + "decide again on the note as D1 has it)")
    }

    /// Why a decision on a note D1 no longer has cannot apply, and what settles it.
    static func deletedOnD1(_ noteID: Int64) -> SyncConflictWhy {
        SyncConflictWhy(
            .deletedOnD1,
            "note \(noteID) is not in D1's data (deleted there), so your decision cannot apply; "
                + "`tally notes discard \(noteID)` drops it")
    }

    /// Why a decision on a note the D1 database `database`, which this pull switched to, lacks cannot
    /// apply there. Not advised to be discarded: the note may be only another database's.
    static func notInSwitchedDatabase(_ noteID: Int64, _ database: String) -> SyncConflictWhy {
        SyncConflictWhy(
            .deletedOnD1,
            "note \(noteID) is not in D1's data (deleted there), or not in the data of "
                + "\(MessageText.quoted(database)), the database this pull switched to, so your decision cannot "
                + "apply there; it is kept, and every pull examines it again: a pull of the database it was made on "
                + "applies it")
    }

    /// Why a pull cannot replay a decision made without a record of its note, on a note gone from the copy.
    static func notRecorded(_ noteID: Int64) -> SyncConflictWhy {
        SyncConflictWhy(
            .noteNotRecorded,
            "it cannot be replayed: the note it was made on is not recorded (made by an older tally, "
                + "and note \(noteID) was gone from that copy); `tally notes discard \(noteID)` drops it")
    }

    /// Why a pull cannot replay a decision whose fields tally no longer accepts.
    static let notReplayable = SyncConflictWhy(
        .notReplayable, "it cannot be replayed: its action, moderator name or time is not one tally accepts today")

    /// Why a pull cannot replay a decision on D1's data: D1's trigger `trigger` would `write`.
    static func triggerOnD1(_ trigger: String, _ write: String, _ noteID: Int64) -> SyncConflictWhy {
        SyncConflictWhy(
            .triggerOnD1,
            "D1's trigger \(MessageText.quoted(trigger)) would \(write) when your decision is applied, and "
                + "a decision may only change the note, its option and moderation_log; it comes back with "
                + "every pull, so dropping it in this copy does not help: if D1 should not have it, drop it "
                + "there (`wrangler d1 execute DB --remote --command` with DROP TRIGGER), pull, and decide "
                + "again; or `tally notes discard \(noteID)`")
    }

    /// Why an upgraded ledger holds back a decision made without a record of its note: the note is gone.
    static func recordedBeforeGone(_ noteID: Int64) -> SyncConflictWhy {
        SyncConflictWhy(
            .noteNotRecorded,
            "made before tally recorded the note a decision is made on, and note \(noteID) is no "
                + "longer in this copy; `tally notes discard \(noteID)` drops it")
    }

    /// Why an upgraded ledger holds back a decision made without a record of its note: a pull at
    /// `pulledAt` (UTC text), after it, may have changed the note's text.
    static func heldBack(_ noteID: Int64, pulledAt: String) -> SyncConflictWhy {
        SyncConflictWhy(
            .heldBack,
            "made before tally recorded the note a decision is made on, and this copy's note "
                + "\(noteID) came from a pull made after it (\(pulledAt) UTC), which may have changed "
                + "its text; held back. Read it (`tally notes show \(noteID)`): to keep your decision, "
                + "`tally notes discard \(noteID)`, `tally pull` and decide again on it")
    }
}

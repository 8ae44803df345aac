import TallyCore
import Testing

@Suite("Moderation state machine")
struct NoteStateTests {
    /// The whole table, written out: (state, action) → target, nil where refused.
    static let table: [(NoteState, ModerationAction, NoteState?)] = [
        (.pending, .approve, .approved), (.pending, .reject, .rejected), (.pending, .reopen, nil),
        (.pending, .promote, nil),
        (.approved, .approve, nil), (.approved, .reject, nil), (.approved, .reopen, .pending),
        (.approved, .promote, .promoted),
        (.rejected, .approve, nil), (.rejected, .reject, nil), (.rejected, .reopen, .pending),
        (.rejected, .promote, nil),
        (.promoted, .approve, nil), (.promoted, .reject, nil), (.promoted, .reopen, nil), (.promoted, .promote, nil),
    ]

    @Test func everyStateAndActionIsCovered() {
        #expect(Self.table.count == NoteState.allCases.count * ModerationAction.allCases.count)
        for state in NoteState.allCases {
            for action in ModerationAction.allCases {
                #expect(Self.table.contains { $0.0 == state && $0.1 == action }, "missing \(state) × \(action)")
            }
        }
    }

    @Test(arguments: NoteStateTests.table.indices)
    func transition(_ index: Int) {
        let (state, action, target) = Self.table[index]
        #expect(state.applying(action) == target, "\(state) × \(action)")
    }

    @Test func promotedIsDerivedFromApprovedWithAnOption() {
        #expect(NoteState(storedStatus: "approved", promotedOptionID: 6) == .promoted)
        #expect(NoteState(storedStatus: "approved", promotedOptionID: nil) == .approved)
        #expect(NoteState(storedStatus: "pending", promotedOptionID: nil) == .pending)
        #expect(NoteState(storedStatus: "rejected", promotedOptionID: nil) == .rejected)
        #expect(NoteState.promoted.storedStatus == "approved")
        #expect(NoteState.rejected.storedStatus == "rejected")
    }

    @Test func unknownOrInconsistentRowsHaveNoState() {
        #expect(NoteState(storedStatus: "spam", promotedOptionID: nil) == nil)
        #expect(NoteState(storedStatus: "Approved", promotedOptionID: nil) == nil)
        #expect(NoteState(storedStatus: "pending", promotedOptionID: 3) == nil)
        #expect(NoteState(storedStatus: "rejected", promotedOptionID: 3) == nil)
    }

    @Test func rejectAndReopenNeedAReason() {
        #expect(ModerationAction.allCases.filter(\.requiresReason) == [.reject, .reopen])
    }
}

@Suite("Moderator names and reasons")
struct ModeratorTests {
    @Test func acceptedNamesAreTrimmed() throws {
        #expect(try Moderator("mod-a").name == "mod-a")
        #expect(try Moderator("  林小姐 ").name == "林小姐")
        #expect(try Moderator(String(repeating: "m", count: 100)).name.count == 100)
    }

    @Test(arguments: [
        ("", Moderator.Problem.empty), (" ", .blank), ("\t \u{3000}", .blank), ("ali\nce", .controlCharacter(0x0A)),
        ("\u{1B}[31mred", .controlCharacter(0x1B)), (String(repeating: "m", count: 101), .tooLong(101)),
    ])
    func refusedNames(_ text: String, _ problem: Moderator.Problem) {
        #expect(throws: problem) { try Moderator(text) }
    }

    @Test func reasonsAreKeptVerbatim() throws {
        let text = "  line one\nline two | =SUM(A1) \u{1B}[2J  "
        #expect(try ModerationReason(text).text == text)
    }

    @Test(arguments: [
        ("", ModerationReason.Problem.blank), ("  \n\t", .blank), ("a\u{0}b", .nul),
        (String(repeating: "r", count: 2_001), .tooLong(2_001)),
    ])
    func refusedReasons(_ text: String, _ problem: ModerationReason.Problem) {
        #expect(throws: problem) { try ModerationReason(text) }
    }
}

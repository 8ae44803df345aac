/// The option a promotion creates, as the moderator wants it on the vote page: a label (the
/// note's text when none is given) and a section.
package struct OptionDraft: Sendable, Equatable {
    /// The sections of `survey_options` (the contract's `section` column).
    package enum Section: String, Sendable, CaseIterable {
        /// Options visitors suggested; where promoted notes go by default.
        case community
        /// The survey's own options.
        case original
    }

    /// The option's text; nil keeps the note's text verbatim.
    package let label: OptionLabel?
    /// Where the option is listed.
    package let section: Section

    /// A draft; see the properties.
    package init(label: OptionLabel? = nil, section: Section = .community) {
        self.label = label
        self.section = section
    }

    /// The note's text as it is, in the community section: what `promote` does without `--label`.
    package static let verbatim = OptionDraft()
}

/// An option's label as a moderator edited it: one line, no control or invisible formatting
/// characters, at most 200 characters, trimmed (the rules of a moderator's name, longer).
package struct OptionLabel: Sendable, Equatable, CustomStringConvertible {
    /// Longest accepted label, in characters: an option is one line on the vote page.
    package static let maximumLength = 200

    /// The label as stored.
    package let text: String

    /// Validates a label; the problems are those of `Moderator`.
    package init(_ text: String) throws(Moderator.Problem) {
        self.text = try Moderator.oneLine(text, maximumLength: OptionLabel.maximumLength)
    }

    package var description: String { text }
}

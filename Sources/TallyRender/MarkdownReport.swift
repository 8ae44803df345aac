import TallyCore

/// The report as GitHub-Flavored Markdown, ready to paste into a post: a pure
/// function of the model and a language. User text goes through
/// `MarkdownText` (tables) or is quoted inline, so it never becomes Markdown
/// structure; columns are padded by display width so CJK tables line up.
package enum MarkdownReport {
    /// The whole document, ending in a newline: every part, or those `selection` picks. `title` (the `title`
    /// setting, plain text) replaces the language's heading. `languageLinks` (`LanguageEdition.markdownLinks`)
    /// stand under the title: the same report in the other languages; then, with `voteURL` (`vote_url`), the link
    /// back to the vote page.
    package static func render(
        _ model: ReportModel, language: ReportLanguage = .english, selection: ReportSelection = .all,
        title: String? = nil, languageLinks: [String] = [], voteURL: WebAddress? = nil
    ) -> String {
        let charts = selection.chartsFolder.map {
            ReportChartSet.blocks(model, language: language, folder: $0, png: selection.chartsAsPNG)
        }
        return document(
            ["# " + heading(title, language.title)] + languageLinks + internalNotice(model, language)
                + WeeklySite(voteURL: voteURL).voteLinks(language)
                + body(model, language: language, selection: selection, charts: charts))
    }

    /// A page's Markdown heading text: the author's `title` (plain text, escaped so it stays text) followed
    /// through `titled` by the page's own heading when the page has one, or the language's `fallback`.
    package static func heading(
        _ title: String?, _ fallback: String, titled: ((String, String) -> String)? = nil
    ) -> String {
        guard let title else { return fallback }
        let escaped = MarkdownText.inline(title)
        return titled.map { $0(escaped, fallback) } ?? escaped
    }

    /// The warning under the title of a page for moderators; nothing on a public page.
    package static func internalNotice(_ model: ReportModel, _ b: ReportLanguage) -> [String] {
        model.parameters.audience.showsIdentifiers ? [b.internalNotice] : []
    }

    /// Blocks joined with blank lines, each ending in a newline.
    package static func document(_ blocks: [String]) -> String {
        blocks.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
    }

    /// The parts that say how the figures were made; they close the page under one heading.
    static let methodParts: [ReportPart] = [.exclusions, .settings, .fingerprint]

    /// Every block of the report but its title, result first: the headline, the rankings (each with its
    /// chart), `between` (a weekly page's changes), the other parts, then "How this was counted" with the
    /// as-of time, what the ranges and chances mean, the exclusions, the settings and the fingerprint.
    /// `selection` picks the parts; `--brief` keeps the headline, the sections with votes and one settings line.
    package static func body(
        _ model: ReportModel, language: ReportLanguage = .english, selection: ReportSelection = .all,
        charts: ChartBlocks? = nil, between: [String] = [], method: [String] = []
    ) -> [String] {
        let l = language
        var blocks: [String] = []
        if selection.shows(.headline) { blocks += headlineBlocks(model, l) }
        if selection.shows(.ranking) {
            for (position, section) in model.sections.enumerated() {
                if selection.brief, section.options.allSatisfy({ $0.voters == 0 }) { continue }
                let voted = section.options.contains { $0.voters > 0 }
                blocks += ranking(
                    section, model, l,
                    chart: voted ? charts?.ranking(section, position + 1) : nil, sentences: !selection.brief,
                    full: selection.fullRanking)
            }
        }
        if selection.brief { return blocks + [briefSettings(model, l)] }
        blocks += between
        for part in selection.parts where part != .headline && part != .ranking && !methodParts.contains(part) {
            if part == .anomalies && checksPassQuietly(model) { continue }
            blocks += self.part(part, model, language)
            if part == .activity, let daily = charts?.daily { blocks.append(daily) }
        }
        var counted = method
        if selection.isWhole { counted += methodBlocks(model, l) }
        if selection.shows(.anomalies) && checksPassQuietly(model) { counted.append(l.anomaliesNoneBrief) }
        if selection.isWhole, !selection.fullRanking { counted += fullTables(model, l) }
        for part in selection.parts where methodParts.contains(part) {
            counted += self.part(part, model, language).map { $0.hasPrefix("#") ? "#" + $0 : $0 }
        }
        return counted.isEmpty ? blocks : blocks + ["## \(l.countedHeading)"] + counted
    }

    /// A public page whose data checks found nothing says so in one sentence under "How this was counted";
    /// the list of checks is for moderators (`--internal`).
    static func checksPassQuietly(_ model: ReportModel) -> Bool {
        model.anomalies.isEmpty && !model.parameters.audience.showsIdentifiers
    }

    /// The chart blocks a page shows: a section's ranking chart (or why there is none) under its heading, and
    /// the chart of votes per day (or why there is none) after the activity.
    package struct ChartBlocks {
        /// The block for a section, given its position from 1.
        package let ranking: (ReportModel.Section, Int) -> String
        /// The block for the daily chart, if the page has one.
        package let daily: String?
    }

    /// One part's blocks (headings included); empty when the part has nothing to show.
    static func part(_ part: ReportPart, _ model: ReportModel, _ language: ReportLanguage) -> [String] {
        let l = language
        switch part {
        case .headline: return headlineBlocks(model, l)
        case .ranking:
            return model.sections.flatMap {
                ranking($0, model, l, chart: nil, sentences: true, full: false)
            }
        case .exclusions: return exclusions(model, l)
        case .activity: return activity(model, l)
        case .usage: return usage(model, l)
        case .notes: return suggestions(model, l)
        case .anomalies: return anomalies(model, l)
        case .settings: return settings(model, l)
        case .fingerprint: return fingerprint(model, l)
        }
    }

    /// The answer first: who leads the first section with votes, by how many people and how sure; then the
    /// counts with the rule of the vote in plain words, and the small-sample caution in one sentence.
    static func headlineBlocks(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        if model.hasNoVotes { return [l.noVotes] }
        var blocks: [String] = []
        let answer = answerSentences(model, l)
        if !answer.isEmpty { blocks.append(answer.joined(separator: l.sentenceGap)) }
        blocks.append(headline(model, l) + l.sentenceGap + l.votingRule(model.parameters.votesPerSession))
        return blocks
    }

    /// The headline's first paragraph, one sentence each (a link preview keeps as many whole ones as fit): who leads
    /// the first section with votes and how sure that is, then the small-sample caution; `[noVotes]` without votes.
    package static func answerSentences(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        if model.hasNoVotes { return [l.noVotes] }
        var answer: [String] = []
        if let section = model.sections.first(where: { !$0.leaders.isEmpty }), let top = section.leaders.first {
            answer.append(l.leaders(section.leaders.map { quoted($0.content, l) }, top.voters))
            if let order = orderSentence(section, model, l) { answer.append(order) }
        }
        if model.isSmallSample { answer.append(l.smallSample(model.totals.voters)) }
        return answer
    }

    /// The first blocks under "How this was counted": the as-of time, then what the ranges and the chance of
    /// leading mean: on a public page in at most three plain sentences (`shortMethod`), on the moderators' page
    /// (`--internal`) the whole method (Wilson, the thresholds, how often all ranges hold), which docs/statistics.md
    /// also gives.
    static func methodBlocks(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        let zone = model.parameters.zone
        let blocks = [l.asOf(ReaderTimes(model, l).until(model.parameters.asOf), l.zoneName(zone.identifier))]
        guard model.totals.voters > 0 else { return blocks }
        guard model.parameters.audience.showsIdentifiers else {
            let standings = model.sections.flatMap { $0.options.compactMap(\.standing) }
            return blocks + [
                l.shortMethod(
                    chances: model.chanceModel != nil, standings: standings,
                    ratio: NumberText.fixed(model.chanceModel?.probablyBehindRatio ?? 0, decimals: 0))
            ]
        }
        return blocks + [l.intervals] + chanceMethod(model, l)
    }

    /// The settings and a short fingerprint in one sentence, for `--brief`.
    static func briefSettings(_ model: ReportModel, _ l: ReportLanguage) -> String {
        let parameters = model.parameters
        let zone = parameters.zone
        let t = ReaderTimes(model, l)
        return l.briefSettings(
            l.zoneName(zone.identifier), parameters.excludeBefore.map(t.setting),
            parameters.excludedSessions.count, t.until(parameters.asOf),
            parameters.through.map(t.until), model.fingerprint?.sha256.map(shortHash))
    }

    /// The first 12 hex digits of the SHA-256: enough to tell two data sets apart at a glance;
    /// the full hash is in the fingerprint part.
    static func shortHash(_ sha256: String) -> String { String(sha256.prefix(12)) }

    /// A rank as readers see it: options nobody voted for have none ("—"); they are listed after
    /// every option with votes, so a section without votes never shows a row of firsts.
    static func rank(_ option: ReportModel.RankedOption) -> String {
        option.voters > 0 ? String(option.rank) : "—"
    }

    static func headline(_ model: ReportModel, _ l: ReportLanguage) -> String {
        let totals = model.totals
        if model.hasNoVotes { return l.noVotes }
        let excluded = totals.votersExcluded > 0
        return l.headline(
            totals.voters, totals.votes, excluded ? totals.votersAll : nil, excluded ? totals.votesAll : nil)
    }

    /// User text inside a sentence: shortened, escaped, quoted.
    static func quoted(_ text: String, _ l: ReportLanguage) -> String {
        l.quote(ReportText.cell(text))
    }

    /// A section's heading as plain text (for an image's title, an alt text, an SVG): the language's name for a
    /// known section, else the name as stored. Escape it for where it goes; `sectionHeading` is its Markdown.
    package static func plainSectionHeading(_ section: ReportModel.Section, _ l: ReportLanguage) -> String {
        l.sectionHeading(section.isKnown ? l.sectionName(section.name) : l.unknownSectionName(section.name))
    }

    /// A section's heading: the language's name for a known section, else the escaped name.
    static func sectionHeading(_ section: ReportModel.Section, _ l: ReportLanguage) -> String {
        l.sectionHeading(sectionName(section, l))
    }

    /// A section's name in Markdown (in its heading after "Ranking:"): the language's name for a known section,
    /// else the escaped name.
    static func sectionName(_ section: ReportModel.Section, _ l: ReportLanguage) -> String {
        section.isKnown ? l.sectionName(section.name) : l.unknownSectionName(ReportText.cell(section.name))
    }

    /// A section: its heading, its chart (when the page has charts), the table, then what the table says.
    /// Without `sentences` (`--brief`) the table stands alone: the headline has said who leads. The table is
    /// narrow unless `full` (HTML), so it reads in a phone's column; `fullTables` gives the rest.
    static func ranking(
        _ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLanguage,
        chart: String?, sentences: Bool, full: Bool
    ) -> [String] {
        var blocks = ["## " + sectionHeading(section, l)]
        if let chart { blocks.append(chart) }
        blocks.append(rankingTable(section, model, l, full: full))
        // An option added later is read with its own line, in `--brief` too (its share is over fewer voters).
        let late = lateOptionLines(section, model, l)
        guard sentences else { return late.isEmpty ? blocks : blocks + [late.joined(separator: l.sentenceGap)] }
        guard let top = section.leaders.first else { return blocks + [noVotesYet(section, model, l)] }
        // The headline has already said who leads the first section with votes and how sure that is.
        let inHeadline = model.sections.first(where: { !$0.leaders.isEmpty })?.name == section.name
        var sentences: [String] = []
        if !inHeadline { sentences.append(l.leaders(section.leaders.map { quoted($0.content, l) }, top.voters)) }
        if model.totals.votersExcluded > 0, let topAll = section.leadersAll.first {
            sentences.append(
                section.leadersAll.map(\.id) == section.leaders.map(\.id)
                    ? l.sameLeadersWithExcluded
                    : l.otherLeadersWithExcluded(section.leadersAll.map { quoted($0.content, l) }, topAll.votersAll))
        }
        if !inHeadline, let order = orderSentence(section, model, l) { sentences.append(order) }
        sentences += late
        sentences += togetherSentences(section, model, l)
        return sentences.isEmpty ? blocks : blocks + [sentences.joined(separator: l.sentenceGap)]
    }

    /// Under a section nobody has chosen from: its options have no votes yet and, when every one of them was added
    /// during the poll, since which day (or days).
    static func noVotesYet(_ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLanguage) -> String {
        let zone = model.parameters.zone
        let added = section.options.compactMap { $0.eligible == nil ? nil : $0.createdAt }
        let days = added.map { zone.local($0).dayNumber }
        guard !days.isEmpty, days.count == section.options.count, let first = days.min(), let last = days.max() else {
            return l.noVotesYet(section.options.count, added: nil)
        }
        let t = ReaderTimes(model, l)
        let date = { (day: Int64) in t.date(CivilDateTime(utcSeconds: day * 86_400)) }
        return l.noVotesYet(section.options.count, added: (date(first), date(last)))
    }

    /// A section's ranking table: rank, option, voters and share; `full` adds votes, the 95% range, the standing
    /// against the leader and the chance of leading.
    static func rankingTable(
        _ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLanguage, full: Bool
    ) -> String {
        let chances = full && model.chanceModel != nil
        let narrow: [(String, MarkdownTable.Alignment)] = [
            (l.rank, .right), (l.option, .left), (l.voters, .right), (l.share, .right),
        ]
        var table = MarkdownTable(
            full
                ? [
                    (l.rank, .right), (l.option, .left), (l.voters, .right), (l.votes, .right),
                    (l.share, .right), (l.range, .right), (l.againstLeader, .left),
                ] + (chances ? [(l.chanceColumn, .right)] : [])
                : narrow)
        let n = l.number
        for option in section.options {
            // A share shown without its range (the narrow table) has no decimal: it is not that exact.
            let share = option.share.map { NumberText.percent($0, decimals: full ? 1 : 0) } ?? "—"
            guard full else {
                table.add([rank(option), ReportText.cell(option.content), n(option.voters), share])
                continue
            }
            table.add(
                [
                    rank(option), ReportText.cell(option.content), n(option.voters), n(option.votes), share,
                    rangeCell(option, model, l), option.standing.map(l.standing) ?? "—",
                ] + (chances ? [chanceText(option, model) ?? "—"] : []))
        }
        return table.rendered()
    }

    /// Under "How this was counted" of a Markdown page: each section's figures the narrow ranking leaves out
    /// (`detailTable`), in a table that reads in a phone's column.
    static func fullTables(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        model.sections.flatMap { section in
            ["### " + l.fullTable(sectionName(section, l)), detailTable(section, model, l)]
        }
    }

    /// The most columns a Markdown table has: at 390 px a sixth column wraps its header a character a line.
    static let phoneColumns = 5

    /// A section's figures beside its narrow ranking, at most `phoneColumns` columns: option, voters, range,
    /// standing against the leader and (when the page has the chance model) the chance of leading. The count is the
    /// voters the range and the chance are computed from (and the headline's), never the votes: "13 votes" beside a
    /// range of 10 voters in 15 read as a contradiction of "tied at 10 voters each".
    static func detailTable(_ section: ReportModel.Section, _ model: ReportModel, _ l: ReportLanguage) -> String {
        let chances = model.chanceModel != nil
        var table = MarkdownTable(
            [(l.option, .left), (l.voters, .right), (l.range, .right), (l.againstLeader, .left)]
                + (chances ? [(l.chanceColumn, .right)] : []))
        for option in section.options {
            table.add(
                [
                    ReportText.cell(option.content), l.number(option.voters), rangeCell(option, model, l),
                    option.standing.map(l.standing) ?? "—",
                ] + (chances ? [chanceText(option, model) ?? "—"] : []))
        }
        return table.rendered()
    }

    static func exclusions(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        let t = ReaderTimes(model, l)
        let exclusions = model.exclusions
        var blocks = ["## \(l.exclusionsHeading)"]
        var rules: [String] = []
        let parameters = model.parameters
        if let cutoff = parameters.excludeBefore { rules.append(l.cutoffRule(t.setting(cutoff))) }
        if !parameters.excludedSessions.isEmpty { rules.append(l.namedRule(parameters.excludedSessions.count)) }
        guard !rules.isEmpty else { return blocks + [l.nothingExcluded] }
        rules.append(
            l.excludedTotals(
                model.totals.votersExcluded, model.totals.votesExcluded,
                moderators: model.parameters.audience.showsIdentifiers))
        // A public page says how many, when and why; only the moderators' page lists the sessions.
        guard parameters.audience.showsIdentifiers else {
            let firstVotes = exclusions.listed.compactMap(\.firstVote)
            if let from = firstVotes.min(), let to = firstVotes.max() {
                rules.append(l.excludedWhen(t.time(from), t.time(to)))
            }
            return blocks + [rules.joined(separator: l.sentenceGap)]
        }
        if exclusions.total > exclusions.listed.count {
            rules.append(l.listedFirst(exclusions.listed.count, exclusions.total))
        }
        blocks.append(rules.joined(separator: l.sentenceGap))
        guard !exclusions.listed.isEmpty else { return blocks }
        var table = MarkdownTable([(l.session, .left), (l.firstVote, .left), (l.votes, .right), (l.reason, .left)])
        for entry in exclusions.listed {
            var reasons: [String] = []
            if entry.beforeCutoff { reasons.append(l.reasonCutoff) }
            if entry.named { reasons.append(l.reasonNamed) }
            if entry.votes == 0 { reasons.append(l.reasonNotInData) }
            table.add([
                ReportText.cell(entry.session), entry.firstVote.map(t.time) ?? "—",
                l.number(entry.votes), reasons.joined(separator: "; "),
            ])
        }
        blocks.append(table.rendered())
        return blocks
    }

    static func activity(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        let zone = model.parameters.zone
        let activity = model.activity
        let t = ReaderTimes(model, l)
        var blocks = ["## " + l.activityHeading(l.zoneName(zone.identifier))]
        guard let first = activity.firstVote, let last = activity.lastVote else {
            return blocks + [l.noCountedVotes]
        }
        var items = [
            "- \(l.firstCountedVote)\(l.colon)\(t.time(first))",
            "- \(l.lastCountedVote)\(l.colon)\(t.time(last))",
        ]
        var asOf = "- " + l.asOfItem(t.until(activity.asOf))
        if let since = activity.sinceLastVote, let calendarDays = activity.quietLocalDays {
            // A day the as-of time only begins (a week's page is as of midnight) had no time for a vote.
            let local = zone.local(activity.asOf)
            let begun = local.hour == 0 && local.minute == 0 && local.second == 0 && activity.asOf.millis % 1000 == 0
            let days = begun ? max(0, calendarDays - 1) : calendarDays
            let lastDay = zone.local(last).dayNumber
            let from = days >= 1 ? t.date(CivilDateTime(utcSeconds: (lastDay + 1) * 86_400)) : nil
            let to = days >= 1 ? t.date(CivilDateTime(utcSeconds: (lastDay + Int64(days)) * 86_400)) : nil
            asOf += l.itemAddition + l.sinceLastVote(ReportText.duration(seconds: since / 1000, l), days, from, to)
        }
        items.append(asOf)
        if let gap = activity.longestGap {
            let text = l.gapText(
                ReportText.duration(seconds: gap.seconds, l),
                t.time(gap.start), t.time(gap.end), activity.gapIsOngoing)
            items.append("- \(l.longestGap)\(l.colon)\(text)")
        }
        blocks.append(items.joined(separator: "\n"))
        var table = MarkdownTable([(l.day, .left), (l.dailyVoters, .right), (l.votes, .right)])
        let n = l.number
        for day in activity.days { table.add([t.date(day.date), n(day.voters), n(day.votes)]) }
        blocks.append(table.rendered())
        var notes: [String] = []
        if !activity.daysAreContinuous { notes.append(l.onlyDaysWithVotes) }
        if let unreadable = model.anomalies.first(where: { $0.kind == .unreadableVoteTime }) {
            notes.append(l.votesWithoutDay(unreadable.total))
        }
        if !notes.isEmpty { blocks.append(notes.joined(separator: l.sentenceGap)) }
        return blocks
    }

    static func usage(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        let concentration = model.concentration
        guard concentration.sessions > 0 else { return [] }
        var table = MarkdownTable([(l.votesUsed, .right), (l.usageVoters, .right), (l.stackedColumn, .right)])
        for row in concentration.usage {
            table.add([String(row.votesUsed), l.number(row.sessions), l.number(row.stackingSessions)])
        }
        return [
            "## \(l.usageHeading)", table.rendered(),
            l.stackingSentence(concentration.stackingSessions, concentration.sessions),
        ]
    }

    static func suggestions(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        let t = ReaderTimes(model, l)
        let suggestions = model.suggestions
        var blocks = ["## \(l.suggestionsHeading)"]
        if !suggestions.moderationRecord { blocks.append(l.moderationRecordUnavailable) }
        guard suggestions.total > 0 else { return blocks + [l.noNotes] }
        var statuses = MarkdownTable([
            (l.status, .left), (l.notes, .right), (l.promotedColumn, .right), (l.noteWriters, .right),
        ])
        for row in suggestions.statuses {
            statuses.add([
                l.statusName(row.status) ?? ReportText.cell(row.status), l.number(row.notes),
                l.number(row.promoted), l.number(row.sessions),
            ])
        }
        blocks.append(statuses.rendered())
        guard suggestions.approvedCount > 0 else { return blocks + [l.noApproved] }
        let largest = suggestions.approvedGroups.map(\.notes.count).max() ?? 0
        // Its own heading: the table's caption is then its name, not the section's a second time.
        blocks.append("### \(l.approvedNotesHeading)")
        blocks.append(l.approvedSummary(suggestions.approvedCount, suggestions.approvedGroups.count, largest))
        let sessions = model.parameters.audience.showsIdentifiers
        var approved = MarkdownTable(
            (sessions ? [(l.session, .left)] : []) + [(l.note, .left), (l.becameOption, .left)])
        for group in suggestions.approvedGroups {
            for note in group.notes {
                approved.add(
                    (sessions ? [group.session.map(ReportText.cell) ?? l.noSession] : []) + [
                        ReportText.cell(note.content)
                            + (sessions
                                ? note.changedAfterDecision.map {
                                    " "
                                        + l.changedAfterDecision(
                                            ReportText.cell($0.action), ReportText.cell($0.moderator),
                                            ReportText.cell($0.decidedContent))
                                } ?? "" : ""),
                        note.promotedOptionID.map { sessions ? "#\($0)" : l.promotedValue } ?? "—",
                    ])
            }
        }
        blocks.append(approved.rendered())
        guard !suggestions.promotions.isEmpty else { return blocks }
        var promoted = MarkdownTable([
            (l.option, .left), (l.votableSince, .left), (l.voters, .right), (l.votes, .right),
        ])
        for promotion in suggestions.promotions {
            guard let option = promotion.option else {
                let id = sessions ? "#\(promotion.note.promotedOptionID ?? 0) " : ""
                promoted.add([id + l.missingOption, "—", "—", "—"])
                continue
            }
            promoted.add([
                (sessions ? "#\(option.id) " : "") + ReportText.cell(option.content),
                option.createdAt.map(t.time) ?? "—", l.number(option.voters),
                l.number(option.votes),
            ])
        }
        blocks.append("### \(l.promotedHeading)")
        blocks.append(promoted.rendered())
        if suggestions.promotions.allSatisfy({ ($0.option?.votesAll ?? 0) == 0 }) {
            blocks.append(l.promotedWithoutVotes)
        }
        return blocks
    }

    /// At most this many examples per kind in Markdown (JSON keeps all the model has).
    static let examplesShown = 3

    static func anomalies(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        let budget = model.parameters.votesPerSession
        var blocks = ["## \(l.anomaliesHeading)"]
        guard !model.anomalies.isEmpty else {
            return blocks + [l.anomaliesNone(AnomalyKind.allCases.map { l.anomalyName($0, budget) })]
        }
        blocks.append(l.anomaliesIntro)
        var table = MarkdownTable([(l.kind, .left), (l.countColumn, .right), (l.examples, .left)])
        for anomaly in model.anomalies {
            let examples = anomaly.examples.prefix(examplesShown).map { example($0, anomaly.kind, model, l) }
            table.add([
                l.anomalyName(anomaly.kind, budget), l.number(anomaly.total),
                examples.joined(separator: "; ") + (anomaly.total > examples.count ? "; …" : ""),
            ])
        }
        blocks.append(table.rendered())
        return blocks
    }

    /// One example, escaped for a table cell.
    static func example(
        _ example: ReportFigures.AnomalyExample, _ kind: AnomalyKind, _ model: ReportModel, _ l: ReportLanguage
    ) -> String {
        let shown = model.parameters.audience.showsIdentifiers
        let session = shown ? example.session.map { ReportText.cell($0, cells: 40) } : nil
        var text: String
        switch example.table {
        case "survey_options": text = l.exampleOption(example.rowID ?? 0)
        case "suggestions": text = l.exampleNote(example.rowID ?? 0)
        default:
            if let id = example.rowID {
                text = l.exampleVote(id, session, example.optionID)
            } else {
                text = l.exampleSession(session ?? (shown ? "" : l.withheldSession), example.count ?? 0)
            }
        }
        if let stored = example.text {
            text += ": " + l.quote(ReportText.cell(stored, cells: 40))
        } else if let at = example.at, kind == .voteBeforeOption || kind == .futureVote {
            text += ", " + ReaderTimes(model, l).time(at)
        }
        return text
    }

    static func settings(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        let parameters = model.parameters
        let zone = parameters.zone
        let t = ReaderTimes(model, l)
        var table = MarkdownTable([(l.setting, .left), (l.value, .left)])
        table.add([l.zoneSetting, l.zoneName(zone.identifier)])
        table.add([l.cutoffSetting, parameters.excludeBefore.map { l.cutoffValue(t.setting($0)) } ?? l.noneValue])
        let named = parameters.excludedSessions
        table.add([
            l.namedSetting,
            named.isEmpty
                ? l.noneValue
                : parameters.audience.showsIdentifiers
                    ? named.map(ReportText.cell).joined(separator: ", ") : l.namedValue(named.count),
        ])
        table.add([l.asOfLabel, t.until(parameters.asOf)])
        table.add([l.throughSetting, parameters.through.map { l.throughValue(t.until($0)) } ?? l.allVotes])
        table.add([l.budgetSetting, l.budgetValue(parameters.votesPerSession)])
        return ["## \(l.settingsHeading)", table.rendered()]
    }

    /// The data fingerprint: on a public page one line with the hash, for readers who check (no table names, no
    /// scheme or hash name); on the moderators' page (`--internal`) the rows, highest ids, latest time and SHA-256
    /// (the report's last section). From D1's results the hash line says why there is none.
    static func fingerprint(_ model: ReportModel, _ l: ReportLanguage) -> [String] {
        guard let fingerprint = model.fingerprint else { return [] }
        guard model.parameters.audience.showsIdentifiers else {
            return [l.publicFingerprint(fingerprint.sha256.map { "`\(ReportText.hashGroups($0))`" })]
        }
        var table = MarkdownTable([(l.tableColumn, .left), (l.rowsColumn, .right), (l.highestIDColumn, .right)])
        for entry in fingerprint.tables {
            table.add(["`\(entry.name)`", l.number(entry.rows), entry.highestID.map { String($0) } ?? "—"])
        }
        let latest = fingerprint.latest.map(ReaderTimes(model, l).time) ?? "—"
        let hash = fingerprint.sha256.map { "`\(ReportText.hashGroups($0))`" } ?? l.sha256NotOnD1
        return [
            "## \(l.fingerprintHeading)", l.fingerprintIntro, table.rendered(),
            "- \(l.latestTime)\(l.colon)\(latest)\n- \(l.sha256Label(DataFingerprint.scheme))\(l.colon)\(hash)",
        ]
    }
}

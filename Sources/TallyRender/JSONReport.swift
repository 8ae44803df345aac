import TallyCore

/// The report as a versioned JSON document (`schema: "tally.report/1"`,
/// described in docs/report-json.md): the same figures as the Markdown, in
/// machine keys. Times are ISO 8601 with the report zone's offset; shares and
/// interval bounds are fractions with 4 decimals. Keys keep a fixed order, so
/// the same model always gives the same bytes.
package enum JSONReport {
    /// The document as text, pretty-printed, ending in a newline.
    package static func render(_ model: ReportModel) -> String {
        document(model).serialized()
    }

    /// The document as a value (for tests and for embedding); `excludedRows`, when the caller has them
    /// already, are `excludedRows(model)`.
    package static func document(_ model: ReportModel, excludedRows: [JSONValue]? = nil) -> JSONValue {
        let zone = model.parameters.zone
        func time(_ instant: Instant?) -> JSONValue { instant.map { .string(ReportText.iso8601($0, zone)) } ?? .null }
        let parameters = model.parameters
        let totals = model.totals

        let options: [JSONValue] = model.sections.flatMap(\.options).map { option in
            .object([
                ("id", .integer(option.id)), ("content", .string(option.content)), ("section", .string(option.section)),
                ("created_at", time(option.createdAt)), ("rank", .int(option.rank)), ("voters", .int(option.voters)),
                ("votes", .int(option.votes)), ("eligible", option.eligible.map { .int($0) } ?? .null),
                ("share", fraction(option.share)),
                (
                    "ci95",
                    option.interval.map { .object([("low", fraction($0.lower)), ("high", fraction($0.upper))]) }
                        ?? .null
                ),
                ("standing", .text(option.standing?.rawValue)),
                ("voters_with_excluded", .int(option.votersAll)), ("votes_with_excluded", .int(option.votesAll)),
                ("chance_of_leading", fraction(option.chanceOfLeading)),
            ])
        }
        let sections: [JSONValue] = model.sections.map { section in
            .object([
                ("name", .string(section.name)), ("known", .bool(section.isKnown)),
                ("leaders", .array(section.leaders.map { .integer($0.id) })),
                ("leaders_with_excluded", .array(section.leadersAll.map { .integer($0.id) })),
                ("order_chances", orderChances(section)),
            ])
        }
        // Session ids only for moderators (`--internal`); a public document keeps the rows without them.
        let shown = parameters.audience.showsIdentifiers
        func session(_ id: String?) -> JSONValue { shown ? .text(id) : .null }
        let excluded = excludedRows ?? Self.excludedRows(model)
        let activity = model.activity
        let gap: JSONValue =
            activity.longestGap.map { gap in
                .object([
                    ("start", time(gap.start)), ("end", time(gap.end)),
                    ("seconds", .integer(gap.seconds)), ("ongoing", .bool(activity.gapIsOngoing)),
                ])
            } ?? .null
        let days: [JSONValue] = activity.days.map { day in
            .object([("date", .string(day.date.dateText)), ("voters", .int(day.voters)), ("votes", .int(day.votes))])
        }
        let usage: [JSONValue] = model.concentration.usage.map { row in
            .object([
                ("votes_used", .int(row.votesUsed)), ("sessions", .int(row.sessions)),
                ("stacking_sessions", .int(row.stackingSessions)),
            ])
        }
        let suggestions = model.suggestions
        let statuses: [JSONValue] = suggestions.statuses.map { row in
            .object([
                ("status", .string(row.status)), ("notes", .int(row.notes)), ("promoted", .int(row.promoted)),
                ("sessions", .int(row.sessions)),
            ])
        }
        let groups: [JSONValue] = suggestions.approvedGroups.map { group in
            .object([
                ("session", session(group.session)),
                (
                    "notes",
                    .array(
                        group.notes.map { note in
                            .object([
                                ("id", .integer(note.id)), ("content", .string(note.content)),
                                ("created_at", time(note.createdAt)),
                                ("promoted_option_id", note.promotedOptionID.map(JSONValue.integer) ?? .null),
                            ])
                        })
                ),
            ])
        }
        let promoted: [JSONValue] = suggestions.promotions.map { promotion in
            .object([
                ("note_id", .integer(promotion.note.id)),
                ("option_id", promotion.note.promotedOptionID.map(JSONValue.integer) ?? .null),
                ("content", .text(promotion.option?.content)), ("votable_since", time(promotion.option?.createdAt)),
                ("voters", .int(promotion.option?.voters)), ("votes", .int(promotion.option?.votes)),
            ])
        }
        let anomalies: [JSONValue] = model.anomalies.map { anomaly in
            .object([
                ("kind", .string(anomaly.kind.rawValue)), ("count", .int(anomaly.total)),
                (
                    "examples",
                    .array(
                        anomaly.examples.map { example in
                            .object([
                                ("table", .string(example.table)),
                                ("row_id", example.rowID.map(JSONValue.integer) ?? .null),
                                ("session", session(example.session)),
                                ("option_id", example.optionID.map(JSONValue.integer) ?? .null),
                                ("text", .text(example.text)), ("at", time(example.at)), ("votes", .int(example.count)),
                            ])
                        })
                ),
            ])
        }

        return .object([
            ("schema", .string(ReportModel.schemaVersion)),
            (
                "parameters",
                .object([
                    ("time_zone", .string(parameters.zone.identifier)),
                    ("exclude_before", time(parameters.excludeBefore)),
                    (
                        "exclude_sessions",
                        shown ? .array(parameters.excludedSessions.map(JSONValue.string)) : .null
                    ),
                    ("excluded_by_name", .int(parameters.excludedSessions.count)),
                    ("audience", .string(parameters.audience.rawValue)),
                    ("as_of", time(parameters.asOf)), ("through", time(parameters.through)),
                    ("votes_per_session", .int(parameters.votesPerSession)), ("max_listed", .int(parameters.maxListed)),
                    ("max_examples", .int(parameters.maxExamples)),
                ])
            ),
            (
                "totals",
                .object([
                    ("raw", .object([("voters", .int(totals.votersAll)), ("votes", .int(totals.votesAll))])),
                    ("counted", .object([("voters", .int(totals.voters)), ("votes", .int(totals.votes))])),
                    (
                        "excluded",
                        .object([("voters", .int(totals.votersExcluded)), ("votes", .int(totals.votesExcluded))])
                    ),
                ])
            ),
            ("small_sample", .bool(model.isSmallSample)),
            ("small_sample_threshold", .int(ReportModel.smallSampleThreshold)),
            ("sections", .array(sections)),
            ("options", .array(options)),
            ("covotes", covotes(model)),
            ("chance_model", chanceModel(model)),
            ("excluded", .array(excluded)),
            ("excluded_total", .int(model.exclusions.total)),
            (
                "activity",
                .object([
                    ("first_vote", time(activity.firstVote)), ("last_vote", time(activity.lastVote)),
                    ("as_of", time(activity.asOf)),
                    (
                        "days_since_last_vote",
                        activity.sinceLastVote.map { .number(Double($0) / 86_400_000, decimals: 2) } ?? .null
                    ),
                    ("quiet_local_days", .int(activity.quietLocalDays)), ("longest_quiet_gap", gap),
                    ("days", .array(days)), ("days_continuous", .bool(activity.daysAreContinuous)),
                ])
            ),
            (
                "concentration",
                .object([
                    ("sessions", .int(model.concentration.sessions)),
                    ("stacking_sessions", .int(model.concentration.stackingSessions)),
                    ("by_votes_used", .array(usage)),
                ])
            ),
            (
                "suggestions",
                .object(
                    [
                        ("total", .int(suggestions.total)), ("by_status", .array(statuses)),
                        ("approved", .int(suggestions.approvedCount)), ("approved_by_session", .array(groups)),
                        ("promoted", .array(promoted)),
                    ] + (suggestions.moderationRecord ? [] : [("moderation_record", .string("not_available"))]))
            ),
            ("anomalies", .array(anomalies)),
            ("fingerprint", fingerprint(model)),
        ])
    }

    /// A share, interval bound or chance with 4 decimals; null for nil.
    static func fraction(_ value: Double?) -> JSONValue { value.map { .number($0, decimals: 4) } ?? .null }

    /// The data fingerprint (the document's last key): `source` says where it was computed, and
    /// `sha256` is null when that was D1 (SQL has no SHA-256); null for a model without one.
    /// The rows of the exclusion ledger (`excluded`), session ids only for moderators as in `document`.
    package static func excludedRows(_ model: ReportModel) -> [JSONValue] {
        let zone = model.parameters.zone
        let shown = model.parameters.audience.showsIdentifiers
        return model.exclusions.listed.map { entry in
            .object([
                ("session", shown ? .text(entry.session) : .null),
                ("first_vote", entry.firstVote.map { .string(ReportText.iso8601($0, zone)) } ?? .null),
                ("votes", .int(entry.votes)),
                ("reason", .string(ReportText.exclusionReason(entry))), ("in_data", .bool(entry.votes > 0)),
            ])
        }
    }

    static func fingerprint(_ model: ReportModel) -> JSONValue {
        guard let fingerprint = model.fingerprint else { return .null }
        return .object([
            ("scheme", .string(DataFingerprint.scheme)),
            (
                "tables",
                .array(
                    fingerprint.tables.map { table in
                        .object([
                            ("name", .string(table.name)), ("rows", .int(table.rows)),
                            ("highest_id", table.highestID.map(JSONValue.integer) ?? .null),
                        ])
                    })
            ),
            ("latest", fingerprint.latest.map { .string(ReportText.iso8601($0, model.parameters.zone)) } ?? .null),
            ("source", .string(fingerprint.source.rawValue)),
            ("sha256", fingerprint.sha256.map(JSONValue.string) ?? .null),
        ])
    }
}

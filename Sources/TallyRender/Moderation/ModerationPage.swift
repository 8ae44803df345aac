import TallyCore

/// The pages of `tally serve`: plain HTML forms, no scripts, every user text escaped by
/// `HTMLText` as in the report, one column that reads at 390 px.
package struct ModerationPage: Sendable {
    /// The path every link starts with (`/<token>`): the token travels in the path, so plain
    /// relative navigation never drops it.
    package let base: String
    /// The CSRF token every form carries.
    package let csrf: String
    package let language: ReportLanguage
    /// The zone every time is shown in.
    package let zone: Zone
    /// Who decisions are recorded under (from the settings).
    package let moderator: String
    /// True on the page's owner's link: the steps only the owner takes are offered (rejecting an author's notes).
    package var ownsPage = false
    /// The options made here that D1 has not numbered yet (`SyncLedger.optionsNotOnD1`): their number is this
    /// copy's and may change, so the page names them without one.
    package var optionsNotOnD1: Set<Int64> = []

    /// A page renderer; see the properties.
    package init(base: String, csrf: String, language: ReportLanguage, zone: Zone, moderator: String) {
        self.base = base
        self.csrf = csrf
        self.language = language
        self.zone = zone
        self.moderator = moderator
    }

    var l: ModerationPageLabels { language.moderationLabels }

    /// A whole page around `body`.
    func layout(_ title: String, _ body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(e(title)) · tally</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        <nav><a href="\(base)/">\(e(l.queue))</a> <a href="\(base)/sync">\(e(l.sync))</a> \
        <a href="\(base)/report">\(e(l.report))</a> <span>\(e(l.moderatingAs)) \(e(moderator))</span></nav>
        <main>
        <h1>\(e(title))</h1>
        \(body)</main>
        </body>
        </html>

        """
    }

    func e(_ text: String) -> String { HTMLText.escape(text) }

    /// A form posting to `action` with the CSRF token and `fields` hidden.
    func form(_ action: String, _ fields: [(String, String)], _ inner: String) -> String {
        let hidden = ([("csrf", csrf)] + fields).map {
            "<input type=\"hidden\" name=\"\(e($0.0))\" value=\"\(e($0.1))\">"
        }
        return "<form method=\"post\" action=\"\(base)\(action)\" class=\"\">"
            + hidden.joined() + inner + "</form>\n"
    }

    func time(_ instant: Instant?, stored: String) -> String {
        instant.map { zone.format($0, seconds: false) } ?? stored
    }

    /// The note's state as a moderator reads it (`promoted to option #12`).
    func fate(_ note: Note) -> String {
        if note.state == .promoted, let option = numbered(note.promotedOptionID) { return l.promotedTo(option) }
        return l.state(note.stateName)
    }

    /// An option's number when D1 gave it (not one of `optionsNotOnD1`).
    func numbered(_ option: Int64?) -> Int64? {
        option.flatMap { optionsNotOnD1.contains($0) ? nil : $0 }
    }

    /// A page that says what was refused and why (a plain message, escaped).
    package func message(_ title: String, _ text: String, back: String? = nil) -> String {
        let link = back.map { "<p><a href=\"\(base)\($0)\">\(e(l.open))</a></p>\n" } ?? ""
        return layout(title, "<p class=\"message\">\(e(text))</p>\n" + link)
    }

    static let style = """
        body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:0 .75rem}
        main,nav{max-width:46rem;margin:0 auto}nav{padding:.25rem 0;border-bottom:1px solid #8888}
        nav a{margin-right:1rem}nav span{display:block;opacity:.8}h2{font-size:1.2rem}h3{font-size:1rem}
        a{display:inline-block;min-height:44px;min-width:44px;padding:10px 0;box-sizing:border-box}
        label:has(input[type=radio]){display:flex;align-items:center;gap:.5rem;min-height:44px}
        input[type=radio]{width:1.25rem;height:1.25rem;min-height:0;margin:0}summary{padding:10px 0}
        .note{white-space:pre-wrap;overflow-wrap:anywhere;border-left:4px solid #c90;padding:.25rem .75rem;margin:.5rem 0}
        section.group{border:1px solid #8886;border-radius:6px;padding:.5rem .75rem;margin:1rem 0}
        form{margin:.5rem 0}fieldset{border:1px solid #8886;margin:.75rem 0}
        button,input,select{font:inherit;min-height:44px}input[type=text]{width:100%;box-sizing:border-box}
        button{min-width:44px;padding:.25rem 1rem;margin:.25rem .25rem .25rem 0;cursor:pointer}
        a:focus,button:focus,input:focus,select:focus{outline:3px solid #36f;outline-offset:2px}
        .sides{display:grid;grid-template-columns:1fr 1fr;gap:1rem}.sides>div{border:1px solid #8886;padding:.5rem}
        @media (max-width:600px){.sides{grid-template-columns:1fr}}
        .message{padding:.5rem;border:2px solid #c90}.done{border-color:#3a3}
        .preview{border:2px dashed #888;padding:.5rem;border-radius:6px}
        table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #8884;padding:.25rem;text-align:left;vertical-align:top}
        .tap{display:inline-block;min-height:44px;min-width:44px;padding:.55rem .25rem;box-sizing:border-box}
        .pager p{margin:.25rem 0}
        pre{white-space:pre-wrap;overflow-wrap:anywhere}ol.history{padding-left:1.25rem}ol.history li{margin:.25rem 0}
        """
}

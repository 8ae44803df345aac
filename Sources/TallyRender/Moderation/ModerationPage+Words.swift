import TallyCore

/// The moderation page's sentences, both languages side by side. Notes are always "note #N" /
/// 「便利貼 #N」 and options "option #N" / 「選項 #N」: both are numbered, so a bare `#N` is never shown.
extension ReportLanguage {
    /// A note's name: `Note #3` / `便利貼 #3`.
    package func noteName(_ id: Int64) -> String { pick("Note #\(id)", "便利貼 #\(id)") }

    /// A note's name inside a button or sentence: `note #3` / `便利貼 #3`.
    func noteInline(_ id: Int64) -> String { pick("note #\(id)", "便利貼 #\(id)") }

    /// The queue's buttons: `Approve note #3`, `Open note #3`.
    func approveNote(_ id: Int64) -> String { pick("Approve note #\(id)", "通過便利貼 #\(id)") }
    func openNote(_ id: Int64) -> String { pick("Open note #\(id)", "打開便利貼 #\(id)") }

    var undoHeading: String { pick("Not sent yet: undo", "還沒送出：可以復原") }
    var undoButton: String { pick("Undo this decision", "復原這個決定") }

    /// The sentence beside the undo button of an unsent decision (`action` in words), made by `maker` when it is
    /// not the reader's own (the page's owner may take back anyone's).
    func undoExplained(_ action: String, maker: String? = nil) -> String {
        guard let maker else {
            return pick(
                "Your \(action) is not on D1 yet. Undoing withdraws it: it is never sent, this moderation page's "
                    + "record keeps it as withdrawn, and the note comes back as D1 has it.",
                "這個「\(action)」還沒送到 D1。復原會把它撤回：不會送出，審核頁的紀錄會留著並標為已撤回，便利貼回到 D1 上的樣子。")
        }
        return pick(
            "\(maker)'s \(action) is not on D1 yet. As the page's owner you can withdraw it: it is never sent, this "
                + "moderation page's record keeps it as withdrawn by you, and the note comes back as D1 has it.",
            "\(maker) 的「\(action)」還沒送到 D1。你是頁面主人，可以把它撤回：不會送出，審核頁的紀錄會留著並標為由你撤回，"
                + "便利貼回到 D1 上的樣子。")
    }

    /// Where a decision of this copy's that is not in force stands, in the note's history, from the ledger: D1
    /// did not take it (still open, settled by deciding again, or dropped, with who dropped it when the ledger
    /// knows), or it was withdrawn before it was sent.
    func notInForce(_ decision: SyncDecision) -> String {
        switch decision.state {
        case .conflict: return pick("D1 did not take it", "D1 沒有採用")
        case .settled: return pick("D1 did not take it; decided again since", "D1 沒有採用，之後已重新決定")
        case .dropped where decision.refusedByD1:
            guard let name = decision.droppedBy else { return pick("D1 did not take it; dropped", "D1 沒有採用，已放棄") }
            return pick("D1 did not take it; dropped by \(name)", "D1 沒有採用，已由 \(name) 放棄")
        default: return neverSent(by: decision.droppedBy)
        }
    }

    /// A withdrawn decision in the history, with who took it back when the ledger knows.
    func neverSent(by name: String?) -> String {
        guard let name else { return pick("withdrawn, never sent to D1", "已撤回，沒有送到 D1") }
        return pick("withdrawn by \(name), never sent to D1", "已由 \(name) 撤回，沒有送到 D1")
    }

    /// The message after an undo: of the reader's own decision, or of `whose` (the page's owner took back another's).
    package func undone(_ id: Int64, whose: String? = nil) -> String {
        guard let whose else {
            return pick(
                "Your decision on note #\(id) was withdrawn and will not be sent; the note is as D1 has it.",
                "便利貼 #\(id) 上你的決定已撤回，不會送出；便利貼回到 D1 上的樣子。")
        }
        return pick(
            "\(whose)'s decision on note #\(id) was withdrawn by you and will not be sent; the note is as D1 has it.",
            "便利貼 #\(id) 上 \(whose) 的決定已由你撤回，不會送出；便利貼回到 D1 上的樣子。")
    }

    /// The refusal of an undo when the note's latest decision is already sent (or not this copy's).
    package func nothingToUndo(_ id: Int64) -> String {
        pick(
            "Note #\(id) has no unsent decision to undo; nothing was changed.",
            "便利貼 #\(id) 沒有還沒送出的決定可以復原；什麼都沒有改變。")
    }

    /// An undo whose fetch of D1's state failed: the decision is withdrawn (never sent), but the copy still
    /// shows the note as the decision left it until a fetch works.
    package func undoneNotFetched(_ id: Int64) -> String {
        pick(
            "The decision on note #\(id) was withdrawn and will not be sent, but fetching D1's state failed, so this "
                + "moderation page still shows the note as that decision left it until a fetch works "
                + "(“\(moderationLabels.pullD1)”). What wrangler said is below.",
            "便利貼 #\(id) 上的決定已撤回，不會送出；但取得 D1 的狀態失敗，所以在重新取得之前，審核頁仍顯示這個決定之後的樣子"
                + "（請再按「\(moderationLabels.pullD1)」）。wrangler 的回應在下面。")
    }

    /// A decision on note `id` was sent to D1 and D1's answer was not read: it cannot be taken back yet.
    package func outcomeUnknown(_ id: Int64) -> String {
        pick(
            "A decision on note #\(id) was sent to D1 and D1's answer was not read, so D1 may hold it: it cannot be "
                + "taken back until D1 has been read (“\(moderationLabels.pullD1)”). Nothing was changed.",
            "便利貼 #\(id) 有一個決定已經送到 D1，但沒有收到 D1 的回應，D1 可能已經採用了；要先讀過 D1"
                + "（「\(moderationLabels.pullD1)」）才能收回。什麼都沒有改變。")
    }

    /// Where a promoted note's option stands, as the ledger says (`standing`; nil: the promotion came from D1):
    /// on the vote page only once D1 confirmed it, with how to retire it; nil where the page says it elsewhere
    /// (a conflict, a withdrawal). Its number only once D1 gave it (`ModerationPage.optionsNotOnD1`).
    func promotionStanding(_ option: Int64, _ standing: DecisionStanding?) -> String? {
        switch standing {
        case nil, .onD1?:
            pick(
                "Option #\(option) is on D1 and on the vote page, so it cannot be undone here: to retire it, "
                    + "ask the page's owner to remove it from the vote page on D1 (its votes stay in the data).",
                "選項 #\(option) 已經在 D1 上、出現在投票頁上，這裡沒辦法復原；要下架，請頁面主人在 D1 上把它從投票頁拿掉（已投的票會留在資料裡）。")
        case .inThisCopy?:
            pick(
                "This option is on this moderation page only: it reaches the vote page, and gets its number, once "
                    + "the decisions are sent to D1.",
                "這個選項目前只在審核頁上，送到 D1 之後才會出現在投票頁上，也才會有編號。")
        case .outcomeUnknown?:
            pick(
                "This option was sent to D1, but D1's answer was not read: whether it is on the vote page, and its "
                    + "number, are known once D1 has been read.",
                "這個選項已經送到 D1，但沒有收到 D1 的回應；要讀過 D1 才知道它有沒有出現在投票頁上、編號是多少。")
        case .sentNotConfirmed?:
            pick(
                "This option was sent to D1 and D1 took the request; fetching D1's state confirms it is on the vote "
                    + "page and gives its number.",
                "這個選項已經送到 D1，D1 也收下了；取得 D1 的最新狀態後，就能確認它出現在投票頁上，也會看到它的編號。")
        case .inConflict?, .withdrawn?, .settled?: nil
        }
    }

    /// The heading over the option a promotion made.
    var optionMade: String { pick("The option, as the vote page shows it", "這個選項在投票頁上的樣子") }

    /// Why the send button is greyed out: no decision made here yet, or none waiting (which says nothing of
    /// where the sent ones stand: the counts above it do).
    /// Without `--wrangler`: sending is the owner's, who runs the SQL with wrangler.
    package var ownerSendsSQL: String {
        pick(
            "Decisions made here are sent to the vote page's database by the page's owner, who runs them with "
                + "wrangler; until then they wait here.",
            "這裡做的決定由頁面主人用 wrangler 送到投票頁的資料庫；送出之前，決定都留在這裡等著。")
    }
    /// Above the owner's download: what to run, and that only a fetch afterwards confirms it.
    package var sqlHowTo: String {
        pick(
            "The download holds the waiting decisions as SQL. Run it with “wrangler d1 execute DB --remote --file "
                + "push.sql”; the decisions then read as sent, not yet confirmed, until “tally pull” finds them on D1.",
            "下載的檔案是等著送出的決定（SQL）。請用「wrangler d1 execute DB --remote --file push.sql」執行；"
                + "之後這些決定會標為「已送出、尚未確認」，直到「tally pull」在 D1 上找到它們。")
    }

    func nothingToSend(anyMade: Bool) -> String {
        anyMade
            ? pick(
                "Nothing waits to be sent; the counts above say where each decision made here stands.",
                "沒有等著送出的決定；這裡做過的決定各自在哪裡，看上面的數字。")
            : pick("Nothing to send: no decision has been made here yet.", "沒有要送出的決定：這裡還沒有做過任何決定。")
    }

    /// What a push did, in words, from the ledger's counts after it (the command's own output is kept below
    /// for the page's owner).
    package func pushSummary(status: Int32, counts: [SyncState: Int]) -> String {
        let conflicts = counts[.conflict] ?? 0
        switch (self, status) {
        case (.english, 0): return "Sent: D1 has every decision made here."
        case (.traditionalChinese, 0): return "送出了：這裡做的決定 D1 都有了。"
        case (.english, 3):
            return "Sent, but D1 did not take \(conflicts) decision(s): each note in conflict shows how to settle it."
        case (.traditionalChinese, 3):
            return "送出了，但 D1 沒有採用其中 \(conflicts) 個決定：每則衝突的便利貼頁面上都有處理的方法。"
        case (.english, _): return "Sending failed; nothing was marked sent. What the command said is below."
        case (.traditionalChinese, _): return "送出失敗，沒有任何決定標為已送出；程式的原始回應在下面（給頁面主人看）。"
        }
    }

    /// The heading over a command's own output (English, for the page's owner).
    var programOutput: String { pick("What the command said", "程式的原始回應（英文，給頁面主人看）") }

    /// A decision refused by the moderation rules, in the page's words (English: the command line's message).
    package func refusal(_ error: ModerationError, zone: Zone) -> String {
        guard self == .traditionalChinese else { return error.message(in: zone) }
        let l = moderationLabels
        switch error {
        case .noteNotFound(let id): return "沒有\(noteInline(id))。"
        case .unknownStatus(let note):
            return "\(noteInline(note.id)) 的狀態「\(note.status)」不是審核用的狀態，請頁面主人先修正資料；什麼都沒有改變。"
        case .reasonRequired(let action):
            return "要\(l.action(action.rawValue))，得寫下理由（會留在審核紀錄裡）；什麼都沒有改變。"
        case .illegalTransition(let action, let note, _):
            return "\(noteInline(note.id)) 現在是「\(l.state((note.state ?? .pending).rawValue))」，"
                + "不能\(l.action(action.rawValue))；什麼都沒有改變。"
        case .promotedCannotReopen(let note, _), .alreadyPromoted(let note, _):
            let option = note.promotedOptionID.map { "選項 #\($0)" } ?? "選項"
            return "\(noteInline(note.id)) 已經升為\(option)，升為選項之後就不能再改；什麼都沒有改變。"
        case .conflict(let conflict): return "\(noteInline(conflict.noteID)) 在你看的時候已經有人決定了；什麼都沒有改變。"
        case .noteChanged(let id, _, _): return l.notTheNote(id)
        case .schemaMissing: return "這份資料庫還沒有審核用的欄位，請頁面主人先執行 tally migrate；什麼都沒有改變。"
        case .triggerWrites: return "資料庫裡有觸發程序會在這時寫入別的資料，所以沒有執行；請頁面主人檢查。"
        case .unpromotableText(let id, _):
            return "\(noteInline(id)) 存的文字沒辦法原樣變成選項；什麼都沒有改變。可以在選項文字欄改寫後再升為選項，或退回它。"
        case .databaseReplaced: return "資料庫剛剛被換成新的一份（例如取得 D1 的最新狀態），什麼都沒有寫入；請再做一次。"
        case .databaseBusy: return "資料庫正在忙，什麼都沒有改變；請稍後再試一次。"
        }
    }

    /// A refused form field: an unreadable reason or label, an unknown preset or section.
    package func formRefusal(_ field: FormField, detail: String) -> String {
        switch (self, field) {
        case (.english, _): return detail
        case (.traditionalChinese, .reason): return "理由沒辦法用：需要寫點什麼，最多 2,000 字。什麼都沒有改變。"
        case (.traditionalChinese, .label): return "選項文字沒辦法用：要一行、不能空白，最多 200 字。什麼都沒有改變。"
        case (.traditionalChinese, .preset): return "這個理由不是頁面提供的選擇；請重新整理頁面再試一次。"
        case (.traditionalChinese, .section): return "這個區塊不是頁面提供的選擇；請重新整理頁面再試一次。"
        }
    }

    /// The fields of a decision form a refusal can name.
    package enum FormField: Sendable { case reason, label, preset, section }

    /// The plain answers outside the page's forms: a missing or revoked link, a foreign site's form,
    /// a broken or stale form, another method, another host name.
    package func plainRefusal(_ refusal: PlainRefusal) -> String {
        switch (self, refusal) {
        case (.english, .link):
            return "Missing, wrong or revoked link: open the address `tally serve` printed, or ask the page's owner "
                + "for a new link (tally serve invite NAME)."
        case (.traditionalChinese, .link): return "這個連結不對或已經停用：請打開頁面主人給你的連結，或請頁面主人給你一個新的。"
        case (.english, .foreignForm): return "A form from another site was refused."
        case (.traditionalChinese, .foreignForm): return "這個表單來自別的網站，所以沒有執行。"
        case (.english, .staleForm): return "The form's CSRF token is missing or wrong: reload the page and try again."
        case (.traditionalChinese, .staleForm): return "這個表單已經過期：請重新整理頁面再試一次。"
        case (.english, .brokenForm):
            return "The form lacks its action, the note's version and state, or the digest of the note shown."
        case (.traditionalChinese, .brokenForm), (.traditionalChinese, .forgedForm):
            return "這個表單少了東西或不是這個頁面送出的：請重新整理便利貼的頁面再試一次。"
        case (.english, .forgedForm):
            return "The form's version and state were never this note's: reload the note's page."
        case (.english, .method): return "Only GET and POST are used here."
        case (.traditionalChinese, .method): return "這裡只接受一般的開啟頁面和送出表單。"
        case (.english, .host(let hosts)):
            return "This server answers only to \(hosts.joined(separator: ", "))."
        case (.traditionalChinese, .host):
            return "這個網址不是審核頁面的網址：請打開頁面主人給你的連結。"
        case (.english, .busy): return "A push or pull is already running; wait for it and reload."
        case (.traditionalChinese, .busy): return "正在和投票頁的資料庫（D1）同步，請等它完成後重新整理頁面。"
        case (.english, .noAction): return "No such action."
        case (.traditionalChinese, .noAction): return "沒有這個動作。"
        case (.english, .noPage): return "No such page."
        case (.traditionalChinese, .noPage): return "沒有這一頁。"
        case (.english, .queuePage):
            return "No such page of the queue: page is a number from 1, order is oldest or newest."
        case (.traditionalChinese, .queuePage): return "沒有這一頁待審：頁碼要是從 1 開始的數字，順序要是最早或最新的在前。"
        }
    }

    /// The plain answers' cases (`plainRefusal`).
    package enum PlainRefusal: Sendable {
        case link, foreignForm, staleForm, brokenForm, forgedForm, method, busy, noAction, noPage, queuePage
        /// A Host header the server does not answer to; the names it answers to.
        case host([String])
    }
}

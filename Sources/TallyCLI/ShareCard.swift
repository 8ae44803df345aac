import Foundation
import TallyCore
import TallyRender

/// `tally report --share FILE.png`: the result as one 1200×630 PNG for a social feed (`ShareImage`), rendered
/// by rsvg-convert at 1× and written with the run's other files (`StagedWrite`). Checked before any data is read:
/// the name ends in `.png`, nothing but a PNG (or nothing) is there to be replaced, and rsvg-convert exists.
struct ShareCard {
    static let option = OptionSpec(
        "share", .value("FILE.png"),
        "Also write FILE.png: a 1200×630 image for social media, readable at 300 px wide: the title, the top three "
            + "options as bars with their voters, the counted voters and the time (needs rsvg-convert); with two "
            + "languages one per language (FILE.en.png, FILE.zh-TW.png). Replaces only a PNG.")

    /// The file as given.
    let given: String
    /// Where each language's card goes: the file given, or with several languages one per language, named as
    /// pages are (`result.en.png`, `result.zh-TW.png`).
    let files: [(language: ReportLanguage, path: String)]
    let renderer: ChartPNG

    /// Checks `--share` (every language's file), or returns nil when it is not given.
    init?(_ invocation: Invocation, _ context: Context, languages: [ReportLanguage]) throws {
        guard let given = invocation.value(Self.option) else { return nil }
        let flag = Self.option.flagName
        guard given.lowercased().hasSuffix(".png"), given.count > 4 else {
            throw UsageError(
                "\(flag) '\(TerminalText.visible(given, keepNewlines: false))' is not a .png file name; give one such "
                    + "as \(flag) result.png", command: invocation.path)
        }
        let path = context.path(given)
        self.given = given
        files = try LanguageEdition.all(languages).map { edition in
            (edition.language, try Self.checked(edition.name(path), invocation))
        }
        renderer = try ChartPNG(environment: context.environment, flag: flag)
    }

    /// `path`, when a card may be written there: nothing is there, or a PNG (reached without leaving its folder).
    private static func checked(_ path: String, _ invocation: Invocation) throws -> String {
        let flag = option.flagName
        let target: FileTarget
        do {
            target = try FileTarget.resolve(path)
        } catch .notAFile(_, .directory) {
            throw UsageError(
                "\(flag) \(path) is a folder; give a file name, e.g. \(path)/result.png", command: invocation.path)
        } catch {
            throw UsageError("\(flag) \(error)", command: invocation.path)
        }
        switch target {
        case .absent: return path
        case .stream(let file, let kind):
            throw UsageError(
                "\(flag) \(file) is \(kind.rawValue), not a file; the image is written to a file",
                command: invocation.path)
        case .regularFile(let file):
            // Only an image tally could have written is replaced: never a post, a database, a photo of another kind.
            let head = FileHandle(forReadingAtPath: file).flatMap { try? $0.read(upToCount: 8) } ?? Data()
            guard head.elementsEqual(signature) else {
                throw CommandFailure(
                    "\(flag) \(file) exists and is not a PNG image; tally replaces only a PNG there. Nothing was "
                        + "written: give another name, or move that file away")
            }
            return path
        }
    }

    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Renders every language's card and stages it with the run's other files; returns what to say on stderr once
    /// they are written, naming any text the card had to shorten (the report shows it whole). `until` is the time
    /// shown as the card's "as of" (a week's end for `weekly`).
    func stage(
        _ model: ReportModel, title: PageTitle?, until: Instant? = nil, voteURL: WebAddress? = nil,
        in staged: StagedWrite
    ) throws -> [String] {
        var said: [String] = []
        for file in files {
            let card = ShareImage.card(
                model, language: file.language, title: title?.text(in: file.language), until: until, voteURL: voteURL)
            try staged.stage(try renderer.render(card.svg, name: given, scale: 1), to: file.path)
            said.append("Wrote the share image (1200×630 PNG) to \(file.path).")
            if !card.shortened.isEmpty {
                let texts = card.shortened.map { "“\(NoteText.oneLine($0, maximumCells: 60))”" }.joined(separator: ", ")
                said.append(
                    "Note: the image shortens \(card.shortened.count == 1 ? "a text" : "\(card.shortened.count) texts") "
                        + "to fit, with an ellipsis (the report shows \(card.shortened.count == 1 ? "it" : "them") "
                        + "whole): \(texts)")
            }
        }
        return said
    }
}

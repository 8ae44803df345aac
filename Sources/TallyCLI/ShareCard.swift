import Foundation
import TallyCore
import TallyRender

/// `tally report --share FILE.png`: the result as one 1200×630 PNG for a social feed (`ShareImage`), rendered
/// by rsvg-convert at 1× and written under a temporary name, then renamed. Checked before any data is read:
/// the name ends in `.png`, nothing but a PNG (or nothing) is there to be replaced, and rsvg-convert exists.
struct ShareCard {
    /// The `--share` option.
    static let option = OptionSpec(
        "share", .value("FILE.png"),
        "Also write FILE.png: a 1200×630 image for social media with the title, the top options as bars with "
            + "their voters, the counted voters and the as-of time (needs rsvg-convert). Replaces only a PNG.")

    /// The file as given and as an absolute path.
    let given: String
    let path: String
    let renderer: ChartPNG

    /// Checks `--share`, or returns nil when it is not given.
    init?(_ invocation: Invocation, _ context: Context) throws {
        guard let given = invocation.value(Self.option) else { return nil }
        let flag = Self.option.flagName
        guard given.lowercased().hasSuffix(".png"), given.count > 4 else {
            throw UsageError(
                "\(flag) '\(TerminalText.visible(given, keepNewlines: false))' is not a .png file name; give one such "
                    + "as \(flag) result.png", command: invocation.path)
        }
        path = context.path(given)
        self.given = given
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
        case .absent: break
        case .stream(let file, let kind):
            throw UsageError(
                "\(flag) \(file) is \(kind.rawValue), not a file; the image is written to a file",
                command: invocation.path)
        case .regularFile(let file):
            // Only an image tally could have written is replaced: never a post, a database, a photo of another kind.
            let head = FileHandle(forReadingAtPath: file).flatMap { try? $0.read(upToCount: 8) } ?? Data()
            guard head.elementsEqual(Self.signature) else {
                throw CommandFailure(
                    "\(flag) \(file) exists and is not a PNG image; tally replaces only a PNG there. Nothing was "
                        + "written: give another name, or move that file away")
            }
        }
        renderer = try ChartPNG(environment: context.environment, flag: flag)
    }

    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Renders and writes the card (temporary name, then rename), and says so on stderr. `until` is the time shown
    /// as the card's "as of" (a week's end for `weekly`).
    func write(
        _ model: ReportModel, language: ReportLanguage, title: String?, until: String? = nil, _ context: Context
    ) throws {
        let svg = ShareImage.svg(model, language: language, title: title, until: until)
        let png = try renderer.render(svg, name: given, scale: 1)
        try AtomicFile.write(png, to: AtomicFile.target(path), named: path)
        context.stderr.line("Wrote the share image (1200×630 PNG) to \(path).")
    }
}

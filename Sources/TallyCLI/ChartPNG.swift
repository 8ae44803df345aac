import Foundation

/// PNG copies of the SVG charts, for blog hosts that refuse SVG uploads. Rendered by
/// `rsvg-convert` (Debian package `librsvg2-bin`), run at the edge as the architecture asks:
/// the SVG goes in on stdin and the PNG comes back on stdout, so nothing half-written is left
/// when it fails; the caller writes the bytes atomically.
struct ChartPNG {
    /// The `rsvg-convert` found on PATH.
    let tool: String

    /// Finds `rsvg-convert` on the PATH of `environment`; throws a message naming the Debian
    /// package when it is missing. Called before any data is read.
    init(environment: [String: String], flag: String = "--png") throws {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let candidates = path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("rsvg-convert").path
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CommandFailure(
                "\(flag) needs rsvg-convert, which is not installed (not found on PATH); install the Debian package "
                    + "librsvg2-bin (apt-get install librsvg2-bin), or leave out \(flag). Nothing was written.")
        }
        tool = found
    }

    /// The PNG of one SVG document; `name` is only for the message when rendering fails.
    func render(_ svg: String, name: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Written on its own thread so a large chart cannot block while the PNG fills the output pipe.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(svg.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errorText = ErrorText()
        let errorReader = Thread { errorText.data = errors.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let png = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorReader.isFinished { usleep(1_000) }
        guard process.terminationStatus == 0, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            let message = String(decoding: errorText.data, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure(
                "rsvg-convert could not render \(name) (exit \(process.terminationStatus)): \(message)")
        }
        return png
    }

    /// `chart.svg` → `chart.png`.
    static func name(for svg: String) -> String {
        (svg.hasSuffix(".svg") ? String(svg.dropLast(4)) : svg) + ".png"
    }

    /// Bytes read on another thread.
    private final class ErrorText: @unchecked Sendable {
        var data = Data()
    }
}

import Foundation
import PackagePlugin

/// Embeds the `.sql` files of `migrations/` and `queries/` into the target as
/// Swift string constants, so the binary runs exactly the SQL a person can read
/// and run by hand, with no second copy to drift.
@main
struct EmbedSQL: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["migrations", "queries"].map { root.appending(path: $0) }
        var inputs: [URL] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            inputs += names.filter { $0.hasSuffix(".sql") }.sorted().map { folder.appending(path: $0) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSQL.swift")
        return [
            .buildCommand(
                displayName: "Embedding SQL from migrations/ and queries/",
                executable: try context.tool(named: "embed-sql").url,
                arguments: [output.path] + folders.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}

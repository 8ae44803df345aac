// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top (each may use only the ones below it):
//   CSQLite → TallySQLite → TallyCore → TallyRender → TallyCLI → tally
// CMicroHTTPD → TallyHTTP is the HTTP server `tally serve` runs on; only TallyCLI uses it.
// CMicroHTTPD loads GNU libmicrohttpd at run time (dlopen), so building and every other command
// need only the toolchain and libsqlite3-dev; `tally serve` says how to install the library.
// CSHA256 is the SHA-256 compression function on the CPU's SHA instructions,
// used by TallyCore's own SHA-256 when the CPU has them. CTallyBuild carries the
// git commit the Makefile passes in (`-Xcc -DTALLY_COMMIT=…`) to `tally --version`.
// The SQL in migrations/ and queries/ is embedded at build time by the
// EmbedSQL plugin, so the binary and the files a person runs never drift.
// No `platforms`: Linux (Debian, Swift 6.3) is the one platform built and tested here, by CI;
// a macOS minimum would be a claim nothing checks (the code needs at least macOS 15, for Mutex).
let package = Package(
    name: "tally",
    products: [
        .executable(name: "tally", targets: ["tally"])
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "TallySQLite", dependencies: ["CSQLite"]),
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "TallyHTTP", dependencies: ["CMicroHTTPD"]),
        .target(name: "CSHA256"),
        .target(name: "CTallyBuild"),
        .executableTarget(name: "embed-sql"),
        .plugin(
            name: "EmbedSQL",
            capability: .buildTool(),
            dependencies: ["embed-sql"]
        ),
        .target(
            name: "TallyCore",
            dependencies: ["TallySQLite", "CSHA256"],
            plugins: ["EmbedSQL"]
        ),
        .target(name: "TallyRender", dependencies: ["TallyCore"]),
        .target(
            name: "TallyCLI", dependencies: ["TallyCore", "TallyRender", "TallySQLite", "TallyHTTP", "CTallyBuild"]),
        .executableTarget(name: "tally", dependencies: ["TallyCLI"]),
        // Helpers shared by the test targets (never part of the product).
        // CTestWidth bounds how many test cases run at once (Tests/CTestWidth/width.c says why).
        .target(name: "CTestWidth", path: "Tests/CTestWidth"),
        .target(
            name: "TallyTestSupport", dependencies: ["TallySQLite", "TallyCore", "CTestWidth"],
            path: "Tests/TallyTestSupport"),
        .testTarget(name: "TallySQLiteTests", dependencies: ["TallySQLite", "TallyTestSupport"]),
        .testTarget(name: "TallyCoreTests", dependencies: ["TallyCore", "TallySQLite", "TallyTestSupport"]),
        .testTarget(
            name: "TallyRenderTests",
            dependencies: ["TallyRender", "TallyCore", "TallyTestSupport"],
            exclude: ["Golden", "Support/png_ink.py"]
        ),
        .testTarget(
            name: "TallyCLITests",
            dependencies: ["TallyCLI", "TallyCore", "TallySQLite", "TallyHTTP", "TallyTestSupport", "tally"],
            exclude: [
                "Golden", "Serve/serve_client.py", "Serve/slow_clients.py", "Serve/mhd_header_check.c",
                "Support/pty_run.py",
            ]
        ),
    ]
)

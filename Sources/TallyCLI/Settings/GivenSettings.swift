import Foundation
import TallyCore

/// The settings as given, layer over layer (built-in or demo < config file < environment < flags),
/// still text; `Settings.init(_:command:)` reads them into their types once, naming the setting and
/// its source when a value is wrong. Every layer reads `SettingSpec.all`, so a setting added to the
/// table is read everywhere.
struct GivenSettings {
    /// What each place gives: the values it sets, in table order.
    typealias Layer = [(spec: SettingSpec, value: GivenValue)]

    /// Each setting's value in force, by key; a setting with no built-in value that nothing set is absent.
    private(set) var values: [String: Setting<GivenValue>] = [:]
    /// The zone the built-in (or demo) values, the config file and the environment give: what a cutoff
    /// is read in when the place that set it sets no zone.
    private(set) var configuredZone: Setting<GivenValue>
    /// The zone set in the same place as the cutoff in force, if that place set one.
    private(set) var cutoffZone: Setting<GivenValue>?
    /// The config file read, if any.
    private(set) var configFile: String?

    /// The built-in values, with paths read against the working folder.
    init(_ context: Context) {
        for spec in SettingSpec.all {
            guard let value = spec.builtIn else { continue }
            values[spec.key] = Setting(value: Self.resolved(value, spec, context.path), source: .builtIn)
        }
        configuredZone = values[SettingSpec.timezone.key] ?? Setting(value: .text("UTC"), source: .builtIn)
    }

    /// The value in force for `spec`, if any.
    subscript(_ spec: SettingSpec) -> Setting<GivenValue>? { values[spec.key] }

    /// Sets what one place gives. A cutoff belongs to the place that set it: it is read in that place's
    /// zone, or (where it sets none) in `configuredZone`, which flags never change (see `Settings`).
    mutating func apply(_ layer: Layer, from source: (SettingSpec) -> SettingSource, isFlags: Bool = false) {
        for (spec, value) in layer { values[spec.key] = Setting(value: value, source: source(spec)) }
        let zone = layer.first { $0.spec.key == SettingSpec.timezone.key }.map {
            Setting(value: $0.value, source: source($0.spec))
        }
        if let zone, !isFlags { configuredZone = zone }
        if layer.contains(where: { $0.spec.key == SettingSpec.excludeBefore.key }) { cutoffZone = zone }
    }

    /// The built-in demo's settings (the author's).
    mutating func applyDemo() {
        let demo: Layer = [
            (.timezone, .text(Demo.Settings.timezone)), (.excludeBefore, .text(Demo.Settings.excludeBefore)),
            (.votesPerSession, .text(String(Demo.Settings.votesPerSession))), (.launch, .text(Demo.Settings.launch)),
        ]
        apply(demo, from: { _ in .demo })
    }

    /// The config file: `--config`, else `$TALLY_CONFIG`, else `./tally.json` when something is there.
    /// A relative path in it is read against the file's folder.
    mutating func applyFile(_ invocation: Invocation, _ context: Context) throws {
        let explicit =
            invocation.declared(SettingOptions.config)
            ?? context.environment["TALLY_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let configPath = context.path(explicit ?? "tally.json")
        // Without --config or $TALLY_CONFIG, ./tally.json is read only when something is there
        // (lstat: a dangling link is there, and ConfigFile.load says what is wrong with it).
        var info = stat()
        guard explicit != nil || lstat(configPath, &info) == 0 else { return }
        let folder = URL(fileURLWithPath: configPath).deletingLastPathComponent()
        let file = try ConfigFile.load(configPath).map { given in
            (given.spec, Self.resolved(given.value, given.spec) { folder.appendingPathComponent($0).path })
        }
        configFile = configPath
        apply(file, from: { _ in .file(configPath) })
    }

    /// The environment variables; an empty one counts as unset.
    mutating func applyEnvironment(_ context: Context) {
        let layer: Layer = SettingSpec.all.compactMap { spec in
            guard let name = spec.environment, let text = context.environment[name], !text.isEmpty else { return nil }
            if case .list = spec.kind { return (spec, .list(GivenValue.text(text).items.filter { !$0.isEmpty })) }
            return (spec, Self.resolved(.text(text), spec, context.path))
        }
        apply(layer, from: { .environment($0.environment ?? $0.key) })
    }

    mutating func applyFlags(_ invocation: Invocation, _ context: Context) throws {
        var layer: Layer = []
        for spec in SettingSpec.all where invocation.declares(spec.option) {
            let option = spec.option
            switch option.kind {
            case .flag:
                if invocation.flag(option) { layer.append((spec, .toggle(true))) }
            case .repeated:
                guard invocation.has(option) else { continue }
                let items = invocation.values(option)
                if case .list(let item) = spec.kind, items.contains(where: { GivenValue.trimmed($0[...]).isEmpty }) {
                    throw UsageError("\(option.flagName) needs a \(item), not an empty value", command: invocation.path)
                }
                layer.append((spec, .list(items)))
            case .value:
                guard let text = invocation.value(option) else { continue }
                // '' would resolve to the working folder: a database there, or pages written all over it.
                if case .path(let what, let example) = spec.kind, text.isEmpty {
                    throw UsageError(
                        "\(option.flagName) is empty; give \(what), e.g. \(option.flagName) \(example)",
                        command: invocation.path)
                }
                layer.append((spec, Self.resolved(.text(text), spec, context.path)))
            }
        }
        apply(layer, from: { .flag($0.option.name) }, isFlags: true)
    }

    /// A path setting's text read against a folder (`absolute` makes a relative path absolute); others as given.
    private static func resolved(_ value: GivenValue, _ spec: SettingSpec, _ absolute: (String) -> String)
        -> GivenValue
    {
        guard case .path = spec.kind, case .text(let path) = value else { return value }
        return .text(path.hasPrefix("/") ? path : absolute(path))
    }
}

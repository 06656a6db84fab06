internal import Foundation

/// XcodeGen's `project.yml`, for a repository that keeps no `.xcodeproj`: its targets as `XcodeProject` targets (type,
/// platform, sources, `info.path`, `entitlements.path`, `settings.base`, `options.bundleIdPrefix`). Reads the block
/// YAML XcodeGen's documentation uses (mappings, `- ` lists, `[a, b]` lists of scalars); anchors, multi-line strings
/// and `include:` are not followed, and a target that needs them is read with what is left.
enum XcodeGenProject {
    static func read(_ text: String) -> XcodeProject {
        let document = YAMLSubset.parse(text)
        let prefix = document["options"]?["bundleIdPrefix"]?.string
        var targets = [XcodeProject.Target]()
        for (name, target) in (document["targets"]?.dictionary ?? [:]).sorted(by: { $0.key < $1.key }) {
            let type = target["type"]?.string ?? ""
            var values = [String: String]()
            for (key, value) in target["settings"]?["base"]?.dictionary ?? target["settings"]?.dictionary ?? [:] {
                if let value = value.string { values[key] = value }
            }
            if values["PRODUCT_BUNDLE_IDENTIFIER"] == nil, let prefix {
                values["PRODUCT_BUNDLE_IDENTIFIER"] = prefix + "." + name
            }
            let settings = BuildSettings(["TARGET_NAME": name]).overlaid(with: BuildSettings(values))
            let platform = target["platform"]?.string.map { $0.lowercased() }
            var read = XcodeProject.Target(
                name: name, kind: kind(type), productType: type, configuration: "base", settings: settings,
                infoPlist: target["info"]?["path"]?.string ?? settings.value("INFOPLIST_FILE"),
                entitlements: target["entitlements"]?["path"]?.string ?? settings.value("CODE_SIGN_ENTITLEMENTS"),
                generatesInfoPlist: false,
                platform: platform == "ios" ? .iOS : platform == "macos" ? .macOS : nil)
            // XcodeGen's sources are folders (or files) taken whole, like Xcode 16's synchronized folders.
            let sources = target["sources"]
            for source in sources?.array ?? sources.map({ [$0] }) ?? [] {
                if let path = source.string ?? source["path"]?.string { read.synchronizedFolders.append(path) }
            }
            read.dependencies = (target["dependencies"]?.array ?? []).compactMap { $0["target"]?.string }
            targets.append(read)
        }
        return XcodeProject(targets: targets)
    }

    private static func kind(_ type: String) -> XcodeProject.Kind {
        switch type {
        case "application": return .application
        case let type where type.hasPrefix("app-extension"): return .appExtension
        case let type where type.hasPrefix("framework") || type.hasPrefix("library"): return .library
        default: return .other
        }
    }
}

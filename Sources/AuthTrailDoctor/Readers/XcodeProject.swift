internal import Foundation

/// The targets of a `project.pbxproj` with the build settings MSAL's set-up depends on and the files each builds. A pure
/// function of the file's bytes (an OpenStep property list) and the `.xcconfig` files it names, which the caller reads.
package struct XcodeProject: Sendable, Hashable {
    /// What a target builds, as far as the doctor cares: apps and app extensions are set-ups, frameworks and
    /// libraries lend their sources to the apps that depend on them, the rest (tests) are never evidence.
    package enum Kind: Sendable, Hashable {
        case application, appExtension, library, other
    }

    /// One target, with its settings for one build configuration.
    package struct Target: Sendable, Hashable {
        package var name: String
        package var kind: Kind
        /// `productType` as written (`com.apple.product-type.bundle.unit-test`).
        package var productType: String
        /// The configuration whose settings these are (`Release` when the project has one).
        package var configuration: String
        /// The project's settings under the target's, with the xcconfig files each names beneath them.
        package var settings: BuildSettings
        /// `INFOPLIST_FILE`, relative to the project's folder.
        package var infoPlist: String?
        /// `CODE_SIGN_ENTITLEMENTS`, relative to the project's folder.
        package var entitlements: String?
        /// `GENERATE_INFOPLIST_FILE = YES`: Xcode writes the Info.plist from `INFOPLIST_KEY_*` settings.
        package var generatesInfoPlist: Bool
        package var platform: AppSetup.Platform?
        /// A multiplatform target (`SUPPORTED_PLATFORMS` naming both iOS and macOS, not through Mac Catalyst): built
        /// natively for each, so MSAL's macOS rules apply to its Mac build.
        package var alsoMacOS: Bool {
            let platforms = settings.value("SUPPORTED_PLATFORMS") ?? ""
            return platform == .iOS && platforms.contains("macosx") && platforms.contains("iphoneos")
        }
        /// The files of its Sources build phase, relative to the project's folder.
        package var sources: [String] = []
        /// Xcode 16's synchronized folders: every source under them belongs to the target, but `excluded`.
        package var synchronizedFolders: [String] = []
        /// Files of the synchronized folders that are not the target's (relative to the project's folder).
        package var excluded: Set<String> = []
        /// The names of the targets it depends on (its frameworks and libraries).
        package var dependencies: [String] = []
    }

    package var targets: [Target]

    /// Reads the project. `xcconfig` returns the settings of an `.xcconfig` named by a configuration, by its path
    /// relative to the project's folder (nil when it cannot be read).
    package static func read(
        _ bytes: [UInt8], file: String, xcconfig: (String) -> BuildSettings? = { _ in nil }
    ) throws(DoctorInputError) -> XcodeProject {
        let plist = try PropertyListParser.dictionary(bytes, file: file)
        guard let objects = plist["objects"]?.dictionary, let rootID = plist["rootObject"]?.string,
            let root = objects[rootID], root["isa"]?.string == "PBXProject"
        else {
            throw DoctorInputError(.malformed, file: file, "not an Xcode project: no PBXProject root object")
        }
        let paths = FilePaths(objects: objects, mainGroup: root["mainGroup"]?.string)
        let projectConfigurations = configurations(root["buildConfigurationList"]?.string, objects: objects)
        var targets = [Target]()
        for targetID in root["targets"]?.strings ?? [] {
            guard let target = objects[targetID], target["isa"]?.string == "PBXNativeTarget" else { continue }
            let name = target["name"]?.string ?? targetID
            let productType = target["productType"]?.string ?? ""
            let own = configurations(target["buildConfigurationList"]?.string, objects: objects)
            guard let chosen = own.first(where: { $0.name == "Release" }) ?? own.first else { continue }
            var settings = BuildSettings(["TARGET_NAME": name])
            if let project = projectConfigurations.first(where: { $0.name == chosen.name }) {
                settings = settings.overlaid(with: layered(project, paths: paths, xcconfig: xcconfig))
            }
            settings = settings.overlaid(with: layered(chosen, paths: paths, xcconfig: xcconfig))
            var read = Target(
                name: name, kind: kind(productType), productType: productType, configuration: chosen.name,
                settings: settings, infoPlist: settings.value("INFOPLIST_FILE").flatMap(nonEmpty),
                entitlements: settings.value("CODE_SIGN_ENTITLEMENTS").flatMap(nonEmpty),
                generatesInfoPlist: settings.values["GENERATE_INFOPLIST_FILE"].map {
                    PropertyListValue.string($0).bool == true
                } ?? false,
                platform: platform(settings))
            readMembers(of: target, id: targetID, objects: objects, paths: paths, into: &read)
            targets.append(read)
        }
        return XcodeProject(targets: targets)
    }

    private struct Configuration {
        var name: String
        var settings: BuildSettings
        var baseConfiguration: String?
    }

    private static func configurations(_ listID: String?, objects: [String: PropertyListValue]) -> [Configuration] {
        guard let listID, let list = objects[listID] else { return [] }
        return (list["buildConfigurations"]?.strings ?? []).compactMap { id in
            guard let configuration = objects[id] else { return nil }
            var values = [String: String]()
            for (key, value) in configuration["buildSettings"]?.dictionary ?? [:] {
                // A list setting (OTHER_LDFLAGS) is joined as Xcode passes it; the rules read only single values.
                values[key] = value.string ?? value.strings.joined(separator: " ")
            }
            return Configuration(
                name: configuration["name"]?.string ?? id, settings: BuildSettings(values),
                baseConfiguration: configuration["baseConfigurationReference"]?.string)
        }
    }

    /// A configuration's own settings over the xcconfig it is based on.
    private static func layered(
        _ configuration: Configuration, paths: FilePaths, xcconfig: (String) -> BuildSettings?
    ) -> BuildSettings {
        guard let reference = configuration.baseConfiguration, let path = paths.path(of: reference),
            let base = xcconfig(path)
        else { return configuration.settings }
        return base.overlaid(with: configuration.settings)
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty
            ? nil
            : text.replacingOccurrences(of: "$(SRCROOT)/", with: "")
                .replacingOccurrences(of: "$(PROJECT_DIR)/", with: "")
    }

    /// `SDKROOT` (iphoneos, macosx) or `SUPPORTED_PLATFORMS`.
    private static func platform(_ settings: BuildSettings) -> AppSetup.Platform? {
        let sdk = (settings.value("SDKROOT") ?? "") + " " + (settings.value("SUPPORTED_PLATFORMS") ?? "")
        if sdk.contains("iphoneos") { return .iOS }
        if sdk.contains("macosx") { return .macOS }
        return nil
    }

    /// What `productType` builds.
    private static func kind(_ productType: String) -> Kind {
        switch productType {
        case "com.apple.product-type.application", "com.apple.product-type.application.watchapp2",
            "com.apple.product-type.application.on-demand-install-capable":
            return .application
        case let type
        where type.hasPrefix("com.apple.product-type.app-extension")
            || type.hasPrefix("com.apple.product-type.extensionkit-extension"):
            return .appExtension
        case let type
        where type.hasPrefix("com.apple.product-type.framework")
            || type.hasPrefix("com.apple.product-type.library"):
            return .library
        default:
            return .other
        }
    }

    /// The files of a target's Sources phase, its synchronized folders with their exceptions, and its dependencies.
    private static func readMembers(
        of target: PropertyListValue, id: String, objects: [String: PropertyListValue], paths: FilePaths,
        into read: inout Target
    ) {
        for phaseID in target["buildPhases"]?.strings ?? [] {
            guard let phase = objects[phaseID], phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
            for buildFileID in phase["files"]?.strings ?? [] {
                guard let reference = objects[buildFileID]?["fileRef"]?.string,
                    let path = paths.path(of: reference)
                else { continue }
                read.sources.append(path)
            }
        }
        for groupID in target["fileSystemSynchronizedGroups"]?.strings ?? [] {
            guard let folder = paths.path(of: groupID) else { continue }
            read.synchronizedFolders.append(folder)
            for exceptionID in objects[groupID]?["exceptions"]?.strings ?? [] {
                guard let exception = objects[exceptionID], exception["target"]?.string == id else { continue }
                for member in exception["membershipExceptions"]?.strings ?? [] {
                    read.excluded.insert(folder.isEmpty ? member : folder + "/" + member)
                }
            }
        }
        for dependencyID in target["dependencies"]?.strings ?? [] {
            guard let dependency = objects[dependencyID]?["target"]?.string,
                let name = objects[dependency]?["name"]?.string
            else { continue }
            read.dependencies.append(name)
        }
    }

    /// The paths of file references relative to the project's folder, through the group tree.
    private struct FilePaths {
        var objects: [String: PropertyListValue]
        var parent: [String: String] = [:]

        init(objects: [String: PropertyListValue], mainGroup: String?) {
            self.objects = objects
            for (id, object) in objects where object["isa"]?.string?.hasSuffix("Group") == true {
                for child in object["children"]?.strings ?? [] { parent[child] = id }
            }
        }

        func path(of id: String, depth: Int = 0) -> String? {
            guard depth < 32, let object = objects[id] else { return nil }
            let own = object["path"]?.string ?? ""
            switch object["sourceTree"]?.string {
            case "SOURCE_ROOT", "<absolute>": return own
            case "<group>", nil:
                guard let parentID = parent[id] else { return own }
                guard let base = path(of: parentID, depth: depth + 1) else { return nil }
                return base.isEmpty ? own : own.isEmpty ? base : base + "/" + own
            default: return nil
            }
        }
    }
}

internal import Foundation

extension SetupReader {
    /// Every app and app-extension target of an `.xcodeproj`, each judged on its own files: its Sources phase and
    /// synchronized folders (with the frameworks it depends on), its INFOPLIST_FILE and CODE_SIGN_ENTITLEMENTS. Tests
    /// are never evidence; an extension whose sources do not use MSAL, or a project with no app, is listed as skipped.
    static func project(_ xcodeproj: String) throws(DoctorInputError) -> [AppSetup] {
        let root = (xcodeproj as NSString).deletingLastPathComponent
        let file = (xcodeproj as NSString).appendingPathComponent("project.pbxproj")
        let bytes = try BoundedFile.read(file, limit: BoundedFile.projectLimit)
        let project = try XcodeProject.read(bytes, file: file) { relative in
            let path = (root as NSString).appendingPathComponent(relative)
            guard let text = try? BoundedFile.read(path, limit: BoundedFile.plistLimit) else { return nil }
            return BuildSettings.xcconfig(String(decoding: text, as: UTF8.self))
        }
        return try judge(
            project, root: root, file: file, name: (xcodeproj as NSString).lastPathComponent, projects: [xcodeproj])
    }

    /// An XcodeGen `project.yml` (a repository that keeps no `.xcodeproj`), judged like the project it generates.
    static func xcodeGen(_ spec: String) throws(DoctorInputError) -> [AppSetup] {
        let bytes = try BoundedFile.read(spec, limit: BoundedFile.plistLimit)
        let project = XcodeGenProject.read(String(decoding: bytes, as: UTF8.self))
        let root = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        return try judge(project, root: root, file: spec, name: (spec as NSString).lastPathComponent, projects: [])
    }

    /// One set-up per app and app-extension target of `project`, whose files are relative to `root`.
    static func judge(
        _ project: XcodeProject, root: String, file: String, name: String, projects: [String]
    ) throws(DoctorInputError) -> [AppSetup] {
        let apps = project.targets.filter { $0.kind == .application || $0.kind == .appExtension }
        guard !apps.isEmpty else {
            var skipped = AppSetup(name: name)
            skipped.skipped = "the project has no app or app-extension target"
            return [skipped]
        }
        let version = MSALVersion.read(near: root, projects: projects)
        // A plugin calls MSAL for the project's one app (Flutter's Runner, React Native's app): the lock file does not
        // say which target links it when there are several.
        let plugin =
            project.targets.filter { $0.kind == .application }.count == 1 ? MSALVersion.plugin(near: root) : nil
        let podsForIOSOnly = MSALVersion.podsForIOSOnly(near: root)
        let absolute = { (relative: String) in (root as NSString).appendingPathComponent(relative) }
        // Files another target builds (tests, other apps) are never a fallback's evidence.
        var claimed = Set<String>()
        for target in project.targets { claimed.formUnion(files(of: target, root: root).map(absolute)) }
        var setups = [AppSetup]()
        for target in apps {
            var setup = try targetSetup(target, root: root, file: file)
            setup.msalVersion = version
            var own = files(of: target, root: root)
            for dependency in target.dependencies {
                guard let library = project.targets.first(where: { $0.name == dependency && $0.kind == .library })
                else { continue }
                own += files(of: library, root: root)
            }
            // A project that lists no file for the target (a hand-made or generated one): the folder's files that
            // no other target claims.
            let evidence =
                own.isEmpty
                ? sources(under: root, excluding: claimed)
                : SourceFiles.scan(withHeaders(own.map(absolute)), name: target.name)
            setup.adoptSourceEvidence(evidence)
            setup.isAppExtension = target.kind == .appExtension
            if target.kind == .appExtension, evidence.referencesMSAL != true {
                setup.skipped = "an app extension whose sources do not use MSAL"
            } else if evidence.referencesMSAL == false {
                setup.msalThrough = plugin
                if plugin == nil { setup.skipped = "an app whose sources do not use MSAL" }
            }
            guard target.alsoMacOS, !podsForIOSOnly else {
                setups.append(setup)
                continue
            }
            // One set-up per native build: the App Sandbox keys its entitlements hold are the Mac build's.
            setup.macCatalyst = false
            var mac = setup
            mac.name = "\(target.name) (macOS)"
            mac.platform = .macOS
            setup.name = "\(target.name) (iOS)"
            setups += [setup, mac]
        }
        return setups
    }

    /// The files that exist, each Objective-C implementation followed by its header (headers are not in a Sources
    /// phase, but an app delegate declares its protocols there).
    static func withHeaders(_ files: [String]) -> [String] {
        var result = [String]()
        for file in files where FileManager.default.fileExists(atPath: file) {
            result.append(file)
            let ext = (file as NSString).pathExtension
            guard ext == "m" || ext == "mm" else { continue }
            let header = (file as NSString).deletingPathExtension + ".h"
            if FileManager.default.fileExists(atPath: header) { result.append(header) }
        }
        return result
    }

    /// A target's source files relative to the project's folder: its Sources phase, then its synchronized folders'
    /// sources less their exceptions.
    static func files(of target: XcodeProject.Target, root: String) -> [String] {
        var files = target.sources.filter(SourceFiles.isSource)
        for folder in target.synchronizedFolders {
            let base = (root as NSString).appendingPathComponent(folder)
            for relative in listing(base) where SourceFiles.isSource(relative) {
                let path = folder.isEmpty ? relative : folder + "/" + relative
                if !target.excluded.contains(path) { files.append(path) }
            }
        }
        return files
    }

    /// The set-up of one target from its Info.plist, entitlements and settings (sources are added by the caller).
    static func targetSetup(
        _ target: XcodeProject.Target, root: String, file: String
    ) throws(DoctorInputError) -> AppSetup {
        var setup = AppSetup(name: target.name)
        setup.platform = target.platform
        let settingsLocation = SetupLocation(file: file, keyPath: "\(target.name) (\(target.configuration))")
        if let info = target.infoPlist {
            let path = (root as NSString).appendingPathComponent(info)
            if let plist = try existing(path, namedBy: "\(target.name): INFOPLIST_FILE", file: file, in: &setup) {
                PlistFacts.applyInfo(plist, file: path, settings: target.settings, to: &setup)
            }
        } else {
            // Xcode generates the whole Info.plist from INFOPLIST_KEY_* settings, which cannot declare URL
            // types or query schemes: the app has none.
            setup.urlSchemes = []
            setup.querySchemes = Located([], at: settingsLocation)
            setup.urlTypesLocation = SetupLocation(file: file, keyPath: "\(target.name): INFOPLIST_FILE")
        }
        if setup.bundleIdentifier == nil, let raw = target.settings.value("PRODUCT_BUNDLE_IDENTIFIER") {
            let location = SetupLocation(file: file, keyPath: "\(target.name): PRODUCT_BUNDLE_IDENTIFIER")
            setup.bundleIdentifier = Located(
                SettingReference.occurs(in: raw) ? .unresolved(raw) : .resolved(raw), at: location)
        }
        if let entitlements = target.entitlements {
            let path = (root as NSString).appendingPathComponent(entitlements)
            let namedBy = "\(target.name): CODE_SIGN_ENTITLEMENTS"
            if let plist = try existing(path, namedBy: namedBy, file: file, in: &setup) {
                PlistFacts.applyEntitlements(plist, file: path, settings: target.settings, to: &setup)
            }
        } else {
            // No entitlements file: no keychain group beyond the app's own, and no sandbox.
            let location = SetupLocation(file: file, keyPath: "\(target.name): CODE_SIGN_ENTITLEMENTS")
            setup.keychain = .entitlements(groups: [], location: location)
            setup.sandbox = Located(false, at: location)
        }
        return setup
    }

    /// The property list at `path`, or nil when the file does not exist (listed in `missingFiles`: a repository
    /// that ignores its Info.plist still has sources and entitlements to judge). A damaged file still throws.
    static func existing(
        _ path: String, namedBy setting: String, file: String, in setup: inout AppSetup
    ) throws(DoctorInputError) -> PropertyListValue? {
        do {
            return try BoundedFile.propertyList(path)
        } catch  where error.code == .missing {
            setup.missingFiles.append(Located(path, at: SetupLocation(file: file, keyPath: setting)))
            return nil
        }
    }
}

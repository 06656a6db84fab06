internal import Foundation

/// Reads what an app is made of from the paths the user names: an `.app` folder, an `.ipa`, an `.xcodeproj` (or its
/// `project.pbxproj`), a project or package folder, or loose `Info.plist`, `.entitlements`, `.xcconfig` and source
/// files (which together describe one app). Each application target, app or group of loose files is one `AppSetup`.
package enum SetupReader {
    /// The set-ups the paths describe, in the order named.
    /// - Throws: `DoctorInputError` for the first path that is missing, unreadable or not part of an app.
    package static func read(_ paths: [String]) throws(DoctorInputError) -> [AppSetup] {
        var setups = [AppSetup]()
        var loose = [String]()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw DoctorInputError(.missing, file: path, "no such file or folder")
            }
            let name = (path as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension.lowercased()
            switch (isFolder.boolValue, ext) {
            case (true, "app"): setups.append(try AppBundleReader.read(folder: path))
            case (false, "ipa"): setups += try IPAReader.read(path)
            case (true, "xcodeproj"): setups += try project(path)
            case (false, _) where name == "project.pbxproj":
                setups += try project((path as NSString).deletingLastPathComponent)
            case (true, _): setups += try folder(path)
            case (false, "plist"), (false, "entitlements"), (false, "xcent"), (false, "xcconfig"):
                loose.append(path)
            case (false, _) where sourceExtensions.contains(ext): loose.append(path)
            default:
                throw DoctorInputError(
                    .unsupported, file: path,
                    "not part of an app's set-up: expected an .app, .ipa, .xcodeproj, project.pbxproj, folder, "
                        + "Info.plist, .entitlements, .xcconfig or source file")
            }
        }
        if !loose.isEmpty { setups.append(try looseFiles(loose)) }
        return setups
    }

    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]

    /// Every application target of an `.xcodeproj`, with the sources of the folder that holds it.
    static func project(_ xcodeproj: String) throws(DoctorInputError) -> [AppSetup] {
        let root = (xcodeproj as NSString).deletingLastPathComponent
        let file = (xcodeproj as NSString).appendingPathComponent("project.pbxproj")
        let bytes = try BoundedFile.read(file, limit: BoundedFile.projectLimit)
        let project = try XcodeProject.read(bytes, file: file) { relative in
            let path = (root as NSString).appendingPathComponent(relative)
            guard let text = try? BoundedFile.read(path, limit: BoundedFile.plistLimit) else { return nil }
            return BuildSettings.xcconfig(String(decoding: text, as: UTF8.self))
        }
        guard !project.targets.isEmpty else {
            throw DoctorInputError(.unsupported, file: file, "the project has no application target")
        }
        let evidence = try sources(under: root)
        var setups = [AppSetup]()
        for target in project.targets {
            var setup = AppSetup(name: target.name)
            setup.platform = target.platform
            let settingsLocation = SetupLocation(file: file, keyPath: "\(target.name) (\(target.configuration))")
            if let info = target.infoPlist {
                let path = (root as NSString).appendingPathComponent(info)
                let plist = try PropertyListParser.dictionary(
                    try BoundedFile.read(path, limit: BoundedFile.plistLimit), file: path)
                PlistFacts.applyInfo(plist, file: path, settings: target.settings, to: &setup)
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
                let plist = try PropertyListParser.dictionary(
                    try BoundedFile.read(path, limit: BoundedFile.plistLimit), file: path)
                PlistFacts.applyEntitlements(plist, file: path, settings: target.settings, to: &setup)
            } else {
                // No entitlements file: no keychain group beyond the app's own, and no sandbox.
                let location = SetupLocation(file: file, keyPath: "\(target.name): CODE_SIGN_ENTITLEMENTS")
                setup.keychain = .entitlements(groups: [], location: location)
                setup.sandbox = Located(false, at: location)
            }
            setup.adoptSourceEvidence(evidence)
            setups.append(setup)
        }
        return setups
    }

    /// A folder: its Xcode projects, or (a package or a folder of set-up files) one set-up from what it holds.
    static func folder(_ path: String) throws(DoctorInputError) -> [AppSetup] {
        let files = listing(path)
        let projects = files.filter { $0.hasSuffix(".xcodeproj") }
        if !projects.isEmpty {
            var setups = [AppSetup]()
            for project in projects { setups += try Self.project((path as NSString).appendingPathComponent(project)) }
            return setups
        }
        let relevant = files.filter { file in
            let name = (file as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension.lowercased()
            return name == "Info.plist" || ["entitlements", "xcconfig"].contains(ext)
        }.map { (path as NSString).appendingPathComponent($0) }
        guard !relevant.isEmpty else {
            throw DoctorInputError(
                .unsupported, file: path, "holds no Xcode project, Info.plist, .entitlements or .xcconfig file")
        }
        var setup = try looseFiles(relevant, scanSources: false)
        setup.name = (path as NSString).lastPathComponent
        setup.adoptSourceEvidence(try sources(under: path))
        return [setup]
    }

    /// Loose files that together describe one app: xcconfig settings first, so the plists can use them.
    static func looseFiles(_ paths: [String], scanSources: Bool = true) throws(DoctorInputError) -> AppSetup {
        var settings = BuildSettings()
        for path in paths where path.lowercased().hasSuffix(".xcconfig") {
            let bytes = try BoundedFile.read(path, limit: BoundedFile.plistLimit)
            settings = settings.overlaid(with: BuildSettings.xcconfig(String(decoding: bytes, as: UTF8.self)))
        }
        var setup = AppSetup(name: paths.map { ($0 as NSString).lastPathComponent }.joined(separator: " + "))
        for path in paths {
            let ext = (path as NSString).pathExtension.lowercased()
            guard ext == "plist" || ext == "entitlements" || ext == "xcent" else { continue }
            let plist = try PropertyListParser.dictionary(
                try BoundedFile.read(path, limit: BoundedFile.plistLimit), file: path)
            if ext != "plist" || isEntitlements(plist) {
                PlistFacts.applyEntitlements(plist, file: path, settings: settings, to: &setup)
            } else {
                PlistFacts.applyInfo(plist, file: path, settings: settings, to: &setup)
            }
        }
        if scanSources {
            var evidence = AppSetup(name: setup.name)
            for path in paths where sourceExtensions.contains((path as NSString).pathExtension.lowercased()) {
                let bytes = try BoundedFile.read(path, limit: BoundedFile.sourceLimit)
                SourceScanner.scan(String(decoding: bytes, as: UTF8.self), file: path, into: &evidence)
            }
            setup.adoptSourceEvidence(evidence)
        }
        return setup
    }

    /// An entitlements file saved as `.plist`: its keys are entitlements, not Info.plist keys.
    static func isEntitlements(_ plist: PropertyListValue) -> Bool {
        let keys = plist.dictionary?.keys.map { $0 } ?? []
        return !keys.isEmpty && !keys.contains { $0.hasPrefix("CFBundle") || $0.hasPrefix("LS") || $0.hasPrefix("UI") }
            && keys.contains { $0 == "keychain-access-groups" || $0.hasPrefix("com.apple.") }
    }

    /// Folders a project's own sources are never in: dependencies and build products.
    static let skippedFolders: Set<String> = [
        "Pods", "Carthage", ".build", "DerivedData", "build", ".git", "node_modules", "SourcePackages",
    ]
    /// Bounds on a folder walk, so a home folder given by mistake ends quickly.
    static let maximumListed = 20_000
    static let maximumSources = 2_000

    /// Relative paths under `root` (`.xcodeproj` and `.app` folders listed, not entered), in name order.
    static func listing(_ root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found = [String]()
        while let next = walker.nextObject() as? String, found.count < maximumListed {
            let name = (next as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension
            if skippedFolders.contains(name)
                || ["xcodeproj", "xcworkspace", "app", "framework", "xcassets"]
                    .contains(ext)
            {
                walker.skipDescendants()
            }
            if !skippedFolders.contains(name) { found.append(next) }
        }
        return found.sorted()
    }

    /// The evidence of every Swift and Objective-C file under `root` (up to `maximumSources` files).
    static func sources(under root: String) throws(DoctorInputError) -> AppSetup {
        var evidence = AppSetup(name: root)
        let files = listing(root).filter { sourceExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        for relative in files.prefix(maximumSources) {
            let path = (root as NSString).appendingPathComponent(relative)
            // A source larger than the bound is generated code, not the app's MSAL set-up: skipped, not an error.
            guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.sourceLimit) else { continue }
            SourceScanner.scan(String(decoding: bytes, as: UTF8.self), file: path, into: &evidence)
        }
        return evidence
    }
}

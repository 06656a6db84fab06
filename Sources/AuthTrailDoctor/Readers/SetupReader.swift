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

    static let sourceExtensions = SourceFiles.extensions

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
            SourceScanner.resolveRedirectNames(&evidence)
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
    /// Bound on a folder walk, so a home folder given by mistake ends quickly.
    static let maximumListed = 20_000

    /// Relative paths under `root` (`.xcodeproj` and `.app` folders listed, not entered), in name order.
    static func listing(_ root: String) -> [String] {
        boundedListing(root).files
    }

    /// The listing, and whether it holds every entry (false when it stopped at `maximumListed`).
    static func boundedListing(_ root: String) -> (files: [String], complete: Bool) {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return ([], true) }
        var found = [String]()
        while let next = walker.nextObject() as? String {
            guard found.count < maximumListed else { return (found.sorted(), false) }
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
        return (found.sorted(), true)
    }

    /// The evidence of the Swift and Objective-C files under `root` that are neither tests, MSAL's own nor
    /// `excluded` (absolute paths).
    static func sources(under root: String, excluding excluded: Set<String> = []) -> AppSetup {
        let files = listing(root).filter { SourceFiles.isSource($0) && !SourceFiles.isTest($0) }
            .map { (root as NSString).appendingPathComponent($0) }
            .filter { !excluded.contains($0) }
        return SourceFiles.scan(files, name: root)
    }
}

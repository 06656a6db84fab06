internal import Foundation

extension SetupReader {
    /// A folder: each Xcode project in it (a damaged one, or one with no app, listed as skipped), and each folder
    /// holding an Info.plist outside every project's folder as one app (MAUI's `Platforms/iOS`, files attached to a
    /// ticket); a folder with neither but set-up files is one set-up.
    static func folder(_ path: String) throws(DoctorInputError) -> [AppSetup] {
        let (files, complete) = boundedListing(path)
        let projects = files.filter { $0.hasSuffix(".xcodeproj") }
        var setups = [AppSetup]()
        if !complete {
            // Said, not silent: an app past the bound is neither judged nor listed otherwise.
            var rest = AppSetup(name: "\((path as NSString).lastPathComponent) (the rest of the folder)")
            rest.skipped =
                "the folder holds more than \(maximumListed) files and folders; the doctor listed the first "
                + "\(maximumListed) and did not look at the rest: name the app's folder or project instead"
            setups.append(rest)
        }
        // A copy of MSAL's repository in the tree (vendored, a submodule): its test and sample apps are MSAL's.
        let copies = files.compactMap(msalCopyRoot)
        let copyHolding = { (file: String) in copies.first { file.hasPrefix($0 + "/") } }
        for project in projects {
            let projectPath = (path as NSString).appendingPathComponent(project)
            if let copy = copyHolding(project) {
                var skipped = AppSetup(name: project)
                skipped.skipped =
                    "a project of the copy of MSAL's repository in \(copy) "
                    + "(MSAL's own test and sample apps)"
                setups.append(skipped)
                continue
            }
            do {
                setups += try Self.project(projectPath)
            } catch {
                setups.append(.notRead(project, error))
            }
        }
        var projectFolders = projects.map { ($0 as NSString).deletingLastPathComponent }
        // XcodeGen's project.yml where no .xcodeproj was generated beside it.
        for spec in files where (spec as NSString).lastPathComponent == "project.yml" {
            let folder = (spec as NSString).deletingLastPathComponent
            guard !projectFolders.contains(folder) else { continue }
            do {
                setups += try xcodeGen((path as NSString).appendingPathComponent(spec))
            } catch {
                setups.append(.notRead(spec, error))
            }
            projectFolders.append(folder)
        }
        let outside = files.filter { file in
            !projectFolders.contains { $0.isEmpty || file.hasPrefix($0 + "/") } && !SourceFiles.isTest(file)
                && copyHolding(file) == nil
        }
        let appFolders = Set(
            outside.filter { ($0 as NSString).lastPathComponent == "Info.plist" }
                .map { ($0 as NSString).deletingLastPathComponent })
        if setups.count > (complete ? 0 : 1) && appFolders.isEmpty { return setups }
        let relevant = outside.filter(isSetupFile)
        guard !relevant.isEmpty else {
            if !complete, !setups.isEmpty { return setups }
            throw DoctorInputError(
                .unsupported, file: path, "holds no Xcode project, Info.plist, .entitlements or .xcconfig file")
        }
        if appFolders.count <= 1 && projectFolders.isEmpty {
            var setup = try looseFiles(
                relevant.map { (path as NSString).appendingPathComponent($0) }, scanSources: false)
            setup.name = (path as NSString).lastPathComponent
            setup.adoptSourceEvidence(sources(under: path))
            setup.msalVersion = MSALVersion.read(near: path)
            DotNetProject.apply(DotNetProject.nearest(above: appFolders.first ?? "", in: files, root: path), to: &setup)
            return setups + [setup]
        }
        // Several apps side by side: each takes the files under its folder and those under no app's folder.
        let sorted = appFolders.sorted()
        let owner = { (file: String) in sorted.last { $0.isEmpty || file.hasPrefix($0 + "/") } }
        for folder in sorted {
            let mine = relevant.filter { owner($0) == folder || owner($0) == nil }
            let name = folder.isEmpty ? (path as NSString).lastPathComponent : folder
            var setup: AppSetup
            do {
                setup = try looseFiles(mine.map { (path as NSString).appendingPathComponent($0) }, scanSources: false)
            } catch {
                // One app's damaged file does not hide the others.
                setups.append(.notRead(name, error))
                continue
            }
            setup.name = name
            let sources = outside.filter { SourceFiles.isSource($0) && (owner($0) == folder || owner($0) == nil) }
            setup.adoptSourceEvidence(
                SourceFiles.scan(sources.map { (path as NSString).appendingPathComponent($0) }, name: setup.name))
            setup.msalVersion = MSALVersion.read(near: (path as NSString).appendingPathComponent(folder))
            DotNetProject.apply(
                DotNetProject.nearest(above: folder, in: files, root: path), to: &setup)
            setups.append(setup)
        }
        return setups
    }

    /// The folder a copy of MSAL's repository sits in, when `relative` is its `MSAL/src/MSALPublicClientApplication.m`
    /// or its `MSAL/MSAL.xcodeproj` (a submodule checked out without sources keeps the project); a wrapper pod or a
    /// plugin named MSAL holds neither. A copy is a subfolder: the folder given is never all MSAL's (an app beside an
    /// `MSAL/` folder of MSAL's sources is still judged).
    static func msalCopyRoot(_ relative: String) -> String? {
        for marker in ["/MSAL/src/MSALPublicClientApplication.m", "/MSAL/MSAL.xcodeproj"]
        where relative.hasSuffix(marker) {
            return String(relative.dropLast(marker.count))
        }
        return nil
    }

    /// Info.plist, `.entitlements`, `Entitlements*.plist` (.NET MAUI's) and `.xcconfig` files.
    static func isSetupFile(_ relative: String) -> Bool {
        let name = (relative as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension.lowercased()
        return name == "Info.plist" || ["entitlements", "xcconfig"].contains(ext)
            || (name.hasPrefix("Entitlements") && ext == "plist")
    }
}

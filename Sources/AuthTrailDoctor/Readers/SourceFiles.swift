internal import Foundation

/// Which Swift and Objective-C files are evidence for an app, and their scan: never tests, dependencies or MSAL's
/// own sources; at most `maximumSources` files, the app's own first, and a cap reached is said.
enum SourceFiles {
    static let extensions: Set<String> = ["swift", "m", "mm", "h"]
    /// Bound on the sources read for one set-up, so a home folder given by mistake ends quickly.
    static let maximumSources = 2_000

    static func isSource(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// A test's folder or file (`AppTests/`, `AppUITests/`, `Tests/`, `Specs/`, `FooTests.swift`): never evidence.
    static func isTest(_ relative: String) -> Bool {
        relative.split(separator: "/").contains { component in
            let name = (component as NSString).deletingPathExtension
            return name.hasSuffix("Tests") || name.hasSuffix("Test") || name.hasSuffix("Specs")
                || name == "Tests" || name == "test" || name == "tests" || name == "UITests"
        }
    }

    /// MSAL's (or IdentityCore's) own source, vendored into the app's tree: its `handleMSALResponse`, keychain and
    /// broker settings are the library's, not the app's. Recognised by MSAL's folders, or an `MSAL`/`MSID` file name
    /// with Microsoft's copyright header.
    static func isMSALOwn(_ path: String, text: String?) -> Bool {
        let components = path.split(separator: "/")
        if components.contains("IdentityCore") { return true }
        if let index = components.firstIndex(of: "MSAL"), index + 1 < components.count,
            ["src", "MSAL", "Sources", "include"].contains(components[index + 1])
        {
            return true
        }
        let name = components.last ?? ""
        guard name.hasPrefix("MSAL") || name.hasPrefix("MSID"), let text else { return false }
        return text.prefix(2_000).contains("Copyright (c) Microsoft Corporation")
    }

    /// Scans `files` (absolute paths, the app's own first) into one set-up's evidence, skipping MSAL's own sources
    /// and noting a cap reached.
    static func scan(_ files: [String], name: String) -> AppSetup {
        var evidence = AppSetup(name: name)
        var seen = Set<String>()
        var read = 0
        for path in files where seen.insert(path).inserted {
            if isMSALOwn(path, text: nil) { continue }
            guard read < maximumSources else {
                evidence.sourcesNotRead =
                    "only the first \(maximumSources) of \(Set(files).count) sources were read (the doctor's cap)"
                break
            }
            // A source larger than the bound is generated code, not the app's MSAL set-up: skipped, not an error.
            guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.sourceLimit) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            if isMSALOwn(path, text: text) { continue }
            read += 1
            SourceScanner.scan(text, file: path, into: &evidence)
        }
        SourceScanner.resolveRedirectNames(&evidence)
        return evidence
    }
}

internal import Foundation

/// The MSAL version a dependency lock file pins: `Podfile.lock` (`- MSAL (1.2.3)`), `Package.resolved` (the
/// `microsoft-authentication-library-for-objc` pin) or `Cartfile.resolved`.
package enum MSALVersion {
    /// The first version found in the lock files beside a project folder (or one folder up, where a workspace's
    /// Podfile sits), with where it was read.
    package static func read(near folder: String, projects: [String] = []) -> Located<String>? {
        var candidates = besideOrAbove(folder, ["Podfile.lock", "Cartfile.resolved", "Package.resolved"])
        for project in projects {
            candidates.append(
                (project as NSString).appendingPathComponent(
                    "project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
        }
        for path in candidates {
            guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.plistLimit) else { continue }
            if let version = version(in: String(decoding: bytes, as: UTF8.self), file: path) {
                return version
            }
        }
        return nil
    }

    /// The files `names` in `folder`, then in the folder above it (where a workspace's Podfile sits).
    private static func besideOrAbove(_ folder: String, _ names: [String]) -> [String] {
        // URL, not NSString: Foundation on Linux traps on `("." as NSString).deletingLastPathComponent`.
        let parent = URL(fileURLWithPath: folder).standardizedFileURL.deletingLastPathComponent().path
        return [folder, parent].flatMap { base in names.map { (base as NSString).appendingPathComponent($0) } }
    }

    /// The pod that brings MSAL in, from the `Podfile.lock` beside `folder` (or one folder up): the pod whose
    /// dependencies list MSAL (`- msal_auth (0.0.2):` then `- MSAL (~> 2.2.0)`), a Flutter, React Native or
    /// Capacitor plugin that calls MSAL for the app.
    package static func plugin(near folder: String) -> Located<String>? {
        for path in besideOrAbove(folder, ["Podfile.lock"]) {
            guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.plistLimit) else { continue }
            var pod: String?
            var lineNumber = 0
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            {
                lineNumber += 1
                if line.hasPrefix("  - ") {
                    pod = line.hasSuffix(":") ? line.dropFirst(4).split(separator: " ").first.map(String.init) : nil
                } else if line.hasPrefix("    - MSAL ") || line.hasPrefix("    - MSAL/"), let pod, pod != "MSAL" {
                    return Located(pod, at: SetupLocation(file: path, line: lineNumber))
                } else if !line.hasPrefix("    ") {
                    pod = nil
                }
            }
        }
        return nil
    }

    /// Whether the `Podfile` beside `folder` (or one folder up) builds its pods for iOS only (`platform :ios` and
    /// no `:osx` or `:macos`): then a multiplatform target's Mac build links no MSAL from them.
    package static func podsForIOSOnly(near folder: String) -> Bool {
        for path in besideOrAbove(folder, ["Podfile"]) {
            guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.plistLimit) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.contains("platform :ios") && !text.contains("platform :osx")
                && !text.contains("platform :macos")
        }
        return false
    }

    /// The pinned version in one lock file's text.
    package static func version(in text: String, file: String) -> Located<String>? {
        var lineNumber = 0
        var inMSALPin = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let code = line.trimmingCharacters(in: .whitespaces)
            let location = SetupLocation(file: file, line: lineNumber)
            // `- MSAL (2.2.0)`, not a pod's requirement on it (`- MSAL (~> 2.2.0)`).
            if code.hasPrefix("- MSAL ("), let close = code.firstIndex(of: ")") {
                let version = String(code[code.index(code.startIndex, offsetBy: 8)..<close])
                if isVersion(version) { return Located(version, at: location) }
            }
            if code.contains("microsoft-authentication-library-for-objc") {
                if code.hasPrefix("github ") || code.hasPrefix("git ") {
                    let quoted = code.split(separator: "\"").map(String.init)
                    // A pin to a commit or branch names no version.
                    if let version = quoted.last(where: isVersion) {
                        return Located(version, at: location)
                    }
                }
                inMSALPin = true
            }
            if inMSALPin, code.hasPrefix("\"version\"") {
                let quoted = code.split(separator: "\"").map(String.init)
                if quoted.count >= 3 { return Located(quoted[2], at: location) }
            }
            if inMSALPin, code.hasPrefix("}") { inMSALPin = false }
        }
        return nil
    }

    /// `1.2.3` or `2.0.0-beta.1`: numbers and dots before any pre-release or build suffix (not a commit's hash).
    static func isVersion(_ text: String) -> Bool {
        let core = text.prefix { $0 != "-" && $0 != "+" }
        return core.first?.isNumber == true && core.contains(".") && core.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// Whether `version` is older than `minimum` (`0.4.0` < `0.6.0`), comparing numeric components.
    static func isOlder(_ version: String, than minimum: [Int]) -> Bool {
        let parts = version.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
        for (index, wanted) in minimum.enumerated() {
            let have = index < parts.count ? parts[index] : 0
            if have != wanted { return have < wanted }
        }
        return false
    }
}

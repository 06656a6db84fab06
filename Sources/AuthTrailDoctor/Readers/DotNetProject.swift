internal import Foundation

/// A .NET MAUI (or Xamarin) app's `.csproj` above its `Platforms/iOS` folder: the bundle id its Info.plist leaves
/// out (`<ApplicationId>`), whether the app uses MSAL at all (`Microsoft.Identity.Client` in the project or its C#
/// files; without it every MAUI sample in a folder would be judged as an MSAL app), and what its C# files configure
/// (`.WithBroker()`, `.WithIosKeychainSecurityGroup("…")`).
enum DotNetProject {
    struct Facts {
        var file: String
        var applicationID: Located<String>?
        var referencesMSAL: Bool
        var broker: SetupLocation?
        /// The literal group of `.WithIosKeychainSecurityGroup("…")`: MSAL.NET prefixes it with the team id, as MSAL
        /// for iOS does `keychainSharingGroup` (iOSTokenCacheAccessor.cs).
        var keychainSecurityGroup: Located<String?>?
        /// Whether the project (or a `Directory.Build.props` above it) names an entitlements file or entitlements
        /// of its own (`CodesignEntitlements`, `CustomEntitlements`).
        var namesEntitlements = false
    }

    /// The `.csproj` in the nearest folder at or above `folder` (relative to `root`), among the listed `files`.
    static func nearest(above folder: String, in files: [String], root: String) -> Facts? {
        var current = folder
        while true {
            let prefix = current.isEmpty ? "" : current + "/"
            if let project = files.first(where: {
                $0.hasPrefix(prefix) && $0.hasSuffix(".csproj") && !$0.dropFirst(prefix.count).contains("/")
            }) {
                guard var facts = read((root as NSString).appendingPathComponent(project)) else { return nil }
                facts.namesEntitlements =
                    facts.namesEntitlements
                    || buildPropsAbove(URL(fileURLWithPath: (root as NSString).appendingPathComponent(project)))
                        .contains { namesEntitlements(atPath: $0) }
                // Central package management keeps the reference out of the .csproj: the C# sources tell.
                let sources = files.lazy.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".cs") }
                    .prefix(SourceFiles.maximumSources)
                for file in sources {
                    let path = (root as NSString).appendingPathComponent(file)
                    guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.sourceLimit) else { continue }
                    scan(String(decoding: bytes, as: UTF8.self), file: path, into: &facts)
                }
                return facts
            }
            guard !current.isEmpty else { return nil }
            current = current.contains("/") ? String(current[..<current.lastIndex(of: "/")!]) : ""
        }
    }

    /// Reads one C# source: whether it uses MSAL.NET, and the calls that configure it (outside comments).
    static func scan(_ text: String, file: String, into facts: inout Facts) {
        guard
            text.contains("Microsoft.Identity.Client") || text.contains(".WithBroker(")
                || text.contains(".WithIosKeychainSecurityGroup(")
        else { return }
        facts.referencesMSAL = facts.referencesMSAL || text.contains("Microsoft.Identity.Client")
        var lineNumber = 0
        for line in withoutCSharpComments(text).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let location = SetupLocation(file: file, line: lineNumber)
            if facts.broker == nil, let call = line.range(of: ".WithBroker(") {
                // `.WithBroker(false)` leaves it off; `()`, `(true)` and broker options turn it on.
                let argument = line[call.upperBound...].prefix { $0 != ")" }
                if argument.trimmingCharacters(in: .whitespaces) != "false" { facts.broker = location }
            }
            if facts.keychainSecurityGroup == nil, let call = line.range(of: ".WithIosKeychainSecurityGroup(") {
                let argument = line[call.upperBound...].drop { $0 == " " }
                var group: String?
                if argument.first == "\"" {
                    let literal = argument.dropFirst().prefix { $0 != "\"" }
                    if argument.dropFirst(literal.count + 1).first == "\"" { group = String(literal) }
                }
                facts.keychainSecurityGroup = Located(group, at: location)
            }
        }
    }

    static func read(_ path: String) -> Facts? {
        guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.plistLimit) else { return nil }
        // A commented-out element is not the project's (`<!--<ApplicationId>…</ApplicationId>-->`).
        let text = withoutComments(String(decoding: bytes, as: UTF8.self))
        var facts = Facts(file: path, referencesMSAL: text.contains("Microsoft.Identity.Client"))
        facts.namesEntitlements = namesEntitlements(in: text)
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let open = line.range(of: "<ApplicationId>"), let close = line.range(of: "</ApplicationId>"),
                open.upperBound <= close.lowerBound
            else { continue }
            let value = line[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !value.isEmpty, !value.contains("$(") {
                facts.applicationID = Located(value, at: SetupLocation(file: path, line: lineNumber))
                break
            }
        }
        return facts
    }

    /// The `Directory.Build.props` files MSBuild imports for `project`: in its folder and every folder above it, up
    /// to the file system's root (beyond the folder the doctor was given).
    static func buildPropsAbove(_ project: URL) -> [String] {
        var found = [String]()
        var folder = project.standardizedFileURL.deletingLastPathComponent()
        for _ in 0..<64 {
            let props = folder.appendingPathComponent("Directory.Build.props").path
            if FileManager.default.fileExists(atPath: props) { found.append(props) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return found
    }

    private static func namesEntitlements(in text: String) -> Bool {
        text.contains("CodesignEntitlements") || text.contains("CustomEntitlements")
    }

    private static func namesEntitlements(atPath path: String) -> Bool {
        guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.plistLimit) else { return false }
        return namesEntitlements(in: withoutComments(String(decoding: bytes, as: UTF8.self)))
    }

    /// C# `text` with its `//` and `/* */` comments blanked out, string literals and line breaks kept (a URL's `//`
    /// inside `"msauth.x://auth"` is not a comment).
    static func withoutCSharpComments(_ text: String) -> String {
        var result = [UInt8]()
        result.reserveCapacity(text.utf8.count)
        let bytes = Array(text.utf8)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if inString {
                result.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    result.append(next)
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte == UInt8(ascii: "\n") {
                    inString = false  // an unterminated literal ends with its line
                }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    if bytes[index] == UInt8(ascii: "\n") { result.append(UInt8(ascii: "\n")) }
                    index += 1
                }
                index += 2
                continue
            } else {
                if byte == UInt8(ascii: "\"") { inString = true }
                result.append(byte)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` with its XML comments blanked out, line breaks kept (so line numbers stay the file's).
    static func withoutComments(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "<!--") {
            result += rest[..<open.lowerBound]
            let close = rest[open.upperBound...].range(of: "-->")
            let comment = rest[open.lowerBound..<(close?.upperBound ?? rest.endIndex)]
            result += String(repeating: "\n", count: comment.filter { $0 == "\n" }.count)
            rest = rest[(close?.upperBound ?? rest.endIndex)...]
        }
        return result + rest
    }

    /// A .NET app that does not reference MSAL is listed as skipped; one that does gets its bundle id from the project
    /// when the Info.plist has none, and its C# configuration.
    static func apply(_ facts: Facts?, to setup: inout AppSetup) {
        guard let facts else { return }
        guard facts.referencesMSAL else {
            setup.skipped =
                "a .NET app whose project (\((facts.file as NSString).lastPathComponent)) does not reference MSAL "
                + "(Microsoft.Identity.Client)"
            return
        }
        // The redirect URI MSAL.NET is given is not read from the C#.
        setup.referencesMSAL = true
        setup.configuresMSAL = false
        setup.msalNET = MSALNETConfiguration(
            broker: facts.broker,
            macCatalyst: setup.macCatalyst || setup.name.split(separator: "/").contains("MacCatalyst"))
        if let group = facts.keychainSecurityGroup { setup.keychainSharingGroup = group }
        // No Entitlements.plist beside the app and none named by the project: the app is signed without a
        // keychain-access-groups entry, and MSAL.NET's first keychain write fails (missing_entitlements).
        if setup.keychain == nil, !facts.namesEntitlements, setup.missingFiles.isEmpty {
            setup.keychain = .entitlements(
                groups: [], location: SetupLocation(file: facts.file, keyPath: "CodesignEntitlements"))
        }
        if setup.bundleIdentifier == nil, let id = facts.applicationID {
            setup.bundleIdentifier = Located(.resolved(id.value), at: id.location)
        }
    }
}

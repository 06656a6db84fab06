internal import Foundation

/// A .NET MAUI (or Xamarin) app's `.csproj` above its `Platforms/iOS` folder: the bundle id its Info.plist leaves
/// out (`<ApplicationId>`), and whether the app uses MSAL at all (`Microsoft.Identity.Client` in the project or its
/// C# files, which are otherwise not read). Without it every MAUI sample in a folder would be judged as an MSAL app.
enum DotNetProject {
    struct Facts {
        var file: String
        var applicationID: Located<String>?
        var referencesMSAL: Bool
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
                // Central package management keeps the reference out of the .csproj: the C# sources tell.
                if !facts.referencesMSAL {
                    facts.referencesMSAL = files.lazy.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".cs") }
                        .prefix(SourceFiles.maximumSources)
                        .contains { file in
                            let path = (root as NSString).appendingPathComponent(file)
                            guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.sourceLimit) else {
                                return false
                            }
                            return String(decoding: bytes, as: UTF8.self).contains("Microsoft.Identity.Client")
                        }
                }
                return facts
            }
            guard !current.isEmpty else { return nil }
            current = current.contains("/") ? String(current[..<current.lastIndex(of: "/")!]) : ""
        }
    }

    static func read(_ path: String) -> Facts? {
        guard let bytes = try? BoundedFile.read(path, limit: BoundedFile.plistLimit) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        var facts = Facts(file: path, referencesMSAL: text.contains("Microsoft.Identity.Client"))
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

    /// A .NET app that does not reference MSAL is listed as skipped; one that does gets its bundle id from the
    /// project when the Info.plist has none.
    static func apply(_ facts: Facts?, to setup: inout AppSetup) {
        guard let facts else { return }
        guard facts.referencesMSAL else {
            setup.skipped =
                "a .NET app whose project (\((facts.file as NSString).lastPathComponent)) does not reference MSAL "
                + "(Microsoft.Identity.Client)"
            return
        }
        // MSAL.NET is configured in C#, which the doctor does not read: its redirect URI is not known.
        setup.referencesMSAL = true
        setup.configuresMSAL = false
        if setup.bundleIdentifier == nil, let id = facts.applicationID {
            setup.bundleIdentifier = Located(.resolved(id.value), at: id.location)
        }
    }
}

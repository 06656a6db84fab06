internal import Foundation

/// A built `.app` folder: iOS's flat layout (`X.app/Info.plist`) or macOS's (`X.app/Contents/Info.plist`), the
/// entitlements from `archived-expanded-entitlements.xcent` (simulator and development builds) or else the ones the
/// executable's code signature embeds.
package enum AppBundleReader {
    /// The largest executable scanned for its signature's entitlements (read in chunks, never whole).
    static let executableLimit = 1 << 30

    package static func read(folder path: String) throws(DoctorInputError) -> AppSetup {
        let contents = (path as NSString).appendingPathComponent("Contents")
        let macOS = FileManager.default.fileExists(atPath: (contents as NSString).appendingPathComponent("Info.plist"))
        let base = macOS ? contents : path
        let infoPath = (base as NSString).appendingPathComponent("Info.plist")
        let info = try BoundedFile.propertyList(infoPath)
        var setup = AppSetup(name: (path as NSString).lastPathComponent)
        setup.platform = macOS ? .macOS : .iOS
        PlistFacts.applyInfo(info, file: infoPath, settings: BuildSettings(), to: &setup)
        let xcent = (base as NSString).appendingPathComponent("archived-expanded-entitlements.xcent")
        if FileManager.default.fileExists(atPath: xcent) {
            let plist = try BoundedFile.propertyList(xcent)
            PlistFacts.applyEntitlements(plist, file: xcent, settings: BuildSettings(), to: &setup)
        } else if let executable = info["CFBundleExecutable"]?.string {
            let binary = ((macOS ? (contents as NSString).appendingPathComponent("MacOS") : path) as NSString)
                .appendingPathComponent(executable)
            if let xml = try embeddedEntitlements(binary) {
                let plist = try PropertyListParser.dictionary(xml, file: "\(binary) (code signature entitlements)")
                PlistFacts.applyEntitlements(plist, file: binary, settings: BuildSettings(), to: &setup)
            }
        }
        return setup
    }

    /// The executable's embedded entitlements, read in 1 MiB chunks; nil when it is missing or unsigned.
    static func embeddedEntitlements(_ path: String) throws(DoctorInputError) -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path), let handle = FileHandle(forReadingAtPath: path) else {
            return nil
        }
        defer { try? handle.close() }
        var scanner = EmbeddedEntitlements()
        var total = 0
        while total < executableLimit, let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            total += chunk.count
            if !scanner.feed([UInt8](chunk)) { break }
        }
        return scanner.plist
    }
}

internal import Foundation

/// An `.ipa`: a zip holding `Payload/<Name>.app/`. Only the app's Info.plist, its archived entitlements (if any) and,
/// failing those, its executable (streamed through the signature scanner) are read; nothing is extracted to disk.
package enum IPAReader {
    package static func read(_ path: String) throws(DoctorInputError) -> [AppSetup] {
        let archive = try ZipArchive(path: path)
        let infos = archive.entries.filter { entry in
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 3 && parts[0] == "Payload" && parts[1].hasSuffix(".app") && parts[2] == "Info.plist"
        }
        guard !infos.isEmpty else {
            throw DoctorInputError(
                .unsupported, file: path,
                "a zip archive of \(archive.entries.count) entries with no Payload/<Name>.app/Info.plist: not an app")
        }
        var setups = [AppSetup]()
        for infoEntry in infos {
            let app = String(infoEntry.name.dropLast("Info.plist".count))
            let infoName = "\(path): \(infoEntry.name)"
            let info = try PropertyListParser.dictionary(
                try archive.contents(of: infoEntry, limit: BoundedFile.plistLimit), file: infoName)
            var setup = AppSetup(name: String(app.dropFirst("Payload/".count).dropLast()))
            setup.platform = .iOS
            PlistFacts.applyInfo(info, file: infoName, settings: BuildSettings(), to: &setup)
            if let xcent = archive.entries.first(where: { $0.name == app + "archived-expanded-entitlements.xcent" }) {
                let name = "\(path): \(xcent.name)"
                let plist = try PropertyListParser.dictionary(
                    try archive.contents(of: xcent, limit: BoundedFile.plistLimit), file: name)
                PlistFacts.applyEntitlements(plist, file: name, settings: BuildSettings(), to: &setup)
            } else if let executable = info["CFBundleExecutable"]?.string,
                let entry = archive.entries.first(where: { $0.name == app + executable })
            {
                var scanner = EmbeddedEntitlements()
                try archive.stream(entry, limit: AppBundleReader.executableLimit) { scanner.feed($0) }
                if let xml = scanner.plist {
                    let name = "\(path): \(entry.name)"
                    let plist = try PropertyListParser.dictionary(xml, file: name + " (code signature entitlements)")
                    PlistFacts.applyEntitlements(plist, file: name, settings: BuildSettings(), to: &setup)
                }
            }
            setups.append(setup)
        }
        return setups
    }
}

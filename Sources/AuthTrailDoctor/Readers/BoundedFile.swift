internal import Foundation

/// Reads whole files only up to a size fixed per kind of file, so a 1 GB file named `Info.plist` is refused after a
/// `stat`, never loaded.
package enum BoundedFile {
    /// Info.plist, entitlements, xcconfig: Xcode writes them in kilobytes.
    package static let plistLimit = 8 << 20
    /// A project file: large workspaces reach a few megabytes (MSAL's own is 0.8 MB).
    package static let projectLimit = 32 << 20
    /// One source file scanned for evidence.
    package static let sourceLimit = 2 << 20

    /// The file's size, or the error for a missing or unreadable path.
    package static func size(_ path: String) throws(DoctorInputError) -> Int {
        guard FileManager.default.fileExists(atPath: path) else {
            throw DoctorInputError(.missing, file: path, "no such file or folder")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.intValue
        else {
            throw DoctorInputError(.unreadable, file: path, "cannot read its attributes")
        }
        return size
    }

    /// The top-level dictionary of the property list at `path`, read within `plistLimit` (`PropertyListParser`).
    package static func propertyList(_ path: String) throws(DoctorInputError) -> PropertyListValue {
        try PropertyListParser.dictionary(try read(path, limit: plistLimit), file: path)
    }

    /// The file's bytes, refusing a file over `limit` bytes without reading it.
    package static func read(_ path: String, limit: Int) throws(DoctorInputError) -> [UInt8] {
        let size = try size(path)
        guard size <= limit else {
            throw DoctorInputError(
                .tooLarge, file: path, "\(size) bytes; the doctor reads at most \(limit) bytes for this kind of file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DoctorInputError(.unreadable, file: path, "cannot open the file")
        }
        defer { try? handle.close() }
        // Read one byte past the limit: a file that grew after the stat is still refused.
        guard let data = try? handle.read(upToCount: limit + 1) else {
            throw DoctorInputError(.unreadable, file: path, "cannot read the file")
        }
        guard data.count <= limit else {
            throw DoctorInputError(.tooLarge, file: path, "more than \(limit) bytes")
        }
        return [UInt8](data)
    }
}

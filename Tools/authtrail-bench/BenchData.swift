import ArgumentParser
import Foundation

/// A folder of generated inputs a benchmark reuses from run to run (`--data`): written once, then marked complete.
/// It is never written over a folder the benchmark did not make: pointed by mistake at a trail folder or a support
/// case, the benchmark stops and deletes nothing.
enum BenchData {
    /// Marks a folder as the benchmark's own from its first file on, so an interrupted write can be made again.
    private static let ownMarker = ".authtrail-bench"
    /// Marks a folder whose write finished.
    private static let completeMarker = ".complete"

    /// Makes `folder` with `write` unless an earlier run completed it; returns whether it wrote it.
    /// - Throws: when `folder` holds files the benchmark did not write (it is left as it is), or what `write` throws.
    @discardableResult
    static func prepare(_ folder: String, write: () throws -> Void) throws -> Bool {
        if FileManager.default.fileExists(atPath: "\(folder)/\(completeMarker)") { return false }
        try makeEmpty(folder)
        try write()
        _ = FileManager.default.createFile(atPath: "\(folder)/\(completeMarker)", contents: Data())
        return true
    }

    /// Makes `folder` an empty folder of the benchmark's own, clearing what an earlier run of it left.
    /// - Throws: when `folder` holds files the benchmark did not write; it is left as it is.
    static func makeEmpty(_ folder: String) throws {
        let files = FileManager.default
        let entries = (try? files.contentsOfDirectory(atPath: folder)) ?? []
        if !entries.isEmpty {
            guard entries.contains(ownMarker) else {
                throw ValidationError(
                    "\(folder) holds files this benchmark did not write (\(entries.count) entries, no "
                        + "\(ownMarker) marker); give an empty or new folder")
            }
            try files.removeItem(atPath: folder)
        }
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = files.createFile(atPath: "\(folder)/\(ownMarker)", contents: Data())
    }
}

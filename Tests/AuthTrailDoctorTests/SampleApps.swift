import AuthTrailDoctor
import Foundation

/// The real MSAL apps under Tests/SampleApps and copies of them with one planted mistake.
enum SampleApps {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleApps")

    static func path(_ relative: String) -> String {
        folder.appendingPathComponent(relative).path
    }

    /// The doctor's report on `paths` (relative to Tests/SampleApps, or absolute).
    static func report(_ paths: [String]) throws -> DoctorReport {
        DoctorReport(setups: try SetupReader.read(paths.map { $0.hasPrefix("/") ? $0 : path($0) }))
    }

    /// A copy of the sample `name` in a new temporary folder, with every `find` replaced by `replace` in `file`
    /// (which must contain it).
    static func mutatedCopy(_ name: String, file: String, find: String, replace: String) throws -> String {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authtrail-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let copy = target.appendingPathComponent(name)
        try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: copy)
        let edited = copy.appendingPathComponent(file)
        let text = try String(contentsOf: edited, encoding: .utf8)
        guard text.contains(find) else {
            throw MutationError(file: file, find: find)
        }
        try text.replacingOccurrences(of: find, with: replace).write(to: edited, atomically: true, encoding: .utf8)
        return copy.path
    }

    struct MutationError: Error {
        var file: String
        var find: String
    }
}

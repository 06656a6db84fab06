import Foundation

/// The committed inputs of the fuzz targets under `Tests/Fuzz/`: each target's seed corpus and its regressions,
/// which the unit tests replay through the fuzzer's invariants.
package enum FuzzInputs {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fuzz")

    /// `Corpus/<target>/…` then `Regressions/<target>/…`, relative to `Tests/Fuzz/`, sorted.
    package static func names(target: String) -> [String] {
        ["Corpus/\(target)", "Regressions/\(target)"].flatMap { subfolder -> [String] in
            let path = folder.appendingPathComponent(subfolder).path
            let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return files.sorted().map { "\(subfolder)/\($0)" }
        }
    }

    /// The bytes of the input named as `names(target:)` gives it.
    package static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }
}

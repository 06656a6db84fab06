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
        let url = folder.appendingPathComponent(name)
        // `Data(contentsOf:)` leaks a 4 KiB buffer on an empty file (FoundationEssentials in Swift 6.3.1; found by
        // LeakSanitizer in CI), and the corpora hold empty inputs on purpose.
        if try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int == 0 { return [] }
        return try [UInt8](Data(contentsOf: url))
    }
}

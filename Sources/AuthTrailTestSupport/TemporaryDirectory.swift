package import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
package struct TemporaryDirectory: Sendable {
    package let url: URL
    package var path: String { url.path }

    package init(_ label: String = "authtrail") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func remove() { try? FileManager.default.removeItem(at: url) }

    /// Paths of the files directly inside, sorted.
    package func files(withSuffix suffix: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(suffix) }.sorted().map {
            "\(path)/\($0)"
        }
    }
}

import AuthTrailDoctor
import Foundation
import Testing

/// The README's multi-target example is what the doctor prints on the corpus app it names.
@Suite("the README's multi-target doctor example")
struct ReadmeCorpusExampleTests {
    @Test("shows exactly what the doctor prints on the hand-written Flutter-like app with a share extension")
    func multiTargetExample() throws {
        let folder = DoctorCorpus.folder.path
        let report = DoctorReport(setups: try SetupReader.read([folder + "/handwritten-flutter-share"]))
        // The README runs it from Tests/DoctorCorpus, so paths print relative to that folder.
        let text = DoctorTextRendering.text(report).replacingOccurrences(of: folder + "/", with: "")
        let readme = try String(
            contentsOf: DoctorCorpus.folder.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("$ authtrail doctor handwritten-flutter-share"))
        #expect(readme.contains(text), "README.md's multi-target example differs from the output")
        #expect(report.results.map(\.setup.name) == ["Runner", "ShareExtension"])
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// The settings screen of the article's and the README's "send my logs" sample, compiled against the UIKit stand-ins
/// (a `UIViewController`, so its methods run on the main actor, as the sample needs).
final class SupportViewController: UIViewController {
    let trail: Trail
    /// What the sample shows the user when the export writes nothing; here kept for the test.
    private(set) var messages: [String] = []

    init(trail: Trail) {
        self.trail = trail
        super.init()
    }

    func showMessage(_ text: String) { messages.append(text) }
}

// BEGIN SNIPPET share-support-bundle
extension SupportViewController {
    /// "Send logs to support": one verified, redacted file, handed to the share sheet (Mail, Files, AirDrop…).
    func sendLogs() async {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("AuthTrail-logs.zst")
        do {
            // Flushes, then bundles the folder (the active segment as far as it was flushed; logging goes on),
            // scanned for residual personal data: the same file `authtrail bundle` writes.
            let summary = try await trail.exportSupportBundle(
                to: bundle, since: Date().addingTimeInterval(-7 * 24 * 3600))
            guard summary.isWritten else { return showMessage("There are no sign-in logs from the last 7 days.") }
            let share = UIActivityViewController(activityItems: [summary.url], applicationActivities: nil)
            present(share, animated: true)
        } catch {
            // Kinds, counts and file names only: the error never holds a value found in the logs.
            showMessage("The logs could not be prepared: \(error)")
        }
    }
}
// END SNIPPET share-support-bundle

@Suite("the share sample hands the user a bundle authtrail verify accepts")
@MainActor
struct ShareSheetSampleTests {
    @Test("the share sheet gets one bundle holding every recorded event, which the CLI verifies")
    func sharesAVerifiedBundle() async throws {
        let fixture = try SupportBundleFixture()
        defer { fixture.remove() }
        let trail = fixture.trail
        for index in 1...40 { trail.record(TrailEvent(name: .log, attempt: index, message: "step \(index)")) }

        let screen = SupportViewController(trail: trail)
        await screen.sendLogs()
        #expect(screen.messages.isEmpty)
        let share = try #require(screen.presented.first as? UIActivityViewController)
        let url = try #require(share.activityItems.first as? URL)
        defer { try? FileManager.default.removeItem(at: url) }

        let verified = try ProcessRunner.authtrail(["verify", url.path])
        #expect(verified.status == 0, "verify: \(verified.standardError)")
        let events = try ProcessRunner.authtrail(["cat", url.path])
        #expect(events.status == 0)
        let steps = events.text.split(separator: "\n").filter { $0.contains("\"step ") }
        #expect(steps.count == 40, "every recorded event is in the shared bundle")
    }

    @Test("an empty folder shares nothing and tells the user why")
    func emptyFolderSharesNothing() async throws {
        let fixture = try SupportBundleFixture()
        defer { fixture.remove() }
        let trail = fixture.trail
        let screen = SupportViewController(trail: trail)
        await screen.sendLogs()
        #expect(screen.presented.isEmpty)
        #expect(screen.messages == ["There are no sign-in logs from the last 7 days."])
    }
}

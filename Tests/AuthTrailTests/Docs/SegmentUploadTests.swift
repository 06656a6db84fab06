import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// The app's own upload queue in the article's upload sample (a background `URLSession` in a real app): here it only
/// keeps the files it is given, once each.
final class SegmentUploads: Sendable {
    private let queued = Locked<[URL]>([])

    /// Queues `segment` unless it is already queued (a segment recovered at launch can be both announced and listed).
    func enqueue(_ segment: URL) {
        queued.withLock { if !$0.contains(segment) { $0.append(segment) } }
    }

    var segments: [URL] { queued.withLock { $0 } }
}

/// The article's upload sample, compiled.
struct UploadingApp {
    let logsFolder: URL
    let uploads: SegmentUploads

    func openTrail() async throws -> Trail {
        // BEGIN SNIPPET upload-sealed-segments
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: logsFolder,
                // On the trail's writer thread, once per segment that will not change again: hand it over and return.
                onSegmentSealed: { segment in uploads.enqueue(segment) }))
        // Segments sealed before this launch (by the last run, or recovered after a crash) wait for upload too. Listing
        // them reads the folder on a thread of the trail's; at launch, call this from a `Task`.
        for segment in await trail.sealedSegments() { uploads.enqueue(segment) }
        // END SNIPPET upload-sealed-segments
        return trail
    }
}

@Suite("the article's upload sample hands every sealed segment to the app's queue")
struct SegmentUploadTests {
    @Test("each shutdown seals a segment the hook hands over; the next launch lists the sealed segments again")
    func sealedSegmentsReachTheQueue() async throws {
        let directory = try TemporaryDirectory("authtrail-uploads")
        defer { directory.remove() }
        let uploads = SegmentUploads()
        let trail = try await UploadingApp(logsFolder: directory.url, uploads: uploads).openTrail()
        #expect(uploads.segments.isEmpty, "nothing was sealed before the first launch")

        for index in 0..<100 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        #expect(await trail.flush(timeout: .testWait))
        #expect(uploads.segments.isEmpty, "a flush leaves the active segment open")
        #expect(await trail.shutdown(timeout: .testWait))
        #expect(uploads.segments.count == 1)
        for index in 100..<250 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        #expect(await trail.shutdown(timeout: .testWait))
        #expect(uploads.segments.count == 2, "recording after a shutdown starts a new segment")
        #expect(await uploads.segments == trail.sealedSegments())

        var attempts: [Int] = []
        for segment in uploads.segments {
            let decoded = try CollectingSink.decode(Array(try Data(contentsOf: segment)))
            #expect(decoded.issues.isEmpty, "\(segment.lastPathComponent) decodes completely")
            attempts += decoded.lines.filter { $0.contains("\"event.name\":\"log\"") }.compactMap {
                FolderContents.value(of: "attempt", in: $0, quoted: false).flatMap { Int($0) }
            }
        }
        #expect(attempts == Array(1...250))

        // The next launch, with an upload queue that lost its state: the listing hands over both segments again.
        let nextLaunch = SegmentUploads()
        _ = try await UploadingApp(logsFolder: directory.url, uploads: nextLaunch).openTrail()
        #expect(nextLaunch.segments == uploads.segments)
    }
}

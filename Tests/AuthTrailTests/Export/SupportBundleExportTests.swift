import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// `Trail.exportSupportBundle`: the bundle an app writes from inside itself is the bundle `authtrail bundle` writes,
/// with every flushed event of the sealed and the active segment, while the app goes on logging. Checked with the real
/// `authtrail` binary, real segments and real zstd.
@Suite("an app exports its trail as the support bundle authtrail bundle writes")
struct SupportBundleExportTests {
    /// Records events on a thread of its own until stopped, about one every 100 µs: an app that keeps logging while it
    /// exports.
    final class BackgroundLogger: Sendable {
        private let stopped = Locked(false)
        private let recorded = Locked(0)
        private let done = DispatchSemaphore(value: 0)

        init(trail: Trail) {
            let thread = Thread { [stopped, recorded, done] in
                var index = 0
                while !stopped.withLock({ $0 }) {
                    index += 1
                    let accepted = trail.record(TrailEvent(name: .log, message: "during export \(index)"))
                    if accepted { recorded.withLock { $0 += 1 } }
                    if index % 10 == 0 { usleep(1000) }
                }
                done.signal()
            }
            thread.start()
        }

        /// Events the trail accepted so far.
        var count: Int { recorded.withLock { $0 } }

        /// Stops the thread; returns how many events the trail accepted from it.
        func stop() -> Int {
            stopped.withLock { $0 = true }
            done.wait()
            return count
        }
    }

    @Test(
        "every flushed event of a sealed and the active segment is bundled while logging goes on; verify and report agree"
    )
    func sealedAndActiveSegments() async throws {
        let fixture = try SupportBundleFixture(rotatesAt: 32 << 10)
        defer { fixture.remove() }
        for event in SampleEvents.make(count: 3000) { fixture.trail.record(event) }
        #expect(await fixture.trail.flush(timeout: .testWait))
        let sealed = await fixture.trail.sealedSegments().map(\.path)
        let segments = try fixture.segments()
        #expect(!sealed.isEmpty, "the 32 KiB rotation sealed a segment")
        #expect(segments.count == sealed.count + 1, "and the active one is not sealed")
        let flushed = try fixture.folderLines()

        let logger = BackgroundLogger(trail: fixture.trail)
        while logger.count < 100 { usleep(1000) }
        let summary = try await fixture.trail.exportSupportBundle(to: fixture.bundle())
        let recordedDuring = logger.stop()
        // The logger can fill the queue to its memory cap when the writer is slow (a sanitizer, a loaded machine), and
        // a full queue refuses events: let it drain, so the events after the export are taken as an app's would be.
        #expect(await fixture.trail.flush(timeout: .testWait))
        for index in 1...100 { fixture.trail.record(TrailEvent(name: .log, message: "after export \(index)")) }
        #expect(await fixture.trail.flush(timeout: .testWait))

        let (_, manifest, lines) = try SupportBundleFixture.read(fixture.bundle())
        #expect(summary.isWritten && summary.url == fixture.bundle())
        #expect(summary.warnings.isEmpty, "the active segment's open frame is not damage: \(summary.warnings)")
        #expect(summary.residualFindingCount == 0)
        // The logger's events can fill the 32 KiB segment and begin another before the export lists the folder: every
        // segment there before the export is bundled, and none begun after it.
        let segmentsAfter = try fixture.segments().count
        #expect(summary.segmentCount >= segments.count && summary.segmentCount <= segmentsAfter)
        #expect((manifest["segments"] as? [[String: Any]])?.count == summary.segmentCount)
        #expect(summary.eventCount == lines.count && manifest["events"] as? Int == lines.count)
        // Every event flushed before the export, in the folder's order; after them only events of the logger
        #expect(lines.starts(with: flushed), "the bundle holds every flushed event of both segments, in order")
        // (and the `segment.start` line of a segment the logger began before the export listed the folder).
        #expect(
            lines.dropFirst(flushed.count).allSatisfy {
                $0.contains("during export") || $0.contains(#""event.name":"segment.start""#)
            })

        // Logging went on: every event recorded during and after the export is in the folder.
        let folder = try fixture.folderLines()
        #expect(folder.filter { $0.contains("\"during export ") }.count == recordedDuring)
        #expect(folder.filter { $0.contains("\"after export ") }.count == 100)
        #expect(fixture.trail.health.eventsWritten == 3000 + recordedDuring + 100)

        let verify = try ProcessRunner.authtrail(["verify", fixture.bundle().path])
        #expect(verify.status == 0, "\(verify.text)")
        #expect(verify.text == "\(fixture.bundle().path): OK (bundle, \(lines.count) events)\n")
        #expect(try SupportBundleFixture.reportedEvents(fixture.bundle().path) == lines.count)
    }

    @Test("on a quiet folder the app's bundle is authtrail bundle's, byte for byte, but for its time and writer")
    func sameBytesAsTheCLI() async throws {
        let fixture = try SupportBundleFixture(rotatesAt: 32 << 10)
        defer { fixture.remove() }
        for event in SampleEvents.make(count: 3000) { fixture.trail.record(event) }
        #expect(await fixture.trail.flush(timeout: .testWait))
        #expect(await fixture.trail.sealedSegments().count >= 1)

        let app = try await fixture.trail.exportSupportBundle(to: fixture.bundle("app.zst"))
        let cliPath = fixture.bundle("cli.zst").path
        let cli = try ProcessRunner.authtrail(["bundle", "-o", cliPath, fixture.logs.path])
        #expect(cli.status == 0, "\(cli.standardError)")
        #expect(cli.text.hasPrefix("Wrote \(cliPath): \(app.segmentCount) segments, \(app.eventCount) events"))

        let appBundle = try SupportBundleFixture.read(fixture.bundle("app.zst"))
        let cliBundle = try SupportBundleFixture.read(fixture.bundle("cli.zst"))
        #expect(appBundle.manifest["authtrail.tool_version"] as? String == "AuthTrail \(authTrailLibraryVersion)")
        #expect(cliBundle.manifest["authtrail.tool_version"] as? String == "authtrail \(authTrailLibraryVersion)")
        // The app's bundle with the CLI's creation time and writer in its manifest is the CLI's file.
        var manifest = String(decoding: Self.manifestPayload(appBundle.bytes), as: UTF8.self)
        for key in ["bundle.created_at", "authtrail.tool_version"] {
            let appValue = try #require(appBundle.manifest[key] as? String)
            let cliValue = try #require(cliBundle.manifest[key] as? String)
            manifest = manifest.replacingOccurrences(
                of: "\"\(key)\":\"\(appValue)\"", with: "\"\(key)\":\"\(cliValue)\"")
        }
        let rebuilt =
            SkippableFrame.encode(Array(manifest.utf8))
            + appBundle.bytes.dropFirst(8 + Self.manifestPayload(appBundle.bytes).count)
        #expect(rebuilt.count == cliBundle.bytes.count)
        #expect(rebuilt == cliBundle.bytes, "the bundles differ beyond the manifest's time and writer")

        #expect(try SupportBundleFixture.reportedEvents(fixture.bundle("app.zst").path) == app.eventCount)
        #expect(try SupportBundleFixture.reportedEvents(fixture.logs.path) == app.eventCount)
    }

    @Test(
        "residual personal data: the export refuses naming kind and count and writes nothing; allowed, it writes and counts"
    )
    func residualPersonalData() async throws {
        let email = "joni.sherman@contoso.com"
        let fixture = try SupportBundleFixture(level: .maskSecretsOnly)
        defer { fixture.remove() }
        fixture.trail.record(TrailEvent(name: .log, message: "signed in"))
        fixture.trail.record(TrailEvent(name: .log, message: "signed in as \(email)"))
        fixture.trail.record(TrailEvent(name: .log, message: "token refreshed for \(email)"))
        #expect(await fixture.trail.flush(timeout: .testWait))

        let bundle = fixture.bundle()
        do {
            try await fixture.trail.exportSupportBundle(to: bundle)
            Issue.record("the export wrote a bundle with residual personal data")
        } catch {
            #expect(error.code == .residualPersonalData)
            #expect(error.residualFindings == [.init(kind: "e-mail address", count: 2)])
            #expect(!"\(error)".contains(email) && !"\(error)".contains("contoso"), "the error shows a value")
            #expect("\(error)".contains("2 × e-mail address"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output.path).isEmpty, "nothing written")

        // The CLI refuses the same folder for the same count.
        let refused = try ProcessRunner.authtrail(["bundle", "-o", fixture.bundle("cli.zst").path, fixture.logs.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains(": 2 residual personal data or secret findings;"))

        let summary = try await fixture.trail.exportSupportBundle(to: bundle, allowResidualPII: true)
        #expect(summary.isWritten && summary.residualFindingCount == 2)
        let (_, manifest, lines) = try SupportBundleFixture.read(bundle)
        #expect(manifest["forced_with_findings"] as? Int == 2)
        #expect(lines.filter { $0.contains(email) }.count == 2)
        let verify = try ProcessRunner.authtrail(["verify", bundle.path])
        #expect(verify.status == 1, "verify accepted a bundle with an address")
    }

    @Test("since leaves out earlier events, and whole segments last written before it")
    func sinceDropsEarlierEvents() async throws {
        let now = Date()
        let clock = ManualTrailClock(start: now.addingTimeInterval(-3 * 3600))
        let fixture = try SupportBundleFixture(clock: clock)
        defer { fixture.remove() }
        // A sealed segment, last written (by its file's time) four hours ago, whose events say they are recent.
        fixture.trail.record(TrailEvent(name: .log, timestamp: now, message: "old segment"))
        #expect(await fixture.trail.shutdown(timeout: .testWait))
        let old = try #require(try fixture.segments().first)
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-4 * 3600)], ofItemAtPath: old)
        // The active segment: three events two hours ago, two events just now.
        clock.advance(by: .seconds(3600))
        for index in 1...3 {
            fixture.trail.record(TrailEvent(name: .log, timestamp: clock.now(), message: "earlier \(index)"))
        }
        for index in 1...2 {
            fixture.trail.record(TrailEvent(name: .log, timestamp: now, message: "recent \(index)"))
        }
        #expect(await fixture.trail.flush(timeout: .testWait))
        #expect(try fixture.segments().count == 2)

        let summary = try await fixture.trail.exportSupportBundle(
            to: fixture.bundle(), since: now.addingTimeInterval(-3600))
        let (_, manifest, lines) = try SupportBundleFixture.read(fixture.bundle())
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("\"recent ") }, "\(lines.count) events")
        #expect(summary.eventCount == 2 && summary.segmentCount == 1)
        let names = (manifest["segments"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        let active = try #require(try fixture.segments().last)
        #expect(names == [URL(fileURLWithPath: active).lastPathComponent])

        let everything = try await fixture.trail.exportSupportBundle(to: fixture.bundle("all.zst"))
        let folderEvents = try fixture.folderLines().count
        #expect(everything.segmentCount == 2 && everything.eventCount == folderEvents)
    }

    @Test("no byte of the bundle, compressed or decoded, holds the pseudonym key, raw or in hex")
    func keyNeverExported() async throws {
        let fixture = try SupportBundleFixture()
        defer { fixture.remove() }
        fixture.trail.setUser("joni.sherman@contoso.com")
        for event in SampleEvents.make(count: 500) { fixture.trail.record(event) }
        #expect(await fixture.trail.flush(timeout: .testWait))
        let summary = try await fixture.trail.exportSupportBundle(to: fixture.bundle())
        #expect(summary.isWritten && summary.eventCount > 500)

        let installID = try #require(fixture.trail.installID)
        let key = Array(try Data(contentsOf: fixture.keys.url.appendingPathComponent("\(installID).key")))
        #expect(key.count == 32)
        let hex = key.map { String(format: "%02x", $0) }.joined()
        let (bytes, manifest, lines) = try SupportBundleFixture.read(fixture.bundle())
        let decoded = Array(lines.joined(separator: "\n").utf8)
        for text in [bytes, decoded] {
            #expect(text.firstRange(of: key) == nil, "the raw key is in the bundle")
            #expect(text.firstRange(of: Array(hex.utf8)) == nil, "the key in hex is in the bundle")
            #expect(
                text.firstRange(of: Array(hex.uppercased().utf8)) == nil, "the key in upper-case hex is in the bundle")
        }
        let names = (manifest["segments"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(!names.isEmpty && names.allSatisfy { $0.hasPrefix("authtrail-") && $0.hasSuffix(".jsonl.zst") })
    }

    @Test("the bundle is 0600, and a refused or failed export leaves no temporary file beside it")
    func modeAndNoLeftovers() async throws {
        let fixture = try SupportBundleFixture()
        defer { fixture.remove() }
        fixture.trail.record(TrailEvent(name: .log, message: "hello"))
        try await fixture.trail.exportSupportBundle(to: fixture.bundle())
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.bundle().path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output.path) == ["ticket.authtrail.zst"])

        let missing = fixture.output.url.appendingPathComponent("no-such-folder/ticket.zst")
        do {
            try await fixture.trail.exportSupportBundle(to: missing)
            Issue.record("the export wrote into a missing folder")
        } catch {
            #expect(error.code == .unwritableDestination && error.path == missing.path)
        }
    }

    @Test("two exports to one destination at once both succeed, and the file left is a whole bundle verify accepts")
    func concurrentExportsToOneDestination() async throws {
        let fixture = try SupportBundleFixture()
        defer { fixture.remove() }
        for index in 1...200 { fixture.trail.record(TrailEvent(name: .log, message: "event \(index)")) }
        async let first = fixture.trail.exportSupportBundle(to: fixture.bundle())
        async let second = fixture.trail.exportSupportBundle(to: fixture.bundle())
        let summaries = try await [first, second]
        #expect(summaries.allSatisfy { $0.isWritten && $0.eventCount == summaries[0].eventCount })
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output.path) == ["ticket.authtrail.zst"])
        let verified = try ProcessRunner.authtrail(["verify", fixture.bundle().path])
        #expect(verified.status == 0, "verify: \(verified.standardError)")
    }

    @Test("a folder with no events since the given time writes nothing and says so")
    func nothingToSend() async throws {
        let fixture = try SupportBundleFixture()
        defer { fixture.remove() }
        fixture.trail.record(TrailEvent(name: .log, message: "hello"))
        let summary = try await fixture.trail.exportSupportBundle(
            to: fixture.bundle(), since: Date().addingTimeInterval(3600))
        #expect(!summary.isWritten && summary.eventCount == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output.path).isEmpty)
    }

    /// The manifest frame's payload at the start of `bundle`.
    static func manifestPayload(_ bundle: [UInt8]) -> ArraySlice<UInt8> {
        let size = Int(bundle[4]) | Int(bundle[5]) << 8 | Int(bundle[6]) << 16 | Int(bundle[7]) << 24
        return bundle[8..<(8 + size)]
    }
}

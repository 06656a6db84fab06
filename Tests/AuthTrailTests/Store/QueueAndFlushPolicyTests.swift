import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("the event queue and the flush policy")
struct QueueAndFlushPolicyTests {
    @Test(
        "when the queue fills, each severity stops at its share of the cap, so lower severities are dropped first",
        arguments: [(Severity.debug, 50), (.info, 75), (.warning, 90), (.error, 100)])
    func severitiesStopAtTheirShare(severity: Severity, percent: Int) {
        let limit = 1 << 20
        let queue = EventQueue(memoryLimitBytes: limit, wakeBytes: limit)
        let event = TrailEvent(name: .log, severity: severity, message: String(repeating: "x", count: 1000))
        var accepted = 0
        while queue.enqueue(event) { accepted += 1 }
        let size = EventQueue.estimatedBytes(event)
        #expect(accepted == limit * percent / 100 / size, "accepted \(accepted) events of \(size) bytes")
        #expect(queue.currentHealth.droppedBySeverity == [severity: 1])
        if severity < .error {
            #expect(
                queue.enqueue(TrailEvent(name: .log, severity: .error)),
                "an error still fits after \(severity) filled its share")
        }
    }

    @Test("drops are counted per severity, handed to the writer once, and the queue refills after it drains")
    func dropsAreCountedAndHandedOver() {
        let queue = EventQueue(memoryLimitBytes: 64 << 10, wakeBytes: 64 << 10)
        while queue.enqueue(TrailEvent(name: .log, severity: .debug)) {}
        for _ in 0..<3 { queue.enqueue(TrailEvent(name: .log, severity: .debug)) }
        var spare = [TrailEvent]()
        let batch = queue.next(deadline: Date(), take: true, returning: &spare)
        #expect(batch.drops == [.debug: 4])
        #expect(!batch.events.isEmpty)
        #expect(queue.enqueue(TrailEvent(name: .log, severity: .debug)), "space returned")
        let next = queue.next(deadline: Date(), take: true, returning: &spare)
        #expect(next.drops.isEmpty, "each drop is reported once")
        #expect(next.events.count == 1)
        #expect(queue.currentHealth.eventsDropped == 4, "health keeps the running total")
    }

    @Test("a burst beyond the memory cap is dropped without blocking, and a store.dropped event reports the counts")
    func burstWritesDroppedEvent() throws {
        let directory = try TemporaryDirectory("authtrail-burst")
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url, memoryLimitBytes: 16 << 10))
        let recorded = 50_000
        var accepted = 0
        for index in 0..<recorded where trail.record(TrailEvent(name: .log, severity: .debug, attempt: index + 1)) {
            accepted += 1
        }
        trail.record(TrailEvent(name: .log, severity: .info, message: "after the burst"))
        #expect(trail.shutdown(timeout: .testWait))
        let health = trail.health
        #expect(health.eventsDropped == recorded - accepted)
        #expect(health.eventsDropped > 0, "a 16 KiB queue cannot hold a 50k-event burst")
        #expect(health.eventsWritten == accepted + 1)
        let contents = try FolderContents(directory.path)
        let dropped = contents.events(named: "store.dropped")
        #expect(!dropped.isEmpty)
        let reported = dropped.compactMap {
            FolderContents.value(of: "dropped.debug", in: $0, quoted: true).flatMap { Int($0) }
        }
        #expect(reported.reduce(0, +) == health.eventsDropped, "every drop is reported in a store.dropped event")
        #expect(contents.events(named: "log").count == accepted + 1)
    }

    @Test("an error-level event is flushed without flush(), even with an hour-long flush interval")
    func errorEventIsFlushedAtOnce() throws {
        let directory = try TemporaryDirectory("authtrail-error")
        defer { directory.remove() }
        let trail = try Trail(
            configuration: TrailConfiguration(directory: directory.url, flushInterval: .seconds(3600)))
        trail.record(TrailEvent(name: .log, severity: .info, attempt: 1))
        trail.record(TrailEvent(name: .log, severity: .error, attempt: 2))
        #expect(waitForLines(named: "log", count: 2, in: directory.path), "both events became readable")
        trail.record(TrailEvent(name: .log, severity: .info, attempt: 3))
        #expect(trail.flush(timeout: .testWait))
        #expect(try FolderContents(directory.path).events(named: "log").count == 3)
        #expect(trail.shutdown(timeout: .testWait))
    }

    @Test("a full buffer is flushed without flush(), even with an hour-long flush interval")
    func fullBufferIsFlushed() throws {
        let directory = try TemporaryDirectory("authtrail-buffer")
        defer { directory.remove() }
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, flushInterval: .seconds(3600), flushBufferBytes: 4096))
        for event in SampleEvents.make(count: 200) { trail.record(event) }
        #expect(waitForLines(named: "acquisition.start", count: 80, in: directory.path), "most events became readable")
        #expect(trail.shutdown(timeout: .testWait))
    }

    @Test("secrets in free text never reach the file: redaction runs on the writer thread before writing")
    func redactionHappensBeforeWriting() throws {
        let directory = try TemporaryDirectory("authtrail-redact")
        defer { directory.remove() }
        let secret = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl"
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        trail.record(TrailEvent(name: .log, message: "token \(secret) for alice@contoso.com"))
        #expect(trail.shutdown(timeout: .testWait))
        let text = try FolderContents(directory.path).lines.joined(separator: "\n")
        #expect(!text.contains(secret), "the JWT was written in clear")
        #expect(!text.contains("alice@contoso.com"), "the e-mail address was written in clear")
        #expect(text.contains("<jwt:removed>"))
    }

    @Test("the folder is 0700 and every file in it 0600")
    func permissions() throws {
        let parent = try TemporaryDirectory("authtrail-mode")
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("logs")
        let trail = try Trail(configuration: TrailConfiguration(directory: folder))
        trail.record(TrailEvent(name: .log))
        #expect(trail.shutdown(timeout: .testWait))
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        // The pseudonym key lives in the key store, not here (KeyStoreTests).
        #expect(
            Set(names.filter { !$0.hasSuffix(".jsonl.zst") }) == [".install-id", ".install-key-id"] && names.count == 3,
            "install id, recorded key id and one segment: \(names)")
        for name in names {
            let mode =
                try FileManager.default.attributesOfItem(atPath: "\(folder.path)/\(name)")[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name)")
        }
    }

    /// Polls the folder until `count` lines named `name` decode, for at most 10 s (a bound for a loaded machine, not
    /// a speed assertion).
    private func waitForLines(named name: String, count: Int, in directory: String) -> Bool {
        for _ in 0..<1000 {
            if let contents = try? FolderContents(directory), contents.events(named: name).count >= count {
                return true
            }
            usleep(10_000)
        }
        return false
    }
}

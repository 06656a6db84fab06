import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("the store after kill -9")
struct CrashSafetyTests {
    @Test(
        "kill -9 during heavy writing loses no flushed event over 20 trials, and each next start seals the torn segment"
    )
    func killNineLosesNothingFlushed() throws {
        let directory = try TemporaryDirectory("authtrail-kill")
        defer { directory.remove() }
        var random = SplitMix64(seed: 9)
        var expected = [String: Int]()
        for _ in 0..<20 {
            let flushes = 1 + Int(random.next() % 40)
            let (pid, lastFlushed) = try StressChild.killAfterFlushes(
                directory: directory.path, every: 200, flushes: flushes)
            expected["\(pid)-t0"] = lastFlushed + 1

            // Right after the kill, before anyone seals it: every flushed event is readable, and the only issue is
            // the torn tail of the dead child's active segment.
            let contents = try FolderContents(directory.path)
            let attempts = contents.attemptsByOperation["\(pid)-t0"] ?? []
            let gap = FolderContents.gap(in: attempts, expectedCount: lastFlushed + 1)
            #expect(gap == nil, "pid \(pid): every flushed event readable, in order")
            #expect(contents.issues.allSatisfy { $0.issue.kind == .truncatedFrame }, "\(contents.issues.map(\.issue))")
            #expect(contents.issues.count <= 1, "only the dead child's active segment is torn")
        }

        // The next start (here: this process) seals the last torn segment; then every file is whole.
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, retention: .init(maxSegmentCount: 10_000, maxTotalBytes: 1 << 40)))
        trail.record(TrailEvent(name: .log, message: "after the crashes"))
        #expect(trail.shutdown(timeout: .testWait))
        let contents = try FolderContents(directory.path)
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        #expect(try StressChild.zstdAccepts(contents.files))
        let attempts = contents.attemptsByOperation
        var lost = 0
        for (operation, flushed) in expected {
            let found = attempts[operation] ?? []
            let gap = FolderContents.gap(in: found, expectedCount: flushed)
            #expect(gap == nil, "\(operation): flushed events survive sealing")
            lost += max(0, flushed - found.count)
        }
        // The figure docs/RELIABILITY.md quotes.
        print(
            "reliability: kill -9: \(expected.count) trials, \(expected.values.reduce(0, +)) flushed events checked, \(lost) lost"
        )
        for file in contents.files {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(SegmentSeal.isSeal(Array(bytes.suffix(16))), "\(file) is sealed")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty, "temporary files are cleaned up: \(leftovers)")
    }

    @Test("a torn segment is rewritten with every event, sealed, and never appended to; an open one is left alone")
    func tornSegmentIsSealedNotAppended() throws {
        let directory = try TemporaryDirectory("authtrail-torn")
        defer { directory.remove() }
        let metadata = SegmentMetadata(
            installID: "i", appID: "a", appVersion: "1", osName: "Linux", osVersion: "6", libraryVersion: "0",
            zstdVersion: "1.5", processID: 999_999, segmentSequence: 1, createdAt: "2026-11-20T10:00:00.000Z",
            redactionLevel: .maskAllPII, redactionKeyID: "k", compressionLevel: 3)
        let lines = (1...500).map { #"{"event.name":"log","attempt":\#($0)}"# }
        var live = metadata
        live.segmentSequence = 2
        let liveWriter = try SegmentWriter(directory: directory.path, metadata: live, compressionLevel: 3)
        try liveWriter.append(lines: Array("{\"event.name\":\"log\"}\n".utf8), count: 1)
        try liveWriter.flush(durable: false)
        let liveBytes = try Data(contentsOf: URL(fileURLWithPath: liveWriter.path))

        var tornPath = ""
        do {
            let torn = try SegmentWriter(directory: directory.path, metadata: metadata, compressionLevel: 3)
            tornPath = torn.path
            for line in lines { try torn.append(lines: Array((line + "\n").utf8), count: 1) }
            try torn.flush(durable: false)
            try torn.append(lines: Array("{\"event.name\":\"never flushed\"}\n".utf8), count: 1)
            _ = torn.abandon()  // what a crash leaves: flushed blocks, an unterminated frame, no seal
        }
        let before = try CollectingSink.decode(Array(try Data(contentsOf: URL(fileURLWithPath: tornPath))))
        #expect(before.issues.map(\.kind) == [.truncatedFrame])
        #expect(before.lines == lines)

        let sealed = SegmentDirectory(path: directory.path).sealTornSegments(active: nil)
        #expect(sealed == [URL(fileURLWithPath: tornPath).lastPathComponent])
        let after = Array(try Data(contentsOf: URL(fileURLWithPath: tornPath)))
        let decoded = try CollectingSink.decode(after)
        #expect(decoded.issues.isEmpty)
        #expect(decoded.lines == lines, "every recoverable event, in order")
        #expect(
            decoded.skippableFrames.first.map { String(decoding: $0.payload, as: UTF8.self) }
                == String(decoding: metadata.jsonBytes(), as: UTF8.self))
        #expect(Array(after.suffix(16)) == SegmentSeal.recovered)
        #expect(try StressChild.zstdAccepts([tornPath]))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: liveWriter.path)) == liveBytes, "an open segment is not touched")

        // A second pass finds nothing to do.
        #expect(SegmentDirectory(path: directory.path).sealTornSegments(active: nil).isEmpty)
        try liveWriter.close(durable: false)
    }

    @Test("a new Trail seals a dead process's torn segment at start, before any event, and writes into a new one")
    func startSealsBeforeWriting() throws {
        let directory = try TemporaryDirectory("authtrail-start")
        defer { directory.remove() }
        let metadata = SegmentMetadata(
            installID: "i", appID: "a", appVersion: "1", osName: "Linux", osVersion: "6", libraryVersion: "0",
            zstdVersion: "1.5", processID: 999_998, segmentSequence: 1, createdAt: "2026-11-20T10:00:00.000Z",
            redactionLevel: .maskAllPII, redactionKeyID: "k", compressionLevel: 1)
        let torn = try SegmentWriter(directory: directory.path, metadata: metadata, compressionLevel: 1)
        try torn.append(lines: Array("{\"event.name\":\"log\",\"attempt\":1}\n".utf8), count: 1)
        try torn.flush(durable: false)
        _ = torn.abandon()
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        #expect(trail.flush(timeout: .testWait))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: torn.path)))
        #expect(Array(bytes.suffix(16)) == SegmentSeal.recovered, "sealed before any event was recorded")
        #expect(try directory.files(withSuffix: ".jsonl.zst") == [torn.path], "no segment is created without events")
        trail.record(TrailEvent(name: .log, attempt: 2))
        #expect(trail.shutdown(timeout: .testWait))
        let files = try directory.files(withSuffix: ".jsonl.zst")
        #expect(files.count == 2, "the new event went to a new segment, never appended to the sealed one")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: torn.path))) == bytes)
    }
}

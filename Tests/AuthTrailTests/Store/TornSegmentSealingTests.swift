import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte ranges of the zstd frames in `bytes`, found by walking the frame format (skippable frames stepped over).
private func zstdFrames(in bytes: [UInt8]) -> [Range<Int>] {
    func little(_ offset: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    var frames = [Range<Int>]()
    var position = 0
    while position < bytes.count {
        if little(position, 4) & 0xFFFF_FFF0 == 0x184D_2A50 {
            position += 8 + little(position + 4, 4)
            continue
        }
        let start = position
        let descriptor = bytes[position + 4]
        let singleSegment = descriptor & 0x20 != 0
        position +=
            5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][Int(descriptor & 3)]
            + [singleSegment ? 1 : 0, 2, 4, 8][Int(descriptor >> 6)]
        while true {
            let header = little(position, 3)
            position += 3 + ((header >> 1) & 3 == 1 ? 1 : header >> 3)
            if header & 1 == 1 { break }
        }
        position += descriptor & 0x04 != 0 ? 4 : 0
        frames.append(start..<position)
    }
    return frames
}

@Suite("sealing a torn segment streams it")
struct TornSegmentSealingTests {
    @Test("a torn segment of several MB is sealed with exactly the lines it held, in frames of about 1 MiB")
    func severalMegabytes() throws {
        let directory = try TemporaryDirectory("authtrail-seal")
        defer { directory.remove() }
        let path = try tornSegment(in: directory.path, megabytes: 3, longLines: 2)
        let before = try CollectingSink.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(before.issues.map(\.kind) == [.truncatedFrame])
        #expect(before.lines.count > 60_000)
        #expect(before.lines.filter { $0.utf8.count > 2 << 20 }.count == 2, "the two long lines decode")

        let sealed = SegmentDirectory(path: directory.path).sealTornSegments(active: nil)
        #expect(sealed == [(path as NSString).lastPathComponent])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let after = try CollectingSink.decode(bytes)
        #expect(after.issues.isEmpty)
        #expect(after.lines.count == before.lines.count)
        #expect(after.lines == before.lines, "every complete event, in order, byte for byte")
        let metadata = { (sink: CollectingSink) in sink.skippableFrames.filter { $0.variant != SegmentSeal.variant } }
        #expect(metadata(after).map(\.payload) == metadata(before).map(\.payload), "the metadata frame")
        #expect(Array(bytes.suffix(16)) == SegmentSeal.recovered)
        #expect(try StressChild.zstdAccepts([path]))
        // Frames end once they hold 1 MiB, so a later reader holds back little while it verifies each.
        let frames = zstdFrames(in: bytes)
        #expect(frames.count > 30)
        for frame in frames {
            let lines = try CollectingSink.decode(Array(bytes[frame])).lines
            let content = lines.reduce(0) { $0 + $1.utf8.count + 1 }
            #expect(content - (lines.last?.utf8.count ?? 0) - 1 < 1 << 20, "a frame of \(content) bytes")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("another process sampling every file while a large torn segment is sealed finds no lock during the decode")
    func noLockWhileDecoding() throws {
        let directory = try TemporaryDirectory("authtrail-seal-locks")
        defer { directory.remove() }
        let path = try tornSegment(in: directory.path, megabytes: 8)
        let sampler = try LockSamplerChild(directory: directory.path)
        let sealed = SegmentDirectory(path: directory.path).sealTornSegments(active: nil)
        let seen = try #require(sampler.stop())
        #expect(sealed == [(path as NSString).lastPathComponent])
        // The sampler ran through the whole seal (it starts before and stops after): decoding, re-encoding and
        // synchronizing 8 MiB take far longer than 50 of its rounds. The lock is taken only for the final check and
        // rename, which a round may catch now and then; before, it was held all along.
        #expect(seen.rounds >= 50, "sampled through the seal: \(seen.rounds) rounds")
        #expect(seen.held <= 2, "locked in \(seen.held) of \(seen.rounds) rounds (first: \(seen.firstHeld))")
    }

    @Test("a running process's temporary file is a segment being created and stays; a dead process's is removed")
    func temporaryFilesOfLiveWritersStay() throws {
        let directory = try TemporaryDirectory("authtrail-temporary")
        defer { directory.remove() }
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer { sleeper.terminate() }
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        func temporary(writer: Int32) -> String {
            let segment = SegmentWriter.fileName(
                createdAt: "2026-11-20T10:00:00.000Z", processID: Int(writer), sequence: 1)
            let name = ".\(segment).\(UUID().uuidString).tmp"
            #expect(FileManager.default.createFile(atPath: directory.path + "/" + name, contents: Data([1, 2, 3])))
            return name
        }
        let ours = temporary(writer: getpid())
        let running = temporary(writer: sleeper.processIdentifier)
        let dead = temporary(writer: exited.processIdentifier)
        #expect(
            SegmentDirectory.segmentName(ofTemporary: dead).flatMap(SegmentDirectory.processID(inName:))
                == exited.processIdentifier)

        SegmentDirectory(path: directory.path).sealTornSegments(active: nil)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(left == [ours, running])
    }

    #if os(Linux)
    // The copy used to hold every line and the whole compressed result: some 35 MiB of heap for this 2 MiB segment
    // (70 MiB for the store's 4 MiB segments, measured by `authtrail-bench seal`). Here the child may grow its data
    // segment by 24 MiB at most; beyond that malloc fails and Swift traps, which the exit test sees.
    @Test(
        "sealing a 2 MiB torn segment fits in 24 MiB more heap",
        .disabled(if: Sanitizers.active != nil, Comment(rawValue: Sanitizers.heapLimitReason)))
    func boundedMemory() async {
        await #expect(processExitsWith: .success) {
            let directory = try TemporaryDirectory("authtrail-seal-memory")
            defer { directory.remove() }
            let path = try tornSegment(in: directory.path, megabytes: 2)
            let sealed = await HeapLimit.allowing(megabytes: 24) {
                SegmentDirectory(path: directory.path).sealTornSegments(active: nil)
            }
            guard sealed == [(path as NSString).lastPathComponent] else { exit(1) }
        }
    }
    #endif
}

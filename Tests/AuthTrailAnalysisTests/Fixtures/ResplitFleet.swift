import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// A fleet's events re-split into new segment files, as a pile of real files can split them: each install's
/// operations divided between one or two processes writing at overlapping times, each process's events cut into
/// files of random sizes, each file with or without a metadata frame, under random names. Every event line is kept
/// exactly once and each process's lines keep their order; the files are compressed by real zstd.
struct ResplitFleet {
    /// One install's event lines in the order its one process wrote them, and its first metadata frame's payload.
    struct Install {
        var metadata: [String: Any]
        var lines: [String]
    }

    let installs: [Install]

    /// Reads each folder as one install written by one process (its segments in name order).
    init(folders: [String]) throws {
        installs = try folders.map { folder in
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".zst") }
            var collector = RecordCollector()
            for name in names.sorted() { _ = try SegmentReader.read(path: "\(folder)/\(name)", into: &collector) }
            let payload = try #require(collector.segments.first).json
            let metadata = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
            return Install(metadata: metadata, lines: collector.lines)
        }
    }

    /// Writes the split `seed` chooses into `directory`, each install's operations divided between `processes`
    /// (a number the seed picks in that range); returns the files' paths in a random order.
    func write(seed: UInt64, to directory: URL, processes: ClosedRange<Int> = 1...2) throws -> [String] {
        var random = SplitMix64(seed: seed)
        var paths: [String] = []
        for install in installs {
            let processes = Int.random(in: processes, using: &random)
            var processOfOperation: [String: Int] = [:]
            var streams = [[String]](repeating: [], count: processes)
            for line in install.lines {
                let fields = try Self.fields(line)
                let process: Int
                if let operation = fields["operation.id"] as? String {
                    process = processOfOperation[operation] ?? Int.random(in: 0..<processes, using: &random)
                    processOfOperation[operation] = process
                } else {
                    process = Int.random(in: 0..<processes, using: &random)
                }
                streams[process].append(line)
            }
            for (process, stream) in streams.enumerated() {
                var rest = stream[...]
                var sequence = 0
                while !rest.isEmpty {
                    let count = Int.random(in: 1...max(1, stream.count / 3), using: &random)
                    let chunk = Array(rest.prefix(count))
                    rest = rest.dropFirst(count)
                    sequence += 1
                    var metadata = install.metadata
                    metadata["process.pid"] = 1_000 + process
                    metadata["segment.sequence"] = sequence
                    metadata["segment.created_at"] = try Self.fields(chunk[0])["timestamp"]
                    let path = directory.appendingPathComponent(
                        "resplit-\(String(random.next(), radix: 16)).jsonl.zst"
                    ).path
                    try Self.writeSegment(
                        path: path, lines: chunk, metadata: Bool.random(using: &random) ? metadata : nil)
                    paths.append(path)
                }
            }
        }
        return paths.shuffled(using: &random)
    }

    private static func fields(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Writes `lines` as one zstd frame, after a metadata frame holding `metadata` when it is given.
    static func writeSegment(path: String, lines: [String], metadata: [String: Any]?) throws {
        var bytes: [UInt8] = []
        if let metadata {
            bytes += SkippableFrame.encode(Array(try JSONSerialization.data(withJSONObject: metadata)))
        }
        let compressor = try ZstdCompressor()
        try compressor.write(Array(lines.map { $0 + "\n" }.joined().utf8), into: &bytes)
        try compressor.endFrame(into: &bytes)
        try SystemCalls.createFile(path, bytes: bytes)
    }
}

/// A seeded generator (SplitMix64), so a failing split can be written again from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

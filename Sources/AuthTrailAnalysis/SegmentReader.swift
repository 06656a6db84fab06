package import AuthTrail
import Foundation

/// What reading one input found: its events, its metadata frames, and what could not be decoded.
public struct SegmentReadResult: Sendable {
    public var path: String
    public var records: [LogRecord] = []
    /// Payloads of AuthTrail skippable frames (segment metadata), as JSON text.
    public var metadata: [String] = []
    package var issues: [DecodeIssue] = []
    /// Lines that were not JSON objects with an event name.
    public var invalidLines = 0
    /// The first invalid line, cut to 200 bytes, as a sample for the warning.
    public var invalidLineSample: String?

    /// One-line warnings naming the file and byte offset.
    public var warnings: [String] {
        var lines = issues.map { $0.message(file: path) }
        if invalidLines > 0 {
            lines.append("\(path): \(invalidLines) lines are not AuthTrail events, for example: \(invalidLineSample ?? "")")
        }
        return lines
    }
}

/// Reads segments and bundles: any sequence of zstd frames holding NDJSON events.
public enum SegmentReader {
    /// Reads the file at `path` ("-" for standard input).
    public static func read(path: String) throws -> SegmentReadResult {
        let descriptor = path == "-" ? 0 : try SystemCalls.open(path, write: false)
        defer { if path != "-" { SystemCalls.close(descriptor) } }
        var source = FileDescriptorSource(descriptor: descriptor)
        return try read(from: &source, name: path)
    }

    /// Reads bytes already in memory.
    public static func read(bytes: [UInt8], name: String) throws -> SegmentReadResult {
        var source = MemorySource(bytes)
        return try read(from: &source, name: name)
    }

    private static func read(from source: inout some ByteSource, name: String) throws -> SegmentReadResult {
        let reader = try ZstdStreamReader()
        var sink = Sink(result: SegmentReadResult(path: name))
        reader.read(from: &source, into: &sink)
        return sink.result
    }

    private struct Sink: DecodedStreamSink {
        var result: SegmentReadResult

        mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int) {
            guard variant == SkippableFrame.authTrailVariant else { return }
            result.metadata.append(String(decoding: payload, as: UTF8.self))
        }

        mutating func line(_ bytes: UnsafeRawBufferPointer) {
            guard !bytes.isEmpty else { return }
            if let record = LogRecord(jsonLine: bytes) {
                result.records.append(record)
            } else {
                result.invalidLines += 1
                if result.invalidLineSample == nil {
                    result.invalidLineSample = String(decoding: bytes.prefix(200), as: UTF8.self)
                }
            }
        }

        mutating func issue(_ issue: DecodeIssue) { result.issues.append(issue) }
    }
}

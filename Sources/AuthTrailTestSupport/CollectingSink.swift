package import AuthTrail

/// A `DecodedStreamSink` that keeps everything, for tests.
package struct CollectingSink: DecodedStreamSink {
    package var lines: [String] = []
    package var skippableFrames: [(variant: UInt8, payload: [UInt8])] = []
    package var issues: [DecodeIssue] = []

    package init() {}

    package mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int) {
        skippableFrames.append((variant, Array(payload)))
    }

    package mutating func line(_ bytes: UnsafeRawBufferPointer) { lines.append(String(decoding: bytes, as: UTF8.self)) }

    package mutating func issue(_ issue: DecodeIssue) { issues.append(issue) }

    /// Decodes `bytes` completely.
    package static func decode(_ bytes: [UInt8]) throws -> CollectingSink {
        let reader = try ZstdStreamReader()
        var source = MemorySource(bytes)
        var sink = CollectingSink()
        reader.read(from: &source, into: &sink)
        return sink
    }
}

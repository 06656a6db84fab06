package import AuthTrail

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits plain (uncompressed) text into lines for a `DecodedStreamSink`, as `ZstdStreamReader` does for decoded
/// frames: CRLF tolerated, a last line without a newline kept, a line longer than `lineLimit` skipped and reported as
/// `oversized line` with its byte offset, so memory stays within one chunk and one line whatever the input.
///
/// It keeps its place: `read(from:into:)` may be called again as a file grows (`tail -f` of a text log), a line not
/// yet ended waiting for the next call, and `finish(into:)` delivers it when the input ends.
package struct TextLineSplitter {
    package let lineLimit: Int
    package let chunkBytes: Int
    /// Bytes taken so far.
    package private(set) var offset = 0
    private var carry: [UInt8] = []
    private var skipping = false
    private var lineNumber = 0

    package init(lineLimit: Int = RawLogReader.maximumRecordBytes, chunkBytes: Int = 64 << 10) {
        self.lineLimit = lineLimit
        self.chunkBytes = max(chunkBytes, 1)
    }

    /// Whether everything taken so far ended with a line end (no line waits for its end).
    package var endsBetweenLines: Bool { carry.isEmpty && !skipping }

    /// Reads `source` to its end; `firstBytes` were read from it already. Returns the bytes read in all.
    package mutating func read(
        from source: inout some ByteSource, firstBytes: [UInt8], into sink: inout some DecodedStreamSink
    ) -> Int {
        firstBytes.withUnsafeBytes { take($0, into: &sink) }
        read(from: &source, into: &sink)
        finish(into: &sink)
        return offset
    }

    /// Reads what `source` holds now; a line without its end waits for the next call or `finish(into:)`.
    package mutating func read(from source: inout some ByteSource, into sink: inout some DecodedStreamSink) {
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try source.read(into: buffer) }
            }
            let count: Int
            do {
                count = try result.get()
            } catch {
                sink.issue(DecodeIssue(kind: .readError, offset: offset, cutLineBytes: carry.count, cause: "\(error)"))
                return
            }
            if count == 0 { return }
            chunk.withUnsafeBytes { take(UnsafeRawBufferPointer(rebasing: $0[..<count]), into: &sink) }
        }
    }

    /// Ends the input: a last line without its end is delivered.
    package mutating func finish(into sink: inout some DecodedStreamSink) {
        if !skipping, !carry.isEmpty { deliver(&carry, to: &sink) }
        carry.removeAll()
        skipping = false
    }

    /// Splits `bytes` into lines, keeping a line not yet ended.
    package mutating func take(_ bytes: UnsafeRawBufferPointer, into sink: inout some DecodedStreamSink) {
        var start = 0
        while start < bytes.count {
            let newline = memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
                .map { bytes.baseAddress!.distance(to: UnsafeRawPointer($0)) }
            let end = newline ?? bytes.count
            let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            if !skipping, carry.count + piece.count > lineLimit {
                sink.issue(
                    DecodeIssue(
                        kind: .oversizedLine, offset: offset + start,
                        cause: "line \(lineNumber + 1) is longer than \(lineLimit) bytes"))
                skipping = true
                carry.removeAll(keepingCapacity: false)
            }
            if !skipping { carry.append(contentsOf: piece) }
            guard newline != nil else { break }
            lineNumber += 1
            if !skipping { deliver(&carry, to: &sink) }
            skipping = false
            carry.removeAll(keepingCapacity: true)
            start = end + 1
        }
        offset += bytes.count
    }

    private func deliver(_ line: inout [UInt8], to sink: inout some DecodedStreamSink) {
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        line.withUnsafeBytes { sink.line($0) }
    }
}

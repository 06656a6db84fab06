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
package struct TextLineSplitter {
    package let lineLimit: Int
    package let chunkBytes: Int

    package init(lineLimit: Int = RawLogReader.maximumRecordBytes, chunkBytes: Int = 64 << 10) {
        self.lineLimit = lineLimit
        self.chunkBytes = max(chunkBytes, 1)
    }

    /// Reads `source` to its end; `firstBytes` were read from it already. Returns the bytes read in all.
    package func read(
        from source: inout some ByteSource, firstBytes: [UInt8], into sink: inout some DecodedStreamSink
    ) -> Int {
        var carry: [UInt8] = []
        var skipping = false
        var offset = 0
        var lineNumber = 0
        var chunk = [UInt8](repeating: 0, count: chunkBytes)

        func take(_ bytes: UnsafeRawBufferPointer) {
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

        firstBytes.withUnsafeBytes { take($0) }
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try source.read(into: buffer) }
            }
            let count: Int
            do {
                count = try result.get()
            } catch {
                sink.issue(DecodeIssue(kind: .readError, offset: offset, cutLineBytes: carry.count, cause: "\(error)"))
                return offset
            }
            if count == 0 { break }
            chunk.withUnsafeBytes { take(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        if !skipping, !carry.isEmpty { deliver(&carry, to: &sink) }
        return offset
    }

    private func deliver(_ line: inout [UInt8], to sink: inout some DecodedStreamSink) {
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        line.withUnsafeBytes { sink.line($0) }
    }
}

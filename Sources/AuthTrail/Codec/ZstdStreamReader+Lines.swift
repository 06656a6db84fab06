#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Splitting the decoded stream into lines: complete lines go to the sink, a cut or oversized line is counted.
extension ZstdStreamReader {

    /// Splits the current frame's verified output into lines and hands them to the sink.
    func release(into sink: inout some DecodedStreamSink) {
        guard frameOutputCount > 0 else { return }
        let count = frameOutputCount
        frameOutput.withUnsafeBytes { output in
            let bytes = UnsafeRawBufferPointer(rebasing: output[..<count])
            var lineStart = 0
            // A line carried over from the previous output, or being skipped as oversized, ends at the first newline.
            if skippingOversizedLine || !lineCarry.isEmpty, let newline = firstNewline(in: bytes, from: 0) {
                if skippingOversizedLine {
                    skippingOversizedLine = false
                } else if lineCarry.count + newline > limits.lineBytes {
                    reportOversizedLine(into: &sink)
                } else {
                    lineCarry.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[..<newline]))
                    deliver(lineCarry, to: &sink)
                }
                lineCarry.removeAll(keepingCapacity: true)
                lineStart = newline + 1
            }
            // Every other line lies whole in this output and is handed over in place. The loop touches no property
            // of the reader: per line, clearing the carry and counting cost exclusivity checks and a release.
            if !skippingOversizedLine && lineCarry.isEmpty {
                var delivered = 0
                while let newline = firstNewline(in: bytes, from: lineStart) {
                    Self.deliverLine(UnsafeRawBufferPointer(rebasing: bytes[lineStart..<newline]), to: &sink)
                    delivered += 1
                    lineStart = newline + 1
                }
                linesDelivered += delivered
            }
            let tail = bytes.count - lineStart
            if tail > 0 && !skippingOversizedLine {
                if lineCarry.count + tail > limits.lineBytes {
                    reportOversizedLine(into: &sink)
                    skippingOversizedLine = true
                    lineCarry.removeAll(keepingCapacity: false)
                } else {
                    lineCarry.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[lineStart...]))
                }
            }
        }
        frameOutputCount = 0
        decodedBlocksOutputCount = 0
    }

    func reportOversizedLine(into sink: inout some DecodedStreamSink) {
        sink.issue(
            DecodeIssue(
                kind: .oversizedLine, offset: bytesConsumed,
                cause: "line \(linesDelivered + 1) is longer than \(limits.lineBytes) bytes"))
    }

    func deliver(_ line: [UInt8], to sink: inout some DecodedStreamSink) {
        linesDelivered += 1
        line.withUnsafeBytes { Self.deliverLine($0, to: &sink) }
    }

    @inline(__always)
    static func deliverLine(_ line: UnsafeRawBufferPointer, to sink: inout some DecodedStreamSink) {
        var line = line
        // Tolerate CRLF line ends from files edited elsewhere.
        if let last = line.last, last == UInt8(ascii: "\r") { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
        sink.line(line)
    }

    /// After a corrupt block: delivers the complete lines of the blocks decoded before it, drops whatever output the
    /// failing block left (zstd leaves none, but nothing beyond a decoded block is trusted) and the partial line that
    /// ran into it; returns the complete lines dropped and the cut line's length.
    func keepDecodedBlocks(into sink: inout some DecodedStreamSink) -> (lines: Int, cut: Int) {
        let droppedLines = frameOutput[decodedBlocksOutputCount..<frameOutputCount].count { $0 == UInt8(ascii: "\n") }
        frameOutputCount = decodedBlocksOutputCount
        release(into: &sink)
        return (droppedLines, discardPartialLine())
    }

    /// Drops the current frame's unverified output; returns the complete lines dropped and the cut line's length.
    func dropFrameOutput() -> (lines: Int, cut: Int) {
        var lines = 0
        var lastNewline = -1
        for (index, byte) in frameOutput[..<frameOutputCount].enumerated() where byte == UInt8(ascii: "\n") {
            lines += 1
            lastNewline = index
        }
        // The carried partial line is completed by the dropped bytes, so it is lost with them.
        let cut: Int
        if lines > 0 {
            cut = frameOutputCount - lastNewline - 1
        } else {
            cut = skippingOversizedLine ? 0 : lineCarry.count + frameOutputCount
        }
        frameOutputCount = 0
        decodedBlocksOutputCount = 0
        lineCarry.removeAll(keepingCapacity: true)
        return (lines, cut)
    }

    /// Discards the unfinished last line after a failure; returns its length (0 when no line was cut).
    @discardableResult
    func discardPartialLine() -> Int {
        let cut = skippingOversizedLine ? 0 : lineCarry.count
        lineCarry.removeAll(keepingCapacity: true)
        skippingOversizedLine = false
        return cut
    }
}

@inline(__always)
private func firstNewline(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else { return nil }
    return base.distance(to: UnsafeRawPointer(found))
}

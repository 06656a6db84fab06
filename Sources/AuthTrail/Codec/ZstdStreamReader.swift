#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives what a `ZstdStreamReader` finds, in input order.
package protocol DecodedStreamSink {
    /// A skippable frame's payload (AuthTrail puts segment and bundle metadata there).
    mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int)
    /// One decoded line, without its newline. The buffer is valid only during the call.
    mutating func line(_ bytes: UnsafeRawBufferPointer)
    /// Something that could not be decoded; reading goes on after it where it can.
    mutating func issue(_ issue: DecodeIssue)
}

/// Reads any sequence of zstd frames (skippable frames included) and splits the decoded stream into lines.
///
/// The reader walks the frame format itself and hands zstd one complete block at a time, so it always knows where
/// the last decodable byte is. On an unterminated, torn or corrupt tail it delivers every complete line before it
/// and reports what it could not decode (bytes, dropped lines, a cut line) instead of failing the whole input:
/// `zstd -d`, DuckDB and most bindings either say nothing or fail everything there.
///
/// Damage inside a frame (a flipped bit, say) ends up one of two ways:
/// - zstd decodes every block but the frame's checksum differs: the frame's lines are held back until the checksum
///   verifies (up to `Limits.unverifiedFrameBytes`), so they are dropped and counted, never passed on altered;
/// - zstd rejects a block: the complete lines of the blocks before it are delivered (they decoded without error,
///   though the checksum can no longer vouch for them), the line running into the block and everything after it in
///   the frame is lost, and reading resumes at the next frame.
package final class ZstdStreamReader {
    package struct Limits: Sendable {
        /// Lines longer than this are skipped and reported, so memory stays bounded on hostile input.
        package var lineBytes = 16 << 20
        /// Skippable-frame payloads larger than this are stepped over without being delivered.
        package var skippablePayloadBytes = 16 << 20
        /// Decoded bytes of one frame held back for checksum verification before they are released unverified. Every
        /// frame AuthTrail writes fits: segments and bundles end a frame once it holds 1 MiB of lines. 8 MiB cost a
        /// report 6.5 MB of peak memory per input read at once on files written as one long frame.
        package var unverifiedFrameBytes = 2 << 20
        /// Compressed bytes read from the source at a time. The input window holds up to two reads: at 1 MiB they took
        /// 3 MB of every input read at once, with no gain in speed (`authtrail-bench hostile`, devices-twice).
        package var readChunkBytes = 256 << 10
        /// The largest frame window (as a power of two) the reader allocates; a frame asking for more is reported
        /// corrupt. nil keeps libzstd's limit (2^27, 128 MiB): a damaged header can ask for that much.
        package var windowLog: Int32?

        package init() {}
    }

    static let zstdMagic: UInt32 = 0xFD2F_B528

    let limits: Limits
    let context: OpaquePointer

    // The compressed input: window[position...] is unread; windowBase is the input offset of window[0].
    var window: [UInt8] = []
    var position = 0
    var windowBase = 0
    var sourceEnded = false
    var readBuffer: [UInt8] = []

    // The decoded stream: output of the current frame not yet verified (`frameOutput[..<frameOutputCount]`; zstd
    // decodes straight into the bytes after it, which copying every block from a scratch buffer cost about 5 % of a
    // report), and the unfinished last line.
    var frameOutput: [UInt8] = []
    var frameOutputCount = 0
    /// How much of `frameOutput[..<frameOutputCount]` came from blocks zstd decoded without error: what is kept when a
    /// later block of the frame turns out corrupt.
    var decodedBlocksOutputCount = 0
    var lineCarry: [UInt8] = []
    var skippingOversizedLine = false

    // Live reading (`readLive`): the end of the input is where a writer stopped for now, not a torn tail. `paused`
    // says the last read stopped in the middle of a frame or skippable frame and left its bytes unread;
    // `openFrame` is the frame whose header and whole blocks zstd has already taken.
    var live = false
    var paused = false
    var openFrame: OpenFrame?

    /// A frame a live read stopped inside, at a block boundary.
    struct OpenFrame {
        var start: Int
        var hasChecksum: Bool
        /// Its last block was read; only the checksum is missing.
        var awaitingChecksum = false
    }

    /// Lines delivered so far.
    package internal(set) var linesDelivered = 0
    /// Compressed bytes consumed so far.
    package var bytesConsumed: Int { windowBase + position }
    /// Bytes taken from the source so far (consumed, or waiting in the window for the rest of their block).
    package var bytesRead: Int { windowBase + window.count }
    /// Whether the last read ended between two frames with nothing left unfinished: no frame begun, no bytes
    /// waiting, no line without its end. What it read is whole so far.
    package var endsBetweenFrames: Bool {
        !paused && openFrame == nil && position == window.count && lineCarry.isEmpty && bytesRead > 0
    }

    package init(limits: Limits = Limits()) throws(ZstdError) {
        self.limits = limits
        context = try ZstdCalls.createDecompressionContext()
        if let windowLog = limits.windowLog {
            do throws(ZstdError) {
                try ZstdCalls.limitWindow(context, log: windowLog)
            } catch {
                ZstdCalls.freeDecompressionContext(context)
                throw error
            }
        }
    }

    deinit { ZstdCalls.freeDecompressionContext(context) }

    /// Reads `source` to its end, telling `sink` every skippable frame, line and issue.
    package func read(from source: inout some ByteSource, into sink: inout some DecodedStreamSink) {
        restart()
        readFrames(from: &source, into: &sink)
    }

    /// Reads what `source` holds now of a file a writer may still be appending to, and stops where it ends without
    /// calling that end torn: a frame or a line left unfinished there is kept, and the next call, with a source that
    /// goes on from the same offset (the same open descriptor once the file grew), resumes decoding exactly there.
    ///
    /// - Parameter final: the file will not grow any more (sealed, its writer gone): what is left unfinished is then
    ///   reported as `read(from:into:)` reports it (a torn tail, a cut line).
    ///
    /// Lines come out as soon as their block decodes only when `Limits.unverifiedFrameBytes` is 0; otherwise they
    /// wait for the frame's checksum as in `read(from:into:)`. The first call starts from the beginning of the input.
    package func readLive(from source: inout some ByteSource, into sink: inout some DecodedStreamSink, final: Bool) {
        live = !final
        defer { live = false }
        readFrames(from: &source, into: &sink)
    }

    /// Forgets the input read so far (a live one included).
    func restart() {
        window.removeAll(keepingCapacity: true)
        position = 0
        windowBase = 0
        sourceEnded = false
        frameOutputCount = 0
        decodedBlocksOutputCount = 0
        lineCarry.removeAll(keepingCapacity: true)
        skippingOversizedLine = false
        linesDelivered = 0
        paused = false
        openFrame = nil
    }

    func readFrames(from source: inout some ByteSource, into sink: inout some DecodedStreamSink) {
        sourceEnded = false
        paused = false
        do {
            if let frame = openFrame {
                openFrame = nil
                try readFrame(resuming: frame, from: &source, into: &sink)
            }
            while !paused, try ensure(4, from: &source) {
                let magic = window.littleEndianUInt32(at: position)
                if magic & SkippableFrame.magicMask == SkippableFrame.magicBase {
                    try readSkippableFrame(variant: UInt8(magic & 0x0F), from: &source, into: &sink)
                } else if magic == Self.zstdMagic {
                    try readFrame(resuming: nil, from: &source, into: &sink)
                } else {
                    let start = bytesConsumed
                    try resynchronize(from: &source)
                    discardPartialLine()
                    sink.issue(DecodeIssue(kind: .notZstd, offset: start, bytesLost: bytesConsumed - start))
                }
            }
            // Live: a frame stopped at its end, or fewer than 4 bytes of the next one, wait for the writer.
            if live { return }
            let trailing = window.count - position
            if trailing > 0 {
                // Fewer than 4 bytes left: the start of a frame magic is a frame cut right at its beginning.
                let magicPrefix: [UInt8] = [0x28, 0xB5, 0x2F]
                let kind: DecodeIssue.Kind =
                    window[position...].elementsEqual(magicPrefix.prefix(trailing)) ? .truncatedFrame : .notZstd
                let start = bytesConsumed
                position = window.count
                sink.issue(
                    DecodeIssue(kind: kind, offset: start, bytesLost: trailing, cutLineBytes: discardPartialLine()))
            } else if !lineCarry.isEmpty && !skippingOversizedLine {
                // The last frame ended cleanly: a final line without a newline is still a whole line.
                deliver(lineCarry, to: &sink)
                lineCarry.removeAll(keepingCapacity: true)
            }
        } catch {
            let cut = discardPartialLine()
            sink.issue(
                DecodeIssue(kind: .readError, offset: bytesConsumed, cutLineBytes: cut, cause: error.description))
        }
    }

    // MARK: Frames

    func readSkippableFrame(
        variant: UInt8, from source: inout some ByteSource, into sink: inout some DecodedStreamSink
    ) throws(SystemError) {
        let start = bytesConsumed
        guard try ensure(8, from: &source) else { return truncatedSkippable(start, into: &sink) }
        let size = Int(window.littleEndianUInt32(at: position + 4))
        if size <= limits.skippablePayloadBytes {
            guard try ensure(8 + size, from: &source) else { return truncatedSkippable(start, into: &sink) }
            window.withUnsafeBytes { bytes in
                sink.skippableFrame(
                    variant: variant,
                    payload: UnsafeRawBufferPointer(rebasing: bytes[(position + 8)..<(position + 8 + size)]),
                    offset: start)
            }
            position += 8 + size
        } else {
            position += 8
            var toSkip = size
            while toSkip > 0 {
                guard try ensure(1, from: &source) else { return truncatedSkippable(start, into: &sink) }
                let step = min(toSkip, window.count - position)
                position += step
                toSkip -= step
            }
        }
    }

    func truncatedSkippable(_ start: Int, into sink: inout some DecodedStreamSink) {
        // Live, the frame is still being written; nothing of it was taken (a payload too large to hold was stepped
        // over, and is reported as a torn one would be).
        if live && start == bytesConsumed {
            paused = true
            return
        }
        let lost = window.count - position
        position = window.count
        sink.issue(
            DecodeIssue(
                kind: .truncatedSkippableFrame, offset: start, bytesLost: lost, cutLineBytes: discardPartialLine()))
    }

    enum FrameFailure: Error {
        case truncated(blockStart: Int)
        /// zstd (or the frame walk) rejected the bytes from `damageStart` on: the frame header or a block.
        case corrupt(ZstdError?, damageStart: Int)
        case checksum(ZstdError)
        case read(SystemError)
    }

    func readFrame(
        resuming frame: OpenFrame?, from source: inout some ByteSource, into sink: inout some DecodedStreamSink
    ) throws(SystemError) {
        let frameStart = frame?.start ?? bytesConsumed
        var current = frame
        do {
            try decodeFrame(&current, from: &source, into: &sink)
            release(into: &sink)
        } catch .truncated(let blockStart) where live && nextFrameStart(after: blockStart) == nil {
            // The writer has not written the rest yet: keep the frame open (or, its header incomplete, unread).
            paused = true
            openFrame = current
        } catch {
            try handle(error, frameStart: frameStart, from: &source, into: &sink)
        }
    }

    func handle(
        _ failure: FrameFailure, frameStart: Int, from source: inout some ByteSource,
        into sink: inout some DecodedStreamSink
    ) throws(SystemError) {
        switch failure {
        case .truncated(let blockStart) where nextFrameStart(after: blockStart) != nil:
            // A block that claims to run past the end while a later frame exists is corruption, not a torn tail.
            try handle(.corrupt(nil, damageStart: blockStart), frameStart: frameStart, from: &source, into: &sink)
        case .truncated(let blockStart):
            // A crash or a cut copy: keep every complete block, report the rest.
            release(into: &sink)
            let lost = window.count - position
            position = window.count
            sink.issue(
                DecodeIssue(
                    kind: .truncatedFrame, offset: blockStart, bytesLost: bytesConsumed - blockStart,
                    cutLineBytes: discardPartialLine(), cause: lost == 0 ? "frame not terminated" : nil))
        case .checksum(let error):
            let dropped = dropFrameOutput()
            sink.issue(
                DecodeIssue(
                    kind: .checksumMismatch, offset: frameStart, linesDropped: dropped.lines, cutLineBytes: dropped.cut,
                    cause: error.name))
        case .corrupt(let error, let damageStart):
            // The blocks before the damaged one decoded without error: their complete lines are delivered, as after a
            // torn tail. What the damaged block held, and every later block of the frame (which zstd can only decode
            // after it), is lost; the line running into it is cut.
            let dropped = keepDecodedBlocks(into: &sink)
            // Rescan from the damaged block (a damaged frame header: from just after the frame's magic). The blocks
            // before it are whole, so no frame starts inside them.
            position = max(damageStart > frameStart ? damageStart : frameStart + 1, windowBase) - windowBase
            try resynchronize(from: &source)
            sink.issue(
                DecodeIssue(
                    kind: .corruptFrame, offset: damageStart, bytesLost: bytesConsumed - damageStart,
                    linesDropped: dropped.lines, cutLineBytes: dropped.cut, cause: error?.name))
        case .read(let error):
            throw error
        }
    }

    /// Walks one frame block by block, feeding each complete block to zstd.
    /// - Parameter frame: nil to start at a frame's magic, or the frame a live read stopped in; kept up to date, so a
    ///   live read that stops again knows where it is.
    func decodeFrame(
        _ frame: inout OpenFrame?, from source: inout some ByteSource, into sink: inout some DecodedStreamSink
    ) throws(FrameFailure) {
        if frame == nil { frame = try decodeFrameHeader(from: &source) }
        guard var current = frame else { return }
        decodedBlocksOutputCount = frameOutputCount
        while !current.awaitingChecksum {
            let blockStart = bytesConsumed
            guard try need(3, from: &source) else { throw FrameFailure.truncated(blockStart: blockStart) }
            let blockHeader = window.littleEndianUInt24(at: position)
            let isLast = blockHeader & 1 == 1
            let blockType = (blockHeader >> 1) & 3
            let blockSize = blockHeader >> 3
            // Block types: 0 raw, 1 RLE (one byte repeated blockSize times), 2 compressed, 3 reserved.
            guard blockType != 3, blockSize <= ZstdCalls.blockSizeMax else {
                throw FrameFailure.corrupt(nil, damageStart: blockStart)
            }
            let contentSize = blockType == 1 ? 1 : blockSize
            guard try need(3 + contentSize, from: &source) else { throw FrameFailure.truncated(blockStart: blockStart) }
            try feed(count: 3 + contentSize, damageStart: blockStart)
            if frameOutputCount > limits.unverifiedFrameBytes { release(into: &sink) }
            decodedBlocksOutputCount = frameOutputCount
            current.awaitingChecksum = isLast
            frame = current
        }
        if current.hasChecksum {
            let checksumStart = bytesConsumed
            guard try need(4, from: &source) else { throw FrameFailure.truncated(blockStart: checksumStart) }
            do {
                try feed(count: 4, damageStart: checksumStart)
            } catch .corrupt(let error?, _) where error.isChecksumMismatch {
                throw FrameFailure.checksum(error)
            }
        }
    }

    /// Parses the frame header at the current position and gives it to a freshly reset zstd context.
    func decodeFrameHeader(from source: inout some ByteSource) throws(FrameFailure) -> OpenFrame {
        let frameStart = bytesConsumed
        _ = try need(FrameHeader.maximumSize, from: &source)
        let available = min(window.count - position, FrameHeader.maximumSize)
        let headerSize: Int
        let hasChecksum: Bool
        switch FrameHeader(window[position..<(position + available)]) {
        case .valid(let size, let checksum):
            (headerSize, hasChecksum) = (size, checksum)
        case .incomplete:
            throw FrameFailure.truncated(blockStart: frameStart)
        case .invalid:
            throw FrameFailure.corrupt(nil, damageStart: frameStart)
        }
        do throws(ZstdError) {
            try ZstdCalls.resetDecompression(context)
        } catch {
            throw FrameFailure.corrupt(error, damageStart: frameStart)
        }
        try feed(count: headerSize, damageStart: frameStart)
        return OpenFrame(start: frameStart, hasChecksum: hasChecksum)
    }

    /// Gives the next `count` input bytes to zstd and collects all the output they make.
    /// - Parameter damageStart: the input offset a failure is reported at (the block's start).
    func feed(count: Int, damageStart: Int) throws(FrameFailure) {
        let room = ZstdCalls.decompressionOutputSize
        var offset = 0
        while true {
            if frameOutput.count < frameOutputCount + room { growFrameOutput(toHold: frameOutputCount + room) }
            let start = position + offset
            let filled = frameOutputCount
            let step = window.withUnsafeBytes { input in
                frameOutput.withUnsafeMutableBytes { output in
                    Result { () throws(ZstdError) in
                        try ZstdCalls.decompressStream(
                            context, input: UnsafeRawBufferPointer(rebasing: input[start..<(position + count)]),
                            output: UnsafeMutableRawBufferPointer(rebasing: output[filled..<(filled + room)]))
                    }
                }
            }
            switch step {
            case .failure(let error):
                position += count
                throw .corrupt(error, damageStart: damageStart)
            case .success(let (consumed, produced, _)):
                offset += consumed
                frameOutputCount += produced
                // Stop once all input is taken and zstd did not fill the output (so nothing is left to flush).
                if offset == count && produced < room {
                    position += count
                    return
                }
            }
        }
    }

    /// Grows `frameOutput` to hold `needed` bytes: doubling, but never past what the hold-back needs
    /// (`Limits.unverifiedFrameBytes`, one block and zstd's output step), into a fresh array with only the live bytes
    /// copied. Appending zeros doubled the array's capacity past the hold-back and held a temporary of the added size:
    /// 25 MB of a report's 36 MB heap peak on an input written as one long frame (heaptrack, `authtrail-bench
    /// hostile`).
    func growFrameOutput(toHold needed: Int) {
        let room = ZstdCalls.decompressionOutputSize
        let ceiling = limits.unverifiedFrameBytes + ZstdCalls.blockSizeMax + room
        var grown = [UInt8](repeating: 0, count: max(needed, min(2 * max(frameOutput.count, room), ceiling)))
        let live = frameOutputCount
        if live > 0 {
            grown.withUnsafeMutableBytes { target in
                frameOutput.withUnsafeBytes { source in
                    target.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: live)
                }
            }
        }
        frameOutput = grown
    }

    // MARK: Input window

    /// Makes at least `count` unread bytes available; false when the input ends first.
    func ensure(_ count: Int, from source: inout some ByteSource) throws(SystemError) -> Bool {
        while window.count - position < count {
            if sourceEnded { return false }
            if position > 0 {
                window.removeSubrange(0..<position)
                windowBase += position
                position = 0
            }
            if readBuffer.isEmpty { readBuffer = [UInt8](repeating: 0, count: limits.readChunkBytes) }
            let result = readBuffer.withUnsafeMutableBytes { bytes in
                Result { () throws(SystemError) in try source.read(into: bytes) }
            }
            let read = try result.get()
            window.append(contentsOf: readBuffer[0..<read])
            if read == 0 { sourceEnded = true }
        }
        return true
    }

    func need(_ count: Int, from source: inout some ByteSource) throws(FrameFailure) -> Bool {
        do throws(SystemError) { return try ensure(count, from: &source) } catch { throw .read(error) }
    }

    /// Skips forward to the next byte that starts a zstd or skippable frame magic, or to the end of the input.
    func resynchronize(from source: inout some ByteSource) throws(SystemError) {
        while try ensure(4, from: &source) {
            let found = window.withUnsafeBytes { bytes -> Int? in
                var index = position
                while index + 4 <= bytes.count {
                    if isFrameMagic(bytes.littleEndianUInt32(at: index)) { return index }
                    index += 1
                }
                return nil
            }
            if let found {
                position = found
                return
            }
            position = window.count - 3
            if sourceEnded { break }
        }
        position = window.count
    }

    /// The input offset of the first frame magic after `offset` in what has been read, if any.
    func nextFrameStart(after offset: Int) -> Int? {
        window.withUnsafeBytes { bytes -> Int? in
            var index = max(0, offset + 1 - windowBase)
            while index + 4 <= bytes.count {
                if isFrameMagic(bytes.littleEndianUInt32(at: index)) { return windowBase + index }
                index += 1
            }
            return nil
        }
    }

    func isFrameMagic(_ magic: UInt32) -> Bool {
        magic == Self.zstdMagic || magic & SkippableFrame.magicMask == SkippableFrame.magicBase
    }
}

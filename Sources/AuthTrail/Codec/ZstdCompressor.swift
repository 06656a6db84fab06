/// A streaming zstd compressor that writes one long frame and can make everything written so far decodable at any
/// moment without ending that frame.
///
/// A frame per flush would cost most of the ratio (about 1.4x for one-event frames against about 12x for one long
/// frame on auth events), so durability points use zstd's flush directive instead, and frames end only at rotation or
/// at a size bound. Frames carry content checksums: libzstd's default is off, and without one a flipped bit decodes to
/// silently wrong data.
package final class ZstdCompressor {
    private let context: OpaquePointer
    private var scratch: [UInt8]
    /// Uncompressed bytes given to the current frame so far.
    package private(set) var frameContentBytes = 0

    /// - Parameters:
    ///   - level: zstd compression level (1...19 make sense for logs; 3 is zstd's default).
    ///   - checksum: add a 4-byte XXH64 content checksum at the end of every frame.
    package init(level: Int32 = 3, checksum: Bool = true) throws(ZstdError) {
        context = try ZstdCalls.createCompressionContext()
        scratch = [UInt8](repeating: 0, count: ZstdCalls.compressionOutputSize)
        do throws(ZstdError) {
            try ZstdCalls.configure(context, level: level, checksum: checksum)
        } catch {
            ZstdCalls.freeCompressionContext(context)
            throw error
        }
    }

    deinit { ZstdCalls.freeCompressionContext(context) }

    /// Compresses `input`, appending whatever compressed bytes zstd chose to emit to `output`.
    package func write(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(ZstdError) {
        frameContentBytes += input.count
        try run(input, directive: .continue, into: &output)
    }

    /// Compresses `input` (for example one serialized event).
    package func write(_ input: [UInt8], into output: inout [UInt8]) throws(ZstdError) {
        let result = input.withUnsafeBytes { buffer in
            Result { () throws(ZstdError) in try write(buffer, into: &output) }
        }
        try result.get()
    }

    /// Emits everything written so far as complete blocks: once `output` is on disk, a reader can decode all of it,
    /// even if the process dies right after. The frame stays open, so later data still compresses against earlier data.
    package func flush(into output: inout [UInt8]) throws(ZstdError) {
        try run(UnsafeRawBufferPointer(start: nil, count: 0), directive: .flush, into: &output)
    }

    /// Ends the current frame (last block and checksum). The next write starts a new, independent frame.
    package func endFrame(into output: inout [UInt8]) throws(ZstdError) {
        try run(UnsafeRawBufferPointer(start: nil, count: 0), directive: .end, into: &output)
        frameContentBytes = 0
    }

    /// Drops any buffered input and starts a fresh frame, after a failed write made the stream unusable.
    package func reset() throws(ZstdError) {
        try ZstdCalls.resetSession(context)
        frameContentBytes = 0
    }

    private func run(
        _ input: UnsafeRawBufferPointer,
        directive: ZstdCalls.Directive,
        into output: inout [UInt8]
    ) throws(ZstdError) {
        var offset = 0
        while true {
            let remainingInput = UnsafeRawBufferPointer(rebasing: input[offset...])
            let result = scratch.withUnsafeMutableBytes { out in
                Result { () throws(ZstdError) in
                    try ZstdCalls.compressStream(context, input: remainingInput, output: out, directive: directive)
                }
            }
            let step = try result.get()
            offset += step.consumed
            if step.produced > 0 { output.append(contentsOf: scratch[0..<step.produced]) }
            let inputDone = offset == input.count
            switch directive {
            case .continue: if inputDone { return }
            case .flush, .end: if inputDone && step.remaining == 0 { return }
            }
        }
    }
}

/// The version of the libzstd the process runs against, for segment metadata.
package var zstdLibraryVersion: String { ZstdCalls.versionString }

import Foundation

extension SegmentDirectory {
    /// What sealing a torn segment may hold in memory, whatever the segment's size: it streams, decoding, compressing
    /// and writing as it goes (the store seals on the app's writer thread, and an app extension has a few tens of MB).
    ///
    /// - a frame's decoded lines until its checksum verifies: 1.25 MiB, the writer's 1 MiB frames whole (its output
    ///   buffer doubles as it grows, to at most 2 MiB);
    /// - the decoder's window: the one the segment was written with (512 KiB at level 1, 2 MiB at level 3, 8 MiB at
    ///   levels 17-19); a damaged header asking for more than 8 MiB fails its frame instead of allocating up to
    ///   libzstd's 128 MiB;
    /// - one line carried across frames: at most 4 MiB (the queue's default memory cap: no event the store takes is
    ///   larger). A longer line is skipped;
    /// - 128 KiB of compressed input and 256 KiB of compressed output, and the level-1 compressor (about 1 MiB).
    ///
    /// That is about 5 MiB for a segment written at level 1 (5.3 MiB measured for a torn 4 MiB segment, against
    /// 70.8 MiB when the rewrite held every line), 8 MiB with a 4 MiB line crossing a frame, 16 MiB at levels 17-19
    /// with such a line (docs/RELIABILITY.md, "Sealing a torn segment"; `authtrail-bench seal` measures it).
    package static let recoveryLimits: ZstdStreamReader.Limits = {
        var limits = ZstdStreamReader.Limits()
        limits.unverifiedFrameBytes = 5 << 18
        limits.windowLog = 23
        limits.lineBytes = 4 << 20
        limits.readChunkBytes = 128 << 10
        return limits
    }()

    /// Writes every decodable frame and line of the torn `file` (open at `descriptor`, `status` its `fstat`) into a
    /// new sealed file and renames it over the old one. Streams: nothing is held but what `recoveryLimits` bounds.
    ///
    /// The copy is made and synchronized without any lock. Only then is the segment's lock taken, to check that the
    /// path still names the same file, of the same size, still unsealed (a writer taken for dead that wrote meanwhile,
    /// another pass that sealed it first), and to rename. A writer that finds its file replaced later gets
    /// `SegmentTaken`.
    /// - Returns: false when the segment changed or was locked: it is left for a later pass.
    func rewrite(_ file: String, from descriptor: Int32, as status: FileStatus) throws -> Bool {
        let temporary = "\(path)/.authtrail-recover-\(SystemCalls.processID)-\(UUID().uuidString).tmp"
        let output = try SystemCalls.open(
            temporary, write: true, create: true, exclusive: true, append: true, mode: 0o600)
        defer { SystemCalls.close(output) }
        SystemCalls.applyProtection(protection, to: temporary)
        do {
            let reader = try ZstdStreamReader(limits: Self.recoveryLimits)
            var source = FileDescriptorSource(descriptor: descriptor)
            var sink = try RecoveryWriter(output: output)
            reader.read(from: &source, into: &sink)
            try sink.finish()
            try SystemCalls.synchronize(output)
            guard try SystemCalls.tryLockExclusive(descriptor) else {
                SystemCalls.unlink(temporary)
                return false
            }
            defer { SystemCalls.unlock(descriptor) }
            guard let current = try? SystemCalls.status(path: file), current.identity == status.identity,
                current.size == status.size, !Self.isSealed(descriptor, size: current.size)
            else {
                SystemCalls.unlink(temporary)
                return false
            }
            try SystemCalls.rename(temporary, to: file)
            return true
        } catch {
            SystemCalls.unlink(temporary)
            throw error
        }
    }
}

/// Copies the metadata frame and every complete line (with its newline) of a torn segment into the new file as the
/// reader delivers them, compressed in frames of about 1 MiB like the writer's, then the recovered seal.
private struct RecoveryWriter: DecodedStreamSink {
    private static let frameContentLimit = 1 << 20
    private static let writeThreshold = 128 << 10
    private static let newline: [UInt8] = [UInt8(ascii: "\n")]

    private let output: Int32
    private let compressor: ZstdCompressor
    /// Compressed bytes not yet written: at most `writeThreshold` plus what one line or frame end adds.
    private var pending: [UInt8] = []
    /// The first failure; the sink methods cannot throw, so everything after it is skipped and `finish` throws it.
    private var failure: (any Error)?

    init(output: Int32) throws(ZstdError) {
        self.output = output
        compressor = try ZstdCompressor(level: 1, checksum: true)
        pending.reserveCapacity(Self.writeThreshold * 2)
    }

    mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int) {
        guard variant != SegmentSeal.variant else { return }
        attempt { writer throws in
            // In input order: a frame in progress ends first.
            if writer.compressor.frameContentBytes > 0 { try writer.compressor.endFrame(into: &writer.pending) }
            writer.pending += SkippableFrame.encode(Array(payload), variant: variant)
        }
    }

    mutating func line(_ bytes: UnsafeRawBufferPointer) {
        attempt { writer throws in
            try writer.compressor.write(bytes, into: &writer.pending)
            try writer.compressor.write(Self.newline, into: &writer.pending)
            if writer.compressor.frameContentBytes >= Self.frameContentLimit {
                try writer.compressor.endFrame(into: &writer.pending)
            }
        }
    }

    mutating func issue(_ issue: DecodeIssue) {}

    /// Ends the last frame, appends the seal and writes what is left; throws the first failure of the whole copy.
    mutating func finish() throws {
        if let failure { throw failure }
        if compressor.frameContentBytes > 0 { try compressor.endFrame(into: &pending) }
        pending += SegmentSeal.recovered
        try SystemCalls.writeAll(output, pending)
        pending.removeAll()
    }

    private mutating func attempt(_ step: (inout Self) throws -> Void) {
        guard failure == nil else { return }
        do {
            try step(&self)
            if pending.count >= Self.writeThreshold {
                try SystemCalls.writeAll(output, pending)
                pending.removeAll(keepingCapacity: true)
            }
        } catch {
            failure = error
        }
    }
}

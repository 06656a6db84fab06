package import AuthTrail

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Redacts text as it streams through (`authtrail redact`): reads a source in chunks, cuts it into records at line
/// ends, redacts each run of whole records with the library's `Redactor` and writes it out, so memory stays within
/// about `chunkBytes` plus `recordLimit` (and the redactor's copies of them) whatever the input's size.
///
/// A record is one line, or the lines of a PEM block (`-----BEGIN …` to the line holding its `-----END `), which the
/// redactor removes as one piece: cut at its line ends, the key's body lines would be scanned one by one and could
/// survive. Every other rule of the redactor stops at a line end, so redacting record by record writes exactly what
/// redacting the whole text at once did.
///
/// A record longer than `recordLimit` is never held whole, and no part of it is written: a secret may straddle any
/// window it could be cut into. It is written as `<line:removed>` and reported with its line numbers.
package struct StreamRedactor {
    /// What replaces a record longer than the limit (a marker the redactor itself leaves alone).
    package static let placeholder = "<line:removed>"

    /// A record that was replaced: its first and last line (the same unless it is a PEM block).
    package struct OversizedRecord: Sendable, Hashable {
        package var firstLine: Int
        package var lastLine: Int

        package init(firstLine: Int, lastLine: Int) {
            self.firstLine = firstLine
            self.lastLine = lastLine
        }
    }

    /// Why redacting stopped: the input could not be read, or the output could not be written.
    package enum Failure: Error {
        case read(SystemError)
        case write(SystemError)
    }

    package let redactor: Redactor
    /// Bytes read from the source at a time.
    package let chunkBytes: Int
    /// The longest record redacted; longer ones are replaced. The segment reader's line limit by default.
    package let recordLimit: Int

    package init(redactor: Redactor, chunkBytes: Int = 1 << 20, recordLimit: Int = ZstdStreamReader.Limits().lineBytes)
    {
        self.redactor = redactor
        self.chunkBytes = max(chunkBytes, 1)
        self.recordLimit = recordLimit
    }

    /// Redacts `source` to its end into `descriptor`, writing after every chunk (so a pipe's reader sees each line as
    /// soon as it is complete), and calls `oversized` for every record replaced.
    package func redact(
        from source: inout some ByteSource, to descriptor: Int32, oversized: (OversizedRecord) -> Void
    ) throws(Failure) {
        var state = RecordState()
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(SystemError) in try source.read(into: buffer) }
                }.get()
            } catch {
                throw .read(error)
            }
            if count == 0 { break }
            try chunk.withUnsafeBytes { bytes in
                Result { () throws(Failure) in
                    try take(
                        UnsafeRawBufferPointer(rebasing: bytes[..<count]), pending: &pending, state: &state,
                        to: descriptor, oversized)
                }
            }.get()
        }
        if state.skipping {
            try write(Self.placeholder, to: descriptor)
            oversized(OversizedRecord(firstLine: state.recordFirstLine, lastLine: state.line))
            return
        }
        // The last record: a line without a newline, or a PEM block that never ends (removed to the end, as before).
        try pending.withUnsafeBytes { bytes in
            Result { () throws(Failure) in try redactAndWrite(bytes, to: descriptor) }
        }.get()
    }

    /// Where reading stands, besides the bytes held.
    private struct RecordState {
        /// `pending[..<scanned]` went through the PEM tracker.
        var scanned = 0
        /// The number of the line being read, and of the first line of its record.
        var line = 1
        var recordFirstLine = 1
        /// The current record outgrew the limit: its bytes are dropped until it ends.
        var skipping = false
        var pem = PEMMarkerTracker()

        /// Moves on past a line end; true when it ends the record.
        mutating func endLine() -> Bool {
            pem.endLine()
            line += 1
            guard !pem.isOpen else { return false }
            recordFirstLine = line
            return true
        }
    }

    /// Takes one chunk: writes the records it completes, keeps the unfinished one in `pending` (which starts at a
    /// record's start), or drops it once it is longer than the limit.
    private func take(
        _ chunk: UnsafeRawBufferPointer, pending: inout [UInt8], state: inout RecordState, to descriptor: Int32,
        _ oversized: (OversizedRecord) -> Void
    ) throws(Failure) {
        var start = 0
        while state.skipping, start < chunk.count {
            guard let newline = Self.firstNewline(in: chunk, from: start) else {
                state.pem.feed(UnsafeRawBufferPointer(rebasing: chunk[start...]))
                return
            }
            state.pem.feed(UnsafeRawBufferPointer(rebasing: chunk[start..<newline]))
            start = newline + 1
            let record = OversizedRecord(firstLine: state.recordFirstLine, lastLine: state.line)
            if state.endLine() {
                try write(Self.placeholder + "\n", to: descriptor)
                oversized(record)
                state.skipping = false
            }
        }
        pending.append(contentsOf: chunk[start...])
        // `pending[..<written]` is written, `pending[written..<recordStart]` is whole records not yet written.
        var written = 0
        var recordStart = 0
        try pending.withUnsafeBytes { pending in
            Result { () throws(Failure) in
                while let newline = Self.firstNewline(in: pending, from: state.scanned) {
                    state.pem.feed(UnsafeRawBufferPointer(rebasing: pending[state.scanned..<newline]))
                    state.scanned = newline + 1
                    let record = OversizedRecord(firstLine: state.recordFirstLine, lastLine: state.line)
                    guard state.endLine() else { continue }
                    if newline - recordStart > recordLimit {
                        try redactAndWrite(
                            UnsafeRawBufferPointer(rebasing: pending[written..<recordStart]), to: descriptor)
                        try write(Self.placeholder + "\n", to: descriptor)
                        oversized(record)
                        written = newline + 1
                    }
                    recordStart = newline + 1
                }
                state.pem.feed(UnsafeRawBufferPointer(rebasing: pending[state.scanned...]))
                try redactAndWrite(UnsafeRawBufferPointer(rebasing: pending[written..<recordStart]), to: descriptor)
            }
        }.get()
        pending.removeSubrange(..<recordStart)
        state.scanned = pending.count
        if pending.count > recordLimit {
            state.skipping = true
            pending = []
            state.scanned = 0
        }
    }

    private func redactAndWrite(_ text: UnsafeRawBufferPointer, to descriptor: Int32) throws(Failure) {
        guard !text.isEmpty else { return }
        try write(
            redactor.redact(text: String(decoding: text.assumingMemoryBound(to: UInt8.self), as: UTF8.self)),
            to: descriptor)
    }

    private func write(_ text: String, to descriptor: Int32) throws(Failure) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(SystemError) in try SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) }
        }
        do { try result.get() } catch { throw .write(error) }
    }

    private static func firstNewline(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}

/// Something a reader could not decode, said precisely enough for a one-line warning.
package struct DecodeIssue: Sendable, Hashable {
    package enum Kind: String, Sendable {
        /// The input ends inside a frame: a crash or a cut copy. Everything before the incomplete block was kept.
        case truncatedFrame = "truncated frame"
        /// zstd rejected a block (or a frame header): the complete lines of the frame's earlier blocks were kept,
        /// the rest of the frame was skipped and reading resumed at the next frame. `offset` is the rejected block.
        case corruptFrame = "corrupt frame"
        /// The frame decoded, but not to what was written (its checksum differs): all its lines were dropped, since
        /// any of them may be the altered one.
        case checksumMismatch = "checksum mismatch"
        /// Bytes that are not a zstd frame were skipped up to the next frame.
        case notZstd = "not zstd data"
        /// The input ends inside a skippable frame.
        case truncatedSkippableFrame = "truncated skippable frame"
        /// A decoded line longer than the reader's limit was skipped.
        case oversizedLine = "oversized line"
        /// The operating system failed a read.
        case readError = "read error"
    }

    package var kind: Kind
    /// Byte offset in the compressed input where the undecodable range starts.
    package var offset: Int
    /// Compressed bytes that could not be decoded.
    package var bytesLost: Int = 0
    /// Complete lines that were decoded but dropped because their frame failed.
    package var linesDropped: Int = 0
    /// Length of a partial line that was discarded; 0 when no line was cut.
    package var cutLineBytes: Int = 0
    /// zstd's error name, or the system's error text, when one caused the issue.
    package var cause: String?

    package init(
        kind: Kind, offset: Int, bytesLost: Int = 0, linesDropped: Int = 0, cutLineBytes: Int = 0, cause: String? = nil
    ) {
        self.kind = kind
        self.offset = offset
        self.bytesLost = bytesLost
        self.linesDropped = linesDropped
        self.cutLineBytes = cutLineBytes
        self.cause = cause
    }

    /// One line naming the file, the byte offset and what was lost.
    package func message(file: String) -> String {
        var parts = ["\(file): byte \(offset): \(kind.rawValue)"]
        if bytesLost > 0 { parts.append("\(bytesLost) bytes not decodable") }
        if linesDropped > 0 { parts.append("\(linesDropped) lines dropped") }
        if cutLineBytes > 0 { parts.append("a line was cut (\(cutLineBytes) bytes)") }
        if let cause { parts.append(cause) }
        return parts.joined(separator: ", ")
    }
}

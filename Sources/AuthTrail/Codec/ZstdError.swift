/// A failure reported by libzstd, carrying zstd's own error name so a message can say exactly what happened.
package struct ZstdError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `ZSTD_ErrorCode` value.
    package var code: Int
    /// zstd's name for the error, for example "Restored data doesn't match checksum".
    package var name: String
    /// The libzstd call that failed.
    package var operation: String

    package var description: String { "\(operation): \(name) (zstd error \(code))" }

    /// True when the failure is a content checksum mismatch (the data decoded, but not to what was written).
    package var isChecksumMismatch: Bool { code == ZstdCalls.checksumWrongCode }
}

internal import CZlib

/// Raw deflate (a zip entry's method 8) through zlib, the one place that calls it; the same calls on Linux
/// (zlib1g-dev) and Apple platforms (the SDK's libz), so there is no platform branch.
package enum Inflater {
    /// Inflates the chunks `next` hands out (nil at the end) and passes each inflated chunk to `output`, which returns
    /// false to stop early. Stops with an error past `limit` inflated bytes.
    /// - Returns: The number of bytes inflated.
    package static func inflate(
        next: () throws(DoctorInputError) -> [UInt8]?, limit: Int, file: String,
        output: ([UInt8]) -> Bool
    ) throws(DoctorInputError) -> Int {
        var stream = z_stream()
        // -15: a raw deflate stream with a 32 KiB window, no zlib header (what zip stores).
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DoctorInputError(.unreadable, file: file, "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while var input = try next() {
            if input.isEmpty { continue }
            var status = Z_OK
            try input.withUnsafeMutableBufferPointer { (inputBuffer) throws(DoctorInputError) in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = UInt32(inputBuffer.count)
                repeat {
                    let produced = buffer.withUnsafeMutableBufferPointer { outputBuffer -> Int in
                        stream.next_out = outputBuffer.baseAddress
                        stream.avail_out = UInt32(outputBuffer.count)
                        status = CZlib.inflate(&stream, Z_NO_FLUSH)
                        return outputBuffer.count - Int(stream.avail_out)
                    }
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw DoctorInputError(
                            .malformed, file: file, "damaged deflate data (zlib status \(status))", offset: total)
                    }
                    total += produced
                    guard total <= limit else {
                        throw DoctorInputError(.tooLarge, file: file, "inflates to more than \(limit) bytes")
                    }
                    if produced > 0, !output(Array(buffer[0..<produced])) {
                        status = Z_STREAM_END
                    }
                } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
            }
            if status == Z_STREAM_END { return total }
        }
        return total
    }
}

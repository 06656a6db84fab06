// libzstd's module: facebook/zstd's package (module `libzstd`, `ZSTD_error_*` in its `errors` submodule) on Apple
// platforms and under AUTHTRAIL_ZSTD_PACKAGE, else Sources/CZstd (the system library). Package.swift declares one or
// the other; this file is the only one that imports either.
#if AUTHTRAIL_UPSTREAM_ZSTD
internal import libzstd
internal import libzstd.errors
#else
internal import CZstd
#endif

/// The only place that calls libzstd. Every return value goes through `check`.
enum ZstdCalls {
    static let checksumWrongCode = Int(ZSTD_error_checksum_wrong.rawValue)
    static let blockSizeMax = Int(ZSTD_BLOCKSIZE_MAX)
    static let versionString = String(cString: ZSTD_versionString())

    /// Turns a size_t result into a value or a `ZstdError` naming the failed call.
    @inline(__always)
    static func check(_ result: Int, _ operation: String) throws(ZstdError) -> Int {
        if ZSTD_isError(result) != 0 {
            throw ZstdError(
                code: Int(ZSTD_getErrorCode(result).rawValue),
                name: String(cString: ZSTD_getErrorName(result)),
                operation: operation
            )
        }
        return result
    }

    // MARK: Compression

    static func createCompressionContext() throws(ZstdError) -> OpaquePointer {
        guard let context = ZSTD_createCCtx() else {
            throw ZstdError(
                code: Int(ZSTD_error_memory_allocation.rawValue), name: "Allocation error",
                operation: "ZSTD_createCCtx")
        }
        return context
    }

    static func freeCompressionContext(_ context: OpaquePointer) { ZSTD_freeCCtx(context) }

    static func configure(_ context: OpaquePointer, level: Int32, checksum: Bool) throws(ZstdError) {
        _ = try check(
            ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level), "ZSTD_CCtx_setParameter(compressionLevel)")
        _ = try check(
            ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, checksum ? 1 : 0),
            "ZSTD_CCtx_setParameter(checksumFlag)")
    }

    static func resetSession(_ context: OpaquePointer) throws(ZstdError) {
        _ = try check(ZSTD_CCtx_reset(context, ZSTD_reset_session_only), "ZSTD_CCtx_reset")
    }

    static let compressionOutputSize = ZSTD_CStreamOutSize()

    enum Directive { case `continue`, flush, end }

    /// One `ZSTD_compressStream2` call. Returns (bytes consumed, bytes produced, bytes still to flush).
    static func compressStream(
        _ context: OpaquePointer,
        input: UnsafeRawBufferPointer,
        output: UnsafeMutableRawBufferPointer,
        directive: Directive
    ) throws(ZstdError) -> (consumed: Int, produced: Int, remaining: Int) {
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let mode: ZSTD_EndDirective =
            switch directive {
            case .continue: ZSTD_e_continue
            case .flush: ZSTD_e_flush
            case .end: ZSTD_e_end
            }
        let remaining = try check(ZSTD_compressStream2(context, &outBuffer, &inBuffer, mode), "ZSTD_compressStream2")
        return (inBuffer.pos, outBuffer.pos, remaining)
    }

    // MARK: Decompression

    static func createDecompressionContext() throws(ZstdError) -> OpaquePointer {
        guard let context = ZSTD_createDCtx() else {
            throw ZstdError(
                code: Int(ZSTD_error_memory_allocation.rawValue), name: "Allocation error",
                operation: "ZSTD_createDCtx")
        }
        return context
    }

    static func freeDecompressionContext(_ context: OpaquePointer) { ZSTD_freeDCtx(context) }

    /// Frames whose window is larger than `2^log` bytes fail ("Frame requires too much memory") instead of making
    /// the context allocate it; libzstd's own limit is 2^27 (128 MiB).
    static func limitWindow(_ context: OpaquePointer, log: Int32) throws(ZstdError) {
        _ = try check(ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, log), "ZSTD_DCtx_setParameter(windowLogMax)")
    }

    static func resetDecompression(_ context: OpaquePointer) throws(ZstdError) {
        _ = try check(ZSTD_DCtx_reset(context, ZSTD_reset_session_only), "ZSTD_DCtx_reset")
    }

    static let decompressionOutputSize = ZSTD_DStreamOutSize()

    /// One `ZSTD_decompressStream` call. Returns (bytes consumed, bytes produced, hint): hint 0 means a frame ended.
    static func decompressStream(
        _ context: OpaquePointer,
        input: UnsafeRawBufferPointer,
        output: UnsafeMutableRawBufferPointer
    ) throws(ZstdError) -> (consumed: Int, produced: Int, hint: Int) {
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let hint = try check(ZSTD_decompressStream(context, &outBuffer, &inBuffer), "ZSTD_decompressStream")
        return (inBuffer.pos, outBuffer.pos, hint)
    }
}

// libFuzzer target for ZstdStreamReader: any bytes in, and the reader must neither crash nor hang, and everything it
// says must be consistent with the input (offsets inside it, no newline inside a delivered line).
// Built by Tools/fuzz.sh (SwiftPM target fuzz-frame-reader, only defined when AUTHTRAIL_FUZZ is set).

import AuthTrail

private struct CheckingSink: DecodedStreamSink {
    let inputSize: Int
    mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int) {
        precondition(offset >= 0 && offset + 8 + payload.count <= inputSize, "skippable frame outside the input")
    }
    mutating func line(_ bytes: UnsafeRawBufferPointer) {
        precondition(!bytes.contains(UInt8(ascii: "\n")), "a delivered line contains a newline")
    }
    mutating func issue(_ issue: DecodeIssue) {
        precondition(issue.offset >= 0 && issue.offset <= inputSize, "issue offset outside the input")
        precondition(
            issue.bytesLost >= 0 && issue.offset + issue.bytesLost <= inputSize, "lost bytes outside the input")
        precondition(issue.linesDropped >= 0 && issue.cutLineBytes >= 0)
    }
}

private let limits: ZstdStreamReader.Limits = {
    var limits = ZstdStreamReader.Limits()
    limits.lineBytes = 1 << 16
    limits.unverifiedFrameBytes = 1 << 16
    limits.readChunkBytes = 4096
    return limits
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func frameReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let reader = try? ZstdStreamReader(limits: limits) else { return 0 }
    var source = MemorySource(bytes)
    var sink = CheckingSink(inputSize: size)
    reader.read(from: &source, into: &sink)
    precondition(reader.bytesConsumed <= size)
    return 0
}

package import AuthTrail

/// Copies the lines of the events a filter keeps, each with its newline, to a file descriptor (standard output for
/// `authtrail cat`), in large writes.
package struct FilteredLineWriter: LogConsumer {
    package let filter: EventFilter
    package let descriptor: Int32
    private var buffer: [UInt8] = []
    package private(set) var linesWritten = 0
    /// The first write error; writing stops after it (a closed pipe, a full disk).
    package private(set) var writeError: SystemError?

    package init(filter: EventFilter, descriptor: Int32 = 1) {
        self.filter = filter
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 20)
    }

    package mutating func segment(_ info: SegmentInfo, path: String) {}

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        guard writeError == nil, filter.accepts(record) else { return }
        buffer.append(contentsOf: line)
        buffer.append(UInt8(ascii: "\n"))
        linesWritten += 1
        if buffer.count >= 1 << 20 { flush() }
    }

    /// Writes what is buffered.
    package mutating func flush() {
        guard writeError == nil, !buffer.isEmpty else { return }
        do {
            try SystemCalls.writeAll(descriptor, buffer)
        } catch {
            writeError = error
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

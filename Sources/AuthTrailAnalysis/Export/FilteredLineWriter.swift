package import AuthTrail

/// Copies the lines of the events a filter keeps, each with its newline, to a file descriptor (standard output for
/// `authtrail cat`), in large writes.
package struct FilteredLineWriter: LogConsumer {
    package let filter: EventFilter
    private var output: OutputBuffer
    package private(set) var linesWritten = 0
    /// The first write error; writing stops after it (a closed pipe, a full disk).
    package var writeError: SystemError? { output.writeError }

    package init(filter: EventFilter, descriptor: Int32 = 1) {
        self.filter = filter
        output = OutputBuffer(descriptor: descriptor)
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        guard writeError == nil, filter.accepts(record) else { return }
        output.append(line: line)
        linesWritten += 1
        if output.count >= 1 << 20 { flush() }
    }

    /// Writes what is buffered.
    package mutating func flush() { output.flush() }
}

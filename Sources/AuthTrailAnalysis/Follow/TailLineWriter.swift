package import AuthTrail

/// Formats the events a filter keeps as `TailLine`s and writes them to a file descriptor (standard output for
/// `authtrail tail`), or, while `lastLines` is set, keeps only the last that many, so `tail -n N` holds N lines
/// however much it reads.
package struct TailLineWriter: LogConsumer {
    package let filter: EventFilter
    /// Each event with its line when it is a log event (for its message, read when the line is written).
    private var output: TailOutput<(record: LogRecord, line: [UInt8]?)>
    /// Every event read, before the filter: none at all is "no readable event" for `tail` without `-f`.
    package private(set) var eventsRead = 0
    /// The first write error; writing stops after it (a closed pipe, a full disk).
    package var writeError: SystemError? { output.writeError }

    /// - Parameter lastLines: keep the last this many lines until `writeKeptLines()`; nil writes every line.
    package init(filter: EventFilter, colour: Bool, descriptor: Int32 = 1, lastLines: Int? = nil) {
        self.filter = filter
        output = TailOutput(descriptor: descriptor, lastLines: lastLines) { event in
            let message = event.line.flatMap { line in line.withUnsafeBytes(TailLine.message(of:)) }
            return TailLine.format(event.record, message: message, colour: colour)
        }
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        eventsRead += 1
        guard writeError == nil, filter.accepts(record) else { return }
        output.add((record, record.event == .log ? Array(line) : nil))
    }

    /// Writes the lines kept so far and writes every later line as it comes.
    package mutating func writeKeptLines() { output.writeKeptLines() }

    /// Writes what is buffered.
    package mutating func flush() { output.flush() }
}

package import AuthTrail

/// Formats the events a filter keeps as `TailLine`s and writes them to a file descriptor (standard output for
/// `authtrail tail`), or, while `lastLines` is set, keeps only the last that many, so `tail -n N` holds N lines
/// however much it reads.
package struct TailLineWriter: LogConsumer {
    package let filter: EventFilter
    package let colour: Bool
    /// While set, events are kept (the last `limit` of them) instead of written; formatted only when written, since
    /// most of what `tail -n` reads is never shown (a log event's line is kept for its message).
    private var kept: LastLines<(record: LogRecord, line: [UInt8]?)>?
    private var output: OutputBuffer
    package private(set) var linesWritten = 0
    /// Every event read, before the filter: none at all is "no readable event" for `tail` without `-f`.
    package private(set) var eventsRead = 0
    /// The first write error; writing stops after it (a closed pipe, a full disk).
    package var writeError: SystemError? { output.writeError }

    /// - Parameter lastLines: keep the last this many lines until `writeKeptLines()`; nil writes every line.
    package init(filter: EventFilter, colour: Bool, descriptor: Int32 = 1, lastLines: Int? = nil) {
        self.filter = filter
        self.colour = colour
        output = OutputBuffer(descriptor: descriptor)
        kept = lastLines.map { LastLines(limit: $0) }
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        eventsRead += 1
        guard writeError == nil, filter.accepts(record) else { return }
        if kept != nil {
            kept!.append((record, record.eventName == .log ? Array(line) : nil))
            return
        }
        write(record, message: record.eventName == .log ? TailLine.message(of: line) : nil)
        if output.count >= 64 << 10 { flush() }
    }

    private mutating func write(_ record: LogRecord, message: String?) {
        output.append(line: TailLine.format(record, message: message, colour: colour).utf8)
        linesWritten += 1
    }

    /// Writes the lines kept so far and writes every later line as it comes.
    package mutating func writeKeptLines() {
        guard let events = kept?.elements else { return }
        kept = nil
        for (record, line) in events {
            write(record, message: line.flatMap { line in line.withUnsafeBytes(TailLine.message(of:)) })
        }
        flush()
    }

    /// Writes what is buffered.
    package mutating func flush() { output.flush() }
}

/// The last `limit` elements appended, oldest first, in a ring of at most `limit` entries.
struct LastLines<Element> {
    let limit: Int
    private var ring: [Element] = []
    private var next = 0

    init(limit: Int) { self.limit = max(0, limit) }

    mutating func append(_ element: Element) {
        guard limit > 0 else { return }
        if ring.count < limit {
            ring.append(element)
        } else {
            ring[next] = element
            next = (next + 1) % limit
        }
    }

    var elements: [Element] { Array(ring[next...] + ring[..<next]) }
}

package import AuthTrail

/// Formats the events a filter keeps as `EventLine`s and writes them to a file descriptor (standard output for
/// `authtrail tail`), or, while `lastLines` is set, keeps only the last that many, so `tail -n N` holds N lines
/// however much it reads.
package struct EventLineOutput: LogConsumer {
    package let filter: EventFilter
    package let colour: Bool
    package let descriptor: Int32
    /// While set, lines are kept (the last `limit` of them) instead of written.
    private var kept: LastLines?
    private var buffer: [UInt8] = []
    package private(set) var linesWritten = 0
    /// The first write error; writing stops after it (a closed pipe, a full disk).
    package private(set) var writeError: SystemError?

    /// - Parameter lastLines: keep the last this many lines until `writeKeptLines()`; nil writes every line.
    package init(filter: EventFilter, colour: Bool, descriptor: Int32 = 1, lastLines: Int? = nil) {
        self.filter = filter
        self.colour = colour
        self.descriptor = descriptor
        kept = lastLines.map(LastLines.init)
    }

    package mutating func segment(_ info: SegmentInfo, path: String) {}

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        guard writeError == nil, filter.accepts(record) else { return }
        let message = record.eventName == "log" ? EventLine.message(of: line) : nil
        let text = EventLine.format(record, message: message, colour: colour)
        if kept != nil {
            kept!.append(text)
            return
        }
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        linesWritten += 1
        if buffer.count >= 64 << 10 { flush() }
    }

    /// Writes the lines kept so far and writes every later line as it comes.
    package mutating func writeKeptLines() {
        guard let lines = kept?.lines else { return }
        kept = nil
        for text in lines {
            buffer.append(contentsOf: text.utf8)
            buffer.append(UInt8(ascii: "\n"))
            linesWritten += 1
        }
        flush()
    }

    /// Writes what is buffered.
    package mutating func flush() {
        guard writeError == nil, !buffer.isEmpty else { return }
        do {
            try SystemCalls.writeAll(descriptor, buffer)
        } catch {
            writeError = error
        }
        buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
    }
}

/// The last `limit` strings appended, oldest first, in a ring of at most `limit` entries.
struct LastLines {
    let limit: Int
    private var ring: [String] = []
    private var next = 0

    init(limit: Int) { self.limit = max(0, limit) }

    mutating func append(_ line: String) {
        guard limit > 0 else { return }
        if ring.count < limit {
            ring.append(line)
        } else {
            ring[next] = line
            next = (next + 1) % limit
        }
    }

    var lines: [String] { Array(ring[next...] + ring[..<next]) }
}

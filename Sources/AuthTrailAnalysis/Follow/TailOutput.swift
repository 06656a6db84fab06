import AuthTrail

/// What `authtrail tail` writes to a file descriptor, one line per item (an event or an operation): each as it comes,
/// or, while `lastLines` is set, only the last that many kept and formatted when written (most of what `tail -n`
/// reads is never shown).
struct TailOutput<Item> {
    private var kept: LastLines<Item>?
    private var output: OutputBuffer
    private let format: (Item) -> String
    /// The first write error; writing stops after it (a closed pipe, a full disk).
    var writeError: SystemError? { output.writeError }

    /// - Parameter lastLines: keep the last this many items until `writeKeptLines()`; nil writes every item.
    init(descriptor: Int32, lastLines: Int?, format: @escaping (Item) -> String) {
        output = OutputBuffer(descriptor: descriptor)
        kept = lastLines.map { LastLines(limit: $0) }
        self.format = format
    }

    mutating func add(_ item: Item) {
        if kept != nil {
            kept!.append(item)
            return
        }
        output.append(line: format(item).utf8)
        if output.count >= 64 << 10 { flush() }
    }

    /// Writes the items kept so far and writes every later one as it comes.
    mutating func writeKeptLines() {
        guard let items = kept?.elements else { return }
        kept = nil
        for item in items { output.append(line: format(item).utf8) }
        flush()
    }

    mutating func flush() { output.flush() }
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

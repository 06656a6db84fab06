/// The last few values of the repetitive string fields (event name, install id, kind, outcome, error names…), so
/// a line that repeats one reuses its `String` instead of validating and allocating it again. One per reader.
///
/// Flat storage compared in place: as an array of `(bytes, String)` entries, every lookup retained and released
/// each entry it looked at.
package struct StringCache {
    private static let slotCount = 32
    private static let ways = 4
    /// Longer values are not cached.
    private static let longest = 64

    private var bytes = [UInt8](repeating: 0, count: slotCount * ways * longest)
    private var counts = [Int](repeating: -1, count: slotCount * ways)
    private var values = [String](repeating: "", count: slotCount * ways)
    private var next = [Int](repeating: 0, count: slotCount)

    package init() {}

    /// The `String` for `count` bytes at `start`, from the cache slot `slot` (one per field) when it holds them.
    mutating func string(slot: Int, _ start: UnsafePointer<UInt8>, _ count: Int) -> String {
        guard count <= Self.longest else {
            return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        }
        let first = slot * Self.ways
        let counts = counts
        let hit: Int? = bytes.withUnsafeBufferPointer { cached in
            for way in first..<(first + Self.ways) where counts[way] == count {
                if ByteSearch.equal(cached.baseAddress! + way * Self.longest, start, count: count) { return way }
            }
            return nil
        }
        if let hit { return values[hit] }
        let value = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        let way = first + next[slot]
        next[slot] = (next[slot] + 1) % Self.ways
        bytes.withUnsafeMutableBufferPointer { cached in
            (cached.baseAddress! + way * Self.longest).update(from: start, count: count)
        }
        self.counts[way] = count
        values[way] = value
        return value
    }
}

/// The keys one input has used, each with a small id, and which key followed which.
///
/// The writer emits the same keys in the same order line after line, so the scanner checks whether the key that
/// followed the previous one last time comes next, with one comparison of its bytes, its closing quote and the
/// colon, instead of searching for the key's end and looking it up. Hand-written for the report's throughput goal
/// (docs/BENCHMARKS.md): finding and looking up each key was about a sixth of the group-by's time.
///
/// Memory is fixed (about 40 KiB); when more distinct keys than `capacity` arrive, the rest are not remembered and
/// the scanner looks them up every time.
final class KeyOrder {
    /// The id before a line's first key.
    static let lineStart = capacity
    /// The id after a key that could not be remembered.
    static let unremembered = capacity + 1

    private static let capacity = 256
    /// Longest key remembered, in bytes; each is stored followed by `":`.
    private static let longest = 62
    private static let stride = longest + 2
    private static let slotCount = 1024

    private let names: UnsafeMutablePointer<UInt8>
    /// Per id: the stored length (the key, its closing quote and the colon).
    private let lengths: UnsafeMutablePointer<Int>
    /// Per id: what the caller attached when remembering it (the scanner's field number, or -1).
    private let tags: UnsafeMutablePointer<Int>
    /// Per id (and `lineStart`, `unremembered`): the id that followed it last time, or -1.
    private let successors: UnsafeMutablePointer<Int>
    /// Open-addressing hash table of ids, -1 when empty.
    private let slots: UnsafeMutablePointer<Int>
    private var count = 0

    init() {
        names = .allocate(capacity: Self.capacity * Self.stride)
        lengths = .allocate(capacity: Self.capacity)
        tags = .allocate(capacity: Self.capacity)
        successors = .allocate(capacity: Self.capacity + 2)
        successors.initialize(repeating: -1, count: Self.capacity + 2)
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: -1, count: Self.slotCount)
    }

    deinit {
        names.deallocate()
        lengths.deallocate()
        tags.deallocate()
        successors.deallocate()
        slots.deallocate()
    }

    /// The tag attached to key `id`.
    @inline(__always) func tag(_ id: Int) -> Int { tags[id] }

    /// The key that followed `previous` last time, when `start` (just after an opening quote, with `available`
    /// bytes left) holds exactly it, its closing quote and a colon; returns its id and the bytes to step over.
    @inline(__always)
    func expected(after previous: Int, at start: UnsafePointer<UInt8>, available: Int) -> (id: Int, length: Int)? {
        let id = successors[previous]
        guard id >= 0 else { return nil }
        let length = lengths[id]
        guard length <= available, ByteSearch.equal(names + id * Self.stride, start, count: length) else { return nil }
        return (id, length)
    }

    /// Notes that `id` followed `previous`.
    @inline(__always) func follows(_ id: Int, after previous: Int) { successors[previous] = id }

    /// The id of the `length` key bytes at `start` (no quotes), remembering them with `tag` when new; nil when the
    /// key is too long or the table is full.
    func id(of start: UnsafePointer<UInt8>, length: Int, tag: () -> Int) -> Int? {
        guard length <= Self.longest else { return nil }
        var slot = Self.hash(start, length) & (Self.slotCount - 1)
        while slots[slot] >= 0 {
            let id = slots[slot]
            if lengths[id] == length + 2 && ByteSearch.equal(names + id * Self.stride, start, count: length) {
                return id
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        guard count < Self.capacity else { return nil }
        let id = count
        count += 1
        let name = names + id * Self.stride
        name.update(from: start, count: length)
        name[length] = UInt8(ascii: "\"")
        name[length + 1] = UInt8(ascii: ":")
        lengths[id] = length + 2
        tags[id] = tag()
        slots[slot] = id
        return id
    }

    private static func hash(_ start: UnsafePointer<UInt8>, _ length: Int) -> Int {
        var first: UInt64 = 0
        var last: UInt64 = 0
        if length >= 8 {
            first = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
            last = UnsafeRawPointer(start + length - 8).loadUnaligned(as: UInt64.self)
        } else {
            for index in 0..<length { first = first << 8 | UInt64(start[index]) }
        }
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        return Int(truncatingIfNeeded: mixed >> 40)
    }
}

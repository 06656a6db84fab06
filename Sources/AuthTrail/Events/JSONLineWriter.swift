/// Appends JSON values, line after line, to a growable byte buffer.
///
/// Hand-written instead of `JSONEncoder`, and on raw memory instead of `[UInt8]`: the writer thread serializes every
/// event, and the writer's throughput goal (80% of the `zstd -3` CLI) leaves it well under a microsecond per event.
/// `JSONEncoder` costs several microseconds and allocations per event; appending to an array byte by byte cost
/// 2.8 µs per 464-byte line (a uniqueness and capacity check per byte); this costs about 0.5 µs (docs/BENCHMARKS.md).
/// The schema is fixed and flat, so the writer needs only strings, integers, fixed-point numbers and arrays.
///
/// Non-copyable: it owns its buffer and frees it when it goes away.
package struct JSONLineWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    package private(set) var count = 0
    private var needsComma = false

    package init(capacity: Int = 64 << 10) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// A copy of the bytes written so far (for tests and tools; the writer thread uses `withBytes`).
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Lends the bytes written so far to `body`.
    package func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Forgets what was written, keeping the buffer.
    package mutating func removeAll() {
        count = 0
        needsComma = false
    }

    package mutating func beginObject() {
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the object and the line.
    package mutating func endLine() {
        reserve(2)
        storage[count] = UInt8(ascii: "}")
        storage[count + 1] = UInt8(ascii: "\n")
        count += 2
    }

    package mutating func field(_ key: JSONKey, _ value: String?) {
        guard let value else { return }
        self.key(key)
        string(value)
    }

    /// A string made of `text`, `separator` and `number` (for example `MSALErrorDomain:-50002`), written without
    /// building it first: the interpolated `String` cost an allocation per failed event.
    package mutating func field(_ key: JSONKey, _ text: String, _ separator: Character, _ number: Int) {
        self.key(key)
        string(text)
        count -= 1  // the closing quote, written again after the number
        put(separator.asciiValue ?? UInt8(ascii: "?"))
        integer(number)
        put(UInt8(ascii: "\""))
    }

    /// A field whose key is not the schema's (an attribute's name): escaped like any string.
    package mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        if needsComma { put(UInt8(ascii: ",")) }
        needsComma = true
        string(key)
        put(UInt8(ascii: ":"))
        string(value)
    }

    package mutating func field(_ key: JSONKey, _ value: Int?) {
        guard let value else { return }
        self.key(key)
        integer(value)
    }

    package mutating func field(_ key: JSONKey, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        value ? ascii("true") : ascii("false")
    }

    /// A number with up to three decimals (milliseconds with microsecond precision, seconds with ms). Omitted when
    /// not finite or when its thousandths do not fit an `Int` (beyond 9e15: some 285,000 years in milliseconds).
    package mutating func field(_ key: JSONKey, milli value: Double?) {
        guard let value, value.isFinite, abs(value) < 9e15 else { return }
        self.key(key)
        let thousandths = Int((abs(value) * 1000).rounded())
        if value < 0 { put(UInt8(ascii: "-")) }
        integer(thousandths / 1000)
        let fraction = thousandths % 1000
        guard fraction != 0 else { return }
        reserve(4)
        storage[count] = UInt8(ascii: ".")
        storage[count + 1] = UInt8(ascii: "0") &+ UInt8(fraction / 100)
        count += 2
        if fraction % 100 != 0 {
            storage[count] = UInt8(ascii: "0") &+ UInt8(fraction / 10 % 10)
            count += 1
            if fraction % 10 != 0 {
                storage[count] = UInt8(ascii: "0") &+ UInt8(fraction % 10)
                count += 1
            }
        }
    }

    package mutating func field(_ key: JSONKey, strings: [String]) {
        guard !strings.isEmpty else { return }
        self.key(key)
        put(UInt8(ascii: "["))
        for (index, value) in strings.enumerated() {
            if index > 0 { put(UInt8(ascii: ",")) }
            string(value)
        }
        put(UInt8(ascii: "]"))
    }

    package mutating func field(_ key: JSONKey, integers: [Int]) {
        guard !integers.isEmpty else { return }
        self.key(key)
        put(UInt8(ascii: "["))
        for (index, value) in integers.enumerated() {
            if index > 0 { put(UInt8(ascii: ",")) }
            integer(value)
        }
        put(UInt8(ascii: "]"))
    }

    /// A string value of at most `maximumLength` bytes written by `body` into the buffer, which must need no escaping.
    /// - Parameter body: writes at the pointer it is given and returns how many bytes it wrote.
    package mutating func rawString(maximumLength: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximumLength + 2)
        storage[count] = UInt8(ascii: "\"")
        let written = body(storage + count + 1)
        storage[count + 1 + written] = UInt8(ascii: "\"")
        count += written + 2
    }

    /// A schema key (a comma first when needed) and its colon, copied as is: about a third of the serializer's time
    /// went to escaping keys that never need it.
    package mutating func key(_ key: JSONKey) {
        let length = key.literal.utf8CodeUnitCount
        reserve(length + 4)
        var out = storage + count
        if needsComma {
            out.pointee = UInt8(ascii: ",")
            out += 1
        }
        needsComma = true
        out[0] = UInt8(ascii: "\"")
        Self.copy(key.literal.utf8Start, count: length, to: out + 1)
        out[length + 1] = UInt8(ascii: "\"")
        out[length + 2] = UInt8(ascii: ":")
        count = out + length + 3 - storage
    }

    package mutating func integer(_ value: Int) {
        reserve(20)
        if value < 0 {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var scale: UInt = 10
        // An Int's magnitude has at most 19 digits.
        while digits < 19 && magnitude >= scale {
            digits += 1
            scale &*= 10
        }
        var index = count + digits - 1
        repeat {
            storage[index] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude > 0
        count += digits
    }

    package mutating func string(_ value: String) {
        let contiguous: Void? = value.utf8.withContiguousStorageIfAvailable { appendQuoted(UnsafeRawBufferPointer($0)) }
        // A bridged string that is not contiguous UTF-8 (Apple platforms) is copied first.
        if contiguous == nil { appendQuoted(Array(value.utf8)) }
    }

    private mutating func appendQuoted(_ utf8: [UInt8]) {
        utf8.withUnsafeBytes { appendQuoted($0) }
    }

    /// Copies the string in one go when nothing in it needs escaping (nearly always), else run by run.
    private mutating func appendQuoted(_ utf8: UnsafeRawBufferPointer) {
        // Worst case every byte becomes `\u00XX`.
        reserve(utf8.count * 6 + 2)
        var out = storage + count
        out.pointee = UInt8(ascii: "\"")
        out += 1
        if let source = utf8.baseAddress?.assumingMemoryBound(to: UInt8.self) {
            let clean = Self.firstEscape(in: utf8)
            Self.copy(source, count: clean, to: out)
            out += clean
            if clean < utf8.count { out = Self.escaping(utf8, from: clean, to: out) }
        }
        out.pointee = UInt8(ascii: "\"")
        out += 1
        count = out - storage
    }

    /// Writes `utf8[start...]` at `out` with every byte that needs it escaped; returns the end of what it wrote.
    private static func escaping(
        _ utf8: UnsafeRawBufferPointer, from start: Int, to out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let source = utf8.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var out = out
        var runStart = start
        for index in start..<utf8.count where needsEscape(utf8[index]) {
            copy(source + runStart, count: index - runStart, to: out)
            out += index - runStart
            out = escape(utf8[index], at: out)
            runStart = index + 1
        }
        copy(source + runStart, count: utf8.count - runStart, to: out)
        return out + (utf8.count - runStart)
    }

    /// `memcpy` for the short strings most values and keys are, without the call: a `memmove` call per string (and one
    /// of zero bytes after each) was a seventh of the writer thread's time.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        func word(_ offset: Int) {
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
        }
        if count >= 8 && count <= 64 {
            // Whole words, the last one overlapping the one before it.
            var offset = 0
            while offset + 8 < count {
                word(offset)
                offset += 8
            }
            word(count - 8)
        } else if count >= 4 && count < 8 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4,
                as: UInt32.self)
        } else if count < 4 {
            for index in 0..<count { destination[index] = source[index] }
        } else {
            destination.update(from: source, count: count)
        }
    }

    /// Control characters, DEL, quote and backslash.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The offset of the first byte that needs escaping (`utf8.count` when none does), eight bytes at a time: a
    /// byte-by-byte test cost about half of the serializer's time. A last partial word is read overlapping the one
    /// before it.
    private static func firstEscape(in utf8: UnsafeRawBufferPointer) -> Int {
        guard utf8.count >= 8 else { return scan(utf8, from: 0) }
        var offset = 0
        while offset + 8 <= utf8.count {
            if mayNeedEscape(utf8.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
                return scan(utf8, from: offset)
            }
            offset += 8
        }
        guard offset < utf8.count else { return offset }
        let last = utf8.count - 8
        return mayNeedEscape(utf8.loadUnaligned(fromByteOffset: last, as: UInt64.self))
            ? scan(utf8, from: last) : utf8.count
    }

    /// Whether any byte of `word` is below 0x20 (for bytes under 0x80), `"`, `\\` or DEL. May flag a clean word (its
    /// bytes are then checked one by one), never misses a dirty one.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        return (word &- ones &* 0x20) & ~word & highs != 0 || hasZeroByte(word ^ (ones &* 0x22))
            || hasZeroByte(word ^ (ones &* 0x5C)) || hasZeroByte(word ^ (ones &* 0x7F))
    }

    private static func scan(_ utf8: UnsafeRawBufferPointer, from start: Int) -> Int {
        var offset = start
        while offset < utf8.count && !needsEscape(utf8[offset]) { offset += 1 }
        return offset
    }

    private static func escape(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        out[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""): out[1] = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): out[1] = UInt8(ascii: "\\")
        case UInt8(ascii: "\n"): out[1] = UInt8(ascii: "n")
        case UInt8(ascii: "\r"): out[1] = UInt8(ascii: "r")
        case UInt8(ascii: "\t"): out[1] = UInt8(ascii: "t")
        default:
            let hex: StaticString = "0123456789abcdef"
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = hex.utf8Start[Int(byte >> 4)]
            out[5] = hex.utf8Start[Int(byte & 0xF)]
            return out + 6
        }
        return out + 2
    }

    @inline(__always)
    private mutating func ascii(_ literal: StaticString) {
        reserve(literal.utf8CodeUnitCount)
        Self.copy(literal.utf8Start, count: literal.utf8CodeUnitCount, to: storage + count)
        count += literal.utf8CodeUnitCount
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(count + extra, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }
}

/// Appends JSON values to a byte buffer.
///
/// Hand-written instead of `JSONEncoder`: the background writer serializes every event, Foundation's encoder costs
/// several microseconds and allocations per event, and the schema is fixed and flat (see docs/BENCHMARKS.md).
package struct JSONLineWriter {
    package private(set) var bytes: [UInt8] = []
    private var needsComma = false

    package init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    package mutating func endObject() { bytes.append(UInt8(ascii: "}")) }

    /// Ends the object and the line.
    package mutating func endLine() {
        endObject()
        bytes.append(UInt8(ascii: "\n"))
    }

    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    package mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        writeKey(key)
        string(value)
    }

    package mutating func field(_ key: String, _ value: Int?) {
        guard let value else { return }
        writeKey(key)
        integer(value)
    }

    package mutating func field(_ key: String, _ value: Bool?) {
        guard let value else { return }
        writeKey(key)
        bytes.append(contentsOf: value ? Self.trueLiteral : Self.falseLiteral)
    }

    /// A non-negative number with three decimals (milliseconds with microsecond precision, seconds with ms).
    package mutating func field(_ key: String, milli value: Double?) {
        guard let value, value.isFinite else { return }
        writeKey(key)
        let thousandths = Int((abs(value) * 1000).rounded())
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        integer(thousandths / 1000)
        let fraction = thousandths % 1000
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
            if fraction % 100 != 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
                if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
            }
        }
    }

    package mutating func field(_ key: String, strings: [String]) {
        guard !strings.isEmpty else { return }
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    package mutating func field(_ key: String, integers: [Int]) {
        guard !integers.isEmpty else { return }
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in integers.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            integer(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A field whose value is already valid JSON text.
    package mutating func field(_ key: String, rawJSON: String) {
        writeKey(key)
        bytes.append(contentsOf: rawJSON.utf8)
    }

    /// Writes a string value produced by `body` (which must not need escaping).
    package mutating func rawString(_ body: (inout [UInt8]) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        body(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    package mutating func key(_ key: String) { writeKey(key) }

    private mutating func writeKey(_ key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    package mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            if value == .min {
                bytes.append(contentsOf: "9223372036854775808".utf8)
                return
            }
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        // Native strings are contiguous UTF-8: copy runs that need no escaping in bulk (most values are plain ASCII).
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count where Self.needsEscape[Int(utf8[index])] {
                if index > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                appendEscaped(utf8[index])
                runStart = index + 1
            }
            if utf8.count > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }

    /// Bytes that JSON strings must escape: control characters, DEL, quote and backslash.
    private static let needsEscape: [Bool] = (0...255).map { byte in
        byte < 0x20 || byte == 0x7F || byte == Int(UInt8(ascii: "\"")) || byte == Int(UInt8(ascii: "\\"))
    }

    private static let trueLiteral = Array("true".utf8)
    private static let falseLiteral = Array("false".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)
}

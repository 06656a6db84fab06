#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows PEM blocks through text fed piece by piece: `-----BEGIN ` opens one, `-----END ` closes it, and the last
/// marker seen decides. A marker cut between two pieces of a line is still seen; `endLine()` marks a line end.
///
/// `StreamRedactor` asks it where a record may end: the redactor removes a PEM block from its `BEGIN` to the line of
/// the next `END` as one piece, so a block is kept whole instead of being cut at its line ends. It over-approximates
/// (a marker inside a string the redactor removes anyway still counts), which only makes a record longer.
package struct PEMMarkerTracker {
    /// True between a `-----BEGIN ` and the next `-----END `.
    package private(set) var isOpen = false
    /// The current line's last bytes, one marker's length minus one at most: a marker cut at the end of a piece
    /// starts there.
    private var carry: [UInt8] = []

    private static let begin: StaticString = "-----BEGIN "
    private static let end: StaticString = "-----END "
    private static let carryLimit = begin.utf8CodeUnitCount - 1

    package init() {}

    /// Reads the next piece of the current line (it holds no newline).
    package mutating func feed(_ piece: UnsafeRawBufferPointer) {
        guard let base = piece.baseAddress, !piece.isEmpty else { return }
        if !carry.isEmpty {
            // Markers that start in the carry and end in this piece; those wholly in the carry were seen before.
            let joint = carry + piece.prefix(Self.carryLimit)
            joint.withUnsafeBytes { bytes in
                for start in 0..<carry.count { note(bytes, at: start, mustEndAfter: carry.count) }
            }
        }
        // Every marker starts with a dash; memchr finds them at memory speed and most lines hold only a few.
        var index = 0
        while index < piece.count, let found = memchr(base + index, Int32(UInt8(ascii: "-")), piece.count - index) {
            let position = base.distance(to: UnsafeRawPointer(found))
            note(piece, at: position, mustEndAfter: 0)
            index = position + 1
        }
        if piece.count >= Self.carryLimit {
            carry.removeAll(keepingCapacity: true)
            carry.append(contentsOf: piece.suffix(Self.carryLimit))
        } else {
            carry.append(contentsOf: piece)
            if carry.count > Self.carryLimit { carry.removeFirst(carry.count - Self.carryLimit) }
        }
    }

    /// The current line ended: no marker spans a newline.
    package mutating func endLine() {
        carry.removeAll(keepingCapacity: true)
    }

    /// Applies a marker starting at `start` in `bytes` if it is complete and ends after `mustEndAfter`.
    private mutating func note(_ bytes: UnsafeRawBufferPointer, at start: Int, mustEndAfter: Int) {
        if Self.matches(Self.begin, bytes, at: start, mustEndAfter: mustEndAfter) {
            isOpen = true
        } else if Self.matches(Self.end, bytes, at: start, mustEndAfter: mustEndAfter) {
            isOpen = false
        }
    }

    private static func matches(
        _ marker: StaticString, _ bytes: UnsafeRawBufferPointer, at start: Int, mustEndAfter: Int
    ) -> Bool {
        let length = marker.utf8CodeUnitCount
        guard start + length <= bytes.count, start + length > mustEndAfter else { return false }
        return memcmp(bytes.baseAddress! + start, marker.utf8Start, length) == 0
    }
}

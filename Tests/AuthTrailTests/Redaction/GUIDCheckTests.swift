import PropertyBased
import Testing

@testable import AuthTrail

/// `Redactor.isGUID` decides which correlation ids skip the scan, eight bytes at a time; a byte-by-byte reference
/// must agree with it on GUIDs and on near-GUIDs with any byte changed.
@Suite("GUID check")
struct GUIDCheckTests {
    static func reference(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { index in
            [8, 13, 18, 23].contains(index)
                ? bytes[index] == UInt8(ascii: "-")
                : Array("0123456789abcdefABCDEF".utf8).contains(bytes[index])
        }
    }

    /// A GUID in either case with up to three bytes replaced by any byte; the strings are test data, not secrets.
    static let nearGUIDs = zip(
        Gen<Character?>.element(of: Array("0123456789abcdefABCDEF")).map { $0! }.string(of: 32),
        zip(Gen.int(in: 0...35), Gen.int(in: 0...255)).array(of: 0...3),
        Gen.int(in: 0...3)
    ).map { hex, changes, lengthChange in
        var bytes = Array(hex.utf8)
        for offset in [8, 13, 18, 23] { bytes.insert(UInt8(ascii: "-"), at: offset) }
        for (offset, byte) in changes { bytes[offset] = UInt8(byte) }
        if lengthChange == 1 { bytes.removeLast() }
        if lengthChange == 2 { bytes.append(UInt8(ascii: "0")) }
        return bytes
    }

    @Test("agrees with a byte-by-byte check on GUIDs and near-GUIDs")
    func agreesWithReference() async {
        await propertyCheck(count: 3000, input: Self.nearGUIDs) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(Redactor.isGUID(text) == Self.reference(Array(text.utf8)))
        }
    }

    @Test("every single-byte change at every offset is caught")
    func everyByteEverywhere() {
        let guid = Array("5E3A1C2B-9D4F-4E6A-8B7C-1d2e3f4a5b6c".utf8)
        #expect(Redactor.isGUID(String(decoding: guid, as: UTF8.self)))
        var disagreements = 0
        for offset in guid.indices {
            for byte in UInt8(0)...UInt8(127) {
                var changed = guid
                changed[offset] = byte
                if Redactor.isGUID(String(decoding: changed, as: UTF8.self)) != Self.reference(changed) {
                    disagreements += 1
                }
            }
        }
        #expect(disagreements == 0)
    }
}

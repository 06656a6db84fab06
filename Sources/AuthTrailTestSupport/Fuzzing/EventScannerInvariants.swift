import AuthTrail
package import AuthTrailAnalysis
import Foundation

/// What must hold when the event scanner reads any bytes as one NDJSON line; checked by the `fuzz-event-scanner`
/// libFuzzer target (Tests/Fuzz/EventScanner) and replayed over the committed corpus by the unit tests.
package enum EventScannerInvariants {
    /// The violated invariants for `line` (empty when all hold). Messages name fields, never values.
    ///
    /// - Parameters:
    ///   - line: one line's bytes, without the newline.
    ///   - sharedMemory: memory that has seen earlier lines, as a reader's does.
    package static func violations(line: [UInt8], sharedMemory: inout EventScannerCache) -> [String] {
        var violations = [String]()
        // An exactly sized copy, so AddressSanitizer reports any read past the line's last byte.
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: line.count, alignment: 1)
        defer { copy.deallocate() }
        copy.copyBytes(from: line)
        let bytes = UnsafeRawBufferPointer(copy)

        let scanned = EventScanner.scan(bytes)
        let scannedWithSharedMemory = EventScanner.scan(bytes, memory: &sharedMemory)
        if scanned != scannedWithSharedMemory {
            violations.append("the scanner memory shared across lines changes the record")
        }
        let recorded = EventScanner.record(bytes)
        let foundation = LogRecord(foundationParsing: bytes)
        if let scanned {
            if recorded != scanned { violations.append("record(_:) differs from the scanner it calls first") }
            if !containsNameKey(bytes) { violations.append("a record accepted from a line without an event.name key") }
            // Differential check: where Foundation's JSONSerialization accepts the line, both must agree exactly.
            if let foundation, foundation != scanned {
                violations.append("scanner and Foundation disagree on: " + differingFields(scanned, foundation))
            }
        } else if recorded != foundation {
            violations.append("record(_:) after a declined scan differs from Foundation's parse")
        }
        return violations
    }

    private static func containsNameKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let needle = Array("\"\(FieldName.eventName.name)\"".utf8)
        return bytes.count >= needle.count
            && (0...(bytes.count - needle.count)).contains { start in
                needle.indices.allSatisfy { bytes[start + $0] == needle[$0] }
            }
    }

    /// The names of the fields two records disagree on.
    package static func differingFields(_ left: LogRecord, _ right: LogRecord) -> String {
        let leftFields = Mirror(reflecting: left).children
        let rightFields = Array(Mirror(reflecting: right).children)
        var names = [String]()
        for (index, field) in leftFields.enumerated()
        where String(describing: field.value) != String(describing: rightFields[index].value) {
            names.append(field.label ?? "?")
        }
        return names.isEmpty ? "(equal descriptions)" : names.joined(separator: ", ")
    }
}

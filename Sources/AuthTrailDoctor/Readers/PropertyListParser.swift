internal import Foundation

/// Property lists from bytes: XML, binary (`bplist00`) and OpenStep (project files), through Foundation's
/// `PropertyListSerialization`, which reads all three on Linux as on Apple platforms. A pure function: no I/O, every
/// branch reachable from the `doctor-readers` fuzz target.
package enum PropertyListParser {
    /// The top-level dictionary of `bytes`, or an error naming `file` (and the line, when Foundation tells it).
    package static func dictionary(_ bytes: [UInt8], file: String) throws(DoctorInputError) -> PropertyListValue {
        guard !bytes.isEmpty else { throw DoctorInputError(.malformed, file: file, "the file is empty") }
        let form = form(of: bytes)
        if form == "data" {
            // Foundation would read bytes that are neither XML nor binary as an OpenStep string; a Mach-O, zip or
            // image named .plist is not a property list at all.
            throw DoctorInputError(
                .malformed, file: file, "not a property list (neither XML, binary nor OpenStep text)", offset: 0)
        }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw DoctorInputError(
                .malformed, file: file, "not a valid \(form) property list: \(reason(error))", line: line(error))
        }
        guard let value = PropertyListValue(foundation: parsed), value.dictionary != nil else {
            throw DoctorInputError(
                .malformed, file: file, "a \(form) property list whose top level is not a dictionary")
        }
        return value
    }

    /// `binary`, `XML`, `OpenStep` (text starting with `{` or `//`), or `data` for anything else.
    static func form(of bytes: [UInt8]) -> String {
        if bytes.starts(with: Array("bplist".utf8)) { return "binary" }
        var index = 0
        // A UTF-8 byte order mark, then white space.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return "data" }
        switch bytes[index] {
        case UInt8(ascii: "<"): return "XML"
        case UInt8(ascii: "{"), UInt8(ascii: "/"): return "OpenStep"
        default: return "data"
        }
    }

    /// Foundation's own words (`Encountered unknown tag strin on line 5`), without its generic wrapper.
    private static func reason(_ error: any Error) -> String {
        let info = (error as NSError).userInfo
        let text = (info[NSDebugDescriptionErrorKey] as? String) ?? (error as NSError).localizedDescription
        return String(text.prefix(200))
    }

    private static func line(_ error: any Error) -> Int? {
        let text = reason(error)
        guard let range = text.range(of: #"line (\d+)"#, options: .regularExpression) else { return nil }
        return Int(text[range].dropFirst(5))
    }
}

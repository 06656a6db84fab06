/// Byte classes for the scanner: one table lookup per byte decides whether it ends a run and whether the run needs a
/// closer look.
enum ByteClass {
    /// Ends a run: whitespace, control bytes, quotes, brackets, `,` and `;`.
    static let delimiter: UInt8 = 1
    /// A byte that makes a run worth examining: `@ : / \ = % & ? # + .` and `-`.
    static let special: UInt8 = 2
    static let digit: UInt8 = 4
    static let letter: UInt8 = 8
    /// A run longer than the longest plain word worth ignoring is examined too (opaque tokens).
    static let longRun = 40

    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in " \t\r\n\"'<>()[]{},;|`".utf8 { table[Int(byte)] = delimiter }
        // Control bytes never belong to a token, an address or a URL; read as part of a run they hid a second token
        // behind a first until the engine's own markers split the run on a second pass (found by the redactor fuzz
        // target's idempotence check).
        for byte in 0..<0x20 { table[byte] = delimiter }
        table[0x7F] = delimiter
        for byte in "@:/\\=%&?#+.-".utf8 { table[Int(byte)] = special }
        // The lead byte of fullwidth `＠` and `．`: a run holding look-alikes is examined like one holding `@` or `.`.
        table[0xEF] = special
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = digit }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = letter }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = letter }
        return table
    }()

    @inline(__always) static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always) static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// Characters of base64url text (JWT segments, opaque tokens).
    @inline(__always) static func isTokenCharacter(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// Characters of an email's local part (UTF-8 bytes included: `zoë@…`).
    @inline(__always) static func isLocalPartCharacter(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "%")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte >= 0x80
    }

    /// Characters of a host name (UTF-8 bytes included: internationalized domains).
    @inline(__always) static func isHostCharacter(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte >= 0x80
    }
}

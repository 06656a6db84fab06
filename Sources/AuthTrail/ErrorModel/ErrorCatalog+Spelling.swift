extension ErrorCatalog {
    /// A code as people write and search for it: `AADSTS50011` and `AADB2C90118` (Microsoft's references, search
    /// engines and tickets glue the prefix to the number), `MSALErrorDomain -50002` and `HTTP 429` otherwise.
    ///
    /// - Parameters:
    ///   - domain: The NSError domain or pseudo-domain (``stsDomain``, ``b2cDomain``, ``httpDomain``, …).
    ///   - code: The code in that domain.
    package static func spelling(domain: String, code: Int) -> String {
        isPrefixDomain(domain) ? "\(domain)\(code)" : "\(domain) \(code)"
    }

    /// An AADSTS or AADB2C code alone, without a domain column beside it: `AADSTS50011`; other codes as the number.
    ///
    /// - Parameters:
    ///   - domain: The NSError domain or pseudo-domain, nil when unknown.
    ///   - code: The code in that domain.
    package static func codeSpelling(domain: String?, code: Int) -> String {
        if let domain, isPrefixDomain(domain) { return "\(domain)\(code)" }
        return String(code)
    }

    /// Whether the domain is one whose codes are written with the domain as a prefix (AADSTS, AADB2C).
    package static func isPrefixDomain(_ domain: String) -> Bool {
        domain == stsDomain || domain == b2cDomain
    }

    /// Reads a code the way Xcode's variables view and `%lu` print an NSInteger: values from 2^63 to 2^64 - 1 are
    /// the negative NSInteger read as unsigned 64-bit (18446744073709501616 is -50000). Other values are returned
    /// unchanged; nil when the text is not an integer that fits 64 bits.
    ///
    /// - Parameter text: Decimal digits, with an optional leading minus sign.
    package static func nsInteger(_ text: some StringProtocol) -> Int? {
        if let value = Int(text) { return value }
        guard let unsigned = UInt64(text) else { return nil }
        return Int(truncatingIfNeeded: unsigned)
    }
}

extension ErrorCatalog.Entry {
    /// The entry's code as people search for it: `AADSTS50011`, `AADB2C90118`, `MSALErrorDomain -50002`.
    package var spelling: String { ErrorCatalog.spelling(domain: domain, code: code) }
}

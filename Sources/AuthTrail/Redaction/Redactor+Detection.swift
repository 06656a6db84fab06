extension Redactor {
    /// The kinds of personal data and secrets the engine would hide in `text` at `.maskAllPII`, whatever this
    /// redactor's level and allow-list are: what a segment written at a lower level, or with allowed values, still
    /// holds. The engine's own markers (`<email:3f2a9c01d4>`, `<jwt:removed>`) are not findings.
    ///
    /// Runs the same single-pass scanner as `redact(text:)` without copying or hashing anything. Custom patterns are
    /// not applied.
    package static func findings(in text: UnsafeRawBufferPointer) -> [PrivacyFinding] {
        guard !text.isEmpty else { return [] }
        let found = text.withMemoryRebound(to: UInt8.self) { bytes in
            ByteClass.table.withUnsafeBufferPointer { classes in
                var scan = TextScan(input: bytes, engine: detectionEngine, classes: classes, detecting: true)
                scan.run()
                return scan.found
            }
        }
        guard found != 0 else { return [] }
        return PrivacyFinding.allCases.filter { found & (1 << $0.bit) != 0 }
    }

    /// The strictest level, no rules, and a throwaway key (detection never hashes).
    private static let detectionEngine = RedactionEngine(
        level: .maskAllPII, key: RedactionKey(bytes: [UInt8](repeating: 0, count: 32)), rules: RedactionRules())
}

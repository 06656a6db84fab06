/// The residual-data findings of one stream, line by line, for `bundle` and `verify`: every finding is counted, the
/// first `retainedLimit` are kept (the CLI prints 20), so a log full of addresses cannot fill memory.
struct FindingCollector {
    /// How many findings are kept with their line.
    static let retainedLimit = 100

    private let scanner = ResidualPIIScanner()
    private(set) var retained: [PIIFinding] = []
    private(set) var count = 0

    /// Scans `line`, line number `lineNumber` of `path`.
    mutating func scan(_ line: UnsafeRawBufferPointer, path: String, lineNumber: Int) {
        for kind in scanner.findings(in: line) {
            count += 1
            if retained.count < Self.retainedLimit {
                retained.append(PIIFinding(path: path, line: lineNumber, kind: kind))
            }
        }
    }
}

/// The residual-data findings of one stream, line by line, for the bundle writer and `verify`: every finding is
/// counted, in all and per kind, and the first `retainedLimit` are kept (the CLI prints 20), so a log full of
/// addresses cannot fill memory.
package struct FindingCollector {
    /// How many findings are kept with their line.
    package static let retainedLimit = 100

    private let scanner = ResidualPIIScanner()
    package private(set) var retained: [PIIFinding] = []
    package private(set) var count = 0
    /// How many findings of each kind, in the order the kinds were first found (at most one entry per kind the
    /// redaction engine knows).
    package private(set) var countsByKind: [(kind: ResidualPIIScanner.Kind, count: Int)] = []

    package init() {}

    /// Scans `line`, line number `lineNumber` of `path`.
    package mutating func scan(_ line: UnsafeRawBufferPointer, path: String, lineNumber: Int) {
        for kind in scanner.findings(in: line) {
            count += 1
            if let index = countsByKind.firstIndex(where: { $0.kind == kind }) {
                countsByKind[index].count += 1
            } else {
                countsByKind.append((kind, 1))
            }
            if retained.count < Self.retainedLimit {
                retained.append(PIIFinding(path: path, line: lineNumber, kind: kind))
            }
        }
    }
}

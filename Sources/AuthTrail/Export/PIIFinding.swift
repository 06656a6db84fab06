/// One residual-data finding: where, and what kind (never the value).
package struct PIIFinding: Sendable, Hashable {
    package var path: String
    /// 1-based line number in the decoded stream.
    package var line: Int
    package var kind: ResidualPIIScanner.Kind

    package var message: String { "\(path): line \(line): residual \(kind.rawValue)" }
}

public import Foundation

/// What `Trail.exportSupportBundle(to:since:allowResidualPII:)` wrote.
public struct SupportBundleSummary: Sendable, Hashable {
    /// The bundle file: a `.zst` any zstd tool reads, which `authtrail verify` and `authtrail report` accept.
    public var url: URL
    /// False when the folder held no events to send (none since `since`): then nothing was written at `url`.
    public var isWritten: Bool
    /// Segments bundled.
    public var segmentCount: Int
    /// Events bundled.
    public var eventCount: Int
    /// Residual personal data or secrets found in the bundled events. Nonzero only when the export was asked to
    /// `allowResidualPII`; the manifest records the count too.
    public var residualFindingCount: Int
    /// Damage skipped while reading (a corrupt frame, a segment torn by a crash), one line each naming the segment and
    /// byte offset: the events around it were bundled. The active segment's open last frame is not damage.
    public var warnings: [String]

    package init(
        url: URL, isWritten: Bool, segmentCount: Int, eventCount: Int, residualFindingCount: Int,
        warnings: [String]
    ) {
        self.url = url
        self.isWritten = isWritten
        self.segmentCount = segmentCount
        self.eventCount = eventCount
        self.residualFindingCount = residualFindingCount
        self.warnings = warnings
    }
}

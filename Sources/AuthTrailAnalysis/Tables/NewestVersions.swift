import Foundation

/// The newest few of the distinct versions seen (`ReportBounds.setupAppVersions`), in numeric order (2.10 is newer
/// than 2.9), and how many distinct ones there were. Which versions are kept depends only on the set seen, never on
/// the order, so shards merge to the same value.
struct NewestVersions: Sendable {
    /// Newest first.
    private(set) var newest: [String] = []
    private var distinct = DistinctCount(limit: ReportBounds.exactDistinctPerPattern)

    /// Distinct versions seen but not in `newest`.
    var others: Int { max(distinct.count - newest.count, 0) }

    mutating func insert(_ version: String) {
        distinct.insert(version)
        keep(version)
    }

    mutating func merge(_ other: Self) {
        for version in other.newest { keep(version) }
        distinct.merge(other.distinct)
    }

    private mutating func keep(_ version: String) {
        guard !newest.contains(version) else { return }
        let index = newest.firstIndex { Self.isNewer(version, than: $0) } ?? newest.endIndex
        guard index < ReportBounds.setupAppVersions else { return }
        newest.insert(version, at: index)
        if newest.count > ReportBounds.setupAppVersions { newest.removeLast() }
    }

    /// Numeric order of the digit runs (`2.10` after `2.9`), then plain text order so distinct versions never tie.
    static func isNewer(_ version: String, than other: String) -> Bool {
        switch version.compare(other, options: .numeric) {
        case .orderedDescending: true
        case .orderedAscending: false
        case .orderedSame: version > other
        }
    }
}

/// Orders input files so each device's segments are read together and in the order they were written: the report
/// then sees every operation's attempts in time order while holding only one device's open chains.
package enum InputOrder {
    /// `files` sorted by (install id, segment creation time, segment sequence) from their metadata frames; files
    /// without one (bundles, foreign files) keep their given order after them; standard input comes last.
    package static func sorted(_ files: [String]) -> [String] {
        let keyed = files.enumerated().map { index, path in
            (index: index, path: path, info: path == "-" ? nil : SegmentReader.firstSegmentInfo(path: path))
        }
        let segments = keyed.filter { $0.info != nil && $0.info?.isBundleManifest == false }.sorted { left, right in
            let l = left.info!
            let r = right.info!
            return (l.installID ?? "", l.createdAt ?? "", l.sequence ?? 0, left.path)
                < (r.installID ?? "", r.createdAt ?? "", r.sequence ?? 0, right.path)
        }
        let others = keyed.filter { $0.info == nil || $0.info?.isBundleManifest == true }
        let stdin = others.filter { $0.path == "-" }
        return segments.map(\.path) + others.filter { $0.path != "-" }.map(\.path) + stdin.map(\.path)
    }
}

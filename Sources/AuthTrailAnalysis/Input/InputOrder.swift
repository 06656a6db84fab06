import AuthTrail
import Dispatch
import Foundation

/// Orders input files so each device's segments are read together and in the order they were written, and groups
/// them by install for the report, which merges each install's files in time order (`InstallTimeOrder`).
package enum InputOrder {
    /// The files of one install, in order of their start.
    package struct InstallFiles: Sendable, Equatable {
        package var installID: String
        package var files: [File]
    }

    /// A segment file, or a segment in a bundle, and where it starts.
    package struct File: Sendable, Equatable {
        package var path: String
        /// `segment.created_at` from its metadata frame, else the timestamp of its first event line; nil when
        /// neither parses.
        package var startMilliseconds: Int64?
        /// The bytes of a bundle that hold one of its segments (`BundleSections`); nil for the whole file.
        package var range: Range<Int>? = nil
        /// False for a bundle's segments but its first: `input.files` counts a bundle once.
        package var countsAsFile = true
    }

    /// Files grouped by install (sorted by install id), and the files that hold several installs or none that can
    /// be told before reading them (bundles, standard input, foreign files), in their given order with standard
    /// input last.
    package struct Plan: Sendable, Equatable {
        package var installs: [InstallFiles] = []
        package var mixed: [String] = []
        /// The bundles among `mixed` whose segments are filed with their installs (`BundleSections`): a reader in
        /// install time order reads them segment by segment, a reader of whole files reads them whole.
        package var sectioned: Set<String> = []

        /// Every file once, in reading order: the installs' own files, then the mixed ones.
        package var files: [String] { installs.flatMap { $0.files.filter { $0.range == nil }.map(\.path) } + mixed }
        /// The mixed files read whole by a reader in install time order.
        package var unsectionedMixed: [String] { mixed.filter { !sectioned.contains($0) } }
    }

    /// `files` sorted by (install id, segment start, segment sequence, path). A segment's install and start come from
    /// its metadata frame, or, without one (recompressed with `zstd`, written by another tool, first frame lost),
    /// from its first event lines (`segment.start` repeats the metadata). Files that name no install (bundles,
    /// foreign files) keep their given order after them; standard input comes last.
    package static func sorted(_ files: [String]) -> [String] { plan(files).files }

    /// The files grouped by install, as `sorted(_:)` orders them.
    /// - Parameter threads: how many files' start keys are read at once; nil for one per active processor.
    package static func plan(_ files: [String], threads: Int? = nil) -> Plan {
        let keys = startKeys(files, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        // A bundle's segments but its first do not count as files (`File.countsAsFile`).
        var segments: [(key: SegmentReader.StartKey, path: String, range: Range<Int>?, countsAsFile: Bool)] = []
        var plan = Plan()
        var stdin: [String] = []
        for (path, key) in zip(files, keys) {
            if path == StandardInput.path {
                stdin.append(path)
            } else if let key {
                segments.append((key, path, nil, true))
            } else {
                plan.mixed.append(path)
                guard let sections = sectionKeys(path) else { continue }
                plan.sectioned.insert(path)
                segments += sections.enumerated().map { ($1.key, path, $1.range, $0 == 0) }
            }
        }
        // By the time, not its text: RFC 3339 with and without a fraction (`…:05Z`, `…:05.250Z`) sort apart as text.
        segments.sort {
            ($0.key.installID, $0.key.start ?? .min, $0.key.sequence, $0.path, $0.range?.lowerBound ?? 0)
                < ($1.key.installID, $1.key.start ?? .min, $1.key.sequence, $1.path, $1.range?.lowerBound ?? 0)
        }
        for (key, path, range, countsAsFile) in segments {
            let file = File(path: path, startMilliseconds: key.start, range: range, countsAsFile: countsAsFile)
            if plan.installs.last?.installID == key.installID {
                plan.installs[plan.installs.count - 1].files.append(file)
            } else {
                plan.installs.append(InstallFiles(installID: key.installID, files: [file]))
            }
        }
        plan.mixed += stdin
        return plan
    }

    /// The segments of the bundle at `path` and their keys, as a folder's files get theirs (`SegmentReader.startKey`).
    /// Nil when it is not a bundle, or a segment has no key: it is read whole.
    private static func sectionKeys(_ path: String) -> [(key: SegmentReader.StartKey, range: Range<Int>)]? {
        guard let sections = BundleSections.read(path: path) else { return nil }
        var keys: [(key: SegmentReader.StartKey, range: Range<Int>)] = []
        for section in sections {
            guard
                let key = SegmentReader.startKey(
                    header: section.header, path: path, at: section.range.lowerBound, count: section.range.count)
            else { return nil }
            keys.append((key, section.range))
        }
        return keys
    }

    /// `SegmentReader.startKey` of each file, in order, read on up to `threads` threads: on the fleet layout
    /// (12,000 small segments) opening and parsing each file's metadata frame before reading it was about 8 % of
    /// a report's CPU time, all on one thread before the counting on every core starts.
    private static func startKeys(_ files: [String], threads: Int) -> [SegmentReader.StartKey?] {
        let threads = max(1, min(threads, files.count / 64))
        guard threads > 1 else { return files.map { SegmentReader.startKey(path: $0) } }
        let keys = Locked([SegmentReader.StartKey?](repeating: nil, count: files.count))
        // Contiguous slices, one per thread; each writes its slice's keys once, at the end.
        DispatchQueue.concurrentPerform(iterations: threads) { slice in
            let range = (files.count * slice / threads)..<(files.count * (slice + 1) / threads)
            let found = files[range].map { SegmentReader.startKey(path: $0) }
            keys.withLock { $0.replaceSubrange(range, with: found) }
        }
        return keys.withLock { $0 }
    }
}

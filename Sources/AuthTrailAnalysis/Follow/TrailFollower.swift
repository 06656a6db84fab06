import AuthTrail
import Foundation

/// Follows trail folders as `tail -f` follows a file: each `poll` reads what was appended to the segments it follows,
/// then the segments that appeared since (in sub-folders too, one per install), in device and time order.
///
/// - Newly flushed blocks of an active segment are decoded from where the last poll stopped (`FollowedFile`).
/// - Rotation: the sealed segment is read to its seal and closed, then the new one is read from its start.
/// - A segment deleted while followed (retention) is dropped quietly.
/// - A file whose name names no running writer (copied or synced in) is followed until it stops changing, so a copy
///   caught half-way is not read as torn.
/// - Only the segments that may still grow stay open: memory and descriptors grow with the number of writers at
///   work in the folder, not with its size (each open segment holds a decoder: its window, 2 MiB at zstd's default
///   level, at most 8 MiB, and 128 KiB of input). The folder is listed at every poll.
package struct TrailFollower {
    /// How long a file no running writer holds must stay still before its unfinished end is torn: longer than the
    /// pauses of a slow copy or of a compressor writing from a slow pipe (zstd writes 128 KiB at a time: 8 s apart
    /// were measured under load with input 4 s apart). Waiting costs little: only a file whose end is unfinished
    /// waits (a whole one is closed at once), its complete blocks are read as they land, and only the warning about
    /// its end waits.
    package static let quietPeriod: Duration = .seconds(30)
    /// How long a followed plain-text MSAL log must stop growing before its last record is printed: a record is
    /// otherwise whole only once the next one starts, and an idle app's last line would wait for its next. An app
    /// writes a record in one go, so a second without a byte means it is whole; a line continuing it after that is
    /// counted as a line of other text.
    package static let textSettlePeriod: Duration = .seconds(1)

    private let paths: [String]
    private let quietPeriod: Duration
    private let textSettlePeriod: Duration
    private var open: [FollowedFile] = []
    /// Files read to their end (or that could not be opened): not opened again while they exist.
    private var done: Set<String> = []
    /// Files not opened for want of a descriptor, already warned about.
    private var waitingForDescriptor: Set<String> = []

    /// - Parameters:
    ///   - paths: folders (searched recursively for `*.zst`) and segment files.
    ///   - quietPeriod: how long a file no running writer holds (a copy, a sync) must stay unchanged before its
    ///     unfinished end is reported torn; `.zero` for one look at files as they are.
    ///   - textSettlePeriod: how long plain text must stop growing before its last record is given.
    package init(
        paths: [String], quietPeriod: Duration = Self.quietPeriod, textSettlePeriod: Duration = Self.textSettlePeriod
    ) {
        self.paths = paths
        self.quietPeriod = quietPeriod
        self.textSettlePeriod = textSettlePeriod
    }

    /// Paths that could not be listed or opened, and the one-line warnings about damaged data, of one poll.
    package struct Findings {
        package var problems: [InputFiles.Problem] = []
        package var warnings: [String] = []
    }

    /// Reads everything new into `consumer`: first the files already followed, then the new ones in device and
    /// time order. `shouldStop` is asked between files and between reads within one, so a long first poll over a big
    /// folder or file can be interrupted.
    package mutating func poll(
        into consumer: inout some LogConsumer, shouldStop: @escaping () -> Bool = { false }
    ) -> Findings {
        var findings = Findings()
        let listed = InputFiles.expand(paths)
        findings.problems = listed.problems
        var stillOpen: [FollowedFile] = []
        for (index, file) in open.enumerated() {
            if shouldStop() {
                stillOpen += open[index...]
                break
            }
            if read(file, into: &consumer, findings: &findings, shouldStop: shouldStop) { stillOpen.append(file) }
        }
        open = stillOpen
        // Forget the files that are gone, once the listing is whole: a folder that could not be listed this time
        // (out of descriptors, a network share's hiccup) still holds files already read, not to be read again.
        if listed.problems.isEmpty { done.formIntersection(listed.files) }
        let following = Set(open.map(\.path))
        let new = listed.files.filter { !done.contains($0) && !following.contains($0) }
        for path in InputOrder.sorted(new) {
            guard !shouldStop() else { break }
            do {
                let file = try FollowedFile(path: path, quietPeriod: quietPeriod, textSettlePeriod: textSettlePeriod)
                waitingForDescriptor.remove(path)
                if read(file, into: &consumer, findings: &findings, shouldStop: shouldStop) { open.append(file) }
            } catch  where error.errno == EMFILE || error.errno == ENFILE {
                // Out of descriptors (many files followed at once): said once, opened once a followed file closes.
                if waitingForDescriptor.insert(path).inserted {
                    findings.warnings.append("\(path): \(error.reason); it is read once a followed file is closed")
                }
            } catch {
                findings.problems.append(InputFiles.Problem(path: path, reason: error.reason))
                done.insert(path)
            }
        }
        return findings
    }

    /// The files still followed, in reading order.
    package var followedPaths: [String] { open.map(\.path) }

    /// Reads `file`; true while it may grow.
    private mutating func read(
        _ file: FollowedFile, into consumer: inout some LogConsumer, findings: inout Findings,
        shouldStop: @escaping () -> Bool
    ) -> Bool {
        let (state, warnings) = file.read(into: &consumer, shouldStop: shouldStop)
        findings.warnings += warnings
        switch state {
        case .open: return true
        case .finished, .removed:
            done.insert(file.path)
            return false
        }
    }
}

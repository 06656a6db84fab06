import Foundation

/// The work behind `Trail.exportSupportBundle`: every segment in a trail's folder, each read as far as it reached
/// when the export began, through the bundle format's writer, with the residual-data scan at `maskAllPII`.
///
/// Blocking file I/O: run it off the caller's thread (the `Trail` extension gives it a thread of its own).
struct SupportBundleExport: Sendable {
    /// What the library writes into the manifest's `authtrail.tool_version` (the CLI writes `authtrail <version>`).
    static let toolVersion = "AuthTrail \(authTrailLibraryVersion)"

    var directory: String
    var destination: URL
    /// Events before this time are left out, and whole segments last written before it.
    var since: Date?
    var allowResidualPII: Bool
    var protection: FileProtection
    var now: Date

    /// Writes the bundle and says what it holds.
    func run() throws(SupportBundleError) -> SupportBundleSummary {
        let folder = SegmentDirectory(path: directory)
        let entries: [SegmentDirectory.Entry]
        do {
            entries = try folder.segments()
        } catch {
            throw SupportBundleError(code: .unreadableFolder, path: directory, cause: error.description)
        }
        let sinceSeconds = since?.timeIntervalSince1970
        let chosen = entries.filter { entry in sinceSeconds.map { entry.modified >= $0 } ?? true }
        let sinceMilliseconds = sinceSeconds.map { Int64(($0 * 1000).rounded(.up)) }

        var writer: SupportBundleWriter
        do {
            writer = try SupportBundleWriter(
                output: destination.path, toolVersion: Self.toolVersion, now: now, protection: protection)
        } catch {
            throw SupportBundleError(code: .unwritableDestination, path: error.path, cause: error.cause)
        }
        let reader: SegmentSnapshotReader
        do {
            reader = try SegmentSnapshotReader()
        } catch {
            writer.abandon()
            throw SupportBundleError(code: .unwritableDestination, path: destination.path, cause: "\(error)")
        }
        for name in ordered(chosen.map(\.name)) {
            let path = "\(directory)/\(name)"
            // Gone since the listing (retention deleted it): nothing of it to send.
            guard let descriptor = try? SystemCalls.open(path, write: false) else { continue }
            defer { SystemCalls.close(descriptor) }
            guard let status = try? SystemCalls.status(descriptor) else { continue }
            let mayStillBeWritten =
                !SegmentDirectory.isSealed(descriptor, size: status.size)
                && folder.mayBeLive(name, active: nil)
            writer.beginFile(name: name, path: path)
            let read = reader.read(
                descriptor: descriptor, byteCount: status.size, name: name, since: sinceMilliseconds,
                mayStillBeWritten: mayStillBeWritten, into: &writer)
            let invalidLines =
                read.invalidLines > 0 ? ["\(name): \(read.invalidLines) lines are not AuthTrail events"] : []
            writer.endFile(sha256: read.sha256, bytes: read.bytes, warnings: read.issues + invalidLines)
        }

        let outcome: SupportBundleWriter.Outcome
        do {
            outcome = try writer.finish(force: allowResidualPII, requireEvents: true)
        } catch {
            throw SupportBundleError(code: .unwritableDestination, path: error.path, cause: error.cause)
        }
        if outcome.findingCount > 0 && !allowResidualPII {
            throw SupportBundleError(
                code: .residualPersonalData, path: directory,
                residualFindings: outcome.findingCountsByKind.map { .init(kind: $0.kind.rawValue, count: $0.count) })
        }
        return SupportBundleSummary(
            url: destination, isWritten: outcome.written, segmentCount: outcome.manifest.segments.count,
            eventCount: outcome.manifest.events, residualFindingCount: outcome.findingCount,
            warnings: outcome.warnings)
    }

    /// `names` in the order `authtrail bundle` reads a folder's segments (`SegmentHeader.sortsBefore`); files
    /// whose metadata frame cannot be read follow in name order.
    private func ordered(_ names: [String]) -> [String] {
        let keyed = names.map { (name: $0, header: Self.header(of: "\(directory)/\($0)")) }
        let headed = keyed.compactMap { entry in entry.header.map { (name: entry.name, header: $0) } }.sorted {
            $0.header.sortsBefore($1.header, name: $0.name, otherName: $1.name)
        }
        return headed.map(\.name) + keyed.filter { $0.header == nil }.map(\.name)
    }

    /// The metadata frame that opens the segment at `path`, if it opens with one (a bundle's manifest is not one).
    private static func header(of path: String) -> SegmentHeader? {
        SegmentHeader(file: path).flatMap { $0.isBundleManifest ? nil : $0 }
    }
}

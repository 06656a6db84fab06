package import Foundation

/// Writes the support-ticket bundle format: one valid `.zst` file holding a manifest skippable frame, then for every
/// bundled segment its metadata frame and one checksummed zstd frame of its complete event lines. The one
/// implementation of the format: `authtrail bundle` feeds it from the analysis reader, `Trail.exportSupportBundle`
/// from `SegmentSnapshotReader`.
///
/// The caller streams each input through it: `beginFile`, the file's metadata frames (`beginSection`) and event lines
/// (`addEvent`), then `endFile` with the file's hash. Events are compressed into a temporary file beside the output
/// and their section digest kept as they are written, and every line is scanned for residual personal data. The
/// manifest, known only at the end, is written first into the final file by `finish`, the events are copied after it
/// a megabyte at a time, and the finished file is renamed into place, so a refused or failed bundle leaves nothing
/// behind. Memory stays within the 1 MiB output and copy buffers, the compressor's context and the first 100
/// findings, whatever the inputs' size.
package struct SupportBundleWriter {
    /// The distinct set-ups the bundled events recorded (`app.configuration`), at most `ReportBounds.recordedSetups` (64), in the order read.
    package var recordedSetups: [RecordedAppConfiguration] = []
    /// Set before `finish` by a writer that judges `recordedSetups` (`authtrail bundle`): the manifest's
    /// `setup_findings`.
    package var setupFindings: [BundleManifest.SetupFinding]?
    /// What writing a bundle did: what the library's export and `authtrail bundle` report.
    package struct Outcome: Sendable {
        package var manifest: BundleManifest
        /// Residual personal data or secrets found in the events: the first 100, in input order.
        package var findings: [PIIFinding]
        /// How many findings there were in all.
        package var findingCount: Int
        /// Findings per kind, in the order the kinds were first found.
        package var findingCountsByKind: [(kind: ResidualPIIScanner.Kind, count: Int)]
        /// Damage skipped while reading the inputs (torn tails, corrupt frames, lines that are not events), one line
        /// each, in input order.
        package var warnings: [String]
        /// False when nothing was written: refused because of findings, or no events when events are required.
        package var written: Bool
    }

    /// The output (or its temporary file) could not be written.
    package struct OutputError: Error, Sendable {
        /// The output the bundle was meant for.
        package var path: String
        /// The system's or zstd's words.
        package var cause: String
    }

    /// Lines a frame holds before the next line starts a new one (the store's segments end theirs at the same size).
    static let frameContentBytes = 1 << 20

    private let output: String
    private let temporary: String
    /// Names this writer's temporary files apart from any other writer's: `<pid>-<random>`.
    private let unique: String
    private let toolVersion: String
    private let now: Date
    private let protection: FileProtection?
    private let descriptor: Int32
    private let compressor: ZstdCompressor
    private var buffer: [UInt8] = []
    private var error: String?
    private var entries: [BundleManifest.Segment] = []
    private var findings = FindingCollector()
    private var warnings: [String] = []
    private var first: Int64?
    private var last: Int64?
    private var apps = Set<String>()
    private var operatingSystems = Set<String>()
    private var redactionLevels = Set<String>()
    // The current file and section.
    private var fileName = ""
    private var filePath = ""
    /// Whether the current file had a metadata frame yet: findings before one name the file, after it its path.
    private var fileHasMetadata = false
    /// The first entry of the current file: its hash is known only once the file is read.
    private var fileFirstEntry = 0
    private var section: (entry: BundleManifest.Segment, digest: SectionDigest)?
    private var lineNumber = 0

    /// Creates the temporary file `<output>.partial-<pid>-<random>` (mode 0600, `protection` on Apple platforms): two
    /// exports to one destination at once, in one process or two, never share it (nor `finish`'s `.final-` file), and
    /// a file a crash left never blocks the next export.
    package init(output: String, toolVersion: String, now: Date, protection: FileProtection? = nil) throws(OutputError)
    {
        self.output = output
        self.toolVersion = toolVersion
        self.now = now
        self.protection = protection
        unique = "\(SystemCalls.processID)-\(UInt32.random(in: 0...UInt32.max))"
        temporary = "\(output).partial-\(unique)"
        do {
            descriptor = try SystemCalls.open(temporary, write: true, create: true, exclusive: true, mode: 0o600)
        } catch {
            throw OutputError(path: output, cause: error.description)
        }
        if let protection { SystemCalls.applyProtection(protection, to: temporary) }
        do {
            compressor = try ZstdCompressor(level: 3, checksum: true)
        } catch {
            SystemCalls.close(descriptor)
            SystemCalls.unlink(temporary)
            throw OutputError(path: output, cause: "\(error)")
        }
    }

    /// Starts an input file.
    /// - Parameters:
    ///   - name: what the manifest calls it (its last path component, or `stdin`).
    ///   - path: what findings in it are reported under once it had a metadata frame.
    package mutating func beginFile(name: String, path: String) {
        fileName = name
        filePath = path
        fileHasMetadata = false
        fileFirstEntry = entries.count
        lineNumber = 0
    }

    /// Ends the file's last section and gives its sections the file's hash and size; `warnings` say what damage
    /// reading it skipped.
    package mutating func endFile(sha256: String, bytes: Int, warnings: [String]) {
        endSection()
        self.warnings += warnings
        for index in fileFirstEntry..<entries.count {
            entries[index].sha256 = sha256
            entries[index].bytes = bytes
        }
    }

    /// A metadata frame's payload (a JSON object): the events after it form a new section. A bundle given as input
    /// has its manifest dropped (the new one replaces it) and its segments re-bundled.
    package mutating func beginSection(metadata payload: UnsafeRawBufferPointer) {
        guard let header = SegmentHeader(payload: payload) else { return }
        fileHasMetadata = true
        guard !header.isBundleManifest else { return }
        endSection()
        buffer += SkippableFrame.encode(Array(payload))
        if let app = header.app { apps.insert(app) }
        if let os = header.operatingSystem { operatingSystems.insert(os) }
        if let level = header.redactionLevel { redactionLevels.insert(level) }
        section = (
            BundleManifest.Segment(
                name: fileName, sha256: "", bytes: 0, installID: header.installID, events: 0, contentSHA256: ""),
            SectionDigest()
        )
    }

    /// One event line as it was decoded (without its newline), and its time when it has one.
    package mutating func addEvent(line: UnsafeRawBufferPointer, timestampMilliseconds time: Int64?) {
        lineNumber += 1
        if section == nil {
            // Lines before any metadata frame (a foreign file): a section with a minimal header of its own.
            buffer += SkippableFrame.encode(Array(#"{"format":"authtrail-segment","source":"foreign"}"#.utf8))
            section = (
                BundleManifest.Segment(name: fileName, sha256: "", bytes: 0, events: 0, contentSHA256: ""),
                SectionDigest()
            )
        }
        findings.scan(line, path: fileHasMetadata ? filePath : fileName, lineNumber: lineNumber)
        section!.digest.add(line: line)
        if let time {
            first = min(first ?? time, time)
            last = max(last ?? time, time)
            let text = Self.timeText(time)
            section!.entry.firstEvent = min(section!.entry.firstEvent ?? text, text)
            section!.entry.lastEvent = max(section!.entry.lastEvent ?? text, text)
        }
        do {
            // A frame ends before it passes 1 MiB of lines, as a segment's does, so a reader can hold all of a
            // frame's lines back until its checksum verifies (`ZstdStreamReader.Limits.unverifiedFrameBytes`).
            if compressor.frameContentBytes >= Self.frameContentBytes { try compressor.endFrame(into: &buffer) }
            try compressor.write(line, into: &buffer)
            try compressor.write([UInt8(ascii: "\n")], into: &buffer)
        } catch {
            self.error = "\(error)"
        }
        if buffer.count >= 1 << 20 { flush() }
    }

    /// Writes the manifest and the events into `output` unless there were findings and `force` is false, or
    /// `requireEvents` is true and there were none; removes the temporary file either way.
    /// - Returns: the manifest, the findings and whether the bundle was written.
    package mutating func finish(force: Bool, requireEvents: Bool = false) throws(OutputError) -> Outcome {
        flush()
        SystemCalls.close(descriptor)
        if let error {
            SystemCalls.unlink(temporary)
            throw OutputError(path: output, cause: error)
        }
        var manifest = BundleManifest(toolVersion: toolVersion, createdAt: Timestamp.string(now))
        manifest.segments = entries
        manifest.events = entries.map(\.events).reduce(0, +)
        manifest.firstEvent = first.map(Self.timeText)
        manifest.lastEvent = last.map(Self.timeText)
        manifest.apps = apps.sorted()
        manifest.operatingSystems = operatingSystems.sorted()
        manifest.redactionLevels = redactionLevels.sorted()
        manifest.forcedWithFindings = force ? findings.count : 0
        manifest.setupFindings = setupFindings
        var outcome = Outcome(
            manifest: manifest, findings: findings.retained, findingCount: findings.count,
            findingCountsByKind: findings.countsByKind, warnings: warnings,
            written: (findings.count == 0 || force) && (manifest.events > 0 || !requireEvents))
        guard outcome.written else {
            SystemCalls.unlink(temporary)
            return outcome
        }
        let final = "\(output).final-\(unique)"
        do {
            try assemble(manifest: manifest, into: final)
            SystemCalls.unlink(temporary)
            try SystemCalls.rename(final, to: output)
        } catch {
            SystemCalls.unlink(temporary)
            SystemCalls.unlink(final)
            outcome.written = false
            throw OutputError(path: output, cause: error.description)
        }
        return outcome
    }

    /// Gives up: closes and removes the temporary file (when the caller stops before `finish`).
    package func abandon() {
        SystemCalls.close(descriptor)
        SystemCalls.unlink(temporary)
    }

    /// Writes a new file `path`: the manifest frame, then the temporary file's events copied a megabyte at a time.
    private func assemble(manifest: BundleManifest, into path: String) throws(SystemError) {
        let output = try SystemCalls.open(path, write: true, create: true, exclusive: true, mode: 0o600)
        defer { SystemCalls.close(output) }
        if let protection { SystemCalls.applyProtection(protection, to: path) }
        try SystemCalls.writeAll(output, SkippableFrame.encode(manifest.encoded()))
        let input = try SystemCalls.open(temporary, write: false)
        defer { SystemCalls.close(input) }
        var source = FileDescriptorSource(descriptor: input)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Swift.Result { () throws(SystemError) in try source.read(into: buffer) }
            }.get()
            if count == 0 { break }
            try chunk.withUnsafeBytes { bytes in
                Swift.Result { () throws(SystemError) in
                    try SystemCalls.writeAll(output, UnsafeRawBufferPointer(rebasing: bytes[..<count]))
                }
            }.get()
        }
        try SystemCalls.synchronize(output)
    }

    private mutating func endSection() {
        guard let current = section else { return }
        section = nil
        var entry = current.entry
        do {
            try compressor.endFrame(into: &buffer)
        } catch {
            self.error = "\(error)"
        }
        entry.events = current.digest.events
        entry.contentSHA256 = current.digest.hexDigest()
        entries.append(entry)
    }

    private mutating func flush() {
        guard error == nil, !buffer.isEmpty else { return }
        do {
            try SystemCalls.writeAll(descriptor, buffer)
        } catch {
            self.error = error.description
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A time in the manifest: RFC 3339 UTC with milliseconds.
    private static func timeText(_ milliseconds: Int64) -> String {
        Timestamp.string(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}

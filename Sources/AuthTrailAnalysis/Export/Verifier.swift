package import AuthTrail

/// Checks segments and bundles: frames decode and their checksums match, nothing is torn, no residual personal
/// data or secrets, and for a bundle that every section matches its manifest entry (event count, content SHA-256).
/// Every other input the readers accept is scanned for residual personal data too: raw MSAL log text (plain or
/// zstd) line by line as it was read, before the reader redacts it, and AuthTrail events without a segment header.
///
/// Each file streams through the segment reader once; memory holds the reader's buffers, one digest per bundled
/// section and the first 100 findings, whatever the file's size. The digests, the manifest and the residual-data scan
/// are the bundle writer's own (`SectionDigest`, `BundleManifest`, `FindingCollector`, in the library), so what
/// `verify` recomputes is computed the way the bundle was written.
package enum Verifier {
    /// What verifying one file found.
    package struct FileResult: Sendable {
        /// What a file was read as.
        package enum InputClass: Sendable, Equatable {
            case segment, bundle
            /// Raw MSAL log text, plain or zstd-compressed.
            case rawLogText(compressed: Bool)
            /// AuthTrail event lines with no segment metadata frame (a `cat` output, say).
            case eventsWithoutHeader
            /// Nothing readable: no frame, no event, no MSAL log line (an empty file, random bytes, other text).
            case nothingReadable
        }

        package var path: String
        package var events = 0
        package var inputClass = InputClass.nothingReadable
        package var isBundle: Bool { inputClass == .bundle }
        /// One line per problem (damage, manifest mismatch); empty when the file is sound.
        package var problems: [String] = []
        /// Residual personal data or secrets: the first 100, in line order.
        package var findings: [PIIFinding] = []
        /// How many findings there were in all.
        package var findingCount = 0
        package var isClean: Bool { problems.isEmpty && findingCount == 0 }
    }

    /// Verifies every file `paths` names (directories recursively); the second value lists unreadable paths.
    package static func verify(paths: [String]) -> (results: [FileResult], problems: [InputFiles.Problem]) {
        var input = InputReader(paths: paths, givenOrder: true)
        var results: [FileResult] = []
        input.forEachFile { file, reader in
            var sink = Sink(path: file)
            do throws(SystemError) {
                let summary = try reader.read(path: file, into: &sink)
                sink.endSection()
                results.append(sink.result(summary))
                return nil
            } catch {
                return InputFiles.Problem(path: file, reason: error.reason)
            }
        }
        return (results, input.problems)
    }

    private struct Sink: LogConsumer {
        func inputClass(_ summary: InputSummary) -> FileResult.InputClass {
            if manifest != nil { return .bundle }
            if sawHeader { return .segment }
            if summary.rawLog != nil { return .rawLogText(compressed: summary.textWasCompressed) }
            return events > 0 ? .eventsWithoutHeader : .nothingReadable
        }

        let path: String
        var manifest: BundleManifest?
        var sections: [(events: Int, hash: String)] = []
        var current: SectionDigest?
        var findings = FindingCollector()
        var lineNumber = 0
        var events = 0
        var sawHeader = false
        /// Set once the input reads as text: its lines are scanned as read, the events made from them are not.
        var readsText = false

        init(path: String) { self.path = path }

        mutating func textLine(_ line: UnsafeRawBufferPointer) {
            readsText = true
            lineNumber += 1
            findings.scan(line, path: path, lineNumber: lineNumber)
        }

        mutating func segment(_ header: SegmentHeader, path: String) {
            sawHeader = true
            if header.isBundleManifest {
                manifest = Array(header.json.utf8).withUnsafeBytes { BundleManifest(payload: $0) }
                return
            }
            endSection()
            current = SectionDigest()
        }

        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
            events += 1
            if !readsText {
                lineNumber += 1
                findings.scan(line, path: path, lineNumber: lineNumber)
            }
            if current == nil { current = SectionDigest() }
            current!.add(line: line)
        }

        mutating func endSection() {
            guard let section = current else { return }
            current = nil
            sections.append((section.events, section.hexDigest()))
        }

        func result(_ summary: InputSummary) -> FileResult {
            var result = FileResult(
                path: path, events: events, inputClass: inputClass(summary), findings: findings.retained,
                findingCount: findings.count)
            result.problems = summary.issues.messages(file: path)
            if summary.invalidLines > 0 {
                result.problems.append("\(path): \(summary.invalidLines) lines are not AuthTrail events")
            }
            guard let manifest else { return result }
            if manifest.segments.count != sections.count {
                result.problems.append(
                    "\(path): the manifest lists \(manifest.segments.count) segments, the bundle holds \(sections.count)"
                )
            }
            for (index, (entry, section)) in zip(manifest.segments, sections).enumerated() {
                if entry.events != section.events {
                    result.problems.append(
                        "\(path): segment \(index + 1) (\(entry.name)): \(section.events) events, the manifest says \(entry.events)"
                    )
                } else if entry.contentSHA256 != section.hash {
                    result.problems.append(
                        "\(path): segment \(index + 1) (\(entry.name)): content SHA-256 differs from the manifest")
                }
            }
            if manifest.events != events {
                result.problems.append("\(path): \(events) events, the manifest says \(manifest.events)")
            }
            return result
        }
    }
}

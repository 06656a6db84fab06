package import AuthTrail
package import Foundation

/// `authtrail bundle`'s inputs, fed to the bundle format's one writer (`SupportBundleWriter`, in the library): the
/// paths a user names expanded (files, folders, `-`), ordered by device and time (`InputOrder`), each read by the
/// analysis reader while its bytes are hashed (`DigestingSource`).
///
/// Every input streams through once, so memory stays within the reader's buffers and the writer's 1 MB buffers,
/// whatever the inputs' size (docs/RELIABILITY.md, "Streaming commands"). A refused or failed bundle leaves nothing
/// behind.
package struct BundleWriter {
    /// What writing a bundle did.
    package struct Result: Sendable {
        package var manifest: BundleManifest
        /// Residual personal data or secrets found in the events: the first 100, in input order.
        package var findings: [PIIFinding]
        /// How many findings there were in all.
        package var findingCount: Int
        /// Inputs that could not be read.
        package var problems: [InputFiles.Problem]
        /// Damage skipped while reading (torn tails, corrupt frames), one line each.
        package var warnings: [String]
        /// False when the bundle was refused because of findings.
        package var written: Bool
    }

    /// An output that could not be written.
    package struct WriteError: Error, Sendable {
        package var path: String
        package var cause: String
        package var message: String { "\(path): cannot write the bundle: \(cause)" }
    }

    package var toolVersion: String
    package var now: Date

    package init(toolVersion: String, now: Date = Date()) {
        self.toolVersion = toolVersion
        self.now = now
    }

    /// Bundles `paths` into `output`. With findings, writes nothing unless `force`.
    package func write(paths: [String], to output: String, force: Bool) throws(WriteError) -> Result {
        var bundle: SupportBundleWriter
        do {
            bundle = try SupportBundleWriter(output: output, toolVersion: toolVersion, now: now)
        } catch {
            throw WriteError(path: error.path, cause: error.cause)
        }
        let expanded = InputFiles.expand(paths)
        var problems = expanded.problems
        var warnings: [String] = []
        var reader = SegmentReader()
        for file in InputOrder.sorted(expanded.files) {
            let input: Int32
            do {
                input = file == "-" ? 0 : try SystemCalls.open(file, write: false)
            } catch {
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
                continue
            }
            var source = DigestingSource(FileDescriptorSource(descriptor: input))
            bundle.beginFile(name: file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent, path: file)
            let summary = reader.read(from: &source, name: file, into: &bundle)
            if file != "-" { SystemCalls.close(input) }
            bundle.endFile(sha256: source.hexDigest(), bytes: source.byteCount)
            warnings += summary.warnings
            if let error = source.readError {
                // The events before the failed read are bundled; the input still counts as not read.
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
            }
        }
        if !bundle.recordedSetups.isEmpty {
            bundle.setupFindings = bundle.recordedSetups.flatMap { setup in
                JudgedSetup(setup).findings.map { finding in
                    let shown = JudgedSetup.reportFinding(finding)
                    return BundleManifest.SetupFinding(
                        bundleID: setup.bundleID, rule: shown.rule, problem: shown.problem, location: shown.location,
                        errors: shown.errors, explain: shown.explain, fix: shown.fix)
                }
            }
        }
        let outcome: SupportBundleWriter.Outcome
        do {
            outcome = try bundle.finish(force: force)
        } catch {
            throw WriteError(path: error.path, cause: error.cause)
        }
        return Result(
            manifest: outcome.manifest, findings: outcome.findings, findingCount: outcome.findingCount,
            problems: problems, warnings: warnings, written: outcome.written)
    }
}

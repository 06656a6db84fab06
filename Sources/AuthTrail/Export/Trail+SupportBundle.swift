public import Foundation

extension Trail {
    /// Writes everything this trail's folder holds into one support-ticket bundle at `destination`, for the user to
    /// send from inside the app (hand the URL to a share sheet): the same file `authtrail bundle` writes, which
    /// `authtrail verify` and `authtrail report` read and any zstd tool decompresses.
    ///
    /// Flushes first, then bundles every segment in the folder, the active one included as far as it was flushed
    /// (logging goes on meanwhile; later events stay in the folder for the next export). Every event is scanned for
    /// personal data or secrets the redactor would hide at `maskAllPII`: with any finding nothing is written and the
    /// error lists the kinds and counts (never a value), unless `allowResidualPII` says to write anyway, as
    /// `authtrail bundle --force` does. The file is written through a temporary file beside it and renamed into place,
    /// with mode 0600 and the trail's `fileProtection`. The pseudonym key is never in it (it lives in the key store,
    /// not in the folder), nor is anything else of the folder but its segments.
    ///
    /// The work runs on a thread of its own, not the caller's or Swift's shared pool. Memory stays at a few megabytes
    /// whatever the folder's size: segments stream through, a megabyte at a time.
    ///
    /// ```swift
    /// let url = FileManager.default.temporaryDirectory.appendingPathComponent("authtrail-logs.zst")
    /// let summary = try await trail.exportSupportBundle(to: url)
    /// ```
    /// - Parameters:
    ///   - destination: a file URL; an existing file there is replaced. Not inside the trail's folder.
    ///   - since: leave out events recorded before this time, and segments last written before it (nil: all).
    ///   - allowResidualPII: write the bundle even when residual personal data or secrets were found (recorded in
    ///     the bundle's manifest as `forced_with_findings`).
    /// - Returns: where the bundle is and what it holds; `isWritten` is false when there were no events to send.
    /// - Throws: `SupportBundleError`: residual personal data (`residualPersonalData`, with kinds and counts), or a
    ///   folder or destination that cannot be read or written.
    @discardableResult
    public func exportSupportBundle(
        to destination: URL, since: Date? = nil, allowResidualPII: Bool = false
    ) async throws(SupportBundleError) -> SupportBundleSummary {
        guard destination.isFileURL else {
            throw SupportBundleError(
                code: .unwritableDestination, path: destination.absoluteString, cause: "not a file URL")
        }
        await flush()
        let export = SupportBundleExport(
            directory: configuration.directory.path, destination: destination, since: since,
            allowResidualPII: allowResidualPII, protection: configuration.fileProtection,
            now: configuration.clock.now())
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<SupportBundleSummary, SupportBundleError>, Never>) in
            // Reading and compressing a folder can take a while: a thread of its own keeps it off the caller's
            // thread and off the cooperative pool, as `flush() async` does for its wait.
            let thread = Thread {
                continuation.resume(returning: Result { () throws(SupportBundleError) in try export.run() })
            }
            thread.name = "AuthTrail export"
            thread.start()
        }
        return try result.get()
    }
}

import AuthTrail

/// Reads every input a command names: expands the paths (files, directories, "-"), orders the files by device and
/// time (`InputOrder.plan`), hands their events to a consumer, and collects the paths that could not be read.
///
/// One reader (`SegmentReader`) keeps its buffers from file to file. A consumer that needs each install's events in
/// time order reads through an `InstallTimeOrder`: the report, `show` and the HTML report's timelines read the
/// installs in shards on several threads (`InstallShards`) after `readMixed(into:)`.
package struct InputReader {
    /// The files to read, grouped by install.
    package let plan: InputOrder.Plan
    /// The paths that could not be used or read so far, in the order found.
    package private(set) var problems: [InputFiles.Problem]
    /// Files handed to the reader so far.
    private(set) var filesRead = 0
    private var reader = SegmentReader()

    /// Expands and plans `paths`; reads nothing yet.
    /// - Parameters:
    ///   - threads: how many files' start keys are read at once; nil for one per active processor.
    ///   - givenOrder: read the files as named (directories in name order) rather than by device and time, for a
    ///     command that answers per file (`verify`); nothing is read to plan them.
    package init(paths: [String], threads: Int? = nil, givenOrder: Bool = false) {
        let expanded = InputFiles.expand(paths)
        problems = expanded.problems
        plan = givenOrder ? InputOrder.Plan(mixed: expanded.files) : InputOrder.plan(expanded.files, threads: threads)
    }

    /// Reads the files of `inputs`, planned by an earlier read; reads nothing yet.
    package init(_ inputs: InputsRead) {
        plan = inputs.plan
        problems = []
    }

    /// Reads every file in order (`InputOrder.Plan.files`) with `read`, which says why a file could not be read, if
    /// it could not: for a consumer that opens the file itself (`authtrail bundle` hashes its bytes).
    mutating func forEachFile(_ read: (_ path: String, _ reader: inout SegmentReader) -> InputFiles.Problem?) {
        for file in plan.files {
            filesRead += 1
            if let problem = read(file, &reader) { problems.append(problem) }
        }
    }

    /// Reads every file in order into `consumer`, calling `finished` with what each input held.
    package mutating func read(
        into consumer: inout some LogConsumer, finished: (InputSummary) -> Void = { _ in }
    ) {
        forEachFile { file, reader in
            do throws(SystemError) {
                finished(try reader.read(path: file, into: &consumer))
                return nil
            } catch {
                return InputFiles.Problem(path: file, reason: error.reason)
            }
        }
    }

    /// Reads the files that hold several installs or none that can be told before reading them (standard input,
    /// foreign files, bundles whose segments could not be told apart: `BundleSections`) into `order`, whose events
    /// then wait for their install's turn.
    mutating func readMixed<Consumer>(into order: inout InstallTimeOrder<Consumer>) {
        for file in plan.unsectionedMixed {
            filesRead += 1
            if let problem = order.read(file, with: &reader) { problems.append(problem) }
        }
    }

    /// Reads `paths` in order into `consumer`, calling `finished` with what each input held. Returns the paths that
    /// could not be read.
    package static func read(
        paths: [String], into consumer: inout some LogConsumer, finished: (InputSummary) -> Void = { _ in }
    ) -> [InputFiles.Problem] {
        var input = InputReader(paths: paths)
        input.read(into: &consumer, finished: finished)
        return input.problems
    }
}

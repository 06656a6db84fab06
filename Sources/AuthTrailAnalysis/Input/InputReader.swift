import AuthTrail

/// Reads every input a command names, in device and time order, into one consumer.
package enum InputReader {
    /// Expands `paths` (files, directories, "-"), orders them with `InputOrder`, and reads each into `consumer`,
    /// calling `finished` with what each input held. Returns the paths that could not be read.
    package static func read(
        paths: [String], into consumer: inout some LogConsumer, finished: (InputSummary) -> Void = { _ in }
    ) -> [InputFiles.Problem] {
        let expanded = InputFiles.expand(paths)
        var problems = expanded.problems
        var reader = SegmentReader()
        for file in InputOrder.sorted(expanded.files) {
            do {
                finished(try reader.read(path: file, into: &consumer))
            } catch {
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
            }
        }
        return problems
    }
}

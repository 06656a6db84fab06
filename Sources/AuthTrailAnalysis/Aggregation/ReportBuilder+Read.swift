import AuthTrail

extension Report {
    /// Reads `paths` (files, directories, bundles, "-") and builds the report over the events `filter` keeps.
    /// Returns the report and the paths that could not be read.
    public static func build(paths: [String], filter: EventFilter = EventFilter()) -> (
        report: Report, problems: [InputFiles.Problem]
    ) {
        var builder = ReportBuilder(filter: filter)
        // `InputReader.read`'s loop, with the summary added right after each input, so the builder can name the file
        // its out-of-range values came from.
        let expanded = InputFiles.expand(paths)
        var problems = expanded.problems
        var reader = SegmentReader()
        for file in InputOrder.sorted(expanded.files) {
            do {
                let summary = try reader.read(path: file, into: &builder)
                builder.add(summary)
            } catch {
                problems.append(InputFiles.Problem(path: file, reason: error.reason))
            }
        }
        return (builder.finish(), problems)
    }
}

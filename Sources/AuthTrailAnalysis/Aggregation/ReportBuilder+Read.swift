extension Report {
    /// Reads `paths` (files, directories, bundles, "-") and builds the report over the events `filter` keeps.
    /// Returns the report and the paths that could not be read.
    public static func build(paths: [String], filter: EventFilter = EventFilter()) -> (
        report: Report, problems: [InputFiles.Problem]
    ) {
        var builder = ReportBuilder(filter: filter)
        var summaries: [InputSummary] = []
        let problems = InputReader.read(paths: paths, into: &builder) { summaries.append($0) }
        for summary in summaries { builder.add(summary) }
        return (builder.finish(), problems)
    }
}

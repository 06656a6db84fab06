import AuthTrail

extension Report {
    /// Reads `paths` (files, directories, bundles, "-") and builds the report over the events `filter` keeps.
    /// Returns the report and the paths that could not be read.
    ///
    /// The report does not depend on the order of `paths`, on which files carry a metadata frame, or on how an
    /// install's events are split across files and processes: files holding several installs are read first (their
    /// events wait for their install's turn), then each install's files in order of their start, merged in time
    /// order (`InstallTimeOrder`).
    public static func build(paths: [String], filter: EventFilter = EventFilter()) -> (
        report: Report, problems: [InputFiles.Problem]
    ) {
        var merge = InstallTimeOrder(ReportBuilder(filter: filter))
        let problems = merge.read(paths: paths)
        return (merge.finish(), problems)
    }
}

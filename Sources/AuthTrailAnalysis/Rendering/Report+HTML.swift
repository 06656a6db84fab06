extension Report {
    /// The report as one self-contained HTML page with inline SVG charts.
    public func renderHTML() -> String { "" }
}

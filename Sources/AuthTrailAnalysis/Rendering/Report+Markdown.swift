extension Report {
    /// The report as Markdown tables, to paste into a ticket.
    public func renderMarkdown() -> String { "" }
}

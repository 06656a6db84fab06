extension FailureDetails {
    /// Names the code and sub-code from the catalog and sets the recommended action, as classifying an `NSError`
    /// does: for failures the analysis reads from text (raw MSAL log lines) rather than from an error object.
    package mutating func annotateFromCatalog() { ErrorCatalog.annotate(&self) }
}

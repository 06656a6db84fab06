extension ReportBuilder {
    /// Adds what `other` counted, as if its events had been given after this builder's (`InstallShards`).
    ///
    /// Both builders must be between installs (`endInstall()`), and `other` must have been given other installs'
    /// events: operations, device windows and versions never span two builders, so only totals remain to add.
    /// Counts and histograms add, distinct counts take the union, capped tables fold what does not fit
    /// (`CappedTable.merge`), examples are re-sorted by their total order and re-capped, and `other`'s warnings come
    /// after this builder's, under the same cap.
    package mutating func merge(_ other: ReportBuilder) {
        var other = other
        other.flushOutOfRange(file: "input")
        other.tables.update(.ended, record: .noEvent)
        tables.update(.ended, record: .noEvent)

        tables.merge(other.tables)
    }
}

package import AuthTrail

/// The analysis reader feeds the bundle writer directly: each metadata frame starts a section, each event line is
/// bundled with the time the scanner read from it.
extension SupportBundleWriter: LogConsumer {
    package mutating func segment(_ header: SegmentHeader, path: String) {
        Array(header.json.utf8).withUnsafeBytes { beginSection(metadata: $0) }
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        addEvent(line: line, timestampMilliseconds: record.timestampMilliseconds)
        if record.event == .appConfiguration,
            recordedSetups.count < ReportBounds.recordedSetups,
            let setup = JudgedSetup.recorded(in: line), !recordedSetups.contains(setup)
        {
            recordedSetups.append(setup)
        }
    }
}

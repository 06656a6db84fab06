import AuthTrail

/// The event names the analysis acts on, as a value compared without reading the name's bytes: matched per event,
/// the names themselves cost a string comparison per case (about 1.3 % of a report's samples; perf, large segments).
package enum EventType: UInt8, Sendable {
    case acquisitionStart, acquisitionEnd, retryWait, log, segmentStart, dropped, appConfiguration
    /// Any other name (`LogRecord.eventName` keeps it).
    case other

    init(_ name: TrailEvent.Name) {
        self =
            switch name {
            case .acquisitionStart: .acquisitionStart
            case .acquisitionEnd: .acquisitionEnd
            case .retryWait: .retryWait
            case .log: .log
            case .segmentStart: .segmentStart
            case .dropped: .dropped
            case .appConfiguration: .appConfiguration
            default: .other
            }
    }
}

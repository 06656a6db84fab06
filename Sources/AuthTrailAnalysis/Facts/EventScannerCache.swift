/// What the event scanner carries from line to line of one input, so repeated work is done once: recent string
/// values, the order of keys, and the last date of a timestamp. One per reader; it never changes what a line reads.
package struct EventScannerCache {
    var strings = StringCache()
    let keys = KeyOrder()
    /// The last `YYYY-MM-DD` seen (its first eight bytes and the two after) and its day number since 1970.
    var lastDate: (head: UInt64, tail: UInt16, days: Int)?
    /// String values read so far that were longer than `ReportBounds.stringBytes` (kept shortened).
    package internal(set) var shortenedValues = 0

    package init() {}
}

import Testing

/// One of Apple's required-reason API categories: the names Apple lists for it, as patterns over Swift source, and the
/// reason code that fits what this library does with them.
///
/// The table follows Apple's "Describing use of required reason API" (Bundle Resources documentation), which names
/// specific APIs; update it from there when Apple adds one. It deliberately counts only what that page lists:
///
/// - System boot time is `systemUptime` (`ProcessInfo`) and `mach_absolute_time()`, nothing else. `ContinuousClock`,
///   `SuspendingClock`, `DispatchTime` and `clock_gettime` are not on the list: they are implemented inside the Swift
///   runtime, libdispatch and libc, so an app binary that uses them references their symbols, not the listed ones that
///   App Store Connect's check (ITMS-91053) looks for. Using them needs no declaration.
/// - File timestamps are the `stat` family, the `getattrlist` family and Foundation's creation and modification date
///   keys. The `stat` struct initialiser (`var info = stat()`) matches too; it only ever comes with a call.
/// - `getattrlist` can read file dates and volume space alike, and Apple lists it under both categories, so it
///   counts for both here.
///
/// Patterns are matched against code, not comments (see `LibrarySources`), and C calls are written `name\(` without a
/// space so that a message such as `"stat \(path)"` does not count.
struct RequiredReasonCategory: Sendable, CustomTestStringConvertible {
    /// The `NSPrivacyAccessedAPIType` value.
    var name: String
    /// Regular expressions, any of which marks a use.
    var patterns: [String]
    /// The reason codes the manifest must give when the sources use the category; nil when no approved reason fits a
    /// logging library, so that a use fails the test until someone chooses one.
    var reasons: Set<String>?

    var testDescription: String { name }

    static let all: [RequiredReasonCategory] = [
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategoryFileTimestamp",
            patterns: [
                #"\b[fl]?stat(64)?\("#, #"\bfstatat(64)?\("#, #"\bf?getattrlist(bulk|at)?\("#,
                #"\.(creationDate|modificationDate|contentModificationDate)\b"#, #"\bfileModificationDate\b"#,
                #"\b(contentModificationDateKey|creationDateKey)\b"#, #"\bNSFile(Creation|Modification)Date\b"#,
            ],
            // C617.1: timestamps, size or other metadata of files inside the app's container or App Group container,
            // which is where the app puts the trail's folder (retention by age reads segment modification times).
            reasons: ["C617.1"]),
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategorySystemBootTime",
            patterns: [#"\bsystemUptime\b"#, #"\bmach_absolute_time\("#],
            // 35F9.1: elapsed time between events inside the app, or timers.
            reasons: ["35F9.1"]),
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategoryDiskSpace",
            patterns: [
                #"\bf?statv?fs(64)?\("#, #"\bf?getattrlist(bulk|at)?\("#,
                #"\bvolume(Available|Total)Capacity\w*"#, #"\.(systemFreeSize|systemSize)\b"#,
                #"\bNSFileSystem(Free)?Size\b"#,
            ],
            // E174.1: checking there is room to write files, or deleting files when space runs low.
            reasons: ["E174.1"]),
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategoryActiveKeyboards",
            patterns: [#"\bactiveInputModes\b"#],
            reasons: nil),
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategoryUserDefaults",
            patterns: [#"\b(NS)?UserDefaults\b"#],
            // CA92.1: defaults only this app reads and writes (an App Group suite would need 1C8F.1 instead).
            reasons: ["CA92.1"]),
    ]
}

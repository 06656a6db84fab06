import Foundation

/// How the platform runs this process: the one seam between the trail's lifecycle rules, which run and are tested
/// everywhere, and Apple's app model.
///
/// On iOS, iPadOS and visionOS the system suspends a process that is not in the foreground and holds no
/// background-execution assertion, and ends it (`0xdead10cc`) if it is suspended holding a file lock in a shared
/// container. Such a process starts in the background (a launch for a background task or a silent push must be safe
/// before anything says otherwise) and writes outside the foreground only under an assertion it ends once the file
/// is unlocked. An app extension always does, since its host's state is not its own.
package struct ProcessLifecycle: Sendable {
    /// The system may suspend the process when it is not in the foreground.
    package var isSuspendable: Bool
    /// An app extension (widget, share, notification service, file provider…): never taken for the foreground, and
    /// its segment is sealed whenever it goes idle, so a short-lived process leaves no torn segment behind.
    package var isExtension: Bool
    /// How to ask for time to finish a write outside the foreground.
    package var backgroundExecution: BackgroundExecution

    package init(isSuspendable: Bool, isExtension: Bool, backgroundExecution: BackgroundExecution) {
        self.isSuspendable = isSuspendable
        self.isExtension = isExtension
        self.backgroundExecution = backgroundExecution
    }

    /// A process the system never suspends (macOS, Mac Catalyst, Linux): always in the foreground.
    package static let neverSuspended = ProcessLifecycle(
        isSuspendable: false, isExtension: false, backgroundExecution: .unlimited)

    /// This process, as the platform runs it.
    package static let current: ProcessLifecycle = {
        let isExtension = Bundle.main.bundleURL.pathExtension == "appex"
        #if canImport(Darwin) && (os(iOS) || os(visionOS)) && !targetEnvironment(macCatalyst)
        // "Designed for iPad" apps on a Mac run this branch too: they get the same notifications, and the pause costs
        // them nothing.
        return ProcessLifecycle(
            isSuspendable: true, isExtension: isExtension,
            backgroundExecution: .expiringActivity { reason, block in
                ProcessInfo.processInfo.performExpiringActivity(withReason: reason, using: block)
            })
        #else
        return ProcessLifecycle(isSuspendable: false, isExtension: isExtension, backgroundExecution: .unlimited)
        #endif
    }()

    /// Whether the writer starts paused: a suspendable process until the system says it is in the foreground; an
    /// extension always.
    var startsInBackground: Bool { isSuspendable || isExtension }
}

/// The data-protection class of the log folder and every file the trail creates (Apple platforms; elsewhere files
/// are created with mode 0600 in a 0700 folder and this setting changes nothing).
///
/// With `.complete`, nothing can be written while the device is locked: events recorded then wait in the queue (within
/// its memory cap) and are written after the unlock. Apps under Intune app-protection policies often require it.
public enum FileProtection: String, Sendable, Hashable, CaseIterable {
    /// Readable and writable only while the device is unlocked.
    case complete
    /// Files already open stay writable when the device locks; new files can be created but not reopened.
    case completeUnlessOpen
    /// Readable and writable once the user has unlocked the device after a restart. The default.
    case completeUntilFirstUserAuthentication
    /// No data protection.
    case none
}

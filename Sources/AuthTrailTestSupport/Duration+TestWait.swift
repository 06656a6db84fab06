extension Duration {
    /// How long a test waits for a trail's flush or shutdown. The API's 5 s default suits an app; on a loaded CI
    /// machine a shutdown's `fsync`, queued behind other processes' writes, can take longer, and a test means "it
    /// completes", not "within 5 s" (tests of the timeout itself pass their own).
    package static let testWait = Duration.seconds(120)
}

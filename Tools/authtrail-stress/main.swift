// A child process for the store's crash, concurrency and fault tests: it logs through a real `Trail` and reports on
// standard output what the store confirmed, so the test can kill it (-9) or limit it and check the files afterwards.
//
//   authtrail-stress flush-loop DIR EVERY                 record forever; after each flush() returns, print the last
//                                                         event index it covered
//   authtrail-stress threads DIR THREADS COUNT            THREADS threads x COUNT events, then shutdown
//   authtrail-stress writer DIR COUNT SEGMENT_BYTES       COUNT events into small segments, then shutdown
//   authtrail-stress full-disk DIR FILE_SIZE_LIMIT COUNT  COUNT events under RLIMIT_FSIZE, lift it, COUNT more
//   authtrail-stress cycles DIR ROUNDS EVERY PAUSE_MS     ROUNDS times: EVERY events, flush() (printing the last
//                                                         index), pause; then shutdown
//   authtrail-stress hold DIR COUNT                       COUNT events, `enterBackground()`, flush, print `flushed N`,
//                                                         then idle; each line on standard input: COUNT more, flush,
//                                                         `flushed N`; end of input: shutdown
//   authtrail-stress live DIR COUNT SEGMENT_BYTES         for a follower: each line on standard input: COUNT more
//                                                         events (log events `event <index>`, every 4th an ERROR),
//                                                         flush, `flushed N`; small segments rotate; end of input:
//                                                         shutdown
//   authtrail-stress background DIR COUNT EVERY_MS        COUNT events over two segments (1 s rotation age, at
//                                                         most 2 segments kept), `enterBackground()` with no
//                                                         background time granted, flush, print
//                                                         `background N`; then an event every EVERY_MS (thread 1,
//                                                         at most 1,000) until a line on standard input; then print
//                                                         `recorded N`, `enterForeground()`, flush, print
//                                                         `flushed`; shutdown
//   authtrail-stress locks DIR                            print `ready`, then look for locks on every file of DIR
//                                                         (about a thousand times a second) until standard input
//                                                         ends; print `sampled rounds=… held=… changed=…`
//   authtrail-stress refused DIR KEYS COUNT               as user nobody: COUNT events, then the folder made
//                                                         read-only (0500) for COUNT more, then writable again for
//                                                         COUNT more; prints `refused …` in between
//   authtrail-stress unflushed DIR COUNT                  COUNT events (info, small), never flush() nor shutdown:
//                                                         print `recorded N`, then idle until killed (only the
//                                                         1 s interval flush makes them durable)
//   authtrail-stress paused-attempt DIR OPERATION ATTEMPT KIND OUTCOME
//                                                         `enterBackground()` first, no background time granted
//                                                         (no segment opens), then
//                                                         one `acquisition.end` of OPERATION, print `recorded`; on a
//                                                         line on standard input wait 50 ms, `enterForeground()`,
//                                                         shutdown: the segment opens after the event was recorded
//   authtrail-stress lifecycle DIR ROLE                   plays an app (ROLE app) or an extension (ROLE extension)
//                                                         of a suspendable platform, driven by lines on standard
//                                                         input (AppShape.swift): `post NAME`, `record N`, `health`,
//                                                         `expire`, `shutdown`; prints `time begin/end` for each
//                                                         background-execution assertion
//   authtrail-stress attempt DIR OPERATION ATTEMPT KIND OUTCOME
//                                                         one `acquisition.end`, then shutdown
//
// Every mode but `unflushed` ends by printing `health written=… dropped=… lost=… failures=… recorded=…`.
import AuthTrail
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Foundation's Process starts children with the parent's blocked signals (the test runner blocks most): reset the
// mask so SIGTERM reaches this process the way it reaches an app.
var unblocked = sigset_t()
sigemptyset(&unblocked)
sigprocmask(SIG_SETMASK, &unblocked, nil)

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: authtrail-stress MODE DIR …\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[2])
func number(_ index: Int) -> Int { Int(arguments[index]) ?? 0 }

let app = AppInfo(identifier: "com.example.stress", version: "1.0")

switch arguments[1] {
case "flush-loop":
    let every = max(1, number(3))
    let trail = try Trail(
        configuration: TrailConfiguration(
            directory: directory, app: app, memoryLimitBytes: 64 << 20,
            rotation: .init(maxSegmentBytes: 256 << 10),
            retention: .init(maxSegmentCount: 10_000, maxTotalBytes: 1 << 40)))
    var index = 0
    while true {
        for _ in 0..<every {
            trail.record(StressEvents.event(thread: 0, index: index))
            index += 1
        }
        if trail.flush(timeout: .seconds(10)) { StressEvents.say(String(index - 1)) }
    }

case "threads":
    let threads = number(3)
    let count = number(4)
    let trail = try Trail(
        configuration: TrailConfiguration(
            directory: directory, app: app, memoryLimitBytes: 1 << 30,
            rotation: .init(maxSegmentBytes: 64 << 20), retention: .init(maxSegmentCount: 1000, maxTotalBytes: 1 << 40))
    )
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for index in 0..<count { trail.record(StressEvents.event(thread: thread, index: index)) }
    }
    trail.shutdown(timeout: .seconds(600))
    StressEvents.printHealth(trail, recorded: threads * count)

case "writer":
    let count = number(3)
    let trail = try Trail(
        configuration: TrailConfiguration(
            directory: directory, app: app, memoryLimitBytes: 256 << 20, flushBufferBytes: 16 << 10,
            rotation: .init(maxSegmentBytes: number(4)),
            retention: .init(maxSegmentCount: 10_000, maxTotalBytes: 1 << 40)))
    for index in 0..<count {
        trail.record(StressEvents.event(thread: 0, index: index, severity: index % 500 == 0 ? .error : .info))
    }
    trail.shutdown(timeout: .seconds(600))
    StressEvents.printHealth(trail, recorded: count)

case "full-disk":
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit()
    getrlimit(StressEvents.fileSizeResource, &limit)
    let original = limit
    limit.rlim_cur = rlim_t(number(3))
    setrlimit(StressEvents.fileSizeResource, &limit)
    let count = number(4)
    let trail = try Trail(
        configuration: TrailConfiguration(
            directory: directory, app: app, memoryLimitBytes: 256 << 20, flushBufferBytes: 8 << 10,
            rotation: .init(maxSegmentBytes: 1 << 20)))
    for index in 0..<count {
        trail.record(StressEvents.event(thread: 0, index: index))
        if index % 200 == 199 { trail.flush(timeout: .seconds(2)) }
    }
    trail.flush(timeout: .seconds(2))
    let during = trail.health
    StressEvents.say("limited failures=\(during.failures) lost=\(during.eventsLost) status=\(during.status.rawValue)")
    // Space returns.
    limit = original
    setrlimit(StressEvents.fileSizeResource, &limit)
    // Wait out the backoff (at most a few seconds here) before the second half.
    var waited = 0
    while !trail.flush(timeout: .seconds(1)) && waited < 30 { waited += 1 }
    for index in count..<(2 * count) {
        trail.record(StressEvents.event(thread: 1, index: index))
    }
    let closed = trail.shutdown(timeout: .seconds(30))
    StressEvents.say("resumed closed=\(closed)")
    StressEvents.printHealth(trail, recorded: 2 * count)

case "cycles":
    let (rounds, every, pause) = (number(3), number(4), number(5))
    let trail = try Trail(
        configuration: TrailConfiguration(
            directory: directory, app: app, memoryLimitBytes: 64 << 20,
            rotation: .init(maxSegmentBytes: 8 << 10), retention: .init(maxSegmentCount: 10_000, maxTotalBytes: 1 << 40)
        ))
    var index = 0
    for _ in 0..<rounds {
        for _ in 0..<every {
            trail.record(StressEvents.event(thread: 0, index: index))
            index += 1
        }
        if trail.flush(timeout: .seconds(120)) { StressEvents.say(String(index - 1)) }
        usleep(useconds_t(pause * 1000))
    }
    trail.shutdown(timeout: .seconds(60))
    StressEvents.printHealth(trail, recorded: index)

case "hold":
    let count = number(3)
    let trail = try Trail(configuration: TrailConfiguration(directory: directory, app: app))
    var index = 0
    func recordMore() {
        for _ in 0..<count {
            trail.record(StressEvents.event(thread: 0, index: index))
            index += 1
        }
    }
    recordMore()
    trail.enterBackground()
    guard trail.flush(timeout: .seconds(120)) else { exit(1) }
    StressEvents.say("flushed \(index - 1)")
    // Idle (as a suspended app) until the parent writes a line: then COUNT more events and a flush. End of input ends.
    while readLine() != nil {
        recordMore()
        if trail.flush(timeout: .seconds(120)) { StressEvents.say("flushed \(index - 1)") }
    }
    trail.shutdown(timeout: .seconds(60))
    StressEvents.printHealth(trail, recorded: index)

case "live":
    let (count, segmentBytes) = (number(3), number(4))
    let trail = try Trail(
        configuration: TrailConfiguration(
            directory: directory, app: app, memoryLimitBytes: 64 << 20,
            rotation: .init(maxSegmentBytes: segmentBytes),
            retention: .init(maxSegmentCount: 10_000, maxTotalBytes: 1 << 40)))
    var index = 0
    while readLine() != nil {
        for _ in 0..<count {
            trail.record(
                TrailEvent(
                    name: .log, severity: index % 4 == 3 ? .error : .info, message: "event \(index)"))
            index += 1
        }
        if trail.flush(timeout: .seconds(10)) { StressEvents.say("flushed \(index - 1)") }
    }
    trail.shutdown(timeout: .seconds(60))
    StressEvents.printHealth(trail, recorded: index)

case "background":
    let (count, every) = (number(3), max(1, number(4)))
    var configuration = TrailConfiguration(
        directory: directory, app: app, memoryLimitBytes: 64 << 20,
        rotation: .init(maxSegmentBytes: 4 << 20, maxSegmentAge: .seconds(1)),
        retention: .init(maxSegmentCount: 2, maxTotalBytes: 1 << 40))
    // An app the system grants no background time: paused, nothing is written until it is back.
    configuration.observesLifecycle = false
    configuration.lifecycle.backgroundExecution = .refused
    let trail = try Trail(configuration: configuration)
    for round in 0..<2 {
        for index in (round * count / 2)..<((round + 1) * count / 2) {
            trail.record(StressEvents.event(thread: 0, index: index))
        }
        trail.flush(timeout: .seconds(120))
        // The segment ages past its rotation age: the next write rotates.
        if round == 0 { usleep(1_100_000) }
    }
    trail.enterBackground()
    guard trail.flush(timeout: .seconds(120)) else { exit(1) }
    StressEvents.say("background \(count - 1)")
    // As an app whose background task records while the writer is paused: every event waits in the queue.
    let stop = Locked(false)
    let recorded = Locked(0)
    // At most 1,000 events (4 s at the test's 4 ms): once the app is back, their segments rotate by age at once (they
    // start at their first event's time), and retention keeps two; a slow machine (a sanitizer) would otherwise record
    // more than those hold, and the test would count what retention rightly deleted.
    let recorder = Thread {
        while !stop.withLock({ $0 }), recorded.withLock({ $0 }) < 1_000 {
            let index = recorded.withLock { value in
                defer { value += 1 }
                return value
            }
            trail.record(StressEvents.event(thread: 1, index: index, severity: index % 50 == 49 ? .error : .info))
            usleep(useconds_t(every * 1000))
        }
    }
    recorder.start()
    _ = readLine()
    stop.withLock { $0 = true }
    usleep(useconds_t(every * 1000) + 50_000)
    let background = recorded.withLock { $0 }
    StressEvents.say("recorded \(background)")
    trail.enterForeground()
    if trail.flush(timeout: .seconds(120)) { StressEvents.say("flushed") }
    trail.shutdown(timeout: .seconds(120))
    StressEvents.printHealth(trail, recorded: count + background)

case "locks":
    let finished = Locked(false)
    Thread {
        while readLine() != nil {}
        finished.withLock { $0 = true }
    }.start()
    var sampler = LockSampler(directory: directory.path)
    sampler.sample()
    StressEvents.say("ready")
    while !finished.withLock({ $0 }) {
        sampler.sample()
        usleep(1000)
    }
    StressEvents.say(sampler.summary)

case "refused":
    // Root ignores permissions: become nobody, as an app is never root, so the folder's mode really refuses.
    guard setgid(65534) == 0, setuid(65534) == 0 else {
        FileHandle.standardError.write(Data("authtrail-stress: cannot drop root\n".utf8))
        exit(2)
    }
    let count = number(4)
    let trail = try Trail(
        configuration: TrailConfiguration(
            directory: directory, app: app, keyStore: .files(in: URL(fileURLWithPath: arguments[3])),
            memoryLimitBytes: 64 << 20, flushBufferBytes: 2 << 10,
            rotation: .init(maxSegmentBytes: 4 << 10), retention: .init(maxSegmentCount: 10_000, maxTotalBytes: 1 << 40)
        ))
    var index = 0
    func recordRound() {
        for _ in 0..<count {
            trail.record(StressEvents.event(thread: 0, index: index))
            index += 1
            if index % 100 == 0 { trail.flush(timeout: .seconds(1)) }
        }
    }
    recordRound()
    trail.flush(timeout: .seconds(10))
    chmod(directory.path, 0o500)
    recordRound()
    trail.flush(timeout: .seconds(1))
    let during = trail.health
    StressEvents.say("refused failures=\(during.failures) status=\(during.status.rawValue)")
    chmod(directory.path, 0o700)
    var waited = 0
    while !trail.flush(timeout: .seconds(1)) && waited < 30 { waited += 1 }
    recordRound()
    trail.shutdown(timeout: .seconds(60))
    StressEvents.printHealth(trail, recorded: index)

case "unflushed":
    let count = number(3)
    // The defaults (1 s interval, 256 KiB flush buffer): COUNT small events stay below the buffer, so nothing but the
    // interval flush writes them.
    let trail = try Trail(configuration: TrailConfiguration(directory: directory, app: app))
    for index in 0..<count { trail.record(StressEvents.event(thread: 0, index: index)) }
    StressEvents.say("recorded \(count - 1)")
    while true { sleep(60) }

case "paused-attempt":
    var configuration = TrailConfiguration(directory: directory, app: app)
    configuration.observesLifecycle = false
    configuration.lifecycle.backgroundExecution = .refused
    let trail = try Trail(configuration: configuration)
    // Paused before anything was recorded: the writer loads the identity for the flush but opens no segment.
    trail.enterBackground()
    guard trail.flush(timeout: .seconds(120)) else { exit(1) }
    trail.record(StressEvents.attempt(arguments[3...]))
    StressEvents.say("recorded")
    _ = readLine()
    // The segment opens well after the event's time, as in an app that recorded in the background.
    usleep(50_000)
    trail.enterForeground()
    trail.shutdown(timeout: .seconds(120))
    StressEvents.printHealth(trail, recorded: 1)

case "lifecycle":
    AppShape.run(directory: directory, role: arguments.count > 3 ? arguments[3] : "app")

case "attempt":
    let trail = try Trail(configuration: TrailConfiguration(directory: directory, app: app))
    trail.record(StressEvents.attempt(arguments[3...]))
    trail.shutdown(timeout: .seconds(120))
    StressEvents.printHealth(trail, recorded: 1)

default:
    FileHandle.standardError.write(Data("authtrail-stress: unknown mode \(arguments[1])\n".utf8))
    exit(64)
}

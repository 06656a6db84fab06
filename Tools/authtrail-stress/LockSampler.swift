import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks, from another process, for any lock held on any file of a folder (hidden temporary files included), as iOS
/// does before it kills a suspended app for one (`0xdead10cc`), and for any change to the folder's files.
struct LockSampler {
    let directory: String
    private(set) var rounds = 0
    /// Rounds that found a file locked (`flock`, or an `fcntl` lock), and the first such file.
    private(set) var held = 0
    private(set) var firstHeld: String?
    /// Rounds whose files (names, inodes, sizes) differ from the first round's, and the first difference.
    private(set) var changed = 0
    private(set) var firstChange: String?
    private var baseline: [String: String]?

    init(directory: String) { self.directory = directory }

    /// One look at every file.
    mutating func sample() {
        var files = [String: String]()
        var locked: String?
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let descriptor = open("\(directory)/\(name)", O_RDONLY | O_NONBLOCK)
            guard descriptor >= 0 else { continue }  // deleted in between: the listing change says so
            defer { close(descriptor) }
            var info = stat()
            if fstat(descriptor, &info) == 0 { files[name] = "inode \(info.st_ino) size \(info.st_size)" }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                flock(descriptor, LOCK_UN)
            } else if errno == EWOULDBLOCK {
                locked = locked ?? "\(name):flock"
            }
            var query = flock()
            query.l_type = Int16(F_WRLCK)
            if fcntl(descriptor, F_GETLK, &query) == 0, Int32(query.l_type) != F_UNLCK {
                locked = locked ?? "\(name):fcntl"
            }
        }
        rounds += 1
        if let locked {
            held += 1
            firstHeld = firstHeld ?? locked
        }
        guard let baseline else {
            baseline = files
            return
        }
        if files != baseline {
            changed += 1
            if firstChange == nil {
                let names = Set(files.keys).union(baseline.keys).sorted().filter { files[$0] != baseline[$0] }
                firstChange = names.map { "\($0):\(baseline[$0] ?? "none")->\(files[$0] ?? "none")" }
                    .joined(separator: ",")
            }
        }
    }

    /// `sampled rounds=… held=… changed=… first-held=… first-change=…`, without spaces inside a value.
    var summary: String {
        func word(_ text: String?) -> String { (text ?? "-").replacingOccurrences(of: " ", with: "_") }
        return "sampled rounds=\(rounds) held=\(held) changed=\(changed) first-held=\(word(firstHeld)) "
            + "first-change=\(word(firstChange))"
    }
}

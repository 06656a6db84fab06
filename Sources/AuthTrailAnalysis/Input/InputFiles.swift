import AuthTrail
import Foundation

/// Expands the paths a user names into the files to read: files as given, directories recursively (their
/// `*.zst` files, in name order), "-" for standard input.
package enum InputFiles {
    /// A path that could not be used, with the reason.
    package struct Problem: Error, Sendable, Hashable {
        package var path: String
        package var reason: String
        package var message: String { "\(path): \(reason)" }
    }

    /// The files to read, and the paths that could not be used.
    package static func expand(_ paths: [String]) -> (files: [String], problems: [Problem]) {
        var files = [String]()
        var problems = [Problem]()
        var visited = Visited()
        for path in paths {
            if path == StandardInput.path {
                files.append(path)
                continue
            }
            guard let status = try? SystemCalls.status(path: path) else {
                problems.append(Problem(path: path, reason: "no such file or directory"))
                continue
            }
            if status.isDirectory {
                collect(
                    directory: path, identity: status.identity, into: &files, problems: &problems, visited: &visited)
            } else {
                files.append(path)
            }
        }
        return (files, problems)
    }

    /// The folders walked: by device and inode, so a folder reached again through a link (a loop, a second link, a
    /// bind mount) is read once; by its path with links resolved on a file system that gives no inode numbers (0:
    /// some FUSE mounts).
    private struct Visited {
        private var identities = Set<FileIdentity>()
        private var paths = Set<String>()

        mutating func insert(_ identity: FileIdentity, path: String) -> Bool {
            guard identity.inode == 0 else { return identities.insert(identity).inserted }
            return paths.insert(URL(fileURLWithPath: path).resolvingSymlinksInPath().path).inserted
        }
    }

    /// Adds the `*.zst` files under `directory`. `tail -f` lists its folders at every poll, so a tree of thousands of
    /// files is walked from the listings' entry types, with a `stat` per folder and per link only (Foundation's
    /// symlink resolution per folder and `fileExists` per entry were 35 % of an idle `tail -f`'s CPU on 2,000
    /// segments; perf). A segment the listing names but this user cannot reach is kept, so reading it says why.
    private static func collect(
        directory: String, identity: FileIdentity, into files: inout [String], problems: inout [Problem],
        visited: inout Visited
    ) {
        guard visited.insert(identity, path: directory) else { return }
        let entries: [(name: String, type: SystemCalls.EntryType)]
        do {
            entries = try SystemCalls.listDirectoryWithTypes(directory).sorted { $0.name < $1.name }
        } catch {
            problems.append(Problem(path: directory, reason: "cannot list directory"))
            return
        }
        for entry in entries where !entry.name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry.name : "\(directory)/\(entry.name)"
            if entry.type == .directory || entry.type == .unknown {
                // A link is followed; a broken one is skipped.
                guard let status = try? SystemCalls.status(path: path) else { continue }
                if status.isDirectory {
                    collect(
                        directory: path, identity: status.identity, into: &files, problems: &problems,
                        visited: &visited)
                    continue
                }
            }
            if entry.name.hasSuffix(".zst") { files.append(path) }
        }
    }
}

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
        var visited = Set<String>()
        for path in paths {
            if path == StandardInput.path {
                files.append(path)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(Problem(path: path, reason: "no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                collect(directory: path, into: &files, problems: &problems, visited: &visited)
            } else {
                files.append(path)
            }
        }
        return (files, problems)
    }

    private static func collect(
        directory: String, into files: inout [String], problems: inout [Problem], visited: inout Set<String>
    ) {
        // Resolve links so a symlink loop is visited once.
        let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard visited.insert(resolved).inserted else { return }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            problems.append(Problem(path: directory, reason: "cannot list directory"))
            return
        }
        for entry in entries where !entry.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry : "\(directory)/\(entry)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                collect(directory: path, into: &files, problems: &problems, visited: &visited)
            } else if entry.hasSuffix(".zst") {
                files.append(path)
            }
        }
    }
}

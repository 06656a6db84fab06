import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `InputFiles.expand` on a real tree of folders, files and links, as `report` and each poll of `tail -f` walk it.
@Suite("the inputs named are expanded to their segments: folders recursively, links followed once")
struct InputFilesTests {
    @Test("a tree with links, a loop, hidden entries and a FIFO gives each segment once, in name order")
    func walksARealTree() throws {
        let directory = try TemporaryDirectory("authtrail-input-files")
        defer { directory.remove() }
        let root = directory.path
        let manager = FileManager.default
        for folder in ["d1", "z-dir/deeper", ".hidden-dir"] {
            try manager.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        let files = [
            "a.zst", "b.txt", ".hidden.zst", "d1/c.zst", "z-dir/e.zst", "z-dir/deeper/f.zst", ".hidden-dir/x.zst",
        ]
        for file in files {
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(root)/\(file)"))
        }
        // A link back to the top (a loop), a second way into d1, a link to a segment, and one to nothing.
        try manager.createSymbolicLink(atPath: "\(root)/d1/loop", withDestinationPath: root)
        try manager.createSymbolicLink(atPath: "\(root)/link-to-d1", withDestinationPath: "\(root)/d1")
        try manager.createSymbolicLink(atPath: "\(root)/file-link.zst", withDestinationPath: "\(root)/d1/c.zst")
        try manager.createSymbolicLink(atPath: "\(root)/broken.zst", withDestinationPath: "\(root)/nowhere")
        try manager.createSymbolicLink(atPath: "\(root)/z-link", withDestinationPath: "\(root)/z-dir/deeper")
        #expect(mkfifo("\(root)/pipe.zst", 0o600) == 0)

        let expanded = InputFiles.expand([root, "\(root)/missing"])
        #expect(
            expanded.files == [
                "\(root)/a.zst", "\(root)/d1/c.zst", "\(root)/file-link.zst", "\(root)/pipe.zst",
                "\(root)/z-dir/deeper/f.zst", "\(root)/z-dir/e.zst",
            ])
        #expect(expanded.problems.map(\.message) == ["\(root)/missing: no such file or directory"])

        // A folder reached first through a link is read there, and not again under its own name.
        let linkFirst = InputFiles.expand(["\(root)/z-link", "\(root)/z-dir", "\(root)/a.zst", "-"])
        #expect(linkFirst.files == ["\(root)/z-link/f.zst", "\(root)/z-dir/e.zst", "\(root)/a.zst", "-"])
        #expect(linkFirst.problems.isEmpty)
    }
}

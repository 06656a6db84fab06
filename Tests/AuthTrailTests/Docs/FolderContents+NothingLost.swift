import AuthTrail

extension FolderContents {
    /// True when every byte of every segment decoded. A segment a live process still writes to ends inside its open
    /// zstd frame, which the reader reports as a truncated frame that loses nothing; any other issue, or one that lost
    /// bytes or lines, counts.
    var lostNothing: Bool {
        issues.allSatisfy { entry in
            entry.issue.kind == .truncatedFrame && entry.issue.bytesLost == 0 && entry.issue.linesDropped == 0
                && entry.issue.cutLineBytes == 0
        }
    }
}

#!/usr/bin/env python3
# Checks that the folders of Sources/AuthTrailAnalysis are layers (issue 35): each folder uses only its own layer and
# those below in LAYERS; the command folders (COMMANDS, the code of one command each) use any layer but not each other,
# except the edges listed in ALLOWED; no folders use each other in a cycle; every folder is in the table.
# How: every .swift file is tokenised (comments and string literals skipped, interpolations read as code); the names a
# folder declares are its top-level types, functions, constants and type aliases (nested types go with their outer
# type; `extension X` declares nothing and uses X); every identifier that names another folder's declaration, and is
# not a member after a `.`, is a use of that folder.
# Run: Tools/layer-check.py            the check; prints each violation as `path:line: …`, exit 1 if any, else 0
#      Tools/layer-check.py --graph    the folder dependency edges with their number of uses
#      Tools/layer-check.py --self-test  checks that a planted module's upward use and cycle are caught
# Tools/source-checks.sh runs the self-test and the check.
import os
import re
import sys
import tempfile
from bisect import bisect_right
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "AuthTrailAnalysis")

# The layers from the bottom up; a folder may use its own layer and those below. The order is that of the uses, which
# runs against the data's flow twice: the reader produces facts (`LogRecord`), and the tables fill the report model.
LAYERS = [
    ("facts", ["Facts"]),
    ("counting", ["Counting"]),
    ("input", ["Input", "RawLogs"]),
    ("operations", ["Operations"]),
    ("report model", ["Report"]),
    ("tables", ["Tables"]),
    ("rendering", ["Rendering"]),
]
# The code of one command each: any layer, no other command unless listed in ALLOWED.
COMMANDS = ["Stories", "Tickets", "Export", "Follow", "Comparison", "Fleet", "Setups"]
ALLOWED = {}  # (command folder, the command folder it may use): "why, in one line"

DECLARING = {"struct", "enum", "class", "actor", "protocol", "typealias", "func", "let", "var"}
MODIFIERS = {"private", "fileprivate", "internal", "package", "public", "final", "indirect", "nonisolated"}
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|`[^`\n]+`")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_]*")


def tokenise(src):
    """The code tokens of a Swift source as (text, offset): identifiers, numbers and single punctuation characters."""
    tokens = []

    def code(i, in_interpolation):
        depth = 0  # parentheses open inside an interpolation
        while i < len(src):
            c = src[i]
            if src.startswith("//", i):
                i = src.find("\n", i)
                i = len(src) if i < 0 else i
            elif src.startswith("/*", i):
                nesting = 0
                while i < len(src):
                    if src.startswith("/*", i):
                        nesting, i = nesting + 1, i + 2
                    elif src.startswith("*/", i):
                        nesting, i = nesting - 1, i + 2
                        if nesting == 0:
                            break
                    else:
                        i += 1
            elif c == '"' or (c == "#" and re.match(r'#+"', src[i:])):
                i = string(i)
            elif c.isspace():
                i += 1
            elif m := IDENTIFIER.match(src, i):
                tokens.append((m.group().strip("`"), i))
                i = m.end()
            elif m := NUMBER.match(src, i):
                tokens.append(("0", i))
                i = m.end()
            else:
                if in_interpolation and c == "(":
                    depth += 1
                elif in_interpolation and c == ")":
                    if depth == 0:
                        return i + 1
                    depth -= 1
                tokens.append((c, i))
                i += 1
        return i

    def string(i):
        hashes = len(re.match(r"#*", src[i:]).group())
        i += hashes
        quote = '"""' if src.startswith('"""', i) else '"'
        close, escape = quote + "#" * hashes, "\\" + "#" * hashes
        i += len(quote)
        while i < len(src):
            if src.startswith(close, i):
                return i + len(close)
            if src.startswith(escape + "(", i):
                i = code(i + len(escape) + 1, True)
            elif src.startswith(escape, i):
                i += len(escape) + 1
            else:
                i += 1
        return i

    code(0, False)
    return tokens


def read_module(root):
    """Each file's folder and tokens, and the names each folder declares (private ones only for their file)."""
    files, declared, private = {}, defaultdict(set), defaultdict(set)
    for folder in sorted(os.listdir(root)):
        if not os.path.isdir(os.path.join(root, folder)):
            continue
        for dirpath, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(n for n in names if n.endswith(".swift")):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    src = f.read()
                tokens = tokenise(src)
                lines = [m.start() for m in re.finditer("\n", src)]
                files[path] = (folder, tokens, lines)
                depth = 0
                for k, (text, _) in enumerate(tokens):
                    depth += (text == "{") - (text == "}")
                    following = tokens[k + 1][0] if k + 1 < len(tokens) else ""
                    if depth == 0 and text in DECLARING and IDENTIFIER.fullmatch(following):
                        j = k - 1
                        while j >= 0 and tokens[j][0] in MODIFIERS:
                            j -= 1
                        modifiers = {t for t, _ in tokens[j + 1 : k]}
                        if modifiers & {"private", "fileprivate"}:
                            private[path].add(following)
                        else:
                            declared[following].add(folder)
    return files, declared, private


def uses(root):
    """Every use of another folder's name: (path, line, folder, name, other folder)."""
    files, declared, private = read_module(root)
    found = set()
    for path, (folder, tokens, lines) in files.items():
        for k, (text, offset) in enumerate(tokens):
            member = k > 0 and tokens[k - 1][0] == "." and (k < 2 or tokens[k - 2][0] != ".")
            if member or text in private[path] or folder in declared.get(text, {folder}):
                continue
            for other in declared[text]:
                found.add((path, bisect_right(lines, offset - 1) + 1, folder, text, other))
    return sorted(found)


def layer_of(folder, layers):
    return next((name for name, folders in layers if folder in folders), None)


def cycles(edges):
    """The strongly connected components of more than one folder (Tarjan), each as one cycle through them."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while not component or component[-1] != v:
                component.append(stack.pop())
                on_stack.discard(component[-1])
            if len(component) > 1:
                found.append(shortest_cycle(sorted(component)[0], set(component), edges))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def shortest_cycle(start, members, edges):
    paths, seen = [[start]], {start}
    while paths:
        path = paths.pop(0)
        for w in sorted(edges[path[-1]] & members):
            if w == start:
                return path + [start]
            if w not in seen:
                seen.add(w)
                paths.append(path + [w])
    return [start]


def check(root, layers, commands, allowed, out):
    """Prints the violations and cycles to `out`; returns their number."""
    problems, edges = 0, defaultdict(set)
    base = os.path.dirname(os.path.dirname(os.path.abspath(root)))
    rank = {layer: n for n, (layer, _) in enumerate(layers)}
    listed = {folder for _, folders in layers for folder in folders} | set(commands)
    present = {name for name in os.listdir(root) if os.path.isdir(os.path.join(root, name))}
    for folder in sorted(present - listed):
        print(f"{folder}: a folder in no layer and not a command: add it to the table in {__file__}", file=out)
        problems += 1
    for folder in sorted(listed - present):
        print(f"{folder}: in the table of {__file__} but not a folder: remove it", file=out)
        problems += 1
    for path, line, folder, name, other in uses(root):
        edges[folder].add(other)
        mine, theirs = layer_of(folder, layers), layer_of(other, layers)
        if mine is not None and theirs is not None:
            bad = rank[theirs] > rank[mine]
        elif mine is not None:
            bad = other in commands
        else:
            bad = other in commands and (folder, other) not in allowed
        if bad:
            where, kind = os.path.relpath(path, base), lambda layer: f"layer {layer}" if layer else "command"
            print(f"{where}:{line}: {folder} uses {name} ({other}, {kind(theirs)}) from {kind(mine)}", file=out)
            problems += 1
    for cycle in cycles(edges):
        print("cycle between folders: " + " -> ".join(cycle), file=out)
        problems += 1
    return problems, edges


def graph(root):
    counts = defaultdict(int)
    for _, _, folder, _, other in uses(root):
        counts[(folder, other)] += 1
    for (folder, other), n in sorted(counts.items()):
        print(f"{folder} -> {other}  {n}")


PLANTED = {
    "Low/Base.swift": 'struct Base {\n    var top: Top?\n}\n',
    "Low/Quiet.swift": (
        '// Top in a comment, /* Top /* nested */ Top */\n'
        'let quiet = "Top \\(Base.self) Top"\n'
        'let raw = #"""\n    Top "\\(Top)" \\#(quiet)\n    """#\n'
        'private struct Helper {}\n'
    ),
    "High/Top.swift": 'struct Top {\n    let name = "Base \\(Base.self)"\n}\nprivate struct Helper {}\n',
}


def self_test():
    """Checks a planted module: Low/Base.swift:2 uses High's Top (upward), and High uses Low's Base in an
    interpolation, which makes a cycle; names in comments and strings, and file-private names, do not count."""
    with tempfile.TemporaryDirectory() as temp:
        root = os.path.join(temp, "Sources", "Planted")
        for name, text in PLANTED.items():
            os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
            with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                f.write(text)

        class Lines(list):
            def write(self, text):
                self.extend(line for line in text.split("\n") if line)

        out = Lines()
        problems, _ = check(root, [("low", ["Low"]), ("high", ["High"])], [], {}, out)
    expected = [
        "Sources/Planted/Low/Base.swift:2: Low uses Top (High, layer high) from layer low",
        "cycle between folders: High -> Low -> High",
    ]
    if out != expected or problems != 2:
        print("layer-check self-test failed: expected\n  " + "\n  ".join(expected) + "\ngot\n  " + "\n  ".join(out))
        return 1
    print("layer-check self-test: the planted upward use and cycle are reported, comments and strings ignored")
    return 0


def main():
    if "--self-test" in sys.argv:
        return self_test()
    if "--graph" in sys.argv:
        graph(ROOT)
        return 0
    problems, edges = check(ROOT, LAYERS, COMMANDS, ALLOWED, sys.stdout)
    if problems:
        return 1
    folders = sum(os.path.isdir(os.path.join(ROOT, name)) for name in os.listdir(ROOT))
    print(f"layer-check: the {folders} folders of Sources/AuthTrailAnalysis use only their layer and those below, "
          f"no command folder another, no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main())

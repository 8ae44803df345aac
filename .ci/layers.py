#!/usr/bin/env python3
"""Checks the layering of TallyCore's folders (docs/layers.md): a folder may use the types of the
folders below it, never those above it or beside it, so no two folders depend on each other.

For each Swift file of Sources/TallyCore/<Folder>/, the types it names (outside comments and string
text) are looked up among the top-level types every folder declares; a use of a type from a folder
that is not lower in the declared order is a violation; there are no exceptions.

    .ci/layers.py                 check the repository (exit 1 on a violation)
    .ci/layers.py --graph         print which folder uses which, with the types
    .ci/layers.py --root DIR      check another tree (the tests plant violations in a copy)

Python 3 standard library only.
"""

import argparse
import os
import re
import sys

DECLARATION = re.compile(r"\b(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def code_only(text):
    """The text with comments and string literals blanked (newlines kept, so lines still count);
    the code inside a string's interpolation \\( … ) is kept."""
    out = []
    i, n = 0, len(text)
    # A stack of string states: (delimiter, pounds); code inside "\( … )" pushes a paren depth.
    def skip_string(i, pounds, multiline):
        quote = '"""' if multiline else '"'
        i += len(quote)
        closing = quote + "#" * pounds
        escape = "\\" + "#" * pounds
        while i < n:
            if text.startswith(closing, i):
                out.append(" " * len(closing))
                return i + len(closing)
            if text.startswith(escape + "(", i):
                out.append(" " * (len(escape) + 1))
                i = code(i + len(escape) + 1, until_paren=True)
                continue
            if text.startswith(escape, i):
                out.append(" " * (len(escape) + 1))
                i += len(escape) + 1
                continue
            out.append("\n" if text[i] == "\n" else " ")
            i += 1
        return i

    def code(i, until_paren=False):
        depth = 0
        while i < n:
            c = text[i]
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                out.append(" " * (j - i))
                i = j
            elif text.startswith("/*", i):
                # Swift block comments nest.
                level, j = 0, i
                while j < n:
                    if text.startswith("/*", j):
                        level += 1
                        j += 2
                    elif text.startswith("*/", j):
                        level -= 1
                        j += 2
                        if level == 0:
                            break
                    else:
                        j += 1
                out.append("".join("\n" if ch == "\n" else " " for ch in text[i:j]))
                i = j
            elif c == "#" and re.match(r'#+"', text[i:]):
                pounds = len(re.match(r"#+", text[i:]).group(0))
                out.append(" " * pounds)
                i = skip_string(i + pounds, pounds, text.startswith('"""', i + pounds))
            elif c == '"':
                i = skip_string(i, 0, text.startswith('"""', i))
            elif until_paren and c == "(":
                depth += 1
                out.append(c)
                i += 1
            elif until_paren and c == ")":
                if depth == 0:
                    out.append(" ")
                    return i + 1
                depth -= 1
                out.append(c)
                i += 1
            else:
                out.append(c)
                i += 1
        return i

    code(0)
    return "".join(out)


def top_level_declarations(code):
    """Names of the types declared at brace depth 0 (nested types belong to their outer type)."""
    names = []
    depth = 0
    for line in code.split("\n"):
        if depth == 0:
            names += DECLARATION.findall(line.split("{")[0] if "{" in line else line)
        depth += line.count("{") - line.count("}")
    return names


def read_layers(path):
    """The layers of the fenced ```layers block of docs/layers.md, from the lowest up, one line each
    (folders of one line are peers and may not use each other)."""
    text = open(path, encoding="utf-8").read()
    match = re.search(r"```layers\n(.*?)```", text, re.S)
    if not match:
        sys.exit(f"{path}: no ```layers block")
    return [line.split() for line in (line.split("#")[0].strip() for line in match.group(1).split("\n")) if line]


def analyse(root):
    """{(user folder, used folder): [(file, line, type)]} for every use across folders, and the
    folders, and names declared in more than one folder."""
    core = os.path.join(root, "Sources", "TallyCore")
    folders = sorted(d for d in os.listdir(core) if os.path.isdir(os.path.join(core, d)))
    files = {}
    owner = {}
    clashes = []
    for folder in folders:
        for base, _, names in os.walk(os.path.join(core, folder)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(base, name)
                    code = code_only(open(path, encoding="utf-8").read())
                    files[path] = (folder, code)
                    for declared in top_level_declarations(code):
                        if declared in owner and owner[declared] != folder:
                            clashes.append((declared, owner[declared], folder))
                        owner[declared] = folder
    uses = {}
    for path, (folder, code) in files.items():
        for number, line in enumerate(code.split("\n"), 1):
            for identifier in IDENTIFIER.findall(line):
                used = owner.get(identifier)
                if used and used != folder:
                    uses.setdefault((folder, used), []).append((os.path.relpath(path, root), number, identifier))
    return folders, uses, clashes


def imports_of_csqlite(root):
    """(file, line) of every `import CSQLite` in TallyCore."""
    found = []
    core = os.path.join(root, "Sources", "TallyCore")
    for base, _, names in os.walk(core):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(base, name)
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    if re.match(r"\s*(@\w+\s+)*import\s+(\w+\s+)?CSQLite\b", line):
                        found.append((os.path.relpath(path, root), number))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--graph", action="store_true")
    arguments = parser.parse_args()
    root = arguments.root
    layers = read_layers(os.path.join(root, "docs", "layers.md"))
    folders, uses, clashes = analyse(root)
    csqlite = imports_of_csqlite(root)
    if arguments.graph:
        for (low, high), where in sorted(uses.items()):
            print(f"{low} -> {high}: {', '.join(sorted({t for _, _, t in where}))}")
        return 0
    level = {folder: index for index, line in enumerate(layers) for folder in line}
    problems = []
    for folder in folders:
        if folder not in level:
            problems.append(f"Sources/TallyCore/{folder} is in no layer of docs/layers.md; place it there")
    for folder in level:
        if folder not in folders:
            problems.append(f"docs/layers.md names {folder}, which Sources/TallyCore does not have")
    for name, first, second in clashes:
        problems.append(f"{name} is declared in both {first}/ and {second}/; one name, one place")
    for file, line in csqlite:
        problems.append(f"{file}:{line}: TallyCore imports CSQLite; use TallySQLite's types (SQLiteError's codes)")
    for (user, used), where in sorted(uses.items()):
        if user not in level or used not in level or level[user] > level[used]:
            continue
        file, line, name = where[0]
        relation = "beside" if level[user] == level[used] else "above"
        problems.append(f"{file}:{line}: {user}/ uses {name} of {used}/, a folder {relation} it "
                        f"({len(where)} use{'s' if len(where) > 1 else ''})")
    for text in problems:
        print(f"error: {text}", file=sys.stderr)
    if problems:
        print(f"{len(problems)} layering violation(s); see docs/layers.md", file=sys.stderr)
        return 1
    print(f"layers: {len(folders)} folders of TallyCore, no folder uses one above or beside it")
    return 0


if __name__ == "__main__":
    sys.exit(main())

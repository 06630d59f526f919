#!/usr/bin/env python3
"""Lists the public symbols of the embedding API's modules and of PlugboardSDK that have no doc
comment of their own, from the symbol graphs `swift package dump-symbol-graph
--minimum-access-level public` writes (with inherited docs, the default: do not pass
--skip-inherited-docs); exits 1 when there is one (or a graph is missing). .ci/run does not run it
yet; after a build:

    swift package dump-symbol-graph --minimum-access-level public >/dev/null
    Scripts/undocumented.py .build/x86_64-unknown-linux-gnu/symbolgraph

What counts as documented:
 - a `///` comment on the declaration itself;
 - for a member a conformance to another module's protocol supplies (`description`, `==`,
   `hash(into:)`, a synthesized `init(from:)`, …): the doc comment the symbol graph copies from
   that protocol (it has no file: `uri` is absent) — or none at all when the symbol is
   synthesized (`::SYNTHESIZED::` in its identifier: the protocol's extension is the
   declaration, documented where it is written).
Not documented: a symbol whose only comment is one the symbol graph copied from another symbol
of the same module — a default implementation showing its requirement's comment, or a
conformance showing a requirement's. Each needs a line of its own (what the default does).
Enum cases are not required to have one (their enum's comment names them); everything else is.
"""
import glob
import json
import os
import sys

# The modules whose public symbols are the embedding API (Plugboard re-exports them; it has no
# public symbols of its own, and any it gains are checked too) and the SDK.
MODULES = ["Plugboard", "PlugboardCore", "PlugboardConfig", "PlugboardLoader", "PlugboardNavigation",
           "PlugboardRender", "PlugboardSDK"]
PUBLIC = {"public", "open"}


def graphs(folder, module):
    """The module's graph and those of its extensions to other modules' types (`Module@Other`)."""
    main = os.path.join(folder, module + ".symbols.json")
    if not os.path.exists(main):
        sys.exit(f"no symbol graph for {module} in {folder}: run "
                 "`swift package dump-symbol-graph --minimum-access-level public` first")
    return [main] + sorted(glob.glob(os.path.join(folder, glob.escape(module) + "@*.symbols.json")))


def doc_key(doc):
    """Where a doc comment is written: file and first line (None when it has no file)."""
    if not doc.get("uri") or not doc.get("lines") or "range" not in doc["lines"][0]:
        return None
    return doc["uri"], doc["lines"][0]["range"]["start"]["line"]


def owners(symbols):
    """For each doc comment written in a file, the identifiers of the symbols it is written on:
    of the symbols the graph shows it for, those declared first after it (several when one
    comment covers one declaration of several names: `public var x, y: Double`)."""
    shown = {}
    for symbol in symbols:
        doc = symbol.get("docComment")
        key = doc_key(doc) if doc else None
        if key is None:
            continue
        end = doc["lines"][-1]["range"]["end"]["line"]
        location = symbol.get("location")
        if not location or location["uri"] != key[0] or location["position"]["line"] < end:
            continue  # shown here, written elsewhere
        shown.setdefault(key, []).append((location["position"]["line"], symbol["identifier"]["precise"]))
    result = {}
    for key, candidates in shown.items():
        first = min(line for line, _ in candidates)
        result[key] = {identifier for line, identifier in candidates if line == first}
    return result


def undocumented(folder, module):
    missing = []
    for path in graphs(folder, module):
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        symbols = graph["symbols"]
        written_on = owners(symbols)
        for symbol in symbols:
            if symbol["accessLevel"] not in PUBLIC:
                continue
            kind = symbol["kind"]["identifier"]
            if kind == "swift.enum.case":
                continue
            identifier = symbol["identifier"]["precise"]
            doc = symbol.get("docComment")
            if doc:
                key = doc_key(doc)
                if key is None and doc.get("module") != module:
                    continue  # another module's protocol documents it
                if key is not None and identifier in written_on.get(key, ()):
                    continue  # its own comment
                reason = "only a comment copied from another declaration"
            elif "::SYNTHESIZED::" in identifier:
                continue  # supplied by a protocol extension, documented there
            else:
                reason = None
            line = f"{module}: {'.'.join(symbol['pathComponents'])} ({kind.removeprefix('swift.')})"
            if any(r["kind"] == "defaultImplementationOf" and r["source"] == identifier
                   for r in graph["relationships"]):
                line += " [default implementation]"
            if reason:
                line += f" [{reason}]"
            missing.append(line)
    return missing


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    missing = [line for module in MODULES for line in undocumented(folder, module)]
    for line in missing:
        print("undocumented:", line)
    print(f"{len(missing)} public symbols without a doc comment")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

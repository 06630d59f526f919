#!/usr/bin/env python3
"""Lists the public symbols of the embedding API's modules and of PlugboardSDK that have no doc
comment, from the symbol graphs `swift package dump-symbol-graph --minimum-access-level public`
writes; exits 1 when there is one. Run by .ci/run after the tests (they built the modules).

    Scripts/undocumented.py SYMBOLGRAPH_FOLDER
"""
import json
import os
import sys

# The modules whose public symbols are the embedding API (Plugboard re-exports them) and the SDK.
MODULES = ["PlugboardCore", "PlugboardConfig", "PlugboardLoader", "PlugboardNavigation", "PlugboardRender",
           "PlugboardSDK"]
# Members a conformance supplies, whose documentation is the protocol's.
INHERITED = {"description", "init(from:)", "encode(to:)", "hash(into:)", "==(_:_:)", "rawValue", "init(rawValue:)",
             "allCases", "hashValue", "errorDescription"}


def undocumented(folder, module):
    path = os.path.join(folder, module + ".symbols.json")
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
    missing = []
    for symbol in graph["symbols"]:
        name = symbol["names"]["title"]
        kind = symbol["kind"]["identifier"]
        if symbol.get("docComment") or name in INHERITED or kind == "swift.enum.case":
            continue
        if symbol["accessLevel"] != "public":
            continue
        missing.append(f"{module}: {'.'.join(symbol['pathComponents'])} ({kind.removeprefix('swift.')})")
    return missing


def main():
    folder = sys.argv[1]
    missing = [line for module in MODULES for line in undocumented(folder, module)]
    for line in missing:
        print("undocumented:", line)
    print(f"{len(missing)} public symbols without a doc comment")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

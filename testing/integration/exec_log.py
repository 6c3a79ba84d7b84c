"""Reads Bazel's --execution_log_json_file (a stream of JSON objects).

    python3 exec_log.py steps LOG          one JSON command line per ptoc step
    python3 exec_log.py hits LOG           "HITS TOTAL" of ptoc steps
    python3 exec_log.py misses LOG         the ptoc steps that were not hits
    python3 exec_log.py executed LOG       outputs of ptoc steps that ran
"""
import json
import sys


def spawns(path):
    text = open(path).read()
    decoder, i, out = json.JSONDecoder(), 0, []
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        obj, i = decoder.raw_decode(text, i)
        out.append(obj)
    return [s for s in out if s.get("mnemonic", "").startswith("Ptoc")]


def main():
    command, path = sys.argv[1], sys.argv[2]
    steps = spawns(path)
    if command == "steps":
        for s in steps:
            print(json.dumps(s["commandArgs"]))
    elif command == "hits":
        hits = sum(1 for s in steps if s.get("remoteCacheHit"))
        print(hits, len(steps))
    elif command == "misses":
        for s in steps:
            if not s.get("remoteCacheHit"):
                print("  not a hit:", " ".join(s["commandArgs"]))
    elif command == "executed":
        for s in steps:
            if not s.get("remoteCacheHit"):
                for out in s.get("listedOutputs", []):
                    print(out.split("/")[-1])
    else:
        sys.exit("unknown command " + command)


main()

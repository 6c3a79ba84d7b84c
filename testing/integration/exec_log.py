"""Reads Bazel's --execution_log_json_file (a stream of JSON objects).

    python3 exec_log.py steps LOG          one JSON command line per ptoc step
    python3 exec_log.py hits LOG           "HITS TOTAL" of ptoc steps
    python3 exec_log.py misses LOG         the ptoc steps that were not hits
    python3 exec_log.py hits_detail LOG    the mnemonic and output of each hit
    python3 exec_log.py executed LOG       outputs of ptoc steps that ran
    python3 exec_log.py runners LOG        "RUNNER COUNT" lines, ptoc steps
    python3 exec_log.py outputs LOG        "PATH DIGEST" of every output

A third argument names the spawns' mnemonic prefix instead of "Ptoc"
("CppCompile" for the compiles, "" for every spawn).
"""
import collections
import json
import sys


def spawns(path, prefix):
    text = open(path).read()
    decoder, i, out = json.JSONDecoder(), 0, []
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        obj, i = decoder.raw_decode(text, i)
        out.append(obj)
    return [s for s in out if s.get("mnemonic", "").startswith(prefix)]


def main():
    command, path = sys.argv[1], sys.argv[2]
    prefix = sys.argv[3] if len(sys.argv) > 3 else "Ptoc"
    steps = spawns(path, prefix)
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
    elif command == "hits_detail":
        for s in steps:
            if s.get("remoteCacheHit"):
                outs = s.get("listedOutputs", [])
                print("  hit:", s.get("mnemonic", "?"), outs[0] if outs else "")
    elif command == "executed":
        for s in steps:
            if not s.get("remoteCacheHit"):
                for out in s.get("listedOutputs", []):
                    print(out.split("/")[-1])
    elif command == "runners":
        counts = collections.Counter(s.get("runner", "?") for s in steps)
        for runner, n in sorted(counts.items()):
            print(runner.replace(" ", "_"), n)
    elif command == "outputs":
        for s in steps:
            for out in s.get("actualOutputs", []):
                print(out["path"], out.get("digest", {}).get("hash", ""))
    else:
        sys.exit("unknown command " + command)


main()

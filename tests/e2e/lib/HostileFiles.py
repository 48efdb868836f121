#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Reads the files tst_hostilenames wrote for 1,000 hostile plan names with the formats' own
# readers and compares each with the file written for the plain name "plain":
#   .yaml    PyYAML (a YAML 1.1 reader: it breaks lines at U+2028, U+2029 and NEL as the issue's
#            kubectl did): the same number of documents, the same keys and value types, and for
#            the JSON manifests the same data as the JSON reader gives;
#   .sh      bash -n;
#   .conf    slurm.conf and gres.conf: the same directives, line by line;
#   .csv     Python's csv module: the same rows of four fields, no cell a spreadsheet would run.
# Usage: HostileFiles.py DIR [BASH]. Exit 1 with the first problems found.
import csv
import io
import json
import os
import subprocess
import sys

import yaml

root = sys.argv[1]
bash = sys.argv[2] if len(sys.argv) > 2 else "bash"
problems = []


def shape(value):
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    return type(value).__name__


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8")


def body(text):
    return "".join(line + "\n" for line in text.split("\n") if not line.startswith("#"))


def directives(text):
    return [line.split("=")[0].split()[0] for line in text.split("\n") if line.strip() and not line.startswith("#")]


plain_dir = os.path.join(root, "plain")
plain = {}
for name in sorted(os.listdir(plain_dir)):
    text = read(os.path.join(plain_dir, name))
    plain[name] = text

expected_yaml = {n: [shape(d) for d in yaml.safe_load_all(t)] for n, t in plain.items() if n.endswith(".yaml")}
shell_files = []
cases = sorted(d for d in os.listdir(root) if d.startswith("n"))
for case in cases:
    folder = os.path.join(root, case)
    for name, reference in plain.items():
        path = os.path.join(folder, name)
        where = f"{case}/{name}"
        try:
            text = read(path)
        except (OSError, UnicodeDecodeError) as e:
            problems.append(f"{where}: {e}")
            continue
        if name.endswith(".yaml"):
            try:
                docs = list(yaml.safe_load_all(text))
            except yaml.YAMLError as e:
                problems.append(f"{where}: not YAML: {e}")
                continue
            if [shape(d) for d in docs] != expected_yaml[name]:
                problems.append(f"{where}: documents or keys differ from the plain name's")
            elif ".k8s." in name:
                if docs != [json.loads(body(text))]:
                    problems.append(f"{where}: YAML and JSON readers disagree")
        elif name.endswith(".sh") or name.endswith(".sbatch"):
            shell_files.append(path)
        elif name.endswith(".conf"):
            if directives(text) != directives(reference):
                problems.append(f"{where}: directives differ from the plain name's")
        elif name.endswith(".csv"):
            rows = list(csv.reader(io.StringIO(text, newline="")))
            plain_rows = list(csv.reader(io.StringIO(reference, newline="")))
            if len(rows) != len(plain_rows) or any(len(r) != 4 for r in rows):
                problems.append(f"{where}: {len(rows)} rows (plain: {len(plain_rows)}) or a row without 4 fields")
            for r in rows:
                if r[:2] == ["plan", "name"] and r[2].lstrip(" \t\r\n")[:1] in ("=", "+", "-", "@"):
                    problems.append(f"{where}: a spreadsheet would run {r[2]!r}")
    if len(problems) > 20:
        break

# bash -n on many files at once: one bash process per file, batched.
for i in range(0, len(shell_files), 200):
    batch = shell_files[i:i + 200]
    script = "".join(f"{bash} -n '{p}' || echo 'BAD {p}'\n" for p in batch)
    out = subprocess.run([bash, "-c", script], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("BAD "):
            problems.append(f"{line[4:]}: bash -n failed")
    if out.stderr.strip():
        problems.append("bash -n: " + out.stderr.strip()[:2000])

print(f"{len(cases)} names, {len(plain)} files each, {len(shell_files)} shell files checked")
if problems:
    print("\n".join(problems[:40]))
    sys.exit(1)

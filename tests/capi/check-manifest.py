#!/usr/bin/env python3
"""Checks the JSON manifest of tests/capi/manifest.dsl, compiled with --prefix mani.

    check-manifest.py MANIFEST.json HEADER.h

Compares the entry points (C function, inputs, outputs) and the array types (C type,
rank, element type, functions) with what manifest.dsl declares, and checks that every
C function the manifest names is declared in the header and that every array type of
the header is in the manifest. Prints each difference; exit status 1 if any.
"""
import json
import re
import sys

PREFIX = "mani"

ENTRY_POINTS = {
    "norm": ([("xs", "[]f32", False)], [("f32", False)]),
    "grid": ([("n", "i64", False), ("m", "i64", False)], [("[][]i32", False)]),
    "update": ([("bytes", "[]u8", True), ("i", "i64", False)], [("[]u8", True)]),
    # A tuple argument is one input per component.
    "split": ([(None, "i64", False), (None, "bool", False)],
              [("[]f32", False), ("f64", False)]),
}

ARRAY_TYPES = {"[]f32": ("f32", 1), "[][]i32": ("i32", 2), "[]u8": ("u8", 1)}

errors = []


def expect(what, found, wanted):
    if found != wanted:
        errors.append("%s: found %r, expected %r" % (what, found, wanted))


def check_entry(name, entry, header):
    inputs, outputs = ENTRY_POINTS[name]
    expect(name + ".cfun", entry.get("cfun"), "%s_entry_%s" % (PREFIX, name))
    found = entry.get("inputs", [])
    expect(name + " input count", len(found), len(inputs))
    for k, (value, (pname, ptype, unique)) in enumerate(zip(found, inputs)):
        where = "%s.inputs[%d]" % (name, k)
        if pname is not None:
            expect(where + ".name", value.get("name"), pname)
        expect(where + ".type", value.get("type"), ptype)
        expect(where + ".unique", value.get("unique"), unique)
    found = entry.get("outputs", [])
    expect(name + " output count", len(found), len(outputs))
    for k, (value, (otype, unique)) in enumerate(zip(found, outputs)):
        where = "%s.outputs[%d]" % (name, k)
        expect(where + ".type", value.get("type"), otype)
        expect(where + ".unique", value.get("unique"), unique)
    declared(entry.get("cfun", ""), header)


def check_type(name, info, header):
    elem, rank = ARRAY_TYPES[name]
    cname = "%s_%s_%dd" % (PREFIX, elem, rank)
    expect(name + ".kind", info.get("kind"), "array")
    expect(name + ".ctype", info.get("ctype"), "struct %s *" % cname)
    expect(name + ".rank", info.get("rank"), rank)
    expect(name + ".elemtype", info.get("elemtype"), elem)
    ops = info.get("ops", {})
    expect(name + " operations", sorted(ops), ["free", "new", "shape", "values"])
    for op, function in sorted(ops.items()):
        expect("%s.ops.%s" % (name, op), function,
               "%s_%s_%s_%dd" % (PREFIX, op, elem, rank))
        declared(function, header)


def declared(function, header):
    if not re.search(r"\b%s\(" % re.escape(function), header):
        errors.append("%s is not declared in the header" % function)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: check-manifest.py MANIFEST.json HEADER.h\n")
        return 2
    with open(sys.argv[1]) as f:
        manifest = json.load(f)
    with open(sys.argv[2]) as f:
        header = f.read()
    expect("backend", manifest.get("backend"), "c")
    if not isinstance(manifest.get("version"), str):
        errors.append("version: not a string")
    if not str(manifest.get("source", "")).endswith("manifest.dsl"):
        errors.append("source: %r does not name manifest.dsl" % manifest.get("source"))
    entries = manifest.get("entry_points", {})
    expect("entry points", sorted(entries), sorted(ENTRY_POINTS))
    for name in sorted(set(entries) & set(ENTRY_POINTS)):
        check_entry(name, entries[name], header)
    types = manifest.get("types", {})
    expect("types", sorted(types), sorted(ARRAY_TYPES))
    for name in sorted(set(types) & set(ARRAY_TYPES)):
        check_type(name, types[name], header)
    in_header = sorted(set(re.findall(r"struct (%s_[a-z0-9]+_[0-9]+d);" % PREFIX, header)))
    expect("array types declared in the header", in_header,
           sorted("%s_%s_%dd" % (PREFIX, e, r) for e, r in ARRAY_TYPES.values()))
    for error in errors:
        print(error)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""doc_json.py: every kind of JSON document gunbai writes, and every key
of each, is told where the docs say: the schemas (formats/*.schema.json)
are what the program is checked against (tests/t_json.sh), and this
holds gunbai-formats(5), gunbai(1), formats/report-json.md and the
README to them.

- each document kind (its "format") is named in gunbai-formats(5),
  formats/report-json.md and, for a command's, in gunbai(1) and in the
  README's list of the commands that take --json;
- the keys of a report are, one row each, the list of gunbai-formats(5)
  and the table of formats/report-json.md: no key missing, none extra,
  none twice;
- every key of a command's document is named in gunbai-formats(5)'s
  paragraph on that document.
Run from the top of the tree; TAP-like lines (tests/tap.py).
"""
import json
import re
import sys

from tap import Tap


def schema_kinds():
    """{format: top-level keys} of every document kind."""
    kinds = {}
    report = json.load(open("formats/report.schema.json"))
    kinds[report["properties"]["format"]["const"]] = \
        list(report["properties"])
    commands = json.load(open("formats/commands.schema.json"))
    for ref in commands["oneOf"]:
        d = commands["$defs"][ref["$ref"].rsplit("/", 1)[1]]
        fmt = d["properties"]["format"]
        for f in fmt.get("enum", [fmt.get("const")]):
            kinds[f] = list(d["properties"])
    return kinds


def mdoc_words(src):
    """The words an mdoc text names with .Ic, one or more a line."""
    words = []
    for line in src.splitlines():
        if line.startswith(".It Ic ") or line.startswith(".Ic "):
            rest = line.split(" Ic ", 1)[1] if " Ic " in line else \
                line[4:]
            words += [w for w in re.split(r"[ ,]+", rest)
                      if re.fullmatch(r"[a-z_0-9]+", w)]
    return words


def main():
    tap = Tap()
    check = tap.check
    kinds = schema_kinds()
    formats5 = open("man/gunbai-formats.5").read()
    gunbai1 = open("man/gunbai.1").read()
    rj = open("formats/report-json.md").read()
    readme = open("README.md").read()
    para = next((p for p in readme.split("\n\n") if "--json` too" in p), "")
    para = " ".join(para.split())

    for fmt in kinds:
        q = '.Qq %s' % fmt
        check(q in formats5, 'gunbai-formats(5) names "%s"' % fmt)
        check("`%s`" % fmt in rj or '"%s"' % fmt in rj,
              'formats/report-json.md names "%s"' % fmt)
        if fmt == "gunbai report 1":
            continue
        check(re.search(r"Qq %s\b" % re.escape(fmt), gunbai1) is not None,
              'gunbai(1) names "%s"' % fmt)
        words = fmt.split()[1:-1]
        if words[0] == "league":
            said = re.search(r"`league [a-z|]*\b%s\b" % words[1], para)
        else:
            said = re.search(r"`(gunbai )?%s\b" % words[0], para)
        check(said is not None,
              "the README's --json list names %s" % " ".join(words))

    # The report's keys, one row each in both lists.
    keys = kinds["gunbai report 1"]
    sec = formats5.split(".Ss JSON reports", 1)[1].split(".El", 1)[0]
    man_keys = []
    for line in sec.splitlines():
        if line.startswith(".It Ic "):
            man_keys += [w for w in re.split(r"[ ,]+", line[7:]) if w]
    tab = rj.split("## What a report holds", 1)[1].split("\n\n## ", 1)[0]
    md_keys = re.findall(r"^\| `([a-z_]+)`\s*\|", tab, re.M)
    for where, got in (("gunbai-formats(5)", man_keys),
                       ("formats/report-json.md", md_keys)):
        check(sorted(got) == sorted(keys) and len(set(got)) == len(got),
              "%s lists every key of a report once (%d)" % (where,
                                                            len(keys)),
              ["missing: %s" % " ".join(k for k in keys if k not in got),
               "not in the schema: %s" % " ".join(k for k in got
                                                  if k not in keys),
               "twice: %s" % " ".join(sorted({k for k in got
                                              if got.count(k) > 1}))])

    # A command document's keys, in its paragraph of gunbai-formats(5).
    paras = formats5.split("\n.Pp\n")
    for fmt, ks in kinds.items():
        if fmt == "gunbai report 1":
            continue
        p = next((p for p in paras if ".Qq %s" % fmt in p), "")
        named = set(mdoc_words(p))
        if "as in a JSON report" in " ".join(p.split()):
            named |= set(keys)
        missing = [k for k in ks if k != "format" and k not in named]
        check(p != "" and not missing,
              'gunbai-formats(5) tells each key of "%s"' % fmt,
              "not told: %s" % " ".join(missing))
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())

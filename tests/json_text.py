"""A command's --json document against the text the same command printed
for the same inputs (gunbai(1), gunbai-formats(5)):
    python3 tests/json_text.py check|run|verify TEXT JSON EXIT
TEXT is the text run's standard output, JSON the --json run's, EXIT the
status both exited with.  Every fact of the document must be in the text
and every text line must be a fact of the document.  Prints what differs;
exits 1 if anything does."""
import json
import re
import sys
import unicodedata

CHECK_EXIT = {"good": 0, "set-aside": 0, "not-due": 8, "incomplete": 7, "order-refused": 6,
              "file-refused": 1, "game-over": 9}
bad = []


def esc(s):
    """s as gunbai shows it in text (gunbai(1), Escaping): controls as
    \\xNN, invisible and bidi characters as \\uNNNN, for the characters
    the tests use."""
    out = ""
    for c in s:
        if c in "\n\r\t":
            out += {"\n": "\\n", "\r": "\\r", "\t": "\\t"}[c]
        elif ord(c) < 0x20 or ord(c) == 0x7f:
            out += f"\\x{ord(c):02x}"
        elif unicodedata.category(c) in ("Cc", "Cf"):
            out += f"\\u{ord(c):04x}"
        else:
            out += c
    return out


def want(cond, what):
    if not cond:
        bad.append(what)


def take(lines, what):
    """The first line left, which must be what (a string or a regex)."""
    if not lines:
        bad.append(f"missing line: {what}")
        return None
    line = lines.pop(0)
    ok = (re.fullmatch(what, line) if isinstance(what, re.Pattern)
          else line == what)
    want(ok, f"line {line!r}, wanted {what!r}")
    return line


# What the text says after "a typo?" of a file far ahead (the JSON of
# check gives it as the hint; run's JSON has no place for it).
TYPO = "check the file's turn: line: the report's template gives the point " \
    "to answer"


def refusal(f):
    """A refusal's text: reason, then '; hint' when there is one."""
    return f["reason"] + ("; " + f["hint"] if f.get("hint") else "")


def where(f):
    """':LINE:COLUMN' or ':LINE' as err_format writes them."""
    if f.get("line") and f.get("column"):
        return f":{f['line']}:{f['column']}"
    return f":{f['line']}" if f.get("line") else ""


def verdict(p, o):
    """The line of one judged order of the file at p."""
    at = f"{p}:{o['line']}:{o['column']}: "
    return at + esc(f"accepted: {o['text']}" if o["verdict"] == "accepted"
                    else f"refused: {o['text']}: {o['reason']}")


def check(lines, doc, status):
    want(CHECK_EXIT[doc["verdict"]] == status,
         f"verdict {doc['verdict']} but exit {status}")
    worst = max((list(CHECK_EXIT).index(f["verdict"]) for f in doc["files"]),
                default=0)
    want(list(CHECK_EXIT)[worst] == doc["verdict"], "worst verdict")
    for f in doc["files"]:
        p, v = f["path"], f["verdict"]
        if v == "game-over":
            take(lines, re.compile(re.escape(p) + r": game over: .*: " +
                                   re.escape(f["reason"])))
            continue
        if f["turn"] is None:  # refused as an envelope, or set aside
            want(v in ("file-refused", "set-aside"), f"{p}: no turn but {v}")
            word = "set aside" if v == "set-aside" else "refused file"
            take(lines, f"{p}{where(f)}: {word}: {refusal(f)}")
            continue
        if v != "file-refused":  # a file refused is never "accepted file"
            take(lines, f"{p}: accepted file: signed by {f['player']}, "
                        f"point {f['turn']}")
        if v == "not-due":
            far = (" - a typo\\? " + re.escape(f["hint"]) if f.get("hint")
                   else "(?<!a typo\\?)")  # the hint ends the line
            take(lines, re.compile(re.escape(f"{p}: not yet due: "
                                             f"{f['reason']}") + ";.*" + far))
        elif v == "file-refused":
            take(lines, f"{p}: refused file: {refusal(f)}")
        else:
            for o in f["orders"]:
                take(lines, verdict(p, o))
                if "warning" in o:
                    take(lines, f"{p}:{o['line']}:{o['column']}: warning: "
                                + esc(o["warning"]))
            refused = any(o["verdict"] == "refused" for o in f["orders"])
            want(v == ("order-refused" if refused else "good"
                       if f["complete"] else "incomplete"), f"{p}: {v}")
            if f["complete"]:
                nref = sum(o["verdict"] == "refused" for o in f["orders"])
                but = (f", but {nref} of {len(f['orders'])} orders "
                       f"{'was' if nref == 1 else 'were'} refused"
                       if nref else "")
                take(lines, f"{p}: complete: the accepted orders answer "
                            f"point {f['turn']}{but}")
            else:
                line = take(lines, re.compile(re.escape(
                    f"{p}: incomplete: ") + ".*")) or ""
                for o in f["next"][:4]:
                    want(f"'{o}'" in line, f"{p}: next order {o!r}")
                fin = ", ".join(f"'{o}'" for o in f["completing"])
                want(f"; add one of {fin}" in line if fin else
                     "; no one order completes it: " in line,
                     f"{p}: the orders that complete it")


def run(lines, doc, status):
    """Every line of adjudicate's or run's text is a fact of the document,
    and every fact of the document is a line (in its place among the
    others: the text's order is the turn pipeline's)."""
    want(status == (0 if doc["applied"] else 3), f"exit {status}")
    want(doc["turn"] == doc["turn_before"] + doc["applied"], "turn after")
    musts, mays = [], []  # lines that must be there, and patterns that may
    for t in range(doc["turn_before"], doc["turn"]):
        musts.append(f"point {t}: applied")
    for f in doc["files"]:
        p = f["path"]
        if f["fate"] == "used":
            musts += [verdict(p, o) for o in f["orders"]]
        elif f["fate"] == "kept" and "orders" in f:
            # Not a whole answer to the point owed now: judged, as check
            # judges it, and told incomplete, never "kept for point N".
            musts += [verdict(p, o) for o in f["orders"]]
            want(f["turn"] == doc["turn"], f"{p}: judged, not owed now")
            mays.append(re.escape(f"{p}: incomplete: more orders are needed "
                                  f"for point {f['turn']}") + ".*")
            want(any(re.fullmatch(mays[-1], x) for x in lines),
                 f"{p}: incomplete, but no line says so")
        elif f["fate"] == "kept":
            mays.append(re.escape(f"kept for point {f['turn']}: {p} (the "
                                  f"game is at point {doc['turn']})") +
                        "( - a typo\\? " + re.escape(TYPO) + ")?")
            want(any(re.fullmatch(mays[-1], x) for x in lines),
                 f"{p}: kept, but no line says so")
        elif f["fate"] == "set-aside":
            musts.append(f"{p}{where(f)}: set aside: {refusal(f)}")
        elif f["turn"] is None:
            musts.append(f"{p}{where(f)}: refused file: {refusal(f)}")
        else:
            # Its player owes nothing at its point: applied, or the one
            # the run stops at; the text names whom the point waits for.
            mays.append(re.escape(f"{p}: refused file: {f['player']} owes "
                                  f"no decision at point {f['turn']}") +
                        "(: it waits for .*)?" + "|" + re.escape(f"not used: {p}: point {f['turn']}: "
                                        "the game is over"))
            want(any(re.fullmatch(mays[-1], x) for x in lines),
                 f"{p}: not used, but no line says so")
    for d in doc["defaults"]:
        musts.append(f"nmr: {d['player']}, point {d['turn']}: " +
                     ", ".join(f'"{o}"' for o in d["orders"]))
    for o in doc["next"]["owed"]:
        mays.append(re.escape(f"waiting for {o['player']}: {o['decision']}, "
                              f"point {doc['turn']} (") + ".*\\)")
    w = doc["written"]
    want((w is None) == (doc["applied"] == 0), "written")
    if w is not None and doc["run"] is not None:
        at = (f"the game is over after point {doc['turn'] - 1}"
              if doc["next"]["finished"] else f"now at point {doc['turn']}")
        musts.append(f"wrote {w['dir']}: {at}; send "
                     f"each player {w['dir']}/reports/NAME.txt")
    elif w is not None:
        musts.append(f"wrote {w['state']} and {w['dir']}/reports/")
    for m in musts:
        want(m in lines, f"no line {m!r}")
    for x in lines:
        want(x in musts or any(re.fullmatch(m, x) for m in mays),
             f"a line the document does not tell: {x!r}")
    lines.clear()


def verify(lines, doc, status):
    want(status == (0 if doc["ok"] and all(r["ok"] for r in doc["reports"])
                    else 1), f"exit {status}")
    for r in doc["runs"]:
        name = "start" if r["run"] == 0 else f"run {r['run']:04d}"
        if r["ok"]:
            take(lines, re.compile(re.escape(name) + ": ok: .*"))
        else:
            take(lines, f"{name}: FAILED: {r['problems'][0]}")
            for p in r["problems"][1:]:
                take(lines, f"  and: {p}")
    if doc["unchecked_after"] is not None:
        take(lines, f"runs after {doc['unchecked_after']:04d}: not checked")
    take(lines, f"{doc['dir']}: {doc['runs_total']} runs, "
                f"{doc['signatures']} signatures checked: "
                f"{'ok' if doc['ok'] else 'FAILED'}")
    for r in doc["reports"]:
        take(lines, re.compile(re.escape(r["path"]) +
                               (": ok: " if r["ok"] else ": FAILED: ") +
                               ".*"))


def main():
    mode, text, doc, status = sys.argv[1:5]
    lines = open(text).read().splitlines()
    doc = json.load(open(doc))
    {"check": check, "run": run, "verify": verify}[mode](lines, doc,
                                                         int(status))
    want(not lines, f"text lines not in the document: {lines[:3]}")
    for b in bad[:10]:
        print(f"{sys.argv[3]}: {b}")
    sys.exit(1 if bad else 0)


main()

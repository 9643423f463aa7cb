#!/usr/bin/env python3
"""man_usage.py GUNBAI | --exits COMMAND: gunbai(1) and the program name
the same commands and options, as git's tests hold its usage lines to its
manual.

Checks, printing TAP-like lines and a summary, exit 1 on a failure:
- the SYNOPSIS of man/gunbai.1 is, entry for entry, what `gunbai --help`
  prints, and `gunbai help` lists the same;
- `gunbai CMD --help` prints that command's SYNOPSIS entry, and
  `gunbai CMD --version` the version, as gunbai(1) says every command does;
- every option in a command's synopsis is described in that command's
  entry in DESCRIPTION, and that entry names no long option of gunbai's
  that the synopsis lacks (but the --help and --version every command
  takes).
With --exits, prints the exit statuses gunbai(1)'s entry of COMMAND says
it has ("exits 0 if ..., 1 if ..."), for tests/t_usage.sh.
"""
import re
import subprocess
import sys

from tap import Tap

OPT = re.compile(r"(?<![\w-])(--[a-z][a-z-]*|-[a-z])\b")
COMMON = {"--help", "--version"}


def man_text(page):
    out = subprocess.run(["mandoc", "-Tascii", page], check=True,
                         capture_output=True).stdout
    # Strip overstrike (bold, underline) as col -b does.
    return re.sub(r".\x08", "", out.decode())


def section(text, name):
    m = re.search(r"^%s\n(.*?)(?=^[A-Z][A-Z ]+\n)" % name, text,
                  re.M | re.S)
    return m.group(1) if m else ""


def synopsis_entries(text):
    """Each `gunbai ...` entry of SYNOPSIS, its wrapped lines joined."""
    entries = []
    for line in section(text, "SYNOPSIS").splitlines():
        if line.startswith("     gunbai"):
            entries.append(line.strip())
        elif line.strip() and entries:
            entries[-1] += " " + line.strip()
    return entries


def description_items(text, commands):
    """The text of each command's entry in DESCRIPTION, by command: from
    its tag, at the left margin of the list, to the next command's."""
    items, cur = {}, None
    body = section(text, "DESCRIPTION")
    body = re.split(r"\n   (?=\S)", body)[0]  # up to the first subsection
    for line in body.splitlines():
        m = re.match(r"^     ([a-z][a-z-]*)( |$)", line)
        if m and m.group(1) in commands:
            cur = m.group(1)
            items[cur] = line + "\n"
        elif cur is not None:
            items[cur] += line + "\n"
    return items


def run(gunbai, *args):
    p = subprocess.run([gunbai, *args], capture_output=True)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def exits_said(cmd):
    """The exit statuses gunbai(1)'s entry of cmd gives: "exits 0 if
    ..., 1 if ... and 4 if ...", each digit followed by "if"."""
    text = man_text("man/gunbai.1")
    syn = synopsis_entries(text)
    item = description_items(text, {e.split()[1] for e in syn}).get(cmd, "")
    said = set()
    for m in re.finditer(r"[Ee]xits (.*?)\.(\s|$)", " ".join(item.split())):
        said |= set(re.findall(r"\b(\d+) if\b", m.group(1)))
    return " ".join(sorted(said, key=int))


def main():
    if sys.argv[1] == "--exits":
        print(exits_said(sys.argv[2]))
        return 0
    gunbai = sys.argv[1]
    text = man_text("man/gunbai.1")
    tap = Tap()
    check = tap.check

    syn = synopsis_entries(text)
    rc, out, _ = run(gunbai, "--help")
    usage = [re.sub(r"^usage:\s*", "", l).strip()
             for l in out.splitlines()]
    check(rc == 0 and syn == usage,
          "gunbai(1) SYNOPSIS is what gunbai --help prints",
          ["man:  %s\nhelp: %s" % (a, b)
           for a, b in zip(syn + [""] * 40, usage) if a != b])
    rc, out, _ = run(gunbai, "help")
    check(rc == 0 and [l for l in usage if l in out] == usage,
          "gunbai help lists every synopsis line")

    known = set(OPT.findall(" ".join(syn)))
    items = description_items(text, {e.split()[1] for e in syn})
    for entry in syn:
        cmd = entry.split()[1]
        if cmd.startswith("-"):
            continue
        rc, out, _ = run(gunbai, cmd, "--help")
        check(rc == 0 and out.strip() == "usage: " + entry,
              "gunbai %s --help prints its SYNOPSIS entry" % cmd,
              out.strip())
        rc, out, _ = run(gunbai, cmd, "--version")
        check(rc == 0 and re.fullmatch(r"gunbai \S+\ngunbai-orders\.html sha256 "
                                   r"[0-9a-f]{64}\n", out) is not None,
              "gunbai %s --version prints the version (exit %d)"
              % (cmd, rc), out)
        syn_opts = set(OPT.findall(entry))
        item = items.get(cmd, "")
        item_opts = set(OPT.findall(item)) - COMMON
        check(item != "" and syn_opts <= item_opts,
              "gunbai(1) describes every option of %s: %s"
              % (cmd, " ".join(sorted(syn_opts)) or "none"),
              "not described: %s" % " ".join(sorted(syn_opts - item_opts)))
        # Of the options it names, only gunbai's long ones: a short
        # one may be another program's (sendmail -t, ls -d).
        extra = {o for o in item_opts - syn_opts
                 if o.startswith("--") and o in known}
        check(not extra,
              "gunbai(1)'s entry of %s names no option its synopsis lacks"
              % cmd, "not in the synopsis: %s" % " ".join(sorted(extra)))
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())

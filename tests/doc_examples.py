#!/usr/bin/env python3
"""doc_examples.py GUNBAI: every example command of the docs is run, as
jq's tests run its manual, so that no example can drift from the program.

Extracted, with the file and line of each:
- commands: every line starting `gunbai` or `cp` in an example block of
  the README and formats/*.md (indented or fenced) and of the man pages
  (.Bd -literal, .Dl), a `\\` continuation joined, a `# comment` cut;
- synopses: such a line with a placeholder (an upper-case word or
  [...]), which must be, word for word, what `gunbai CMD --help` prints;
- game options: the `--option NAME=VALUE|...` of each game page's
  SYNOPSIS, whose names must be those `gunbai games` lists for the game,
  and each value given as a word (not a placeholder) must be accepted by
  `gunbai new` as it is written.

Each command runs in a fresh copy of one small world, made once with
gunbai itself: the players' keys (alice.key, alice.pub, bob.*), a Senjin
game directory club-7/ with mail addresses, three runs and bob's orders
for turn 4 in its inbox; its start as state.yaml and state-0.yaml;
alice's signed orders for turn 1 as alice-1.yaml, in inbox/ and in mail/;
turn-1/ and turn-2/, the outputs of its first turn; club/, a league of it;
and first-report.txt and final-public.txt of a game played to its end.
An example that writes a file or directory (-o, -d) runs where it is not
yet.  Each must exit 0, as nothing in these docs says otherwise.
Run from the top of the tree; TAP-like lines (tests/tap.py).
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from tap import Tap

SEED = "5e4a11d0c0ffee00000000000000000000000000000000000000000000000001"
SAMPLE = "samples/senjin"


def blocks_md(path):
    """(line, text) of the example lines of a Markdown file."""
    out, fence = [], False
    for i, l in enumerate(open(path).read().split("\n"), 1):
        if l.startswith("```"):
            fence = not fence
        elif fence or l.startswith("    "):
            out.append((i, l.strip()))
    return out


def blocks_mdoc(path):
    """(line, text) of the example lines of a man page."""
    out, lit = [], False
    for i, l in enumerate(open(path).read().split("\n"), 1):
        l = l.replace("\\e", "\\").replace("\\&", "")
        if l.startswith(".Bd -literal"):
            lit = True
        elif l.startswith(".Ed"):
            lit = False
        elif lit:
            out.append((i, l.strip()))
        elif l.startswith(".Dl "):
            out.append((i, l[4:].strip()))
    return out


def examples(path):
    """(line, command) of each gunbai or cp command in path's examples."""
    lines = blocks_md(path) if path.endswith(".md") else blocks_mdoc(path)
    out, cur = [], None
    for i, l in lines:
        if cur is not None:
            cur[1] = cur[1][:-1] + " " + l
        elif re.match(r"(gunbai|cp) ", l):
            cur = [i, l]
        else:
            continue
        if not cur[1].endswith("\\"):
            text = re.sub(r"\s+#.*$", "", cur[1])
            out.append((cur[0], " ".join(text.split())))
            cur = None
    return out


def is_synopsis(cmd):
    return re.search(r"\[|\b[A-Z][A-Z-]+\b", cmd) is not None


def sh(cmd, cwd, **kw):
    return subprocess.run(cmd, cwd=cwd, shell=isinstance(cmd, str),
                          capture_output=True, text=True, **kw)


def world(gunbai, top, d):
    """Make the world the examples run in, in d."""
    for p in ("alice", "bob"):
        for ext in ("key", "pub"):
            shutil.copy(os.path.join(top, SAMPLE, "keys", p + "." + ext), d)
    # The player's page, as installed (README: mail-out --page).
    shutil.copy(os.path.join(top, "page", "gunbai-orders.html"), d)

    def run(*args):
        r = sh([gunbai, *args], d)
        assert r.returncode == 0, (args, r.stdout, r.stderr)

    players = ["--player", "alice=alice.pub,alice@example.org",
               "--player", "bob=bob.pub,bob@example.net"]
    run("new", "senjin", "--id", "club-7", "--seed", SEED, *players,
        "--option", "first=alice", "-d", "club-7")
    def signed_orders(gamedir, into):
        """The sample's orders for the game in gamedir, signed: they name
        its uid, derived from its setup (the id, the keys, the options)."""
        orders = {}
        uid = re.search(r"^uid: (\w+)$", open(os.path.join(
            d, gamedir, "start.yaml")).read(), re.M).group(1)
        for f in sorted(glob.glob(os.path.join(top, SAMPLE, "orders", "*"))):
            m = re.match(r"turn(\d+)-(\w+)\.yaml", os.path.basename(f))
            text = open(f).read().replace("game: demo", "game: club-7")
            text = re.sub(r"^uid: \w+$", "uid: " + uid, text, flags=re.M)
            name = os.path.join(into, "%s-%s.yaml" % (m.group(2),
                                                       m.group(1)))
            open(name, "w").write(text)
            r = sh(["openssl", "pkeyutl", "-sign", "-rawin", "-inkey",
                    os.path.join(d, m.group(2) + ".key"), "-in", name,
                    "-out", name + ".sig"], d)
            assert r.returncode == 0, r.stderr
            orders[int(m.group(1))] = name
        return orders

    orders = signed_orders("club-7", d)

    for t in (1, 2, 3, 4):
        for f in (orders[t], orders[t] + ".sig"):
            shutil.copy(f, os.path.join(d, "club-7", "inbox"))
        if t < 4:
            run("run", "club-7")
    for name in ("state.yaml", "state-0.yaml"):
        shutil.copy(os.path.join(d, "club-7", "start.yaml"),
                    os.path.join(d, name))
    for sub in ("inbox", "mail"):
        os.mkdir(os.path.join(d, sub))
        for f in (orders[1], orders[1] + ".sig"):
            shutil.copy(f, os.path.join(d, sub))
    for out in ("turn-1", "turn-2"):
        run("adjudicate", "state.yaml", "alice-1.yaml", "-o", out)
    os.mkdir(os.path.join(d, "club"))
    shutil.copytree(os.path.join(d, "club-7"),
                    os.path.join(d, "club", "club-7"))
    # A game played to its end reveals its seed: two turns of two, its
    # reports signed with the organiser's key.
    r = sh(["openssl", "genpkey", "-algorithm", "ed25519", "-out",
            "organiser.key"], d)
    assert r.returncode == 0, r.stderr
    run("new", "senjin", "--id", "club-7", "--seed", SEED, *players,
        "--option", "first=alice", "--option", "turn-limit=2",
        "--organiser", "organiser.key", "-d", "fin")
    os.mkdir(os.path.join(d, "fin-orders"))
    fin = signed_orders("fin", os.path.join(d, "fin-orders"))
    for t in (1, 2):
        for f in (fin[t], fin[t] + ".sig"):
            shutil.copy(f, os.path.join(d, "fin", "inbox"))
        run("run", "--key", "organiser.key", "fin")
    shutil.copy(os.path.join(d, "fin", "reports", "alice.txt"),
                os.path.join(d, "first-report.txt"))
    shutil.copy(os.path.join(d, "fin", "runs", "0001", "reports",
                             "alice.json"),
                os.path.join(d, "report-1.json"))
    shutil.copy(os.path.join(d, "fin", "runs", "0002", "reports",
                             "public.txt"),
                os.path.join(d, "final-public.txt"))
    shutil.rmtree(os.path.join(d, "fin"))
    shutil.rmtree(os.path.join(d, "fin-orders"))


def outputs(words):
    """What a gunbai command line writes: the argument of -o or -d."""
    return [words[i + 1] for i, w in enumerate(words[:-1])
            if w in ("-o", "-d")]


def game_options(gunbai):
    """{game: {option: default}} as `gunbai games` lists them."""
    games, cur = {}, None
    for l in sh([gunbai, "games"], ".").stdout.splitlines():
        m = re.match(r"([a-z0-9-]+): .*, (\d+)( to \d+)? players$", l)
        if m:
            cur = m.group(1)
            games[cur] = {"": int(m.group(2))}
        m = re.match(r"  --option ([a-z-]+)=VALUE \(default (.*?)\)", l)
        if m and cur:
            games[cur][m.group(1)] = m.group(2)
    return games


def main():
    gunbai = os.path.abspath(sys.argv[1])
    top = os.getcwd()
    tap = Tap()
    docs = (["README.md"] + sorted(glob.glob("formats/*.md")) +
            sorted(glob.glob("man/*.[156]")))
    tmp = tempfile.mkdtemp()
    try:
        base = os.path.join(tmp, "world")
        os.mkdir(base)
        world(gunbai, top, base)
        usage = sh([gunbai, "--help"], ".").stdout
        usage = {re.sub(r"^usage:\s*", "", l).strip()
                 for l in usage.splitlines()}
        k = 0
        for doc in docs:
            for line, cmd in examples(doc):
                where = "%s:%d" % (doc, line)
                if is_synopsis(cmd):
                    tap.check(cmd in usage, "%s: synopsis `%s` is that of "
                              "gunbai --help" % (where, cmd))
                    continue
                k += 1
                d = os.path.join(tmp, "run%d" % k)
                shutil.copytree(base, d, symlinks=True)
                for o in outputs(shlex.split(cmd)):
                    p = os.path.join(d, o)
                    if os.path.isdir(p):
                        shutil.rmtree(p)
                    elif os.path.exists(p):
                        os.remove(p)
                env = dict(os.environ, PATH=os.path.dirname(gunbai) +
                           os.pathsep + os.environ["PATH"])
                r = sh(cmd, d, env=env)
                tap.check(r.returncode == 0, "%s: `%s` (exit %d)" % (
                    where, cmd, r.returncode), (r.stdout + r.stderr)[-800:])
                shutil.rmtree(d)

        # The options of each game's SYNOPSIS.
        games = game_options(gunbai)
        for page in sorted(glob.glob("man/gunbai-*.6")):
            game = page[len("man/gunbai-"):-2]
            text = sh("mandoc -Tascii %s | col -bx" % page, ".").stdout
            syn = text.split("SYNOPSIS", 1)[1].split("DESCRIPTION", 1)[0]
            said = re.findall(r"--option ([a-z-]+)=([^\s\]]+)", syn)
            have = games.get(game, {})
            tap.check(sorted(n for n, _ in said) ==
                      sorted(n for n in have if n),
                      "%s: SYNOPSIS options are those gunbai games lists "
                      "for %s" % (page, game),
                      "page: %s\ngames: %s" % (
                          " ".join(sorted(n for n, _ in said)),
                          " ".join(sorted(n for n in have if n))))
            players = []
            for p in ("alice", "bob", "carol", "dave")[:have.get("", 2)]:
                players += ["--player", "%s=%s/tests/keys/%s.pub" % (
                    p, top, p)]
            for name, values in said:
                for v in values.split("|"):
                    if not re.fullmatch(r"[a-z0-9-]+", v):
                        continue  # a placeholder: FILE, NAME, N
                    r = sh([gunbai, "new", game, "--id", "t", *players,
                            "--option", "%s=%s" % (name, v), "-o",
                            os.path.join(tmp, "opt.yaml")], tmp)
                    if os.path.exists(os.path.join(tmp, "opt.yaml")):
                        os.remove(os.path.join(tmp, "opt.yaml"))
                    tap.check(r.returncode == 0,
                              "%s: gunbai new %s --option %s=%s (exit %d)"
                              % (page, game, name, v, r.returncode),
                              r.stderr)
    finally:
        shutil.rmtree(tmp)
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The layers of adjudicator/ and games/ kept as adjudicator/README.md says:
    python3 tests/layers.py [BUILD]

Each folder of adjudicator/ (and each game under games/) names in its
README.md, on a line "Uses: a/, b/.", the layers it may use; a layer also
uses itself, and adjudicator/main.c uses them all.  Fails (exit 1), naming
the file and what it uses, when:

  - a file includes a header of a layer its own may not use (a game may
    not include another game's header either);
  - two modules include each other, directly or round a circle (a module
    is x.c with x.h);
  - given BUILD (the object files of a build, as `make bins` leaves
    them), a file uses a symbol defined in a layer its own may not use, or
    files use each other's symbols round a circle: the leaves of a game
    must not call back into its turn sequence.
Prints one "ok" or "not ok" line a check, then "N passed, N failed".
"""
import os
import re
import subprocess
import sys

from tap import Tap

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
USES = re.compile(r'^Uses:\s*(.*)$', re.M)


def layer_of(path):
    """adjudicator/turn/state.c -> 'turn'; games/senjin/x.c ->
    'games/senjin'; adjudicator/main.c -> 'main'."""
    parts = path.split('/')
    if parts[0] == 'games':
        return 'games/' + parts[1]
    if len(parts) == 2:
        return 'main'
    return parts[1]


def read_uses():
    """Each layer's README "Uses:" line: layer -> set of layers."""
    uses, missing = {}, []
    folders = [('adjudicator/' + d, d) for d in sorted(os.listdir(
        os.path.join(TOP, 'adjudicator'))) if os.path.isdir(
        os.path.join(TOP, 'adjudicator', d))]
    folders += [('games/' + d, 'games/' + d) for d in sorted(os.listdir(
        os.path.join(TOP, 'games'))) if os.path.isdir(
        os.path.join(TOP, 'games', d))]
    for folder, layer in folders:
        readme = os.path.join(TOP, folder, 'README.md')
        m = USES.search(open(readme).read()) if os.path.exists(readme) \
            else None
        if m is None:
            missing.append(folder)
            continue
        words = [w.strip().rstrip('/') for w in
                 m.group(1).rstrip('.').split(',') if w.strip()]
        uses[layer] = {w for w in words if w != 'nothing else of gunbai'}
        uses[layer].add(layer)
    uses['main'] = set(uses) | {'main'}
    return uses, missing


def allowed(uses, src, dst):
    a, b = layer_of(src), layer_of(dst)
    if a == b:
        return True
    ok = uses.get(a, set())
    # "games/" in a Uses line: every game (the registry names them all).
    return b in ok or (b.startswith('games/') and 'games' in ok)


def sources():
    out = []
    for root in ('adjudicator', 'games'):
        for dp, _, fn in os.walk(os.path.join(TOP, root)):
            for f in sorted(fn):
                if f.endswith(('.c', '.h')):
                    out.append(os.path.relpath(os.path.join(dp, f), TOP))
    return sorted(out)


# Headers the Makefile makes in the build directory: of no layer.
GENERATED = {'page_sha256.h'}


def resolve(includer, name):
    """The file "name" in includer resolves to, as the compiler finds it
    (-iquote adjudicator), or None (a system or test header)."""
    for cand in (os.path.join(os.path.dirname(includer), name),
                 os.path.join('adjudicator', name)):
        cand = os.path.normpath(cand)
        if os.path.exists(os.path.join(TOP, cand)):
            return cand
    return None


def circles(graph):
    """The strongly connected components of more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        # Iterative Tarjan: a deep graph must not hit the recursion limit.
        work = [(v, iter(sorted(graph.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def symbols(build, srcs):
    """For each source with an object in build: (defined, undefined)."""
    out = {}
    for src in srcs:
        if not src.endswith('.c'):
            continue
        obj = os.path.join(build, src[:-2] + '.o')
        if not os.path.exists(obj):
            continue
        nm = subprocess.run(['nm', '-P', obj], capture_output=True,
                            text=True, check=True).stdout
        d, u = set(), set()
        for line in nm.splitlines():
            p = line.split()
            if len(p) < 2:
                continue
            if p[1] == 'U':
                u.add(p[0])
            elif p[1] in 'TDBRCVWG':
                d.add(p[0])
        out[src] = (d, u)
    return out


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else None
    os.chdir(TOP)
    tap = Tap()
    check = tap.check

    uses, missing = read_uses()
    check(not missing, 'every layer folder and game says what it uses '
          '(a "Uses:" line in its README.md)',
          ['%s/README.md has no "Uses:" line' % f for f in missing])
    srcs = sources()
    bad, modules = [], {}
    for src in srcs:
        mod = src.rsplit('.', 1)[0]
        modules.setdefault(mod, set())
        for name in INCLUDE.findall(open(src).read()):
            dst = resolve(src, name)
            if dst is None and name in GENERATED:
                continue
            if dst is None:
                bad.append('%s includes "%s", which is not found' %
                           (src, name))
                continue
            if not allowed(uses, src, dst):
                bad.append('%s includes %s: %s may use %s only' % (
                    src, dst, layer_of(src), ', '.join(
                        sorted(uses.get(layer_of(src), ())))))
            dmod = dst.rsplit('.', 1)[0]
            if dmod != mod:
                modules[mod].add(dmod)
    check(not bad, 'every include is of a layer the includer may use '
          '(%d files)' % len(srcs), bad)
    circ = circles(modules)
    check(not circ, 'no two modules include each other',
          [' <-> '.join(c) for c in circ])
    if build is None:
        return tap.done()
    syms = symbols(build, srcs)
    check(len(syms) > 40, 'the objects of %s are there (%d)' % (build,
          len(syms)))
    owner = {}
    for src, (d, _) in sorted(syms.items()):
        for s in d:
            owner.setdefault(s, src)
    graph, bad = {}, []
    for src, (_, u) in sorted(syms.items()):
        graph[src] = set()
        for s in sorted(u):
            dst = owner.get(s)
            if dst is None or dst == src:
                continue
            graph[src].add(dst)
            if not allowed(uses, src, dst):
                bad.append('%s uses %s of %s: %s may use %s only' % (
                    src, s, dst, layer_of(src), ', '.join(
                        sorted(uses.get(layer_of(src), ())))))
    check(not bad, 'every call is to a layer the caller may use', bad)
    circ = circles(graph)
    check(not circ, 'no circle of files calling each other (%d files)' %
          len(graph), [' <-> '.join(c) for c in circ])
    return tap.done()


if __name__ == '__main__':
    sys.exit(main())

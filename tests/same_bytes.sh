#!/bin/sh
# Same bytes out before and after a change meant to keep every output
# (files rearranged, a module rebuilt):
#     tests/same_bytes.sh OLD_BUILD NEW_BUILD
# Each BUILD holds a gunbai, its tools, tests and fuzz replay binaries
# (`make bins BUILD=...`), OLD_BUILD built from the tree before the change.
# Compares, with tests/flags.sh, every sample played to its end, a long
# random game of every game and every case file; then the end state of
# every committed fuzz_game input (corpus and past crashes) and of 400
# inputs of seeded random bytes, of every game, byte for byte.  Not part of `make test`: it needs a build of the old tree.
[ $# -eq 2 ] || { echo "usage: tests/same_bytes.sh OLD_BUILD NEW_BUILD" >&2; exit 2; }
old=$1 new=$2
sh tests/flags.sh "$old" "$new" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
# Random inputs, the same every time: fuzz_game reads them as choices
# among the legal orders, so they play long games.
mkdir "$tmp/random"
python3 -c 'import random, sys
r = random.Random(29)
for i in range(400):
    n = r.choice((64, 256, 1024, 4096))
    open("%s/r%03d.bin" % (sys.argv[1], i), "wb").write(bytes(r.getrandbits(8) for _ in range(n)))' "$tmp/random"
for g in $("$new/gunbai" games | sed -n 's/^\([A-Za-z0-9_-]*\): .*/\1/p'); do
	for b in "$old" "$new"; do
		v=$(echo "$b" | tr / _)
		FUZZ_GAME=$g FUZZ_DUMP="$tmp/$v.$g" "$b/fuzz/fuzz_game" \
		    tests/fuzz/corpus/fuzz_game tests/fuzz/crashes/fuzz_game \
		    "$tmp/random" \
		    >/dev/null 2>&1
	done
	a=$tmp/$(echo "$old" | tr / _).$g b=$tmp/$(echo "$new" | tr / _).$g
	if [ -s "$a" ] && cmp -s "$a" "$b"; then
		echo "ok - fuzz_game ($g): $(grep -c '^== ' "$a") end states the same"
	else
		fails=$((fails + 1))
		echo "not ok - fuzz_game ($g): the end states differ"
		diff "$a" "$b" | head -10 | sed 's/^/    /'
	fi
done
echo "$fails failed"
[ "$fails" -eq 0 ]

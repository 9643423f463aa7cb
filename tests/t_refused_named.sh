#!/bin/sh
# A file whose signature fails is reported to the player it names, and to
# nobody else, and counts for nothing: the other reports, the state and
# the outcome are byte for byte those of the run without it.
. tests/lib.sh
cd "$tmp" || exit 1
senjin_fixture named
"$gunbai" adjudicate in/s1.yaml in/a1.yaml -o t1 >/dev/null

# Turn 2 is bob's: a forgery naming bob, and a good file of bob's with a
# damaged signature (a line end added after signing).
printf 'gunbai: orders 2\ngame: named\nuid: %s\nturn: 2\nplayer: "bob"\norders:\n  - move e8 e7\n' \
    "$(state_uid in/s1.yaml)" >forged.yaml
openssl pkeyutl -sign -rawin -inkey "$keys/dave.key" -in forged.yaml \
    -out forged.yaml.sig
"$gunbai" adjudicate --nmr t1/state.yaml -o plain >/dev/null
"$gunbai" adjudicate --nmr t1/state.yaml forged.yaml -o with >out 2>&1
if grep -q "^forged.yaml: refused file: the signature does not verify" out; then
	ok "the forged file is refused"
else not_ok "the forged file is refused"; sed 's/^/    | /' out; fi
tr '\n' ' ' <with/reports/bob.txt | sed 's/  */ /g' >bob.flat
if grep -q "An orders file naming you (sha256 [0-9a-f]*) was refused whole and did not count: the signature does not verify" bob.flat; then
	ok "bob's report says a file naming him was refused, and why"
else
	not_ok "bob's report says a file naming him was refused"
	sed 's/^/    | /' with/reports/bob.txt
fi
# The Evidence's state line is the SHA-256 of the whole state, bob's log
# included: it must change, and reveals nothing while the seed is secret
# (formats/threats.md; test_harness.c drops it the same way).
same=1
nohash() { grep -v '^state   ' "$1"; }
for f in reports/alice.txt reports/public.txt; do
	nohash "plain/$f" >p.txt
	nohash "with/$f" >w.txt
	cmp -s p.txt w.txt || { same=0; diff p.txt w.txt | sed 's/^/    /'; }
done
if [ "$same" = 1 ]; then ok "nobody else's report changes"
else not_ok "nobody else's report changes"; fi
# It counts for nothing: the defaults applied, the same state but for
# bob's log line, and the file is not among those the state records.
"$gunbai" status plain/state.yaml >st1
"$gunbai" status with/state.yaml >st2
sha=$(sha256sum forged.yaml | cut -c1-64)
if cmp -s st1 st2 && ! grep -q "$sha" with/state.yaml &&
    [ "$(grep -vc 'An orders file naming you' with/state.yaml)" -eq \
    "$(($(wc -l <plain/state.yaml) + 3))" ]; then
	ok "the refused file counts for nothing"
else
	not_ok "the refused file counts for nothing"
	diff plain/state.yaml with/state.yaml | sed 's/^/    /'
fi

# A file naming a player of another game, or no player, is told to nobody.
sed 's/^game: named/game: other/' forged.yaml >other.yaml
cp forged.yaml.sig other.yaml.sig
"$gunbai" adjudicate --nmr t1/state.yaml other.yaml -o other >/dev/null 2>&1
if cmp -s plain/reports/bob.txt other/reports/bob.txt; then
	ok "a file for another game is told to nobody"
else not_ok "a file for another game is told to nobody"; fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

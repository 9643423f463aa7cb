#!/bin/sh
# Fair dice and tamper evidence (issue 9, formats/threats.md), end to end:
# the seed commitment in every report and the seed revealed at the end,
# checked by `gunbai check-seed`; a point's stream changes with one of its
# orders files; the same inputs give the same bytes; an old game's orders
# are refused by a new game of the same id and players; keys of small
# order are refused; revisions, whatever the order files come in.
# Run by tests/run.sh with GUNBAI set.
. tests/lib.sh
sign() { # sign KEY FILE
	openssl pkeyutl -sign -rawin -inkey "$1" -in "$2" -out "$2.sig"
}
has() { # has PATTERN FILE DESCRIPTION
	if grep -q -- "$1" "$2"; then ok "$3"; else
		not_ok "$3: no '$1' in:"; sed 's/^/    /' "$2" | head -20; fi
}
ev() { sed -n "s/^$1  *//p" "$2"; } # ev LABEL REPORT: an Evidence value
cd "$tmp" || exit 1

# 1. Commitment: every report from the first shows the same commitment and
# the hash of its state; the public report of the finished game reveals
# the seed, and check-seed ties the two.
seed=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
senjin_fixture fair
"$gunbai" new senjin --id fair2 --seed "$seed" --player alice="$keys/alice.pub" \
    --player bob="$keys/bob.pub" --option first=alice --option turn-limit=2 \
    -o s.yaml >/dev/null
u=$(state_uid s.yaml)
"$gunbai" view s.yaml --player alice >first.txt
commit=$(ev commit first.txt)
if [ ${#commit} -eq 64 ] && [ "$(ev from first.txt)" = none ] &&
    [ "$(ev state first.txt)" = "$(sha256sum s.yaml | cut -c1-64)" ]; then
	ok "the first report shows the commitment and its state's SHA-256"
else not_ok "the first report's Evidence"; sed -n '/^Evidence/,$p' first.txt; fi
for t in 1 2; do
	p=alice; [ $t = 2 ] && p=bob
	printf 'gunbai: orders 2\ngame: fair2\nuid: %s\nturn: %s\nplayer: %s\norders:\n' \
	    "$u" $t $p >o$t.yaml
	[ $t = 1 ] && echo '  - move e2 e3' >>o$t.yaml
	[ $t = 2 ] && printf '  - move e8 e7\n  - move d9 e8\n' >>o$t.yaml
	sign "$keys/$p.key" o$t.yaml
done
status_is 0 "turn 1" "$gunbai" adjudicate s.yaml o1.yaml -o t1
status_is 0 "turn 2 ends the game (turn limit)" "$gunbai" adjudicate \
    t1/state.yaml o2.yaml -o t2
good=1
for r in t1/reports/*.txt t2/reports/*.txt; do
	[ "$(ev commit "$r")" = "$commit" ] || { good=0; echo "    $r: commit"; }
	[ "$(ev uid "$r")" = "$u" ] || { good=0; echo "    $r: uid"; }
done
[ "$(ev state t1/reports/bob.txt)" = "$(sha256sum t1/state.yaml | cut -c1-64)" ] ||
    { good=0; echo "    state hash"; }
[ "$(ev from t2/reports/alice.txt)" = "$(ev state t1/reports/alice.txt)" ] ||
    { good=0; echo "    from is not the previous state"; }
[ "$good" = 1 ] && ok "every report: the same commitment and uid; 'from' chains to the report before" ||
    not_ok "the Evidence lines of the reports"
if grep -q '^seed ' t1/reports/public.txt t2/reports/alice.txt \
    t2/reports/bob.txt; then not_ok "the seed is shown before the end or to a player"
else ok "the seed is shown only in the public report of the finished game"; fi
has "^seed    $seed\$" t2/reports/public.txt "the finished public report reveals the seed"
status_is 0 "check-seed: the revealed seed matches the first report's commitment" \
    "$gunbai" check-seed first.txt t2/reports/public.txt
has "the seed $seed revealed in" "$tmp/out" "check-seed says what matched"
sed "s/^commit  ./commit  f/" first.txt >forged.txt
[ "$(ev commit forged.txt)" = "$commit" ] && sed "s/^commit  ./commit  0/" first.txt >forged.txt
# A game without an organiser: nobody signed the reports, so a
# mismatch proves nothing to anyone else (exit 10, not 1: misconduct).
status_is 10 "check-seed: another commitment does not match, unsigned" \
    "$gunbai" check-seed forged.txt t2/reports/public.txt
has "does not match the commitment" "$tmp/out" "check-seed: the reason"
sed "s/^seed    ./seed    f/" t2/reports/public.txt >forged-seed.txt
[ "$(ev seed forged-seed.txt)" = "$seed" ] && sed "s/^seed    ./seed    0/" t2/reports/public.txt >forged-seed.txt
status_is 10 "check-seed: a changed seed does not match, unsigned" \
    "$gunbai" check-seed first.txt forged-seed.txt
status_is 4 "check-seed: no seed before the end" "$gunbai" check-seed \
    first.txt t1/reports/public.txt
"$gunbai" new senjin --id fair2 --seed "$(echo "$seed" | tr 0 f)" \
    --player alice="$keys/alice.pub" --player bob="$keys/bob.pub" \
    -o other.yaml >/dev/null
"$gunbai" view other.yaml --public >other.txt
status_is 10 "check-seed: reports of two games" "$gunbai" check-seed \
    other.txt t2/reports/public.txt
python3 -c "
import hashlib,sys
print(hashlib.sha256(b'gunbai-seed-commit-v2'+bytes.fromhex('$seed')).hexdigest())" >py.txt
if [ "$(cat py.txt)" = "$commit" ]; then
	ok "the commitment is SHA-256 of the documented message (recomputed in Python)"
else not_ok "commitment $commit, recomputed $(cat py.txt)"; fi

# 2. Players' entropy: one changed orders file changes its point's stream.
# The Senshiai sample deals the hands at point 1, from the turn 1 files.
s=$top/samples/senshiai
"$gunbai" new senshiai --id senshiai --seed \
    5e4a11d0c0ffee000000000000000000000000000000000000000000000055aa \
    --option first=alice --player alice="$s/keys/alice.pub" \
    --player bob="$s/keys/bob.pub" --player carol="$s/keys/carol.pub" \
    -o ss.yaml >/dev/null
mkdir m1 m2
for p in alice bob carol; do
	cp "$s/orders/turn1-$p.yaml" "$s/orders/turn1-$p.yaml.sig" m1/
	cp "$s/orders/turn1-$p.yaml" "$s/orders/turn1-$p.yaml.sig" m2/
done
echo "# the same orders, one more comment" >>m2/turn1-bob.yaml
sign "$s/keys/bob.key" m2/turn1-bob.yaml
status_is 0 "the Senshiai sample's turn 1" "$gunbai" adjudicate ss.yaml \
    m1/turn1-alice.yaml m1/turn1-bob.yaml m1/turn1-carol.yaml -o a1
status_is 0 "the same, bob's file with one more comment" "$gunbai" \
    adjudicate ss.yaml m2/turn1-alice.yaml m2/turn1-bob.yaml \
    m2/turn1-carol.yaml -o a2
sed '1,/^senshiai:/d' a1/state.yaml >sec1
sed '1,/^senshiai:/d' a2/state.yaml >sec2
if ! cmp -s sec1 sec2 && grep -q 'draws: [1-9]' a1/state.yaml; then
	ok "one changed orders file changes what its point drew"
else not_ok "the point's draws do not depend on its orders files"; fi
status_is 0 "the same files again, in another order" "$gunbai" adjudicate \
    ss.yaml m1/turn1-carol.yaml m1/turn1-alice.yaml m1/turn1-bob.yaml -o a3
if diff -r a1 a3 >/dev/null; then
	ok "the same inputs give the same bytes, whatever the order of files"
else not_ok "the same inputs gave other bytes"; fi

# 3. Game identity: a game made again with the same id and players refuses
# the old game's signed orders.
"$gunbai" new senjin --id club --player alice="$keys/alice.pub" \
    --player bob="$keys/bob.pub" --option first=alice -o old.yaml >/dev/null
"$gunbai" new senjin --id club --player alice="$keys/alice.pub" \
    --player bob="$keys/bob.pub" --option first=alice -o new.yaml >/dev/null
if [ "$(state_uid old.yaml)" != "$(state_uid new.yaml)" ]; then
	ok "two games of the same id and players have two uids"
else not_ok "the same uid twice"; fi
"$gunbai" view old.yaml --player alice | sed -n '/^-- 8< --$/,/^-- 8< --$/p' |
    sed '1d;$d' >club.yaml
echo '  - move e2 e3' >>club.yaml
sign "$keys/alice.key" club.yaml
status_is 0 "the old game accepts the template filled in" "$gunbai" check \
    old.yaml club.yaml
status_is 1 "the new game with the same id and players refuses it" \
    "$gunbai" check new.yaml club.yaml
has "never valid in this one" "$tmp/out" "another game's orders: the reason"

# 4. Weak keys: each key of small order is refused by new.
for h in 0100000000000000000000000000000000000000000000000000000000000000 \
    ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f \
    0000000000000000000000000000000000000000000000000000000000000000 \
    0000000000000000000000000000000000000000000000000000000000000080 \
    26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05 \
    26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85 \
    c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a \
    c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa; do
	python3 -c "
import base64
print('-----BEGIN PUBLIC KEY-----')
print(base64.b64encode(bytes.fromhex('302a300506032b6570032100$h')).decode())
print('-----END PUBLIC KEY-----')" >weak.pub
	"$gunbai" new senjin --id w --player alice="$keys/alice.pub" \
	    --player bob=weak.pub -o w.yaml >/dev/null 2>err.txt
	if [ $? -eq 4 ] && grep -q 'weak.pub:1:1: the Ed25519 public key is of small order' err.txt &&
	    [ ! -e w.yaml ]; then ok "new refuses the small-order key $h"
	else not_ok "new and the small-order key $h:"; cat err.txt; fi
done

# 5. Corrections: the highest revision wins, whatever the order of files.
u=$(state_uid in/s1.yaml)
for r in 1 2; do
	{ printf 'gunbai: orders 2\ngame: fair\nuid: %s\nturn: 1\nrevision: %s\n' "$u" $r
	  printf 'player: alice\norders:\n'
	  [ $r = 1 ] && echo '  - move e2 e3'
	  [ $r = 2 ] && echo '  - move d2 d3'; } >rev$r.yaml
	sign "$keys/alice.key" rev$r.yaml
done
cp rev2.yaml rev2-copy.yaml
cp rev2.yaml.sig rev2-copy.yaml.sig
status_is 0 "revisions 1 and 2 and a copy of 2" "$gunbai" adjudicate \
    in/s1.yaml rev1.yaml rev2.yaml rev2-copy.yaml -o r1
has 'revision 1, replaced by revision 2' "$tmp/out" "the lower revision is set aside"
has 'moves .* d2-d3' r1/reports/public.txt "revision 2 is the one applied"
status_is 0 "the same files in another order" "$gunbai" adjudicate \
    in/s1.yaml rev2-copy.yaml rev1.yaml rev2.yaml -o r2
if diff -r r1 r2 >/dev/null; then ok "the order of the files changes nothing"
else not_ok "the order of the files changed the outputs"; fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

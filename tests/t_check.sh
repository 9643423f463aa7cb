#!/bin/sh
# gunbai check: one line shape for every verdict, "FILE[:LINE:COLUMN]:
# VERDICT: DETAIL", the files in the order given, and an exit status per
# verdict (gunbai(1), EXIT STATUS): 0 all good, 1 a file refused, 6 an
# order refused, 7 incomplete, 8 not yet due, 9 the game is over.
. tests/lib.sh
cd "$tmp" || exit 1
senjin_fixture chk
sign() { openssl pkeyutl -sign -rawin -inkey "$keys/$1.key" -in "$2" -out "$2.sig"; }
uid=$(state_uid in/s1.yaml)
orders() { # orders FILE TURN PLAYER ORDER... (for the game whose uid is $uid)
	f=$1 t=$2 p=$3
	shift 3
	printf 'gunbai: orders 2\ngame: chk\nuid: %s\nturn: %s\nplayer: %s\norders:\n' \
	    "$uid" "$t" "$p" >"$f"
	for o in "$@"; do printf '  - %s\n' "$o" >>"$f"; done
	sign "$p" "$f"
}
# status_is WANT DESCRIPTION FILE...: check exits WANT; its lines in out
status_is() {
	want=$1 what=$2
	shift 2
	"$gunbai" check in/s1.yaml "$@" >out 2>err
	got=$?
	if [ "$got" -eq "$want" ] && [ ! -s err ]; then ok "$what: exit $want"
	else not_ok "$what: exit $got, not $want"; cat out err | sed 's/^/    | /'; fi
}
# shape: every line of out is FILE[:L:C]: VERDICT: DETAIL
verdicts='accepted file|refused file|set aside|accepted|refused|warning|complete|incomplete|not yet due|game over'
shape() {
	bad=$(grep -Ev "^[^:]+(:[0-9]+:[0-9]+)?: ($verdicts): ." out)
	if [ -z "$bad" ]; then ok "$1: every line has the one shape"
	else not_ok "$1: lines of another shape:"; echo "$bad" | sed 's/^/    | /'; fi
}
has() { # has REGEX DESCRIPTION
	if grep -Eq -- "$1" out; then ok "$2"
	else not_ok "$2"; sed 's/^/    | /' out; fi
}

orders good.yaml 1 alice "move e2 e3"
status_is 0 "a good file" good.yaml
shape "a good file"
has '^good\.yaml: complete: the accepted orders answer point 1$' \
    "a good file is complete, and names no refusal"

orders badorder.yaml 1 alice "move e2 e9" "move e2 e3"
status_is 6 "a refused order" badorder.yaml
has '^badorder\.yaml:7:5: refused: move e2 e9: ' "the refused order, with its position"
has '^badorder\.yaml: complete: the accepted orders answer point 1, but 1 of 2 orders was refused$' \
    "complete, but says how many orders were refused"

orders empty.yaml 1 alice
sed -i 's/^orders:$/orders: []/' empty.yaml
sign alice empty.yaml
status_is 7 "an incomplete file" empty.yaml
has "^empty\\.yaml: incomplete: more orders are needed for point 1; add one of 'move " \
    "incomplete names orders that could come next"
all=$(sed -n 's/.*(\([0-9]*\) possible orders in all)$/\1/p' out)
listed=$(grep -o "'[^']*'" out | wc -l)
if [ -n "$all" ] && [ "$listed" -eq "$all" ]; then ok "incomplete lists all $all orders that could come next"
else not_ok "incomplete lists $listed orders of ${all:-?}"; sed 's/^/    | /' out; fi

orders later.yaml 2 bob "move e8 e7"
status_is 8 "a file for the next turn" later.yaml
has '^later\.yaml: not yet due: point 2 is not due: the game is at point 1; kept, the file is judged when point 2 comes, and refused then if bob owes no decision at it$' \
    "the next turn: judged when it comes, refused then if bob owes nothing (no promise of use)"
orders typo.yaml 7 bob "move e8 e7"
status_is 8 "a file for a later turn" typo.yaml
has "^typo\\.yaml: not yet due: point 7 is not due: the game is at point 1; kept, the file is judged when point 7 comes, and refused then if bob owes no decision at it - a typo\\? check the file's turn: line: the report's template gives the point to answer\$" \
    "a later turn: kept as the next turn is, then a typo? and what to check"

cp good.yaml nosig.yaml
status_is 1 "a refused file" nosig.yaml
has '^nosig\.yaml: refused file: not signed' "the refused file's line"

# Several files: the worst verdict decides; lines in argument order.
status_is 1 "a refused file among others" typo.yaml empty.yaml nosig.yaml \
    badorder.yaml good.yaml
shape "five files"
order=$(cut -d: -f1 out | uniq | tr '\n' ' ')
if [ "$order" = "typo.yaml empty.yaml nosig.yaml badorder.yaml good.yaml " ]; then
	ok "the files in the order given"
else not_ok "the files in the order given: $order"; fi
status_is 6 "a refused order beats not due" later.yaml badorder.yaml
status_is 7 "incomplete beats not due" later.yaml empty.yaml

# adjudicate asks the same about a file far ahead.
"$gunbai" adjudicate in/s1.yaml good.yaml typo.yaml -o adj >out 2>&1
if grep -qx "kept for point 7: typo.yaml (the game is at point 2) - a typo? check the file's turn: line: the report's template gives the point to answer" out
then ok "adjudicate: a file for a later turn, kept: a typo?"
else not_ok "adjudicate: a file for a later turn, kept: a typo?"
	sed 's/^/    | /' out; fi

# adjudicate on a file for the point it stops at that is not a whole
# answer: it is judged as check judges it and told incomplete, with what
# becomes of it, never "kept for point 2 (the game is at point 2)"
# (issue 30); only its sender's report says so.
orders inc2.yaml 2 bob "move e8 e1"
"$gunbai" adjudicate in/s1.yaml inc2.yaml good.yaml -o adj2 >out 2>&1
if grep -q "^inc2\.yaml:7:5: refused: move e8 e1: " out &&
    grep -q "^inc2\.yaml: incomplete: more orders are needed for point 2; no one order completes it: next one of 'move " out &&
    ! grep -q "kept for point" out
then ok "adjudicate: an incomplete file for the point owed now says so"
else not_ok "adjudicate: an incomplete file for the point owed now says so"
	sed 's/^/    | /' out; fi
tr -s '\n ' '  ' <adj2/reports/bob.txt >joined.txt
if grep -q "not a whole answer (0 accepted, 1 refused): more orders are needed, and point 2 waits for you\. The file is kept, not used: to correct it, send the whole answer again with a higher revision" joined.txt &&
    grep -q '"move e8 e1" (line 7): refused: ' joined.txt &&
    ! grep -q "not a whole answer\|move e8 e1" adj2/reports/alice.txt adj2/reports/public.txt
then ok "only bob's report says his file is not a whole answer, and why"
else not_ok "only bob's report says his file is not a whole answer, and why"
	sed 's/^/    | /' joined.txt; fi

# A finished game: every file gets "game over".
"$gunbai" new senjin --id chk --seed \
    000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
    --player alice="$keys/alice.pub" --player bob="$keys/bob.pub" \
    --option first=alice --option turn-limit=1 -o short.yaml >/dev/null
uid=$(state_uid short.yaml)
orders short1.yaml 1 alice "move e2 e3"
orders later.yaml 2 bob "move e8 e7"
"$gunbai" adjudicate short.yaml short1.yaml -o over >/dev/null
"$gunbai" check over/state.yaml later.yaml >out 2>err
got=$?
if [ "$got" -eq 9 ] && grep -q "^later\.yaml: game over: game 'chk' is over: " out
then ok "a finished game: exit 9, game over"
else not_ok "a finished game: exit $got"; cat out err | sed 's/^/    | /'; fi

# Japanese Swords: a turn without its closing "done" is incomplete, and
# says "done" is what could come next.
js=$top/samples/japanese-swords
"$gunbai" new japanese-swords --id swords --seed \
    5e4a11d0c0ffee0000000000000000000000000000000000000000000000a11c \
    --player alice="$js/keys/alice.pub" --player bob="$js/keys/bob.pub" \
    --player carol="$js/keys/carol.pub" -o js0.yaml >/dev/null
"$gunbai" adjudicate js0.yaml "$js"/orders/turn1-*.yaml -o js1 >/dev/null
"$gunbai" adjudicate js1/state.yaml "$js"/orders/turn2-*.yaml -o js2 >/dev/null
grep -v '^  - done$' "$js/orders/turn3-alice.yaml" >nodone.yaml
openssl pkeyutl -sign -rawin -inkey "$js/keys/alice.key" -in nodone.yaml \
    -out nodone.yaml.sig
"$gunbai" check js2/state.yaml nodone.yaml >out 2>&1
got=$?
if [ "$got" -eq 7 ] && grep -q "^nodone\.yaml: incomplete: more orders are needed for point 3; add one of 'done'" out
then ok "Japanese Swords: a turn without 'done' is incomplete and says so"
else not_ok "Japanese Swords: without 'done': exit $got"; sed 's/^/    | /' out; fi

# A correction or a copy is set aside, not refused like a forgery, and
# the exit status is the verdict of the file that counts (fresh reader of
# Senjin: "refused file" and exit 1 for a normal correction).
sed 's/^turn: 1$/turn: 1\nrevision: 1/' good.yaml >good1.yaml
sign alice good1.yaml
cp good1.yaml copy1.yaml
cp good1.yaml.sig copy1.yaml.sig
status_is 0 "a lower revision beside a good higher one" badorder.yaml good1.yaml
shape "a lower revision"
has "^badorder\.yaml: set aside: revision 0, replaced by revision 1 \('good1\.yaml'\)$" \
    "a lower revision is set aside, naming the one that replaces it"
status_is 0 "a copy of a good file" good1.yaml copy1.yaml
has "^(good1|copy1)\.yaml: set aside: a copy of '(copy1|good1)\.yaml': the same bytes count once$" \
    "an identical copy is set aside"
sed 's/^turn: 1$/turn: 1\nrevision: 1/' empty.yaml >empty1.yaml
sign alice empty1.yaml
status_is 7 "a good lower revision beside an incomplete higher one" good.yaml empty1.yaml
has "^good\.yaml: set aside: revision 0, replaced by revision 1" \
    "a good lower revision is set aside by an incomplete higher one"
"$gunbai" check --json in/s1.yaml badorder.yaml good1.yaml >out.json
if /usr/bin/python3 -c 'import json,sys; d=json.load(open("out.json")); sys.exit(not ([f["verdict"] for f in d["files"]] == ["set-aside", "good"] and d["verdict"] == "set-aside"))'
then ok "check --json: verdict set-aside"
else not_ok "check --json: set-aside"; sed 's/^/    | /' out.json; fi

# "orders: move e2 e3", no list: how a list is written (fresh reader of
# Senjin: '"orders" must be a sequence' gave no hint).
printf 'gunbai: orders 2\ngame: chk\nuid: %s\nturn: 1\nplayer: alice\norders: move e2 e3\n' \
    "$(state_uid in/s1.yaml)" >nolist.yaml
sign alice nolist.yaml
status_is 1 "orders not written as a list" nolist.yaml
has "^nolist\.yaml:6:9: refused file: \"orders\" is a list, not one line of text: write each order below 'orders:' on a line of its own as '  - ORDER' \('  - move e2 e3'\), or 'orders: \[move e2 e3\]'$" \
    "orders not written as a list: the refusal shows how to write one"

# A file from the player who owes nothing at the point says whose the
# point is (fresh readers: "owes no decision" alone left them guessing).
mkdir -p "$tmp/nowed" && (cd "$tmp/nowed" && senjin_fixture nowed &&
    sed 's/^player: alice$/player: bob/' in/a1.yaml >in/b1.yaml &&
    openssl pkeyutl -sign -rawin -inkey "$keys/bob.key" -in in/b1.yaml \
    -out in/b1.yaml.sig) &&
    "$gunbai" check "$tmp/nowed/in/s1.yaml" "$tmp/nowed/in/b1.yaml" \
    >"$tmp/nowed/out" 2>&1
if grep -q 'refused file: bob owes no decision at point 1: it waits for alice (turn); send your orders when a report asks you for a point$' \
    "$tmp/nowed/out"; then
	ok "a file of a player owing nothing names who owes the point"
else
	not_ok "a file of a player owing nothing:"; sed 's/^/    /' "$tmp/nowed/out"
fi
# ... and is refused only: no "accepted file" line before the refusal
# (fresh reader of Japanese Swords: "accepted file: signed by ben, point
# 45" then "refused file: ben owes no decision at point 45").
if [ "$(wc -l <"$tmp/nowed/out")" -eq 1 ]; then
	ok "a file of a player owing nothing gets one line, its refusal"
else
	not_ok "a file of a player owing nothing, more lines:"; sed 's/^/    /' "$tmp/nowed/out"
fi
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

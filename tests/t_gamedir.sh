#!/bin/sh
# Game directories (formats/archive.md): `gunbai new -d`, `gunbai run`,
# `gunbai verify`.  The Japanese Swords sample played deadline by
# deadline through a game directory, the sealed choice sent early (kept,
# never "accepted" before it is used), refusals, --nmr, a run cut short,
# every tampering verify must catch (each named by run and file), a
# player's kept reports, every sample game replayed through `run`, and a
# game played to its end.  Run by tests/run.sh with GUNBAI and TOOLS set.
. tests/lib.sh
tools=$(abs "${TOOLS:?}")
S=$top/samples/japanese-swords
seed=5e4a11d0c0ffee0000000000000000000000000000000000000000000000a11c
cd "$tmp" || exit 1

newjs() {
	"$gunbai" new japanese-swords --id swords --seed "$seed" \
	    --player alice="$S/keys/alice.pub" --player bob="$S/keys/bob.pub" \
	    --player carol="$S/keys/carol.pub" -d "$1"
}
# mail DIR TURN [PLAYER]: the sample's orders of TURN into DIR/inbox
mail() {
	for f in "$S/orders/turn$2-"${3:-*}.yaml; do
		cp "$f" "$f.sig" "$1/inbox/"
	done
}
# expect WHAT STATUS CMD...: CMD exits with STATUS; output in out, err
expect() {
	what=$1 want=$2
	shift 2
	"$@" >out 2>err
	st=$?
	if [ "$st" -eq "$want" ]; then ok "$what"; else
		not_ok "$what: exit $st, not $want"
		sed 's/^/    /' out err | head -10
	fi
}
# has WHAT FILE PATTERN: FILE has a line matching PATTERN (grep -E)
has() {
	if grep -Eq -- "$3" "$2"; then ok "$1"; else
		not_ok "$1: no '$3' in $2:"
		sed 's/^/    /' "$2" | head -10
	fi
}
hasnt() {
	if grep -Eq -- "$3" "$2"; then
		not_ok "$1: '$3' in $2:"
		grep -E -- "$3" "$2" | sed 's/^/    /' | head -5
	else ok "$1"; fi
}

# --- new -d
expect "new -d makes a game directory" 0 newjs g
for p in alice bob carol; do
	"$gunbai" view g/start.yaml --player $p >view.txt
	cmp -s view.txt g/reports/$p.txt || not_ok "g/reports/$p.txt is not view's"
done
"$gunbai" view g/start.yaml --public | cmp -s - g/reports/public.txt &&
    [ -d g/inbox ] && [ -d g/runs ] &&
    ok "it holds start.yaml, the first reports (as view gives them), inbox/, runs/" ||
    not_ok "the new game directory: $(ls -R g)"
expect "new -d refuses a directory that exists and is not empty" 5 newjs g
expect "run with an empty inbox waits, as adjudicate does" 3 "$gunbai" run g
[ -z "$(ls g/runs)" ] && ok "and writes nothing" || not_ok "it wrote $(ls g/runs)"

# --- the sealed choice sent in the same run as the point before it
mail g 1
mail g 2 bob
expect "run: turn 1 applied, waiting for carol at turn 2" 0 "$gunbai" run g
has "stdout says bob's turn 2 file is kept for turn 2" out \
    'kept for point 2: inbox/turn2-bob.yaml'
hasnt "stdout never says bob's turn 2 orders were accepted" out \
    'turn2-bob.yaml.*accepted'
# (lines wrapped in a report are joined)
tr -s '\n ' '  ' <g/runs/0001/reports/bob.txt >joined.txt
has "bob's report says kept for point 2, which waits for carol's answer" \
    joined.txt 'kept for point 2, which waits for other answers'
hasnt "bob's report does not call them accepted" joined.txt \
    'orders for point 2.*accepted'
[ -f g/inbox/turn2-bob.yaml ] && [ -f g/runs/0001/kept/turn2-bob.yaml ] &&
    [ ! -e g/inbox/turn1-alice.yaml ] &&
    [ -f g/runs/0001/orders/turn1-alice.yaml.sig ] &&
    ok "the kept file stays in the inbox (a copy in kept/), the used ones moved to orders/" ||
    not_ok "inbox: $(ls g/inbox); runs/0001: $(ls -R g/runs/0001)"
mail g 2 carol
expect "run: turn 2 applied with both sealed choices" 0 "$gunbai" run g
tr -s '\n ' '  ' <g/runs/0002/reports/bob.txt >joined.txt
has "bob's report now says his turn 2 orders were accepted" \
    joined.txt 'orders for point 2 .*1 accepted'
[ -z "$(ls g/inbox)" ] && ok "the inbox is empty after it" ||
    not_ok "inbox: $(ls g/inbox)"

# --- a late file refused by runs that apply nothing: said once (a copy of
# the game at point 3, carol's turn; alice's point 1 file comes late)
cp -r g gl
cp "$S/orders/turn1-alice.yaml" gl/inbox/late.yaml
cp "$S/orders/turn1-alice.yaml.sig" gl/inbox/late.yaml.sig
expect "run with only a late file: nothing applied" 3 "$gunbai" run gl
has "the late file is refused" out '^inbox/late.yaml:.*refused file: .*already been adjudicated'
expect "run again: still nothing applied" 3 "$gunbai" run gl
hasnt "the late file is not refused again" out 'late.yaml'
expect "and again" 3 "$gunbai" run gl
hasnt "nor the time after" out 'late.yaml'
mail gl 3
expect "the next run applies point 3" 0 "$gunbai" run gl
hasnt "and does not say the refusal again" out 'late.yaml'
has "it archives the late file in refused/ with its reason" \
    gl/runs/0003/refused/late.yaml.reason 'already been adjudicated'
tr -s '\n ' '  ' <gl/runs/0003/reports/alice.txt >joined.txt
has "alice's report tells her once" joined.txt 'refused whole: these orders are for point 1'
[ ! -e gl/told ] && [ ! -e gl/inbox/late.yaml ] &&
    ok "the record of refusals told is gone with the file" ||
    not_ok "after the run: $(ls gl gl/inbox)"
expect "verify: the archive checks" 0 "$gunbai" verify gl

# --- one deadline after another; a forged file is refused into refused/
for t in 3 4 5 6 7 8 9 10 11 12 13; do
	mail g $t
	if [ $t = 5 ]; then
		sed 's/done/ done/' "$S/orders/turn6-alice.yaml" >g/inbox/forged.yaml
		cp "$S/orders/turn6-alice.yaml.sig" g/inbox/forged.yaml.sig
		# bob's turn 4 file again: signed, but for a past turn
		cp "$S/orders/turn4-bob.yaml" g/inbox/late.yaml
		cp "$S/orders/turn4-bob.yaml.sig" g/inbox/late.yaml.sig
	fi
	"$gunbai" run g >out 2>err || { not_ok "run at turn $t: $(cat err)"; break; }
done
ok "the other 11 deadlines: mail into the inbox, gunbai run"
has "the forged file is in refused/ with its reason" \
    g/runs/0005/refused/forged.yaml.reason 'signature does not verify'
expect "verify: the whole archive checks" 0 "$gunbai" verify g
has "one line per run" out '^run 0013: ok: '
has "and a summary" out '^g: 13 runs, [0-9]+ signatures checked: ok$'
for d in 3 7 13; do
	"$gunbai" status g/runs/00$(printf %02d $d)/state.yaml >/dev/null ||
	    not_ok "runs/$d/state.yaml"
done
# The archive's last state is the state the sample's own play reaches.
sh "$S/play.sh" "$gunbai" play >/dev/null 2>&1
# The states' bytes differ where they name files, so do the hashes of
# them (file sha256 lines, the Evidence's state and from).
nohash() { grep -v -e sha256 -e '^state   ' -e '^from    ' "$@"; }
"$gunbai" view play/turn13/state.yaml --public | nohash >a.txt
nohash g/runs/0013/reports/public.txt >b.txt
cmp -s a.txt b.txt && ok "the game reaches the position play.sh reaches" ||
    not_ok "the game directory's last public report differs from play.sh's"

# --- a player's kept reports
mkdir mailbox
cp g/reports/bob.txt mailbox/first.txt
cp g/runs/0004/reports/bob.txt mailbox/r4.txt
expect "verify --player: bob's kept reports are the archive's" 0 \
    "$gunbai" verify g --player bob mailbox/first.txt mailbox/r4.txt
has "each named with its run" out '^mailbox/r4.txt: ok: .*runs/0004'
sed 's/Turn/Tum/' mailbox/r4.txt >mailbox/r4x.txt
expect "verify --player: an altered report is not the archive's" 1 \
    "$gunbai" verify g --player bob mailbox/r4x.txt
has "and it says so" out '^mailbox/r4x.txt: FAILED: not a report of bob'
expect "verify --player: alice's report is not bob's" 1 \
    "$gunbai" verify g --player bob g/runs/0004/reports/alice.txt

# --- tampering: each caught, naming the run and the file
tamper() { rm -rf t; cp -R g t; }
# caught WHAT RUN FILE-PATTERN
caught() {
	"$gunbai" verify t >out 2>err
	st=$?
	if [ "$st" -ne 0 ] && grep -q "^run $2: FAILED: " out &&
	    grep -Eq "$3" out; then
		ok "verify catches $1 (run $2, exit $st)"
	else
		not_ok "verify misses $1 (exit $st):"
		sed 's/^/    /' out err | head -10
	fi
}
tamper
echo "I won." >>t/runs/0006/reports/bob.txt
caught "an edited report" 0006 't/runs/0006/reports/bob.txt:[0-9]+: differs'
tamper
cp "$S/orders/turn13-alice.yaml" "$S/orders/turn13-alice.yaml.sig" t/runs/0003/orders/
caught "an added orders file" 0003 't/runs/0003/orders/turn13-alice.yaml'
tamper
rm t/runs/0004/orders/turn4-bob.yaml t/runs/0004/orders/turn4-bob.yaml.sig
caught "a removed orders file" 0004 't/runs/0004/state.yaml: says the orders of bob for point 4'
tamper
mv t/runs/0007/orders/turn7-bob.yaml t/runs/0008/orders/
mv t/runs/0007/orders/turn7-bob.yaml.sig t/runs/0008/orders/
mv t/runs/0008/orders/turn8-carol.yaml t/runs/0007/orders/
mv t/runs/0008/orders/turn8-carol.yaml.sig t/runs/0007/orders/
caught "orders files swapped between runs" 0007 't/runs/0007/orders/turn8-carol.yaml'
tamper
# Another file for the same turn, signed with bob's key: not the one used.
sed 's/honor 2/honor 1/' "$S/orders/turn4-bob.yaml" >t/runs/0004/orders/turn4-bob.yaml
openssl pkeyutl -sign -rawin -inkey "$S/keys/bob.key" \
    -in t/runs/0004/orders/turn4-bob.yaml -out t/runs/0004/orders/turn4-bob.yaml.sig
caught "an orders file swapped for another signed one" 0004 \
    't/runs/0004/orders/turn4-bob.yaml: not among the files'
tamper
sed 's/honor 2/honor 1/' "$S/orders/turn4-bob.yaml" >t/runs/0004/orders/turn4-bob.yaml
caught "an orders file changed after signing" 0004 \
    't/runs/0004/orders/turn4-bob.yaml: the signature does not verify'
tamper
echo "inbox/forged.yaml: not used" >t/runs/0005/refused/forged.yaml.reason
caught "an edited reason of a refused file" 0005 \
    "^run 0005: FAILED: t/runs/0005/refused/forged.yaml: refused, but its reason is not the replay's"
tamper
rm t/runs/0005/refused/late.yaml.reason
caught "a refused file without its reason" 0005 \
    "^run 0005: FAILED: .*t/runs/0005/refused/late.yaml.reason"
tamper
sed 's/honor 2/honor 1/' "$S/orders/turn4-bob.yaml" >t/runs/0005/refused/late.yaml
caught "an edited refused file, named as that file" 0005 \
    "^run 0005: FAILED: t/runs/0005/refused/late.yaml: refused, but its reason"
tamper
sed 's/^  draws: .*/  draws: 7/' t/runs/0009/state.yaml >x && mv x t/runs/0009/state.yaml
caught "an edited state" 0009 't/runs/0009/state.yaml:[0-9]+: differs'
tamper
mv t/runs/0011 t/runs/0014
"$gunbai" verify t >out 2>err
[ $? -eq 4 ] && grep -q "t/runs/0014': a run is missing" err &&
    ok "verify catches a gap in the run numbering (exit 4)" ||
    not_ok "verify misses a gap in the run numbering: $(cat out err)"
tamper
mkdir t/runs/0002/extra
caught "a folder a run does not have" 0002 't/runs/0002/extra: not part of a run'

# A state edited by hand, the later runs made again from it with the
# same files: the edit shows in the run that made the edited state.
tamper
sed '0,/gold: 0/s//gold: 9/' t/runs/0003/state.yaml >x && mv x t/runs/0003/state.yaml
for r in 0004 0005 0006 0007 0008 0009 0010 0011 0012 0013; do
	for d in orders kept; do
		[ -d t/runs/$r/$d ] || continue
		ls t/runs/$r/$d | while read -r f; do
			cp "t/runs/$r/$d/$f" t/inbox/
		done
	done
	rm -rf t/runs/$r
done
"$gunbai" run t >remade 2>&1 && [ -d t/runs/0004 ] && ! [ -d t/runs/0005 ] &&
    ok "the later runs are made again from the edited state (one run)" ||
    not_ok "the runs after the edit are not made again: $(cat remade)"
"$gunbai" verify t >out 2>err
[ $? -eq 1 ] && grep -Eq '^run 0003: FAILED: t/runs/0003/state.yaml:[0-9]+: differs' out &&
    grep -q '^run 0004: ok' out &&
    ok "verify catches the edited state in the run that made it; the remade run is consistent" ||
    not_ok "verify misses the hand-edited state: $(cat out err)"

# --- --nmr: recorded, and replayed so
newjs n >/dev/null
mail n 1 alice
expect "run --nmr: the missing players get the defaults" 0 "$gunbai" run --nmr n
has "said on stdout" out '^nmr: bob, point 1'
[ -f n/runs/0001/nmr ] && ok "runs/0001/nmr records it" || not_ok "no runs/0001/nmr"
expect "verify replays it with --nmr" 0 "$gunbai" verify n
rm n/runs/0001/nmr
expect "verify fails without the record" 1 "$gunbai" verify n
has "naming the run" out '^run 0001: FAILED: n/runs/0001'
# The marker only where the run gave default orders (issue 31, finding
# 5): a run with --nmr that every player answered has none, and one
# added by hand is refused.
newjs n2 >/dev/null
mail n2 1
expect "run --nmr with every file in" 0 "$gunbai" run --nmr n2
[ -d n2/runs/0001 ] && ! [ -e n2/runs/0001/nmr ] &&
    ok "no nmr marker where no default was given" ||
    not_ok "an nmr marker for a run that gave no defaults"
expect "verify passes without it" 0 "$gunbai" verify n2
printf 'nmr\n' >n2/runs/0001/nmr
expect "verify refuses an nmr marker the replay did not need" 1 \
    "$gunbai" verify n2
has "naming the marker" out \
    '^run 0001: FAILED: n2/runs/0001/nmr: marks a run with default orders, but the replay needed none'

# --- a run cut short after its rename: the next run finishes it
newjs c >/dev/null
mail c 1
"$gunbai" run c >/dev/null
cp c/runs/0001/orders/* c/inbox/
mail c 2
expect "a run after one cut short before it emptied the inbox" 0 "$gunbai" run c
has "says so" err 'run 0001 was cut short: 6 of its files removed'
[ -z "$(ls c/inbox)" ] && [ "$(ls c/runs/0002/orders | wc -l)" -eq 4 ] &&
    ok "nothing is used twice or lost" || not_ok "inbox: $(ls c/inbox); runs/0002: $(ls c/runs/0002/orders)"
expect "and the archive verifies" 0 "$gunbai" verify c

# --- files left in the inbox: unsigned, badly named
mail c 3
rm c/inbox/turn3-alice.yaml.sig
cp "$S/orders/turn4-bob.yaml" "c/inbox/bad name.yaml"
expect "run with no file it can take waits" 3 "$gunbai" run c
has "an orders file without its .sig is left in the inbox" err \
    "left in the inbox: .*turn3-alice.yaml.sig"
has "so is a name the archive cannot hold" err "left in the inbox: 'bad name.yaml'"

# --- every sample game, deadline by deadline through `run`, verifies
cat >wrap <<EOF
#!/bin/sh
echo "\$*" >>"$tmp/calls"
exec "$gunbai" "\$@"
EOF
chmod +x wrap
for play in "$top"/samples/*/play.sh; do
	game=$(basename "$(dirname "$play")")
	rm -f calls
	sh "$play" "$tmp/wrap" "s-$game" >/dev/null 2>&1 ||
	    { not_ok "the $game sample does not play"; continue; }
	if grep -q '^run ' calls; then
		# The sample plays through a game directory itself.
		d=$(awk '$1 == "run" { print $2; exit }' calls)
		runs=$(grep -c '^run ' calls)
		"$gunbai" verify "$d" >out 2>&1 &&
		    grep -q "^$d: $runs runs, " out &&
		    ok "the $game sample plays $runs deadlines through run and verifies" ||
		    not_ok "the $game sample's game directory: $(tail -3 out)"
		continue
	fi
	# shellcheck disable=SC2046
	set -- $(grep '^new ' calls | sed 's/ -o [^ ]*/ -d d-'"$game"'/')
	"$gunbai" "$@" >/dev/null || { not_ok "$game: new -d"; continue; }
	bad=0
	grep '^adjudicate ' calls | while read -r _ _ rest; do
		for f in $rest; do
			case $f in -o) break ;; esac
			cp "$f" "$f.sig" "d-$game/inbox/"
		done
		"$gunbai" run "d-$game" >/dev/null 2>&1 || echo bad >>"bad-$game"
	done
	[ -f "bad-$game" ] && bad=1
	runs=$(grep -c '^adjudicate ' calls)
	if [ "$bad" -eq 0 ] && "$gunbai" verify "d-$game" >out 2>&1 &&
	    grep -q "^d-$game: $runs runs, " out; then
		ok "the $game sample, $runs deadlines through run, verifies"
	else
		not_ok "the $game sample through run: $(tail -3 out)"
	fi
done

# --- README's organiser example, as it is written
mkdir readme readme/bin readme/mail
ln -s "$gunbai" readme/bin/gunbai
cp "$keys/alice.pub" "$keys/bob.pub" readme/
awk '/^## For organisers/ { s = 1 } /^The single-file/ { s = 0 }
    s && /^    / { sub(/^    /, ""); print }' "$top/README.md" >readme/steps.sh
# The first line makes the game; the first player is drawn: the mail is
# that player's first move.
head -1 readme/steps.sh >readme/new.sh
sed 1d readme/steps.sh >readme/deadline.sh
(cd readme && PATH=$tmp/readme/bin:$PATH sh -e new.sh >out 2>&1)
first=$("$gunbai" status readme/club-7/start.yaml | sed -n 's/^owed: \([a-z]*\):.*/\1/p')
move="move e2 e3"
[ "$first" = bob ] && move="move e8 e7"
printf 'gunbai: orders 2\ngame: club-7\nuid: %s\nturn: 1\nplayer: %s\norders:\n  - %s\n' \
    "$(state_uid readme/club-7/start.yaml)" "$first" "$move" >readme/mail/a1.yaml
openssl pkeyutl -sign -rawin -inkey "$keys/$first.key" -in readme/mail/a1.yaml \
    -out readme/mail/a1.yaml.sig
if [ "$(grep -c . readme/steps.sh)" -eq 4 ] &&
    (cd readme && PATH=$tmp/readme/bin:$PATH sh -e deadline.sh >>out 2>&1) &&
    [ -f readme/club-7/runs/0001/reports/bob.txt ] &&
    "$gunbai" verify readme/club-7 >/dev/null; then
	ok "README's organiser section runs as written: new -d, then mail into the inbox, run"
else
	not_ok "README's organiser example: $(cat readme/steps.sh readme/out)"
fi

# --- status of a game directory: what its inbox will do at the deadline
# (fresh reader of Senjin: "filed point 7, waiting for the deadline" for
# a file with no order accepted, that the deadline did not play).
"$gunbai" new senjin --id st --option first=alice \
    --player alice="$keys/alice.pub" --player bob="$keys/bob.pub" -d st >/dev/null
stmail() { # stmail NAME REVISION ORDER: alice's file for point 1 in st/inbox
	printf 'gunbai: orders 2\ngame: st\nuid: %s\nturn: 1\nrevision: %s\nplayer: alice\norders:\n  - %s\n' \
	    "$(state_uid st/start.yaml)" "$2" "$3" >st/inbox/"$1"
	openssl pkeyutl -sign -rawin -inkey "$keys/alice.key" -in st/inbox/"$1" \
	    -out st/inbox/"$1".sig
}
"$gunbai" status st >out
has "status: nothing filed" out '^alice: nothing filed yet for point 1$'
stmail a0.yaml 0 "move e2 e9"
"$gunbai" status st >out
has "status: a file with no order accepted is incomplete, not waiting for the deadline" out \
    "^alice: filed point 1, but it is incomplete \(0 of 1 order accepted\): run keeps it and waits, or at a deadline run with --nmr adds the default orders; to complete it, send the whole file again with 'revision: 1'$"
hasnt "status: an incomplete file is not 'waiting for the deadline'" out 'waiting for the deadline'
"$gunbai" status st --json >st.json
if /usr/bin/python3 -c 'import json, sys
d = json.load(open("st.json"))["filed"]
sys.exit(not (len(d) == 1 and d[0]["player"] == "alice" and d[0]["filed"] and
    d[0]["accepted"] == 0 and d[0]["orders"] == 1 and d[0]["complete"] is False
    and d[0]["revision"] == 0))'; then
	ok "status --json: filed, 0 of 1 accepted, not complete"
else not_ok "status --json: $(cat st.json)"; fi
stmail a1.yaml 1 "move e2 e3"
"$gunbai" status st >out
has "status: the higher revision, whole, waits for the deadline" out \
    '^alice: filed point 1 \(1 order, a whole answer\), waiting for the deadline$'
"$gunbai" status st --json >st.json
/usr/bin/python3 - "$top/formats/commands.schema.json" st.json <<'PY' &&
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
Draft202012Validator(schema).validate(doc)
f = doc["filed"][0]
sys.exit(not (f["revision"] == 1 and f["complete"] and f["accepted"] == 1))
PY
	ok "status --json of a game directory: valid, the revision run takes" ||
	not_ok "status --json: $(cat st.json)"

# --- a file for a point where its sender owes nothing (fresh readers of
# Sensoufuda and Japanese Swords: "kept ... checked and used when those
# are in", then refused by the next run).  Senjin: alice owes point 1,
# bob point 2.  Who owes the point a run stops at is known: refused at
# once; who owes a later point is not: kept, with no promise of use.
"$gunbai" new senjin --id ow --option first=alice \
    --player alice="$keys/alice.pub" --player bob="$keys/bob.pub" -d ow >/dev/null
owmail() { # owmail NAME PLAYER POINT ORDER: a signed file in ow/inbox
	printf 'gunbai: orders 2\ngame: ow\nuid: %s\nturn: %s\nplayer: %s\norders:\n  - %s\n' \
	    "$(state_uid ow/start.yaml)" "$3" "$2" "$4" >ow/inbox/"$1"
	openssl pkeyutl -sign -rawin -inkey "$keys/$2.key" -in ow/inbox/"$1" \
	    -out ow/inbox/"$1".sig
}
owmail b1.yaml bob 1 "move e8 e7"
expect "run: bob's file for alice's point, nothing else: nothing applied" 3 \
    "$gunbai" run ow
has "refused at once, naming whom the point waits for" out \
    '^inbox/b1.yaml: refused file: bob owes no decision at point 1: it waits for alice \(turn\); send your orders when a report asks you for a point$'
hasnt "not kept" out 'kept for point 1'
expect "run again" 3 "$gunbai" run ow
hasnt "the refusal is said once" out 'b1.yaml'
owmail a1.yaml alice 1 "move e2 e3"
owmail a2.yaml alice 2 "move e3 e4"
owmail b4.yaml bob 4 "move e7 e6"
expect "run: alice's point 1 applied, stops at bob's point 2" 0 "$gunbai" run ow
has "alice's file for bob's point is refused at once" out \
    '^inbox/a2.yaml: refused file: alice owes no decision at point 2: it waits for bob \(turn\); send your orders when a report asks you for a point$'
hasnt "never kept, never accepted" out 'a2.yaml.*(kept|accepted)|kept.*a2.yaml'
has "bob's file for a later point is kept" out '^kept for point 4: inbox/b4.yaml'
[ -f ow/runs/0001/refused/a2.yaml ] && [ -f ow/runs/0001/refused/b1.yaml ] &&
    [ ! -e ow/inbox/a2.yaml ] && [ -f ow/inbox/b4.yaml ] &&
    ok "both refused files archived in refused/, the later one kept in the inbox" ||
    not_ok "inbox: $(ls ow/inbox); runs/0001: $(ls -R ow/runs/0001)"
has "the reason names whom point 2 waits for" ow/runs/0001/refused/a2.yaml.reason \
    '^inbox/a2.yaml: not used: alice owes no decision at point 2: it waits for bob \(turn\)$'
tr -s '\n ' '  ' <ow/runs/0001/reports/alice.txt >joined.txt
has "alice's report: refused, and whom point 2 waits for" joined.txt \
    'orders for point 2 \(sha256 [0-9a-f]{16}\) were refused and not used: alice owes no decision at point 2: it waits for bob \(turn\)\.'
hasnt "alice's report promises no use" joined.txt 'point 2.*(kept|used when)'
tr -s '\n ' '  ' <ow/runs/0001/reports/bob.txt >joined.txt
has "bob's report: the later file kept, judged when its point comes, refused then if he owes nothing" \
    joined.txt 'orders for point 4 \(sha256 [0-9a-f]{16}\) came before that point: they are kept, and judged when point 4 comes; they are refused then if you owe no decision at it\.'
expect "verify: the refusals replay" 0 "$gunbai" verify ow

# --- a game played to its end, several points a run, verifies
"$gunbai" new japanese-swords --id e --seed "$seed" \
    --player alice="$keys/alice.pub" --player bob="$keys/bob.pub" \
    -d e >/dev/null
mkdir answers
end=$(cd "$top" && "$tools/bench_play" end "$tmp/e/start.yaml" "$tmp/answers" 8)
p=1
while [ "$p" -lt "$end" ]; do
	for q in $p $((p + 1)) $((p + 2)); do
		cp answers/p$q-* e/inbox/ 2>/dev/null
	done
	"$gunbai" run e >run.out 2>&1 || { not_ok "run of points $p..: $?"; break; }
	p=$((p + 3))
done
last=e/runs/$(ls e/runs | tail -1)
"$gunbai" status "$last/state.yaml" >out
has "a random game of Japanese Swords plays to its end ($end points) through run" out '^finished: '
# The end is named by the last point played, not the one after it that
# never comes (fresh reader of Senjin: "point 46" over "the game is over
# after 45 turns", and run's "now at point 46; send ...").
over=$(($(sed -n 's/^turn: //p' "$last/state.yaml") - 1))
has "the last run says the game is over after its last point" run.out \
    "^wrote e/runs/[0-9]{4}: the game is over after point $over; send each player "
has "the final report's heading: over after the last point" "$last/reports/alice.txt" \
    "^Japanese Swords \(ruleset [0-9]+\), game e, over after point $over$"
has "the final picture's band: over after the last point" "$last/reports/public.svg" \
    ">Japanese Swords e, over after point $over: the public report<"
expect "run after the end: the game is over" 4 "$gunbai" run e
expect "verify: the finished game checks" 0 "$gunbai" verify e

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

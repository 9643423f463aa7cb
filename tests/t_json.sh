#!/bin/sh
# --json of check, adjudicate, run, verify, league run and league verify
# (gunbai(1), gunbai-formats(5)): each document says what the same command
# says in text for the same inputs (tests/json_text.py compares them line
# by line), keeps its exit status, is the same bytes when run again, and
# is valid under formats/commands.schema.json.  A command that fails
# before it has a result prints nothing on standard output.
. tests/lib.sh
cd "$tmp" || exit 1
py=python3
mkdir docs
doc=0
# both MODE EXIT-WANTED DESCRIPTION COMMAND...: the command in text and with
# --json (appended); both exit EXIT-WANTED, the document is kept in docs/
# for the schema and compared with the text.  For adjudicate, whose
# outputs must not exist yet, the text run writes to OUT.text.
both() {
	mode=$1 wantst=$2 what=$3
	shift 3
	doc=$((doc + 1))
	"$@" >text.out 2>text.err
	st=$?
	if [ "$mode" = adjudicate ]; then
		rm -rf "$outdir.text"
		mv "$outdir" "$outdir.text" 2>/dev/null
		mode=run
	fi
	"$@" --json >"docs/$doc.json" 2>json.err
	jst=$?
	if [ "$st" -ne "$wantst" ] || [ "$jst" -ne "$st" ]; then
		not_ok "$what: exit $st in text and $jst with --json, not $wantst"
		sed 's/^/    | /' text.out text.err json.err | head -20
	elif ! cmp -s text.err json.err; then
		not_ok "$what: standard error differs with --json"
		diff text.err json.err | sed 's/^/    | /' | head
	elif $py "$top/tests/json_text.py" "$mode" text.out "docs/$doc.json" \
	    "$st" >cmp.out 2>&1; then
		ok "$what: the document says what the text says (exit $st)"
	else
		not_ok "$what: the document and the text differ:"
		sed 's/^/    | /' cmp.out text.out | head -30
	fi
}
# jq_is PYTHON-EXPRESSION DESCRIPTION: the expression, on the last document
# as d, is true.
jq_is() {
	if $py -c "import json, sys; d = json.load(open('docs/$doc.json')); \
sys.exit(0 if ($1) else 1)"; then ok "$2"
	else not_ok "$2: not ($1)"; head -40 "docs/$doc.json" | sed 's/^/    | /'; fi
}

# ---- every sample game, turn by turn: check and adjudicate ------------
for game in japanese-swords senshiai sensoufuda shinobi-wars; do
	sh "$top/samples/$game/play.sh" "$gunbai" "$game" >/dev/null 2>&1 ||
	    { not_ok "the $game sample plays"; continue; }
	before=$game/start.yaml
	t=1 same=0 turns=0
	while [ -d "$game/turn$t" ]; do
		mails=$(ls "$game"/mail/turn$t-*.yaml)
		# shellcheck disable=SC2086 # no spaces in the sample's names
		"$gunbai" check "$before" $mails >c.out
		cst=$?
		# shellcheck disable=SC2086
		"$gunbai" check "$before" $mails --json >"c$t.json"
		[ $? -eq "$cst" ] &&
		    $py "$top/tests/json_text.py" check c.out "c$t.json" "$cst" \
		    >cmp.out 2>&1 || { not_ok "$game turn $t: check:"
		    sed 's/^/    | /' cmp.out; }
		outdir=j$t
		# shellcheck disable=SC2086
		"$gunbai" adjudicate "$before" $mails -o "j$t" >a.out
		mv "j$t" "j$t.text"
		# shellcheck disable=SC2086
		"$gunbai" adjudicate "$before" $mails -o "j$t" --json >"a$t.json"
		$py "$top/tests/json_text.py" run a.out "a$t.json" 0 >cmp.out \
		    2>&1 || { not_ok "$game turn $t: adjudicate:"
		    sed 's/^/    | /' cmp.out; }
		# The run with --json is the run: the same state as the sample's.
		cmp -s "j$t/state.yaml" "$game/turn$t/state.yaml" &&
		    cmp -s "j$t.text/state.yaml" "j$t/state.yaml" &&
		    same=$((same + 1))
		cp "c$t.json" "docs/$game-c$t.json"
		cp "a$t.json" "docs/$game-a$t.json"
		rm -rf "j$t" "j$t.text"
		before=$game/turn$t/state.yaml
		turns=$((turns + 1))
		t=$((t + 1))
	done
	[ "$turns" -gt 0 ] && [ "$same" -eq "$turns" ] &&
	    ok "$game sample: check and adjudicate --json say what the text says, $turns turns" ||
	    not_ok "$game sample: $same of $turns turns the same state"
done
# The Senjin sample is a game directory: verify it.
sh "$top/samples/senjin/play.sh" "$gunbai" senjin >/dev/null 2>&1 ||
    not_ok "the senjin sample plays"
both verify 0 "senjin sample: verify" "$gunbai" verify senjin/game
jq_is 'd["ok"] and d["runs_total"] == 6 and len(d["runs"]) == 7' \
    "senjin sample: verify --json: 6 runs and the start, ok"

# ---- bad files, bad orders, incomplete, not due: check ---------------
senjin_fixture jt
uid=$(state_uid in/s1.yaml)
# signed GAME UID KEYDIR FILE TURN PLAYER ORDER...: an orders file, signed.
signed() {
	game=$1 u=$2 kd=$3 f=$4 t=$5 p=$6
	shift 6
	printf 'gunbai: orders 2\ngame: %s\nuid: %s\nturn: %s\nplayer: %s\norders:\n' \
	    "$game" "$u" "$t" "$p" >"$f"
	for o in "$@"; do printf '  - %s\n' "$o" >>"$f"; done
	openssl pkeyutl -sign -rawin -inkey "$kd/$p.key" -in "$f" -out "$f.sig"
}
orders() { signed jt "$uid" "$keys" "$@"; }
orders badorder.yaml 1 alice "move e2 e3" "fly e2 e9"
orders half.yaml 1 alice
sed -i 's/^orders:$/orders: []/' half.yaml
openssl pkeyutl -sign -rawin -inkey "$keys/alice.key" -in half.yaml -out half.yaml.sig
orders late.yaml 3 alice "move e3 e4"
cp in/a1.yaml damaged.yaml
cp in/a1.yaml.sig damaged.yaml.sig
printf '\r\n' >>damaged.yaml
cp in/a1.yaml nosig.yaml
printf 'gunbai: orders 2\ngame: jt\nuid: %s\nturn: 1\nplayer: alice\norders:\n  - "move e2 e3 \342\200\256 caf\303\251"\n' \
    "$uid" >odd.yaml
openssl pkeyutl -sign -rawin -inkey "$keys/alice.key" -in odd.yaml -out odd.yaml.sig
both check 0 "check: a good file" "$gunbai" check in/s1.yaml in/a1.yaml
good=$doc
jq_is 'd["verdict"] == "good" and d["files"][0]["orders"][0] == {"line": 7,
"column": 5, "text": "move e2 e3", "verdict": "accepted", "reason": None}' \
    "check --json: a good file's order, where it is and accepted"
both check 6 "check: a refused order" "$gunbai" check in/s1.yaml badorder.yaml
jq_is '[o["verdict"] for o in d["files"][0]["orders"]] == ["accepted",
"refused"] and d["files"][0]["orders"][1]["reason"]' \
    "check --json: the refused order has its reason"
both check 7 "check: incomplete" "$gunbai" check in/s1.yaml half.yaml
both check 8 "check: not yet due" "$gunbai" check in/s1.yaml late.yaml
jq_is 'd["files"][0]["hint"] == "check the file\x27s turn: line: the report\x27s "
"template gives the point to answer"' "check --json: a file two points ahead: what to check"
both check 1 "check: mail damage, unsigned, and good files" \
    "$gunbai" check in/s1.yaml damaged.yaml in/b2.yaml nosig.yaml
damaged=$doc
jq_is '[f["verdict"] for f in d["files"]] == ["file-refused", "not-due",
"file-refused"] and "attach the file" in d["files"][0]["hint"] and
d["files"][2]["hint"].startswith("sign it with") and
d["files"][0]["player"] is None and d["files"][1]["player"] == "bob"' \
    "check --json: each file's verdict in the order given, the hints apart"
orders bob1.yaml 1 bob "move e8 e7"
both check 1 "check: a file from a player who owes nothing at the point" \
    "$gunbai" check in/s1.yaml bob1.yaml
jq_is 'd["files"][0]["verdict"] == "file-refused" and d["files"][0]["reason"]
== "bob owes no decision at point 1: it waits for alice (turn)" and
d["files"][0]["hint"] == "send your orders when a report asks you for a point"' \
    "check --json: refused, with whom the point waits for (no 'accepted file' in text)"
both check 6 "check: an order with a bidi override and an accent" \
    "$gunbai" check in/s1.yaml odd.yaml
if grep -qi '"text": "move e2 e3 \\u202e caf\\u00e9"' "docs/$doc.json" &&
    $py -c "import sys; sys.exit(max(open('docs/$doc.json', 'rb').read()) > 127)"
then ok "check --json: the order's text as written, escaped by JSON, ASCII"
else not_ok "check --json: the odd order's text"; grep text "docs/$doc.json"; fi

# ---- adjudicate: used, kept, refused ---------------------------------
outdir=t1
both adjudicate 0 "adjudicate: used, kept and refused files" \
    "$gunbai" adjudicate in/s1.yaml in/a1.yaml late.yaml damaged.yaml -o t1
jq_is '[(f["path"], f["fate"]) for f in d["files"]] == [("in/a1.yaml", "used"),
("late.yaml", "kept"), ("damaged.yaml", "refused")] and
d["applied"] == 1 and d["turn"] == 2 and d["next"]["owed"][0]["player"] ==
"bob" and d["written"]["state"] == "t1/state.yaml"' \
    "adjudicate --json: the files' fates, the turn, who owes now, what was written"
$py -c "import json, os, sys; d = json.load(open('docs/$doc.json'))
sys.exit(not all(os.path.isfile(p) for p in
[d['written']['state']] + d['written']['reports']))" &&
    ok "adjudicate --json: every file it says it wrote is there" ||
    not_ok "adjudicate --json: a file it says it wrote is missing"
jq_is 'd["files"][0]["orders"] == [{"line": 7, "column": 5, "text":
"move e2 e3", "verdict": "accepted", "reason": None}] and d["defaults"] ==
[]' "adjudicate --json: the used file's orders with their verdicts"
outdir=n1
both adjudicate 0 "adjudicate --nmr: default orders" \
    "$gunbai" adjudicate --nmr in/s1.yaml half.yaml -o n1
jq_is 'd["nmr"] and len(d["defaults"]) == 1 and d["defaults"][0]["player"]
== "alice" and d["defaults"][0]["turn"] == 1 and d["defaults"][0]["orders"]
and d["files"][0]["fate"] == "used" and d["files"][0]["orders"] == []' \
    "adjudicate --nmr --json: the default orders that completed alice's answer"
outdir=t2
both adjudicate 3 "adjudicate: nothing to apply" \
    "$gunbai" adjudicate t1/state.yaml late.yaml -o t2
jq_is 'd["applied"] == 0 and d["written"] is None and d["files"][0]["fate"]
== "kept"' "adjudicate --json: waiting, nothing written, the file kept"
[ ! -e t2 ] && ok "adjudicate --json: waiting writes nothing" ||
    not_ok "adjudicate --json: waiting wrote t2"
orders alice2.yaml 2 alice "move e3 e4"
outdir=t3
both adjudicate 0 "adjudicate: files of players who owe nothing at their points" \
    "$gunbai" adjudicate in/s1.yaml in/a1.yaml bob1.yaml alice2.yaml -o t3
jq_is '[(f["path"], f["fate"]) for f in d["files"]] == [("in/a1.yaml", "used"),
("bob1.yaml", "refused"), ("alice2.yaml", "refused")] and
d["files"][2]["reason"] == "not used: alice owes no decision at point 2: "
"it waits for bob (turn)"' \
    "adjudicate --json: the file for the point it stops at, of a player who owes nothing there, refused at once"

# ---- a game directory: run, verify, verify --player -------------------
# The same inbox in two copies of the directory, a/gd and b/gd: in text
# and with --json, the same run.
mkdir a b
# shellcheck disable=SC2086
"$gunbai" $newargs -d a/gd >/dev/null
cp in/a1.yaml* late.yaml* damaged.yaml* a/gd/inbox/
cp -r a/gd b/gd
(cd a && "$gunbai" run gd) >text.out 2>text.err
st=$?
doc=$((doc + 1))
(cd b && "$gunbai" run --json gd) >"docs/$doc.json" 2>json.err
if [ $? -eq "$st" ] && diff -r a/gd b/gd >/dev/null &&
    $py "$top/tests/json_text.py" run text.out "docs/$doc.json" "$st" >cmp.out
then ok "run --json: the same run as in text, and says what the text says"
else not_ok "run --json:"; sed 's/^/    | /' cmp.out; diff -r a/gd b/gd | head; fi
jq_is 'd["run"] == 1 and d["written"]["dir"] == "gd/runs/0001" and
[(f["path"], f["fate"]) for f in d["files"]] == [("inbox/a1.yaml", "used"),
("inbox/damaged.yaml", "refused"), ("inbox/late.yaml", "kept")]' \
    "run --json: run 1 written, files used, refused and kept, in the inbox's order"
mv b/gd gd
both verify 0 "verify: a game directory" "$gunbai" verify gd --player alice \
    gd/runs/0001/reports/alice.txt gd/reports/alice.txt
jq_is '[r["run"] for r in d["reports"]] == [1, 0] and d["signatures"] == 3' \
    "verify --json: which run each report is of, the signatures checked"
both verify 1 "verify: a report not of the game" "$gunbai" verify gd \
    --player alice late.yaml
jq_is 'd["ok"] and d["reports"] == [{"path": "late.yaml", "ok": False,
"run": None}]' "verify --json: the archive is good, the report is not"
echo tampered >>gd/runs/0001/reports/bob.txt
both verify 1 "verify: a tampered report" "$gunbai" verify gd
jq_is 'not d["ok"] and d["failed"] == 1 and not d["runs"][1]["ok"] and
"bob.txt:" in d["runs"][1]["problems"][0]' \
    "verify --json: the run that fails names the file that differs"

# ---- league run and league verify ------------------------------------
mkdir lg
# shellcheck disable=SC2086
"$gunbai" $newargs -d lg/a >/dev/null
# shellcheck disable=SC2086
"$gunbai" $newargs -d lg/b >/dev/null
mkdir lg/c lg/d
echo broken >lg/c/start.yaml
cp in/a1.yaml* lg/a/inbox/
cp -r lg lg.text
"$gunbai" league lg.text run -j 2 >text.out 2>&1
st=$?
doc=$((doc + 1))
"$gunbai" league lg run -j 2 --json >"docs/$doc.json" 2>json.err
jst=$?
sum=$(tail -1 text.out)
jq_is "$jst == $st == 1 and '$sum' == 'league lg.text: %d games: %d run, %d \
waiting for orders, %d over, %d failed' % tuple(d['totals'][k] for k in
('games', 'run', 'waiting', 'over', 'failed')) and [g['result'] for g in
d['games']] == ['run', 'waiting', 'unreadable'] and d['skipped'] == ['d']
and d['games'][0]['output']['format'] == 'gunbai run 1'" \
    "league run --json: each game's result and run document, the totals as in text"
diff -r lg lg.text >/dev/null && ok "league run --json: the same runs" ||
    not_ok "league run --json: the leagues differ"
"$gunbai" league lg verify >text.out 2>&1
st=$?
doc=$((doc + 1))
"$gunbai" league lg verify --json >"docs/$doc.json" 2>json.err
jst=$?
jq_is "$jst == $st == 1 and d['totals'] == {'games': 3, 'verified': 2,
'failed': 1} and [g['output']['ok'] for g in d['games'][:2]] == [True, True]
and d['games'][2]['output'] is None and d['games'][2]['stderr']" \
    "league verify --json: each game's verify document or its error, the totals"

# ---- the same bytes every time -----------------------------------------
"$gunbai" league lg verify --json >again.json 2>/dev/null
"$gunbai" check in/s1.yaml damaged.yaml in/b2.yaml nosig.yaml --json \
    >again2.json
if cmp -s "docs/$doc.json" again.json && cmp -s "docs/$damaged.json" again2.json
then ok "--json: the same document, byte for byte, when run again"
else not_ok "--json: another document when run again"; fi

# ---- errors: no document ---------------------------------------------
# noout WANT DESCRIPTION COMMAND...: exits WANT, nothing on stdout, one
# "gunbai: " or "usage: " line on stderr.
noout() {
	want=$1 what=$2
	shift 2
	"$@" >out 2>err
	st=$?
	if [ "$st" -eq "$want" ] && [ ! -s out ] && [ "$(wc -l <err)" -eq 1 ] &&
	    grep -Eq '^(gunbai|usage): ' err; then ok "$what: exit $want, nothing on stdout"
	else not_ok "$what: exit $st:"; sed 's/^/    | /' out err | head; fi
}
echo 'not: a state' >bad.yaml
noout 4 "check --json, a bad state" "$gunbai" check bad.yaml in/a1.yaml --json
noout 4 "adjudicate --json, a bad state" "$gunbai" adjudicate bad.yaml \
    in/a1.yaml -o x --json
noout 2 "check --json, no orders file" "$gunbai" check in/s1.yaml --json
mkdir full && echo x >full/state.yaml
noout 5 "adjudicate --json, OUTDIR not empty" "$gunbai" adjudicate in/s1.yaml \
    in/a1.yaml -o full --json
noout 4 "run --json, not a game directory" "$gunbai" run --json nowhere
noout 4 "verify --json, not a game directory" "$gunbai" verify --json nowhere
noout 4 "league run --json, no league" "$gunbai" league nowhere run --json

# ---- Sensoufuda: a turn answered in part is incomplete (exit 7) -------
# In the sample's second battle, bob's land-4 matches two tactical
# options (land-3, tank): "play land-4" alone is not a whole answer until
# a "collect" says which.
sk=$top/samples/sensoufuda/keys
suid=$(state_uid sensoufuda/start.yaml)
sforders() { signed demo "$suid" "$sk" "$@"; }
sforders b17.yaml 17 bob "play land-4"
sforders b17c.yaml 17 bob "play land-4" "collect tank"
both check 7 "Sensoufuda: a play matching two options, no collect" \
    "$gunbai" check sensoufuda/turn16/state.yaml b17.yaml
jq_is 'd["verdict"] == "incomplete" and d["files"][0]["next"][:2] ==
["collect tank", "collect land-3"]' \
    "Sensoufuda check --json: incomplete, collect land-3 or tank next"
grep -q "b17.yaml: incomplete: more orders are needed for point 17; add one of 'collect tank', 'collect land-3'" text.out &&
    ok "Sensoufuda check: says incomplete and what may come next" ||
    not_ok "Sensoufuda check: $(cat text.out)"
both check 0 "Sensoufuda: the same with its collect" \
    "$gunbai" check sensoufuda/turn16/state.yaml b17c.yaml
# The hint is true (a fresh reader added an "ally" order the hint offered
# and stayed incomplete): each order it says completes the file does,
# and each of the others, added alone, leaves it incomplete.
sforders b17a.yaml 17 bob "play land-4" "ally none"
both check 7 "Sensoufuda: an order that does not complete, after play" \
    "$gunbai" check sensoufuda/turn16/state.yaml b17a.yaml
jq_is 'd["files"][0]["completing"] == ["collect tank", "collect land-3"]' \
    "Sensoufuda check --json: after 'ally none' the collects still complete it"
grep -qx "b17a.yaml: incomplete: more orders are needed for point 17; add one of 'collect tank', 'collect land-3'" text.out &&
    ok "Sensoufuda check: when every next order completes it, just 'add one of'" ||
    not_ok "Sensoufuda check: $(cat text.out)"
"$gunbai" check sensoufuda/turn16/state.yaml b17.yaml >hint.out
grep -q "b17.yaml: incomplete: more orders are needed for point 17; add one of 'collect tank', 'collect land-3' to complete it; or next one of 'ally prefer .*', 'ally none', which need more orders after them ([0-9]* possible orders in all)$" hint.out &&
    ok "Sensoufuda check: the hint puts the orders that complete it first" ||
    not_ok "Sensoufuda check: $(cat hint.out)"
"$gunbai" check --json sensoufuda/turn16/state.yaml b17.yaml >hint.json
$py -c 'import json, sys
f = json.load(open(sys.argv[1]))["files"][0]
for o in f["next"]:
    print(("1 " if o in f["completing"] else "0 ") + o)' hint.json >hint.txt
bad=0 seen=0
while read -r fin o; do
	sforders h.yaml 17 bob "play land-4" "$o"
	"$gunbai" check sensoufuda/turn16/state.yaml h.yaml >/dev/null 2>&1
	st=$?
	seen=$((seen + 1))
	if { [ "$fin" = 1 ] && [ "$st" -ne 0 ]; } ||
	    { [ "$fin" = 0 ] && [ "$st" -ne 7 ]; }; then
		bad=$((bad + 1)); echo "    | $o: exit $st (completing: $fin)"
	fi
done <hint.txt
[ "$bad" -eq 0 ] && [ "$seen" -gt 2 ] &&
    ok "Sensoufuda check: each of the $seen next orders completes the file as the hint says" ||
    not_ok "Sensoufuda check: $bad of $seen next orders not as the hint says"

# ---- the schema --------------------------------------------------------
# Each kind of document is there, and a document that breaks the schema
# is caught (the validation can fail).  (The schema judges bytes that are
# the same in every build: once.)
if once; then
kinds=$(cat docs/*.json | sed -n 's/^ "format": "\(.*\)",$/\1/p' | sort -u |
    tr '\n' ,)
[ "$kinds" = "gunbai adjudicate 1,gunbai check 1,gunbai league run 1,gunbai league verify 1,gunbai run 1,gunbai verify 1," ] &&
    ok "documents of every --json command: $kinds" ||
    not_ok "kinds of documents: $kinds"
if $py "$top/tests/json_schema.py" "$top/formats/commands.schema.json" \
    docs/*.json >schema.out 2>&1; then
	ok "every document is valid under the schema: $(tail -1 schema.out)"
else not_ok "documents against the schema:"; sed 's/^/    | /' schema.out | head -20; fi
sed 's/"verdict": "good"/"verdict": "fine"/' "docs/$good.json" >broken.json
if $py "$top/tests/json_schema.py" "$top/formats/commands.schema.json" \
    broken.json >/dev/null 2>&1; then not_ok "the schema takes a verdict 'fine'"
else ok "the schema refuses a verdict it does not name"; fi
fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

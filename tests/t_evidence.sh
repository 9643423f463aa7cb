#!/bin/sh
# Evidence a third party can check (issue 31, formats/threats.md): each
# hole of the design's review, shown closed: refused by `gunbai verify`,
# or proven by a player's own check, with a message naming the run and
# the file.  Run by tests/run.sh with GUNBAI set.
. tests/lib.sh
S=$top/samples/senjin
K=$S/keys
py=/usr/bin/python3
seed=5e4a11d0c0ffee00000000000000000000000000000000000000000000000001
cd "$tmp" || exit 1

newgame() { # newgame DIR [ARGS...]
	d=$1; shift
	"$gunbai" new senjin --id demo --seed "$seed" \
	    --player alice="$K/alice.pub" --player bob="$K/bob.pub" "$@" -d "$d"
}
sigsha() { openssl dgst -sha256 -r "$1" | cut -c1-16; }

# --- hole 4: one file, two valid signatures.  Copies are merged by the
# file's bytes; the signature used (the one that feeds the dice) is the
# one whose SHA-256 is smaller, whatever the files are called.
newgame c1 >/dev/null
cp "$S/orders/turn1-alice.yaml" o.yaml
openssl pkeyutl -sign -rawin -inkey "$K/alice.key" -in o.yaml -out s1
$py "$top/tests/ed25519_nonce.py" "$K/alice.key" o.yaml another >s2
openssl pkeyutl -verify -rawin -pubin -inkey "$K/alice.pub" -in o.yaml \
    -sigfile s2 >/dev/null && ! cmp -s s1 s2 &&
    ok "a second valid signature over the same bytes" ||
    not_ok "the second signature does not verify"
# The one used is the one whose SHA-256 is smaller (formats/orders.md).
if [ "$(openssl dgst -sha256 -r s1 | cut -c1-64)" \< "$(openssl dgst -sha256 -r s2 | cut -c1-64)" ]
then small=s1 big=s2; else small=s2 big=s1; fi
cp -R c1 c2
cp o.yaml c1/inbox/a.yaml; cp $small c1/inbox/a.yaml.sig
cp o.yaml c1/inbox/z.yaml; cp $big c1/inbox/z.yaml.sig
cp o.yaml c2/inbox/a.yaml; cp $big c2/inbox/a.yaml.sig
cp o.yaml c2/inbox/z.yaml; cp $small c2/inbox/z.yaml.sig
"$gunbai" run c1 >/dev/null 2>&1 && "$gunbai" run c2 >/dev/null 2>&1 &&
    ok "both games run" || not_ok "a run failed"
cmp -s c1/runs/0001/state.yaml c2/runs/0001/state.yaml &&
    cmp -s c1/runs/0001/reports/public.txt c2/runs/0001/reports/public.txt &&
    ok "the names do not steer which signature is used: the same state" ||
    not_ok "the state depends on the files' names"
cmp -s c1/runs/0001/orders/a.yaml.sig $small &&
    cmp -s c2/runs/0001/orders/z.yaml.sig $small &&
    ok "the signature with the smaller SHA-256 is the one used, by either name" ||
    not_ok "used: $(ls c1/runs/0001/orders c2/runs/0001/orders)"
tr -s '\n ' '  ' <c1/runs/0001/reports/alice.txt |
    grep -q "file sha256 $(openssl dgst -sha256 -r o.yaml | cut -c1-16), signature sha256 $(sigsha $small)" &&
    ok "alice's report names the file's and the signature's SHA-256" ||
    not_ok "alice's report: $(grep -i sha256 c1/runs/0001/reports/alice.txt)"
"$gunbai" verify c1 >out 2>&1 && ok "the archive verifies" ||
    not_ok "verify: $(cat out)"
# The organiser swaps which copy is archived as used.
mv c1/runs/0001/orders/a.yaml.sig x; mv c1/runs/0001/refused/z.yaml.sig c1/runs/0001/orders/a.yaml.sig
mv x c1/runs/0001/refused/z.yaml.sig
"$gunbai" verify c1 >out 2>&1
[ $? -eq 1 ] && grep -q '^run 0001: FAILED: c1/runs/0001/' out &&
    ok "verify refuses the archive with the other signature used" ||
    not_ok "verify: $(cat out)"


# --- the organiser signs: a game whose state names the organiser's key
openssl genpkey -algorithm ed25519 -out org.key 2>/dev/null
openssl genpkey -algorithm ed25519 -out other.key 2>/dev/null
newgame g --organiser org.key >/dev/null && grep -q '^organiser: ' g/start.yaml &&
    ok "new --organiser: the state names the organiser's key" ||
    not_ok "new --organiser: $(head -30 g/start.yaml)"
uid=$(state_uid g/start.yaml)
# order FILE TURN PLAYER LINE: a signed orders file of the game
order() {
	o=$1 t=$2 p=$3
	shift 3
	printf 'gunbai: orders 2\ngame: demo\nuid: %s\nturn: %s\nplayer: %s\norders:\n' \
	    "$uid" "$t" "$p" >"$o"
	for l in "$@"; do printf '  - %s\n' "$l" >>"$o"; done
	openssl pkeyutl -sign -rawin -inkey "$K/$p.key" -in "$o" -out "$o.sig"
}
order a1.yaml 1 alice "move e2 e3"
cp a1.yaml a1.yaml.sig g/inbox/
status_is 2 "run refuses to write unsigned reports of a game with an organiser" \
    "$gunbai" run g
grep -q "give it with --key" "$tmp/err" && ok "and says why" ||
    not_ok "stderr: $(cat "$tmp/err")"
status_is 2 "run refuses another key than the organiser's" \
    "$gunbai" run --key other.key g
status_is 0 "run --key signs the run's reports" "$gunbai" run --key org.key g
grep -q '^-----BEGIN GUNBAI EVIDENCE-----$' g/runs/0001/reports/alice.txt &&
    grep -q '"signed": {' g/runs/0001/reports/alice.json &&
    ok "the text report and its JSON twin carry the signed block" ||
    not_ok "no signed block in g/runs/0001/reports/alice.*"
awk '{ if (length($0) > 72) bad = 1 } END { exit bad }' g/runs/0001/reports/alice.txt g/reports/alice.txt &&
    ok "no line of a signed report is wider than 72 columns" ||
    not_ok "a line over 72 columns"
status_is 0 "verify checks every signature against the replay" "$gunbai" verify g
# The README's mail robot, given the organiser's key (ORGANISER_KEY),
# runs and signs such a game; without it the run is refused.
newgame gr --organiser org.key >/dev/null
cp a1.yaml a1.yaml.sig gr/inbox/
if GUNBAI=$gunbai SENDMAIL=true sh "$top/samples/mail/deadline.sh" gr \
    gm@example.org list@example.org >out 2>&1; then
	not_ok "deadline.sh without ORGANISER_KEY runs a game with an organiser"
elif ORGANISER_KEY=org.key GUNBAI=$gunbai SENDMAIL=true \
    sh "$top/samples/mail/deadline.sh" gr gm@example.org list@example.org \
    >out 2>&1 && grep -q '^-----BEGIN GUNBAI EVIDENCE-----$' \
    gr/runs/0001/reports/alice.txt; then
	ok "deadline.sh with ORGANISER_KEY runs the game and signs its reports"
else not_ok "deadline.sh with ORGANISER_KEY: $(tail -3 out)"; fi
# A uid changed in a run's state is named as the uid, not as the seed.
cp -r g gu
sed -i "s/^uid: .*/uid: 00112233445566778899aabbccddeeff/" gu/runs/0001/state.yaml
"$gunbai" verify gu >out 2>&1
grep -q "gu/runs/0001/state.yaml: the uid was changed: it is not the game's" out &&
    ok "verify names a uid changed in a run's state as the uid" ||
    not_ok "verify of a changed uid: $(head -3 out)"
# The signed text is what formats/evidence.md says, and openssl verifies it.
sed -n '/^-----BEGIN GUNBAI EVIDENCE-----$/,/^-----END/p' g/runs/0001/reports/alice.txt |
    sed '1d;$d' | awk '{ if (sub(/\\$/, "")) printf "%s", $0; else print }' >blk
grep -v '^signature ' blk >signed.txt
grep '^signature ' blk | cut -d' ' -f2 | openssl base64 -d -A >signed.sig
openssl pkey -in org.key -pubout -out org.pub
openssl pkeyutl -verify -rawin -pubin -inkey org.pub -in signed.txt \
    -sigfile signed.sig >/dev/null 2>&1 &&
    head -1 signed.txt | grep -qx 'gunbai-report-v3' &&
    grep -q "^file $(openssl dgst -sha256 -r a1.yaml | cut -c1-64) $(openssl base64 -d -A <a1.yaml.sig 2>/dev/null | wc -c >/dev/null; openssl dgst -sha256 -r a1.yaml.sig | cut -c1-64) used$" signed.txt &&
    ok "openssl verifies the organiser's signature over the text; it lists alice's file, used" ||
    not_ok "the signed text: $(cat signed.txt)"
# The signature covers the whole report: the text names the SHA-256 of
# each twin's body, as the independent reference cuts it (formats/evidence.md).
[ "$(sed -n 's/^body-text //p' signed.txt)" = "$($py "$top/tests/rng_reference.py" --report-body g/runs/0001/reports/alice.txt)" ] &&
    [ "$(sed -n 's/^body-json //p' signed.txt)" = "$($py "$top/tests/rng_reference.py" --report-body g/runs/0001/reports/alice.json)" ] &&
    ok "the signed text names the SHA-256 of the text report's and the JSON twin's bodies, as the reference makes them" ||
    not_ok "body hashes: $(grep '^body' signed.txt)"
cp -R g g.good

# --- hole 1: a stacked setup.  start.yaml edited (bob moves first), the
# first reports made again with view: verify makes the setup again.
tamper() { rm -rf t; cp -R g.good t; }
caught_start() { # caught_start WHAT PATTERN
	"$gunbai" verify t >out 2>&1
	st=$?
	if [ $st -eq 1 ] && grep -Eq "^start: FAILED: $2" out; then ok "verify refuses $1"
	else not_ok "verify misses $1 (exit $st): $(head -3 out)"; fi
}
tamper
sed -i 's/moves first/moves first (by the draw)/' t/start.yaml
for p in alice bob; do "$gunbai" view t/start.yaml --player $p >t/reports/$p.txt; done
"$gunbai" view t/start.yaml --public >t/reports/public.txt
caught_start "a start.yaml stacked by hand, its reports made again" \
    't/start.yaml:[0-9]+: differs from the start the seed and the setup inputs make'
# --- hole 2: the uid chosen, not derived.
tamper
sed -i "s/^uid: .*/uid: 00112233445566778899aabbccddeeff/" t/start.yaml
caught_start "a uid that is not derived from the commitment and the setup" \
    't/start.yaml: its uid 00112233445566778899aabbccddeeff is not the one derived'
# ... and the player's own check: a first report whose uid is not the
# record's (signed all the same by the organiser).
# The organiser signs a first report naming a uid of its choice.
sed -n '/^-----BEGIN GUNBAI EVIDENCE-----$/,/^-----END/p' g/reports/alice.txt |
    sed '1d;$d' | awk '{ if (sub(/\\$/, "")) printf "%s", $0; else print }' |
    grep -v '^signature ' | sed 's/^uid .*/uid 00112233445566778899aabbccddeeff/' >fake.txt
openssl pkeyutl -sign -rawin -inkey org.key -in fake.txt -out fake.sig
{ sed '/^-----BEGIN GUNBAI EVIDENCE-----$/,$d' g/reports/alice.txt
  echo "-----BEGIN GUNBAI EVIDENCE-----"; cat fake.txt
  echo "signature $(openssl base64 -A -in fake.sig)"
  echo "-----END GUNBAI EVIDENCE-----"; } >fake-first.txt
"$gunbai" evidence fake-first.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^fake-first.txt: PROVEN: the uid 00112233445566778899aabbccddeeff is not derived" out &&
    ok "evidence proves a uid that is not derived from the report's own commitment and setup" ||
    not_ok "evidence: $(cat out)"

# --- a player's chain, without the archive: text reports and JSON twins
mkdir mb
cp g/reports/alice.txt mb/r0.txt
cp g/runs/0001/reports/alice.json mb/r1.json
status_is 0 "evidence: alice's first report and her next one (a JSON twin)" \
    "$gunbai" evidence mb/r0.txt mb/r1.json
grep -q "no misconduct proven" "$tmp/out" && ok "consistent, and says so" ||
    not_ok "$(cat "$tmp/out")"
status_is 0 "verify --player takes the JSON twin" "$gunbai" verify g --player alice mb/r1.json

# --- hole 3: withholding, proven by a signed receipt and a signed report.
order b2.yaml 2 bob "move e8 e7" "move d9 e8"
$py "$top/tests/mail_make.py" thunderbird msg.eml bob@example.net b2.yaml b2.yaml.sig
# The same game in a league: league mail-in and tick take the key too.
mkdir L && cp -R g L/g
# The organiser's set-up at fault, not the player's message: exit 75
# (EX_TEMPFAIL), which an MTA defers (Exim's temp_errors), where 2 made
# it bounce the player's orders with the organiser's command line.
status_is 75 "league mail-in without the organiser's key files nothing: try again later" \
    "$gunbai" league L mail-in --sendmail 'cat >/dev/null' msg.eml
[ -z "$(ls L/g/inbox)" ] && grep -q "g: the game names an organiser" "$tmp/err" &&
    ok "and names the game and the missing key" ||
    not_ok "inbox: $(ls L/g/inbox); $(cat "$tmp/err")"
status_is 0 "league mail-in --key files it" "$gunbai" league L mail-in \
    --key org.key --sendmail 'cat >/dev/null' msg.eml
grep -lq '^gunbai-receipt-v3$' L/g/outbox/mail-in/*.eml &&
    ok "league mail-in --key: the reply carries the signed receipt" ||
    not_ok "no signed receipt in L/g/outbox/mail-in"
"$gunbai" schedule L/g --deadline 2026-01-01T00:00Z --period 1d >/dev/null
status_is 5 "league tick without the key: the run fails" "$gunbai" league L \
    tick --now 2026-01-01T01:00Z --sendmail 'cat >/dev/null'
status_is 0 "league tick --key runs the game with its organiser's key" \
    "$gunbai" league L tick --now 2026-01-01T01:00Z --key org.key \
    --sendmail 'cat >/dev/null'
[ -f L/g/runs/0002/reports/bob.txt ] &&
    grep -q "^The organiser's signature over" L/g/runs/0002/reports/bob.txt &&
    "$gunbai" verify L/g >/dev/null 2>&1 &&
    ok "the run's reports are signed and verify passes" ||
    not_ok "L/g/runs: $(ls L/g/runs)"
status_is 75 "mail-in without the organiser's key files nothing: try again later" \
    "$gunbai" mail-in g msg.eml
[ -z "$(ls g/inbox)" ] && [ ! -d g/outbox/mail-in ] &&
    ok "and neither files nor answers the message" ||
    not_ok "inbox: $(ls g/inbox); outbox: $(ls g/outbox 2>&1)"
status_is 75 "mail-in with another key than the organiser's: try again later" \
    "$gunbai" mail-in g --key other.key msg.eml
"$gunbai" mail-in g --key org.key msg.eml >/dev/null 2>&1
reply=$(ls g/outbox/mail-in/*.eml | head -1)
grep -q '^gunbai-receipt-v3$' "$reply" && ok "mail-in --key: the reply carries the signed receipt" ||
    not_ok "no signed receipt in $reply: $(cat "$reply" | head -40)"
cp "$reply" receipt.eml
cp -R g w
rm w/inbox/*                          # the organiser drops bob's file
"$gunbai" run --nmr --key org.key w >/dev/null 2>&1
"$gunbai" verify w >out 2>&1 && ok "the archive without bob's file verifies (verify cannot see it)" ||
    not_ok "verify: $(cat out)"
"$gunbai" evidence mb/r0.txt receipt.eml w/runs/0002/reports/bob.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: withholding: the organiser signed the receipt receipt.eml for bob's file .* for point 2, filed at point 2, then the report w/runs/0002/reports/bob.txt of the run from point 2, which did not take it" out &&
    ok "evidence proves the withholding, naming the receipt and the report" ||
    not_ok "evidence: $(cat out)"
# The honest run takes it, and the same check proves nothing.
"$gunbai" run --key org.key g >/dev/null 2>&1
status_is 0 "the run that took bob's file: nothing proven" \
    "$gunbai" evidence mb/r0.txt receipt.eml g/runs/0001/reports/bob.json g/runs/0002/reports/bob.json

# --- re-runs: two signed reports continuing one state differently
"$gunbai" evidence mb/r0.txt g/runs/0002/reports/bob.txt w/runs/0002/reports/bob.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: a re-run: g/runs/0002/reports/bob.txt and w/runs/0002/reports/bob.txt continue the state" out &&
    ok "evidence proves a re-run, naming both reports" ||
    not_ok "evidence: $(cat out)"
# A forged signature proves nothing.
sed 's/^from-point 2$/from-point 1/' g/runs/0002/reports/bob.txt >forged.txt
"$gunbai" evidence mb/r0.txt forged.txt >out 2>&1
grep -q "^forged.txt: the organiser's signature does not verify" out &&
    ok "an edited signed report is not the organiser's word" ||
    not_ok "evidence: $(cat out)"

# --- verify: an edited signed report is named
tamper
sed -i 's/^point 2$/point 3/' t/runs/0001/reports/bob.txt
"$gunbai" verify t >out 2>&1
[ $? -eq 1 ] && grep -q "^run 0001: FAILED: t/runs/0001/reports/bob.txt: the evidence the organiser signed is not the replay's" out &&
    ok "verify names a report whose signed evidence was edited" ||
    not_ok "verify: $(cat out)"

# --- check-seed: the setup made again from the first report's record
newgame f --organiser org.key --option turn-limit=1 >/dev/null
cp g/inbox/* /dev/null 2>/dev/null
fuid=$(state_uid f/start.yaml)
uid=$fuid
order f1.yaml 1 alice "move e2 e3"; cp f1.yaml f1.yaml.sig f/inbox/
"$gunbai" run --key org.key f >/dev/null 2>&1
order f2.yaml 2 bob "move e8 e7" "move d9 e8"; cp f2.yaml f2.yaml.sig f/inbox/
"$gunbai" run --key org.key f >/dev/null 2>&1
last=$(ls -d f/runs/* | tail -1)
if grep -q '^seed    ' "$last/reports/public.txt"; then
	status_is 0 "check-seed: the seed, the uid and alice's first report as the seed deals it" \
	    "$gunbai" check-seed f/reports/alice.txt "$last/reports/public.txt"
	grep -q "is alice's first report of the setup the seed deals" "$tmp/out" &&
	    ok "and says so" || not_ok "check-seed: $(cat "$tmp/out")"
	status_is 0 "check-seed takes the JSON twins" \
	    "$gunbai" check-seed f/reports/alice.json "$last/reports/public.json"
	# A later report given as the first (a fresh re-check): not the
	# start, so not judged as one (an honest organiser is not "proven"
	# to have dealt another start), exit 10.
	status_is 10 "check-seed: a later report given as the first is not judged" \
	    "$gunbai" check-seed f/runs/0001/reports/alice.txt "$last/reports/public.txt"
	grep -q "is not a first report (its 'from' is not none)" "$tmp/out" &&
	    ! grep -q PROVEN "$tmp/out" && ok "and says so" ||
	    not_ok "check-seed: $(cat "$tmp/out")"
	status_is 10 "check-seed: nor its JSON twin" \
	    "$gunbai" check-seed f/runs/0001/reports/alice.json "$last/reports/public.json"
else
	not_ok "the game did not end: $(tail -5 "$last/reports/public.txt")"
fi

# --- the player's chain is continuous (brief i31b, 1): a report that
# continues the state of the one before under another uid, or another
# commitment, proves the swap, naming both files.
resign() { # resign REPORT SEDEXPR OUT: REPORT's signed text edited, signed again
	sed -n '/^-----BEGIN GUNBAI EVIDENCE-----$/,/^-----END/p' "$1" |
	    sed '1d;$d' | awk '{ if (sub(/\\$/, "")) printf "%s", $0; else print }' |
	    grep -v '^signature ' | sed "$2" >"$3.text"
	openssl pkeyutl -sign -rawin -inkey org.key -in "$3.text" -out "$3.sig"
	{ sed '/^The organiser.s signature over/,$d' "$1"
	  echo "The organiser's signature over this report (formats/evidence.md;"
	  echo "'gunbai evidence' checks it):"
	  echo "-----BEGIN GUNBAI EVIDENCE-----"; cat "$3.text"
	  echo "signature $(openssl base64 -A -in "$3.sig")"
	  echo "-----END GUNBAI EVIDENCE-----"; } >"$3"
}
# --- a stacked hidden setup (second attack, finding 1): the first
# report shows only what its player sees, so a deck's order could be
# stacked under an honest-looking report.  The first reports' signed text
# names the start without the mail addresses (`start`), which check-seed
# makes again from the seed and the record alone.
if grep -q '^seed    ' "$last/reports/public.txt"; then
	"$gunbai" check-seed f/reports/alice.json "$last/reports/public.json" >out 2>&1
	grep -q "^f/reports/alice.json: the organiser signed the start the seed deals" out &&
	    ok "check-seed checks the signed start, what no report shows of it too" ||
	    not_ok "check-seed: $(cat "$tmp/out")"
	# The organiser stacked the start and signed its hash honestly:
	# the report is the same, the signed start is not the seed's.
	resign f/reports/alice.txt 's/^start .*/start 00000000000000000000000000000000000000000000000000000000000000aa/' hidden.txt
	"$gunbai" check-seed hidden.txt "$last/reports/public.txt" >out 2>&1
	[ $? -eq 1 ] && grep -q "^hidden.txt: PROVEN: a stacked setup: the organiser signed the start 0*aa (state [0-9a-f]*), but the seed and the setup record deal the start" out &&
	    ok "check-seed proves a start stacked where no report shows it" ||
	    not_ok "check-seed: $(cat out)"
	# A signed first report whose text leaves `start` out is not passed.
	resign f/reports/alice.txt '/^start /d' nostart.txt
	"$gunbai" check-seed nostart.txt "$last/reports/public.txt" >out 2>&1
	[ $? -eq 10 ] && grep -q "^nostart.txt: the organiser's signed text names no start" out &&
	    ! grep -q PROVEN out &&
	    ok "check-seed refuses a signed first report without a start, proving nothing" ||
	    not_ok "check-seed: $(cat out)"
	# A first report of a stacked setup (north moves first), signed
	# by the organiser: body and signed text alike.
	sed 's/South/North/' f/reports/alice.txt >st0.txt
	if ! cmp -s st0.txt f/reports/alice.txt; then
		resign st0.txt "s/^body-text .*/body-text $($py "$top/tests/rng_reference.py" --report-body st0.txt)/" stacked.txt
		"$gunbai" check-seed stacked.txt "$last/reports/public.txt" >out 2>&1
		[ $? -eq 1 ] && grep -q "^stacked.txt: PROVEN: a stacked setup: not a first report of the setup the seed deals" out &&
		    ok "check-seed proves a first report the seed does not deal, signed by the organiser" ||
		    not_ok "check-seed: $(cat out)"
	else
		not_ok "the first report does not say who moves first"
	fi
	# Third attack, finding 5: the same edit made by a player (the
	# signed block left as it was, or taken out) frames nobody.
	awk '/^The organiser.s signature over/ { exit } { print }' st0.txt >st1.txt
	for f in st0.txt st1.txt; do
		"$gunbai" check-seed $f "$last/reports/public.txt" >out 2>&1
		[ $? -eq 10 ] && ! grep -q PROVEN out &&
		    grep -q "^$f: changed since the organiser signed it\|^$f: not signed by the organiser" out &&
		    ok "check-seed: a first report edited by its player ($f) is not judged (exit 10)" ||
		    not_ok "check-seed $f: $(cat out)"
	done
	# A seed edited in the public report, with its block or without.
	sed 's/^seed    \(.\)/seed    0/; s/^seed    00/seed    11/' "$last/reports/public.txt" >fakepub.txt
	awk '/^The organiser.s signature over/ { exit } { print }' fakepub.txt >fakepub-nosig.txt
	for f in fakepub.txt fakepub-nosig.txt; do
		"$gunbai" check-seed f/reports/alice.txt $f >out 2>&1
		[ $? -eq 10 ] && ! grep -q PROVEN out &&
		    ok "check-seed: a public report whose seed a player edited ($f) is not judged (exit 10)" ||
		    not_ok "check-seed $f: $(cat out)"
	done
	# ... and the same seed signed by the organiser: proven.
	resign fakepub.txt "s/^body-text .*/body-text $($py "$top/tests/rng_reference.py" --report-body fakepub.txt)/" orgpub.txt
	"$gunbai" check-seed f/reports/alice.txt orgpub.txt >out 2>&1
	[ $? -eq 1 ] && grep -q "^PROVEN: orgpub.txt: " out &&
	    grep -q "^judged under the organiser's key $(openssl pkey -in org.key -pubout -outform DER | tail -c 32 | od -An -tx1 | tr -d ' \n'): compare it" out &&
	    ok "check-seed proves another seed signed by the organiser, under the key it prints" ||
	    not_ok "check-seed: $(cat out)"
	# A first report of the older text (gunbai-report-v2, whose state
	# hash covered the addresses) is not judged: its state line cannot
	# be made again, and an honest one would look stacked.
	resign f/reports/alice.txt 's/^gunbai-report-v3$/gunbai-report-v2/' v2.txt
	"$gunbai" check-seed v2.txt "$last/reports/public.txt" >out 2>&1
	[ $? -eq 10 ] && grep -q "^v2.txt: its signed text is not 'gunbai-report-v3'" out && ! grep -q PROVEN out &&
	    ok "check-seed judges no first report of the older text (exit 10)" ||
	    not_ok "check-seed: $(cat out)"
	# Reports of two games are inputs that do not fit, not misconduct.
	status_is 10 "check-seed: reports of two games" \
	    "$gunbai" check-seed g/reports/alice.txt "$last/reports/public.txt"
fi
# The attack as made (Shinobi Wars): the top two cards of alice's deck
# swapped in start.yaml, alice's first report signed again for that
# start (its state line, `state`, `start` and `body-text` made honestly
# from the stacked start), the game played to its end from it.
"$gunbai" new shinobi-wars --id sw2 --seed "$seed" --organiser org.key \
    --player alice="$K/alice.pub" --player bob="$K/bob.pub" -d st >/dev/null
awk '/^      - / && !done && prev ~ /deck:$/ { a = $0; getline; print; print a; done = 1; next }
    { prev = $0; print }' st/start.yaml >st.yaml
old=$($py "$top/tests/rng_reference.py" --state st/start.yaml)
new=$($py "$top/tests/rng_reference.py" --state st.yaml)
if [ "$old" != "$new" ]; then
	mv st.yaml st/start.yaml
	sed "s/^state   $old\$/state   $new/" st/reports/alice.txt >st-body.txt
	body=$($py "$top/tests/rng_reference.py" --report-body st-body.txt)
	resign st-body.txt "s/^state .*/state $new/;s/^start .*/start $new/;s/^body-text .*/body-text $body/" st-alice.txt
	# The third attack's way (finding 1): `state` the stacked start's
	# hash, which the next reports continue, `start` the honest one.
	resign st-body.txt "s/^state .*/state $new/;s/^body-text .*/body-text $body/" st-alice2.txt
	i=0
	while [ $i -lt 40 ] && "$gunbai" run --nmr --key org.key st >/dev/null 2>&1; do i=$((i + 1)); done
	stl=$(ls -d st/runs/* | tail -1)
	"$gunbai" evidence st-alice.txt >out 2>&1 &&
	    "$gunbai" check-seed st-alice.txt "$stl/reports/public.txt" >out 2>&1
	[ $? -eq 1 ] && grep -q "^st-alice.txt: PROVEN: a stacked setup: not a first report of the setup the seed deals" out &&
	    ok "check-seed proves a Shinobi Wars deck stacked under a signed first report" ||
	    not_ok "check-seed: $(cat out)"
	"$gunbai" check-seed st-alice2.txt "$stl/reports/public.txt" >out 2>&1
	[ $? -eq 1 ] && grep -q "^st-alice2.txt: PROVEN: " out &&
	    ok "check-seed proves it with the honest start signed beside the stacked state" ||
	    not_ok "check-seed: $(cat out)"
	"$gunbai" evidence st-alice2.txt "$stl/reports/alice.txt" >out 2>&1
	[ $? -eq 1 ] && grep -q "^st-alice2.txt: PROVEN: a first report whose signed start .* is not its state" out &&
	    ok "evidence proves it from the first report alone, before the seed is revealed" ||
	    not_ok "evidence: $(cat out)"
else
	not_ok "the deck was not swapped"
fi
# The independent reference: `start` is the SHA-256 of start.yaml
# without the players' address lines.
"$gunbai" new senjin --id demo --seed "$seed" --organiser org.key \
    --player alice="$K/alice.pub,alice@example.org" --player bob="$K/bob.pub" -d ad >/dev/null
grep -q '^    address: ' ad/start.yaml &&
    grep -q "^start $($py "$top/tests/rng_reference.py" --start ad/start.yaml)\$" ad/reports/bob.txt &&
    ! grep -q "^start $(openssl dgst -sha256 -r ad/start.yaml | cut -c1-64)" ad/reports/bob.txt &&
    ok "the signed start is the reference's hash of start.yaml without the addresses" ||
    not_ok "start: $(grep '^start' ad/reports/bob.txt)"

resign g/runs/0001/reports/alice.txt 's/^uid .*/uid 00112233445566778899aabbccddeeff/' swap1.txt
resign g/runs/0002/reports/alice.txt 's/^nothing$//' swap2.txt
"$gunbai" evidence mb/r0.txt swap1.txt swap2.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: the game was swapped: swap1.txt continues the state .* of mb/r0.txt, but names the uid 00112233445566778899aabbccddeeff" out &&
    grep -q "^PROVEN: the game was swapped: swap2.txt continues the state .* of swap1.txt" out &&
    ok "evidence proves a uid swapped mid-game and back, naming the files" ||
    not_ok "evidence: $(cat out)"
resign g/runs/0001/reports/alice.txt 's/^commit .*/commit 0000000000000000000000000000000000000000000000000000000000000000/' swap3.txt
"$gunbai" evidence mb/r0.txt swap3.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: the game was swapped: swap3.txt continues the state .* of mb/r0.txt, but names the uid .* and the commitment 0000000000000000" out &&
    ok "evidence proves a commitment swapped mid-game, naming both files" ||
    not_ok "evidence: $(cat out)"
# A text of another version is not read as this one's.
resign g/runs/0001/reports/alice.txt 's/^gunbai-report-v3$/gunbai-report-v1/' old.txt
"$gunbai" evidence mb/r0.txt old.txt >out 2>&1
grep -q "^old.txt: a signed text that is neither 'gunbai-report-v3', 'gunbai-receipt-v3' nor 'gunbai-declined-v1': not read" out &&
    ok "evidence reads no signed text of another version" ||
    not_ok "evidence: $(cat out)"
status_is 0 "the honest chain of three reports proves nothing" \
    "$gunbai" evidence mb/r0.txt g/runs/0001/reports/alice.txt g/runs/0002/reports/alice.json

# --- what is signed is the whole report (brief i31b, 5): a body edited
# under an intact signed block is named, text or JSON.
sed 's/^Evidence$/Evidence (edited)/' g/runs/0001/reports/alice.txt >body.txt
sed 's/"point": /"point":  /' g/runs/0001/reports/alice.json >body.json
cmp -s body.json g/runs/0001/reports/alice.json && not_ok "the JSON edit changed nothing"
"$gunbai" evidence mb/r0.txt body.txt body.json >out 2>&1
grep -q "^body.txt: the organiser signed the evidence of alice's report at point 2, but the report is not the one signed" out &&
    grep -q "^body.json: the organiser signed the evidence of alice's report at point 2, but the report is not the one signed" out &&
    grep -q "^mb/r0.txt: signed by the organiser, the whole report" out &&
    ok "evidence tells a whole signed report from an edited body under a signed block" ||
    not_ok "evidence: $(cat out)"

# --- one rule for the signature used, in mail-in too (brief i31b, 4):
# the second signature over filed bytes is filed when its SHA-256 is
# smaller, the receipt names it, and a run that uses the other one is
# proven against the receipt.
newgame h --organiser org.key >/dev/null
uid=$(state_uid h/start.yaml)
order h1.yaml 1 alice "move e2 e3"
mv h1.yaml.sig hs1
$py "$top/tests/ed25519_nonce.py" "$K/alice.key" h1.yaml another >hs2
if [ "$(openssl dgst -sha256 -r hs1 | cut -c1-64)" \< "$(openssl dgst -sha256 -r hs2 | cut -c1-64)" ]
then hsmall=hs1 hbig=hs2; else hsmall=hs2 hbig=hs1; fi
cp $hbig h1.yaml.sig; $py "$top/tests/mail_make.py" thunderbird big.eml alice@example.net h1.yaml h1.yaml.sig
cp $hsmall h1.yaml.sig; $py "$top/tests/mail_make.py" thunderbird small.eml alice@example.net h1.yaml h1.yaml.sig
cp -R h h2
"$gunbai" mail-in h --key org.key big.eml >/dev/null 2>&1
"$gunbai" mail-in h --key org.key small.eml >/dev/null 2>&1
"$gunbai" mail-in h2 --key org.key small.eml >/dev/null 2>&1
"$gunbai" mail-in h2 --key org.key big.eml >/dev/null 2>&1
sbig=$(openssl dgst -sha256 -r $hbig | cut -c1-64)
ssmall=$(openssl dgst -sha256 -r $hsmall | cut -c1-64)
r1=$(ls h/outbox/mail-in/*.eml | sed -n 1p); r2=$(ls h/outbox/mail-in/*.eml | sed -n 2p)
q1=$(ls h2/outbox/mail-in/*.eml | sed -n 1p); q2=$(ls h2/outbox/mail-in/*.eml | sed -n 2p)
# (the signed line is cut at 72 columns: its first 62 digits)
sbig=$(echo $sbig | cut -c1-62) ssmall=$(echo $ssmall | cut -c1-62)
grep -q "^file-sig $sbig" "$r1" && grep -q "^file-sig $ssmall" "$r2" &&
    grep -q "^file-sig $ssmall" "$q1" && grep -q "^file-sig $ssmall" "$q2" &&
    [ "$(ls h/inbox | wc -l)" -eq 4 ] && [ "$(ls h2/inbox | wc -l)" -eq 2 ] &&
    ok "mail-in files a second signature when its SHA-256 is smaller; the receipts name the one run uses" ||
    not_ok "receipts: $(grep -h '^file-sig' "$r1" "$r2" "$q1" "$q2"); inboxes: $(ls h/inbox h2/inbox)"
cp -R h hw
"$gunbai" run --key org.key h >/dev/null 2>&1
cmp -s "$(ls h/runs/0001/orders/*.sig)" $hsmall &&
    ok "run uses the signature of the smaller SHA-256, the one receipted last" ||
    not_ok "used: $(ls h/runs/0001/orders)"
status_is 0 "evidence: both receipts and the honest report prove nothing" \
    "$gunbai" evidence h/reports/alice.txt "$r1" "$r2" h/runs/0001/reports/alice.txt
# The organiser drops the copy with the smaller signature and runs.
for f in hw/inbox/*.sig; do cmp -s "$f" $hsmall && rm "$f" "${f%.sig}"; done
"$gunbai" run --key org.key hw >/dev/null 2>&1
cmp -s "$(ls hw/runs/0001/orders/*.sig)" $hbig &&
    "$gunbai" evidence h/reports/alice.txt "$r2" hw/runs/0001/reports/alice.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: another signature used: the organiser signed the receipt $r2 for alice's file .* then the report hw/runs/0001/reports/alice.txt of the run from point 1" out &&
    ok "evidence proves a run that used another signature than the receipted smaller one" ||
    not_ok "evidence: $(cat out)"
# --- secret options (Shinobi Wars' deck lists, finding (a)1 of the second
# reading): the setup record every report shows holds each deck only as
# a commitment salted with the seed; neither the list's hash nor the word
# 'standard' shows, and the commitment is checked once the seed is known.
printf '1 kage\n7 seal\n32 mei\n' >mist.deck
W=$top/samples/shinobi-wars/keys
"$gunbai" new shinobi-wars --id sw --seed "$seed" --organiser org.key \
    --player alice="$W/alice.pub" --player bob="$W/bob.pub" \
    --option deck-mist=mist.deck -d sw >/dev/null 2>&1 &&
    ok "a Shinobi Wars game with a deck list" || not_ok "new shinobi-wars"
dhash=$(openssl dgst -sha256 -r mist.deck | cut -c1-64)
if ! cat sw/reports/* | tr -d '\\\n ' | grep -q "$dhash" &&
    ! grep -q 'option deck-.* standard\|deck-mist.*file' sw/reports/*; then
	ok "no report shows the deck list's hash or the standard deck"
else
	not_ok "a report shows a deck: $(grep -h 'deck-' sw/reports/*)"
fi
$py - "$top" sw/reports/bob.json sw/start.yaml mist.deck >out 2>&1 <<'PY'
import hashlib, json, re, sys
sys.path.insert(0, sys.argv[1] + "/tests")
from rng_reference import secret_option
setup = json.load(open(sys.argv[2]))["evidence"]["setup"]
seed = bytes.fromhex(re.search(r"seed: ([0-9a-f]{64})", open(sys.argv[3]).read()).group(1))
deck = "file " + hashlib.sha256(open(sys.argv[4], "rb").read()).hexdigest()
want = {"deck-leaf": secret_option(seed, "deck-leaf", "standard"),
        "deck-mist": secret_option(seed, "deck-mist", deck)}
for name, hexv in want.items():
    assert "option %s secret %s\n" % (name, hexv) in setup, (name, setup)
PY
[ $? -eq 0 ] &&
    ok "with the seed, each deck's commitment is the reference's (tests/rng_reference.py)" ||
    not_ok "secret options: $(cat out)"
"$gunbai" evidence sw/reports/alice.txt >out 2>&1 &&
    grep -q "the organiser's key is the one of its setup record" out &&
    ok "evidence reads a record with secret options" ||
    not_ok "evidence: $(cat out)"
"$gunbai" verify sw >out 2>&1 && ok "verify makes the setup again from the archive" ||
    not_ok "verify: $(cat out)"

# --- withholding disguised (second attack, finding 2): the report of
# the run that resolved bob's receipted file for point 2 lists it kept;
# a file is kept only for a point the run did not play.
resign g/runs/0002/reports/bob.txt 's/^\(file [0-9a-f]* [0-9a-f]*\) used$/\1 kept/' kept.txt
grep -q '^file .* kept$' kept.txt.text || not_ok "kept.txt: no file line made kept"
"$gunbai" evidence mb/r0.txt receipt.eml g/runs/0001/reports/bob.txt kept.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: withholding called kept: the organiser signed the receipt receipt.eml for bob's file .* for point 2, then the report kept.txt, which lists it kept by the run from point 2 though that run made point 3" out &&
    ok "evidence proves a receipted file called kept by the run that played its point" ||
    not_ok "evidence: $(cat out)"

# formats/evidence.md's `start` vector: the C signed text, the reference
# and the document agree.
vec() { sed -n "/^first reports vector\$/,/^\`\`\`/s/^$1  *//p" "$top/formats/evidence.md"; }
"$gunbai" new senjin --id demo \
    --seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
    --organiser "$top/tests/keys/carol.key" \
    --player alice="$top/samples/senjin/keys/alice.pub,alice@example.org" \
    --player bob="$top/samples/senjin/keys/bob.pub" -d vec >/dev/null
[ -n "$(vec state)" ] && [ "$(openssl dgst -sha256 -r vec/start.yaml | cut -c1-64)" = "$(vec file)" ] &&
    grep -q "^state $(vec state)\$" vec/reports/alice.txt &&
    grep -q "^start $(vec state)\$" vec/reports/alice.txt &&
    grep -q "^state   $(vec state)\$" vec/reports/alice.txt &&
    [ "$($py "$top/tests/rng_reference.py" --state vec/start.yaml)" = "$(vec state)" ] &&
    [ "$(vec state)" != "$(vec file)" ] &&
    ok "the start vector of formats/evidence.md: C, the reference and the text agree" ||
    not_ok "start vector: $(vec file) $(vec state); $(grep '^start\|^state' vec/reports/alice.txt)"

# --- a chain that breaks (second attack, finding 3): points 1 and 2 of
# one game, then point 3 of another game of the same id and organiser,
# not linked by `from`.  Not proven (a player may play two games of one
# id), but never called consistent: named, with the uid that changed.
for x in A:01 B:02; do
	"$gunbai" new senjin --id demo --seed "${seed%??}${x#*:}" --organiser org.key \
	    --player alice="$K/alice.pub" --player bob="$K/bob.pub" -d "c${x%:*}" >/dev/null
	"$gunbai" run --nmr --key org.key "c${x%:*}" >/dev/null 2>&1
	"$gunbai" run --nmr --key org.key "c${x%:*}" >/dev/null 2>&1
done
"$gunbai" evidence cA/reports/alice.txt cA/runs/0001/reports/alice.txt cB/runs/0002/reports/alice.txt >out 2>&1
[ $? -eq 7 ] && grep -q "^NOT PROVEN, but a broken chain: cB/runs/0002/reports/alice.txt (point 3, game demo) continues the state .* of point 2, which no report you hold shows; the last before it is cA/runs/0001/reports/alice.txt (point 2), and the uid changes from $(state_uid cA/start.yaml) to $(state_uid cB/start.yaml) without a report that links them" out &&
    ! grep -q consistent: out &&
    ok "evidence names a chain broken by another game of the same id" ||
    not_ok "evidence: $(cat out)"
"$gunbai" evidence cA/reports/alice.json cA/runs/0002/reports/alice.json >out 2>&1
[ $? -eq 7 ] && grep -q "^NOT PROVEN, but a broken chain: cA/runs/0002/reports/alice.json (point 3, game demo)" out &&
    ok "and a chain with a report missing, in the JSON twins" ||
    not_ok "evidence: $(cat out)"
"$gunbai" evidence cA/reports/alice.json cA/runs/0001/reports/alice.txt cA/runs/0002/reports/alice.json >out 2>&1 &&
    grep -q "^3 signed words, consistent" out &&
    ok "the whole chain, text and JSON mixed, is consistent" ||
    not_ok "evidence: $(cat out)"

# --- the third attack (issue 31): the organiser's signed word read only
# as the organiser signed it, and every field of a receipt held against
# the chain of reports.
orghex=$(openssl pkey -in org.key -pubout -outform DER | tail -c 32 | od -An -tx1 | tr -d ' \n')
# Finding 4: a player edits a line of the setup record in the body of an
# honest first report (outside the signed block): never proof against
# the organiser, but an input that is not the organiser's word (exit 10).
grep -q '^setup   option turn-limit 0$' g/reports/alice.txt &&
    sed 's/^setup   option turn-limit 0$/setup   option turn-limit 5/' g/reports/alice.txt >fr3.txt
$py - g/reports/alice.json fr3.json <<'PY'
import sys
d = open(sys.argv[1]).read()
assert "option turn-limit 0\\n" in d
open(sys.argv[2], "w").write(d.replace("option turn-limit 0\\n", "option turn-limit 5\\n"))
PY
for f in fr3.txt fr3.json; do
	"$gunbai" evidence $f g/runs/0001/reports/alice.txt >out 2>&1
	[ $? -eq 10 ] && ! grep -q PROVEN out &&
	    grep -q "^$f: not the organiser's word: the report's signature does not verify under the key its setup record names, or the report was changed" out &&
	    ok "evidence: a setup record edited by a player ($f) frames nobody: named, exit 10" ||
	    not_ok "evidence $f: $(cat out)"
done
# Finding 7: the key and the uid judged under are printed, for a third
# party to compare with the ones the organiser announced.
"$gunbai" evidence g/reports/alice.txt g/runs/0001/reports/alice.txt >out 2>&1 &&
    grep -q "^judged under the organiser's key $orghex: compare it" out &&
    grep -q "^judged for the game uid $(state_uid g/start.yaml)$" out &&
    ok "evidence prints the organiser's key and the uid it judged under" ||
    not_ok "evidence: $(cat out)"
# Finding 9: a signed first report without its start is not judged as one.
resign g/reports/alice.txt '/^start /d' nostart.txt
"$gunbai" evidence nostart.txt >out 2>&1
[ $? -eq 10 ] && grep -q "^nostart.txt: a first report whose signed text names no start" out &&
    ok "evidence: a first report signing no start does not fit (exit 10)" ||
    not_ok "evidence: $(cat out)"
# ... and a report of a run that did not advance (from point 2 to 2).
grep -q '^from-point 2$' g/runs/0002/reports/bob.txt &&
    resign g/runs/0002/reports/bob.txt 's/^point .*/point 2/' r22.txt
"$gunbai" evidence g/reports/bob.txt r22.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^r22.txt: PROVEN: a run that did not advance: the organiser signed a run from point 2 to point 2" out &&
    ok "evidence proves a signed run that did not advance" ||
    not_ok "evidence: $(cat out)"
# Finding 6: receipts re-signed with fields the chain contradicts.
# rtext MAIL OUT: the signed text of the receipt in a reply.
rtext() {
	$py - "$1" >"$2" <<'PY'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for part in m.walk():
    b = part.get_payload(decode=True)
    if b and b"-----BEGIN GUNBAI EVIDENCE-----" in b:
        t = b.decode().split("-----BEGIN GUNBAI EVIDENCE-----\n")[1].split("-----END")[0]
        t = t.replace("\\\n", "")
        sys.stdout.write("".join(l + "\n" for l in t.splitlines() if not l.startswith("signature ")))
PY
}
# resign_receipt TEXT SEDEXPR OUT: a receipt's text edited, signed again.
resign_receipt() {
	sed "$2" "$1" >"$3.text"
	openssl pkeyutl -sign -rawin -inkey org.key -in "$3.text" -out "$3.sig"
	{ echo "-----BEGIN GUNBAI EVIDENCE-----"; cat "$3.text"
	  echo "signature $(openssl base64 -A -in "$3.sig")"
	  echo "-----END GUNBAI EVIDENCE-----"; } >"$3"
}
rtext receipt.eml rc.text
grep -q '^at-point 2$' rc.text && grep -q '^point 2$' rc.text &&
    ok "the receipt's signed text, read from the reply" || not_ok "receipt: $(cat rc.text)"
resign_receipt rc.text 's/^uid .*/uid 00112233445566778899aabbccddeeff/' rc-uid.txt
"$gunbai" evidence g/reports/bob.txt rc-uid.txt g/runs/0002/reports/bob.txt >out 2>&1
[ $? -eq 10 ] && grep -q "^rc-uid.txt: signed by the organiser, but of the game 00112233445566778899aabbccddeeff, which no report given names" out &&
    ok "evidence names a receipt of another game instead of leaving it out (exit 10)" ||
    not_ok "evidence: $(cat out)"
resign_receipt rc.text 's/^point .*/point 1/' rc-past.txt
"$gunbai" evidence g/reports/bob.txt rc-past.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^rc-past.txt: PROVEN: the organiser signed that a file for point 1 was filed at point 2" out &&
    ok "evidence proves a receipt for a point already played" ||
    not_ok "evidence: $(cat out)"
resign_receipt rc.text 's/^state .*/state 0000000000000000000000000000000000000000000000000000000000000000/' rc-made.txt
"$gunbai" evidence g/reports/bob.txt rc-made.txt g/runs/0002/reports/bob.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: two states at point 2: rc-made.txt (filed against) names 0000000000000000..., g/runs/0002/reports/bob.txt (from) names" out &&
    ok "evidence proves a receipt filed against a state the chain does not have at its point" ||
    not_ok "evidence: $(cat out)"
later=$(sed -n 's/^state \([0-9a-f]\{64\}\)$/\1/p' g/runs/0002/reports/bob.txt)
resign_receipt rc.text "s/^state .*/state $later/" rc-later.txt
"$gunbai" evidence g/reports/bob.txt rc-later.txt g/runs/0002/reports/bob.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: one state at two points: rc-later.txt (filed against)" out &&
    ok "evidence proves a receipt naming a later state at an earlier point" ||
    not_ok "evidence: $(cat out)"
# Finding 2: a run made, a file receipted against its state, the run
# discarded and the game played again from before it.  `undo` refuses
# once a receipt names the run's state (t_mail_in.sh), so the organiser
# who cheats puts back a copy of the directory taken before the run.
newgame d --organiser org.key >/dev/null
uid=$(state_uid d/start.yaml)
order da1.yaml 1 alice "move e2 e3"
cp da1.yaml da1.yaml.sig d/inbox/
cp -a d d.before
"$gunbai" run --key org.key d >/dev/null 2>&1
order db2.yaml 2 bob "move e8 e7" "move d9 e8"
$py "$top/tests/mail_make.py" thunderbird dmsg.eml bob@example.net db2.yaml db2.yaml.sig
"$gunbai" mail-in d --key org.key dmsg.eml >/dev/null 2>&1
cp d/outbox/mail-in/*.eml dreceipt.eml
status_is 1 "undo refuses a run whose state a receipt names" "$gunbai" undo d
cp d/inbox/bob-t2-* d.before/inbox/ && rm -rf d && mv d.before d &&
    "$gunbai" run --key org.key d >/dev/null 2>&1 &&
    grep -q '^from-point 1$' d/runs/0001/reports/bob.txt &&
    "$gunbai" verify d >/dev/null 2>&1 &&
    ok "undone after a receipt and run again from point 1: the archive verifies" ||
    not_ok "d: $(ls d/runs d/inbox)"
"$gunbai" evidence d/reports/bob.txt dreceipt.eml d/runs/0001/reports/bob.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: a discarded run: the organiser signed dreceipt.eml against the state .* at point 2, but d/runs/0001/reports/bob.txt is of a run from point 1 to point 3" out &&
    ok "evidence proves the discarded run, naming the receipt and the report" ||
    not_ok "evidence: $(cat out)"
# Finding 3, the evidence side: mail-in's signed word that it did not
# file a file (formats/evidence.md, gunbai-declined-v1), and a run that
# took the file all the same.
sed "1s/.*/gunbai-declined-v1/" rc.text >dc.text
resign_receipt dc.text 's/^x//' declined.txt
"$gunbai" evidence g/reports/bob.txt declined.txt g/runs/0002/reports/bob.txt >out 2>&1
[ $? -eq 1 ] && grep -q "^PROVEN: a file mail-in declined was taken: the organiser signed declined.txt, that bob's file .* was not filed, then g/runs/0002/reports/bob.txt, whose run took it" out &&
    ok "evidence proves a declined file taken by a run" ||
    not_ok "evidence: $(cat out)"
grep -q "^declined.txt: signed by the organiser: its word that it did not file bob's file .* declined at point" out &&
    ok "evidence calls a declined notice what it is, not a receipt" ||
    not_ok "evidence: $(cat out)"
# Finding 10 (formats/archive.md): names decide nothing and nothing
# records the inbox's names, so a file renamed in orders/ still
# verifies; a refused file renamed is caught by its reason's path.
cp -R g rn
f=$(ls rn/runs/0001/orders/*.yaml | head -1)
mv "$f" rn/runs/0001/orders/renamed.yaml; mv "$f.sig" rn/runs/0001/orders/renamed.yaml.sig
"$gunbai" verify rn >out 2>&1 && ok "a file renamed in orders/ verifies, as archive.md says" ||
    not_ok "verify: $(cat out)"
"$gunbai" new senjin --id demo --player alice="$K/alice.pub" --player bob="$K/bob.pub" -d rr >/dev/null
echo junk >rr/inbox/bad.yaml; head -c 64 /dev/zero >rr/inbox/bad.yaml.sig
"$gunbai" run --nmr rr >/dev/null 2>&1
for x in "" .sig .reason; do mv rr/runs/0001/refused/bad.yaml$x rr/runs/0001/refused/x.yaml$x; done
"$gunbai" verify rr >out 2>&1
[ $? -eq 1 ] && grep -q "^run 0001: FAILED: rr/runs/0001/refused/x.yaml: refused, but its reason is not the replay's" out &&
    ok "a refused file renamed is named by its reason" || not_ok "verify: $(cat out)"

# A game made without --organiser: its reports name no key, and evidence
# says so plainly (the second organiser's finding c3), exit 10.
newgame nog >/dev/null
cp nog/reports/bob.txt nog-first.txt
"$gunbai" evidence nog-first.txt >out 2>&1
[ $? -eq 10 ] && grep -q "^the setup record names no organiser's key: the game was made without --organiser, so nobody signed its reports" out &&
    ok "evidence on a game without an organiser's key says that nothing is signed" ||
    not_ok "evidence: $(cat out)"

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

#!/bin/sh
# End-to-end tests of the gunbai command: keys made and orders signed with
# the openssl command line, gunbai run, outputs compared with golden files.
# Run by tests/run.sh with GUNBAI set.  GOLDEN_UPDATE=1 rewrites the golden
# files (review the diff before committing).
. tests/lib.sh
check() { # check DESCRIPTION COMMAND...: passes if the command succeeds
	d=$1; shift
	if "$@" >"$tmp/out" 2>&1; then ok "$d"; else
		not_ok "$d"; sed 's/^/    /' "$tmp/out" | head -40; fi
}
has() { # has PATTERN FILE DESCRIPTION (lines wrapped in reports are joined)
	if tr -s '\n ' '  ' <"$2" | grep -q -- "$1"; then ok "$3"; else
		not_ok "$3: no '$1' in:"; sed 's/^/    /' "$2" | head -20; fi
}
sign() { # sign KEY FILE
	openssl pkeyutl -sign -rawin -inkey "$1" -in "$2" -out "$2.sig"
}
orders() { # orders FILE GAME TURN PLAYER ORDER... (the uid: $uid)
	f=$1 g=$2 t=$3 p=$4; shift 4
	{ printf 'gunbai: orders 2\ngame: %s\nuid: %s\nturn: %s\nplayer: %s\n' \
	    "$g" "${uid:-}" "$t" "$p"; echo 'orders:'
	  for o in "$@"; do printf '  - %s\n' "$o"; done; } >"$f"
}

# 1. The sample game against the golden files.
sh "$top/samples/senjin/play.sh" "$gunbai" "$tmp/demo" >"$tmp/demo.log" 2>&1
check "the sample game plays end to end" test -f "$tmp/demo/game/runs/0006/state.yaml"
if [ "${GOLDEN_UPDATE:-0}" = 1 ]; then
	rm -rf "$top/tests/golden/senjin"
	mkdir -p "$top/tests/golden"
	cp -r "$tmp/demo" "$top/tests/golden/senjin"
	find "$top/tests/golden/senjin" -name .lock -delete
fi
check "the sample game's outputs equal the golden files" \
    golden_diff "$tmp/demo"
# A machine whose OpenSSL configuration allows only FIPS algorithms (no
# Ed25519, no provider for SHA-256 here) replays the archive alike:
# gunbai reads no openssl.cnf (gunbai(1), ENVIRONMENT).
printf '%s\n' 'openssl_conf = init' '[init]' 'alg_section = evp' '[evp]' \
    'default_properties = fips=yes' >"$tmp/fips.cnf"
check "an OpenSSL configuration changes nothing: verify replays the sample" \
    env OPENSSL_CONF="$tmp/fips.cnf" "$gunbai" verify "$tmp/demo/game"
check "the documented example state is the sample's turn 2" \
    cmp "$top/samples/senjin/state-turn2.yaml" "$tmp/demo/game/runs/0002/state.yaml"
for r in "$tmp"/demo/game/runs/*/reports/*.txt; do
	if awk 'length > 72 { exit 1 }' "$r"; then :; else
		not_ok "$r has a line over 72 columns"; fi
done
ok "every report line is at most 72 columns"
check "view prints exactly the report adjudicate wrote" \
    sh -c "'$gunbai' view '$tmp/demo/game/runs/0006/state.yaml' --player bob | \
    cmp - '$tmp/demo/game/runs/0006/reports/bob.txt'"
check "view --public prints the public report" \
    sh -c "'$gunbai' view '$tmp/demo/game/runs/0006/state.yaml' --public | \
    cmp - '$tmp/demo/game/runs/0006/reports/public.txt'"
has 'refused: your Sword token' "$tmp/demo/game/runs/0006/reports/bob.txt" \
    "a refused order is in the player's report with its reason"

# 2. A game played from the openssl command line alone, with fresh keys.
cd "$tmp" || exit 1
for p in ann ben eve; do
	openssl genpkey -algorithm ed25519 -out $p.key 2>/dev/null
	openssl pkey -in $p.key -pubout -out $p.pub
done
status_is 0 "new game with keys made by openssl" "$gunbai" new senjin \
    --id g1 --player ann=ann.pub --player ben=ben.pub --option first=ann \
    -o s1.yaml
status_is 5 "new refuses to overwrite" "$gunbai" new senjin --id g1 \
    --player ann=ann.pub --player ben=ben.pub -o s1.yaml
uid=$(state_uid s1.yaml)
status_is 0 "status" "$gunbai" status s1.yaml
has 'owed: ann: turn' "$tmp/out" "status says who owes what"
orders a1.yaml g1 1 ann "move a2 a3"
sign ann.key a1.yaml
status_is 0 "check accepts a good file" "$gunbai" check s1.yaml a1.yaml
has 'a1.yaml:7:5: accepted: move a2 a3' "$tmp/out" \
    "check gives file:line:column per order"
status_is 3 "adjudicate without orders waits" "$gunbai" adjudicate s1.yaml \
    -o out0
has 'waiting for ann' "$tmp/out" "adjudicate says whom it waits for"
check "waiting writes nothing" test ! -e out0
status_is 0 "adjudicate a signed turn" "$gunbai" adjudicate s1.yaml a1.yaml \
    -o t1
check "state and reports written" test -f t1/state.yaml -a \
    -f t1/reports/ann.txt -a -f t1/reports/ben.txt -a \
    -f t1/reports/public.txt
check "no temporary files left" sh -c \
    "! ls -a | grep -q gunbai"
status_is 5 "adjudicate refuses to overwrite state.yaml" "$gunbai" \
    adjudicate s1.yaml a1.yaml -o t1
cp t1/state.yaml before.yaml
check "inputs untouched" cmp before.yaml t1/state.yaml

# 3. Refusals of whole files, each with the exact reason.
orders b2.yaml g1 2 ben "move a8 a7" "move b8 b7"
sign ben.key b2.yaml
cp b2.yaml tampered.yaml
cp b2.yaml.sig tampered.yaml.sig
sed -i 's/a7/a6/' tampered.yaml
status_is 1 "a tampered file is refused" "$gunbai" check t1/state.yaml \
    tampered.yaml
has 'signature does not verify' "$tmp/out" "tampering: the reason"
orders forged.yaml g1 2 ben "move a8 a7" "move b8 b7"
sign ann.key forged.yaml
status_is 1 "a file naming ben signed by ann is refused" "$gunbai" check \
    t1/state.yaml forged.yaml
has "names player 'ben' but was signed with the key of 'ann'" "$tmp/out" \
    "wrong player: the reason"
orders eve.yaml g1 2 ben "move a8 a7" "move b8 b7"
sign eve.key eve.yaml
status_is 1 "a key that is no player's is refused" "$gunbai" check \
    t1/state.yaml eve.yaml
orders other.yaml g2 2 ben "move a8 a7" "move b8 b7"
sign ben.key other.yaml
status_is 1 "another game's orders are refused" "$gunbai" check \
    t1/state.yaml other.yaml
has "for game 'g2', not 'g1'" "$tmp/out" "another game: the reason"
status_is 1 "orders replayed from an adjudicated turn are refused" \
    "$gunbai" check t1/state.yaml a1.yaml
has 'already been adjudicated' "$tmp/out" "replay: the reason"
orders nosig.yaml g1 2 ben "move a8 a7" "move b8 b7"
status_is 1 "a file without signature is refused" "$gunbai" check \
    t1/state.yaml nosig.yaml
has 'nosig.yaml.sig' "$tmp/out" "missing signature: names the file"
cp b2.yaml b64.yaml
openssl base64 -A -in b2.yaml.sig -out b64.yaml.sig
status_is 0 "a base64 signature is accepted" "$gunbai" check t1/state.yaml \
    b64.yaml
printf '\357\273\277' >crlf.yaml
sed 's/$/\r/' b2.yaml >>crlf.yaml
sign ben.key crlf.yaml
status_is 0 "CRLF line ends and a byte-order mark are accepted" \
    "$gunbai" check t1/state.yaml crlf.yaml
status_is 0 "refused files do not stop the turn" "$gunbai" adjudicate \
    t1/state.yaml tampered.yaml forged.yaml b2.yaml -o t2
has 'signature does not verify' "$tmp/out" "refusals are reported"
has "was refused whole" t2/reports/ann.txt \
    "the signer of a refused file learns why in the report"

# 4. Illegal orders are refused alone; the order of files changes nothing.
orders a3.yaml g1 3 ann "move a3 a9" "move a3 a4" "move h2 h3"
sign ann.key a3.yaml
orders b4.yaml g1 4 ben "move a7 a6" "move h8 h7"
sign ben.key b4.yaml
status_is 0 "two turns in one run, files in one order" "$gunbai" \
    adjudicate t2/state.yaml a3.yaml b4.yaml -o x1
status_is 0 "the same files in the other order" "$gunbai" adjudicate \
    t2/state.yaml b4.yaml a3.yaml -o x2
check "outputs identical whatever the order of files" diff -r x1 x2
has '"move a3 a9" (line 7): refused:' x1/reports/ann.txt \
    "the illegal order is refused in the report"
has '"move a3 a4" (line 8): accepted' x1/reports/ann.txt \
    "the rest of the file still applies"
"$gunbai" status x1/state.yaml >st.txt
has 'point: 5' st.txt "both points were applied"

# 5. A missed deadline.
status_is 3 "without --nmr the game waits" "$gunbai" adjudicate \
    x1/state.yaml -o n0
status_is 0 "with --nmr the default orders apply" "$gunbai" adjudicate \
    --nmr x1/state.yaml -o n1
has 'the default orders apply' n1/reports/public.txt \
    "the public report says the defaults were used"

# 6. Bad input: a message naming file:line:column, a status, nothing written.
printf 'gunbai: state 3\ngame: senjin\n  bad: [\n' >bad.yaml
status_is 4 "a malformed state is refused" "$gunbai" adjudicate bad.yaml \
    -o b0
has 'bad.yaml:[0-9]*:[0-9]*:' "$tmp/err" "the message names file:line:column"
check "nothing written for a bad state" test ! -e b0
sed 's/^turn: 2$/turn: 1x/' t1/state.yaml >badturn.yaml
status_is 4 "a state with a wrong type is refused" "$gunbai" status \
    badturn.yaml
has "badturn.yaml:6:7: .turn. must be" "$tmp/err" "wrong type: position"

# 7. The command line (its match with gunbai(1): t_usage.sh).
status_is 0 "--version" "$gunbai" --version
status_is 2 "an unknown command is a usage error" "$gunbai" frobnicate
status_is 0 "games lists the games" "$gunbai" games
has 'senjin: Senjin' "$tmp/out" "games lists Senjin"

# A report is at most 72 columns, with a game id and a player name of the
# longest (32 characters), in every game.
long=gggggggggggggggggggggggggggggggg
lname=pppppppppppppppppppppppppppppppp
for g in $("$gunbai" games | sed -n 's/^\([a-z-]*\): .*/\1/p'); do
	"$gunbai" new "$g" --id $long --player "$lname=$keys/alice.pub" \
	    --player bob="$keys/bob.pub" -o "$tmp/long-$g.yaml" >/dev/null 2>&1
	for who in "--player $lname" "--player bob" --public; do
		# shellcheck disable=SC2086 # the words of $who
		"$gunbai" view "$tmp/long-$g.yaml" $who
	done >"$tmp/long.txt" 2>&1
	if [ -s "$tmp/long.txt" ] &&
	    ! awk 'length > 72 { bad = 1 } END { exit !bad }' "$tmp/long.txt"
	then ok "$g: no report line over 72 columns with the longest names"
	else not_ok "$g: report lines over 72 columns:"
		awk 'length > 72' "$tmp/long.txt" | head -5 | sed 's/^/    /'; fi
done

# A deck list refused by the game names the file it came from, its line
# and the option (issue 30: deck-list errors named no file).
printf '40 tobi\n1 no-such-card\n' >"$tmp/bad.deck"
status_is 4 "new refuses a bad deck list" "$gunbai" new shinobi-wars \
    --id d1 --player alice="$keys/alice.pub" --player bob="$keys/bob.pub" \
    --option deck-leaf="$tmp/bad.deck" -o "$tmp/d1.yaml"
if grep -q "^gunbai: $tmp/bad.deck:[0-9]*:[0-9]*: deck-leaf: " "$tmp/err"; then
	ok "its error names the deck file, the line and the option"
else
	not_ok "its error names no file:"; sed 's/^/    /' "$tmp/err"
fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

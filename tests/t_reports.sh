#!/bin/sh
# The JSON and SVG reports of every sample game (formats/report-json.md,
# gunbai(1) "Reports").  JSON: every report is valid under
# formats/report.schema.json, and a broken one is caught.  SVG: every
# picture is well-formed and self-contained, and headless Chromium, a real
# browser driven through WebDriver, renders the last pictures of each game
# to non-empty PNGs of the declared size.  Both: `gunbai view --json` / `--svg` print exactly the
# files adjudicate wrote.  Commands that do not take --json or --svg
# refuse them.  (The hidden-information test covers both in
# tests/test_harness.c.)
. tests/lib.sh
# Debian's python3, where python3-jsonschema and python3-pil are.
py=/usr/bin/python3
[ -x "$py" ] || py=python3
schema=$top/formats/report.schema.json

# The last pictures of each game, rendered at the end in one browser.
: >"$tmp/render"
for play in samples/*/play.sh; do
	game=$(basename "$(dirname "$play")")
	if ! sh "$play" "$gunbai" "$tmp/$game" >"$tmp/$game.log" 2>&1; then
		not_ok "the $game sample plays"
		continue
	fi
	find "$tmp/$game" -path '*/reports/*.json' | sort >"$tmp/$game.json"
	find "$tmp/$game" -path '*/reports/*.svg' | sort >"$tmp/$game.svg"
	count=$(wc -l <"$tmp/$game.json")
	# shellcheck disable=SC2046 # file names made by the test, no spaces
	if ! once; then :
	elif [ "$count" -gt 0 ] && "$py" tests/json_schema.py "$schema" \
	    $(cat "$tmp/$game.json") >"$tmp/out" 2>&1; then
		ok "$game: $count JSON reports valid under the schema"
	else
		not_ok "$game: JSON reports against the schema:"
		sed 's/^/    /' "$tmp/out" | tail -20
	fi
	count=$(wc -l <"$tmp/$game.svg")
	# shellcheck disable=SC2046
	if ! once; then :
	elif [ "$count" -gt 0 ] && "$py" tests/svg_check.py xml \
	    $(cat "$tmp/$game.svg") >"$tmp/out" 2>&1; then
		ok "$game: $count pictures well-formed and self-contained"
	else
		not_ok "$game: pictures:"
		sed 's/^/    /' "$tmp/out" | tail -20
	fi
	# Each picture says whose report it is, the point, and who owes which
	# decision (the phase) or that the game is over.
	said=0 unsaid=0
	for svg in $(cat "$tmp/$game.svg"); do
		# (the shell's own word operations, not basename and dirname:
		# this loop and the next run for every report of every game)
		who=${svg##*/} who=${who%.svg}
		turn=$(sed -n 's/^turn: //p' "${svg%/reports/*}/state.yaml" 2>/dev/null)
		[ -n "$turn" ] || continue
		if [ "$who" = public ]; then whose="the public report"
		else whose="the report of $who"; fi
		# The point as the text report's heading says it: once the
		# game is over, the last point played.
		at="point $turn"
		grep -q '>The game is over: ' "$svg" && at="over after point $((turn - 1))"
		if grep -q ">[^<]*, $at: $whose</text>" "$svg" &&
		    grep -q '>\(Waiting for [a-z]* ([a-z-]*): \|The game is over: \)' "$svg"
		then said=$((said + 1))
		else unsaid=$((unsaid + 1)); echo "    says not: $svg"; fi
	done
	if [ "$said" -gt 0 ] && [ "$unsaid" -eq 0 ]; then
		ok "$game: each of $said pictures says whose report, the point and who owes what"
	else
		not_ok "$game: $unsaid pictures do not say whose report, point and phase"
	fi
	same=0 differ=0
	for state in $(find "$tmp/$game" -name state.yaml | sort); do
		dir=${state%/state.yaml}
		for report in "$dir"/reports/*.json "$dir"/reports/*.svg; do
			who=${report##*/} who=${who%.*}
			kind=${report##*.}
			if [ "$who" = public ]; then set -- --public
			else set -- --player "$who"; fi
			if "$gunbai" view "$state" "$@" "--$kind" |
			    cmp -s - "$report"
			then same=$((same + 1))
			else differ=$((differ + 1)); echo "    differs: $report"
			fi
		done
	done
	if [ "$same" -gt 0 ] && [ "$differ" -eq 0 ]; then
		ok "$game: view --json and --svg print each of $same files as written"
	else
		not_ok "$game: view --json/--svg and the written files ($differ differ)"
	fi
	once || continue
	last=$(find "$tmp/$game" -name state.yaml | sort -V | tail -1)
	ls "$(dirname "$last")"/reports/*.svg >>"$tmp/render"
done

# Headless Chromium, a real browser, draws each last picture at its
# declared size into a PNG (tests/svg_render.py: one browser for all).
if once; then
	# shellcheck disable=SC2046 # file names made by the test, no spaces
	if "$py" tests/svg_render.py "$tmp" $(cat "$tmp/render") >"$tmp/out" 2>&1
	then ok "Chromium renders the $(wc -l <"$tmp/render") last pictures of the five games"
	else not_ok "pictures failed to render:"; sed 's/^/    /' "$tmp/out" | tail -20
	fi
fi

# The documented example (formats/report-json.md) is real output.
example=samples/senjin/report-turn2-alice.json
if "$gunbai" view samples/senjin/state-turn2.yaml --player alice --json |
    cmp -s - "$example" && { ! once ||
    "$py" tests/json_schema.py "$schema" "$example" >/dev/null 2>&1; }; then
	ok "$example is what view --json prints, and valid"
else not_ok "$example differs from view --json, or is invalid"; fi

# The checks can fail: a broken report, a script, an empty picture.
if once; then
first=$(find "$tmp/senjin" -path '*/reports/alice.json' | sort | head -1)
sed 's/"kind": "Sho"/"kind": "Queen"/' "$first" >"$tmp/bad.json"
if "$py" tests/json_schema.py "$schema" "$tmp/bad.json" >"$tmp/out" 2>&1
then not_ok "a report with a piece of kind Queen passes the schema"
elif grep -q "kind" "$tmp/out"; then
	ok "a report with a piece of kind Queen is refused, naming the field"
else not_ok "the schema check failed without naming the field"; fi
first=$(find "$tmp/senjin" -path '*/reports/alice.svg' | sort | head -1)
sed 's|</svg>|<script>alert(1)</script></svg>|' "$first" >"$tmp/bad.svg"
if "$py" tests/svg_check.py xml "$tmp/bad.svg" >/dev/null 2>&1
then not_ok "a picture with a script passes"
else ok "a picture with a script is refused"; fi
printf '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"></svg>\n' \
    >"$tmp/empty.svg"
"$py" tests/svg_render.py "$tmp" "$tmp/empty.svg" >"$tmp/out" 2>&1
if [ $? -eq 1 ] && grep -q "empty.png: empty render" "$tmp/out"
then ok "an empty picture fails the render check"
else not_ok "an empty picture passes the render check:"; sed 's/^/    /' "$tmp/out"; fi
fi

# No non-ASCII byte in JSON: every character beyond ASCII is escaped.
# shellcheck disable=SC2046
if LC_ALL=C grep -l "$(printf '[\200-\377]')" \
    $(find "$tmp" -name '*.json') >/dev/null 2>&1; then
	not_ok "a JSON report holds a byte beyond ASCII"
else ok "JSON reports are plain ASCII"; fi

# status --json: one document, valid under formats/commands.schema.json,
# for a game going on and for one that is over.
commands=$top/formats/commands.schema.json
i=0
for game in senjin sensoufuda; do
	for state in $(find "$tmp/$game" -name state.yaml | sort -V | sed -n '1p;$p'); do
		i=$((i + 1))
		"$gunbai" status "$state" --json >"$tmp/status$i.json"
	done
done
# A game that is over: Senjin with a turn limit of 2, played to it.
mkdir "$tmp/over" && cd "$tmp/over" &&
    senjin_fixture over "--option turn-limit=2" &&
    "$gunbai" adjudicate in/s1.yaml in/a1.yaml in/b2.yaml -o out >/dev/null &&
    "$gunbai" status out/state.yaml --json >"$tmp/status-over.json"
cd "$top" || exit 1
# The text report says a draw once, not "Won by nobody: a draw: ..."
# (a fresh reader of Senjin).
if grep -q '^The game is over, a draw: the turn limit of 2 turns is reached\.$' \
    "$tmp/over/out/reports/alice.txt" &&
    ! grep -q 'Won by nobody' "$tmp/over/out/reports/alice.txt"; then
	ok "a draw's report: 'The game is over, a draw: REASON.'"
else
	not_ok "a draw's report line:"
	grep -i 'game is over' "$tmp/over/out/reports/alice.txt" | sed 's/^/    /'
fi
# shellcheck disable=SC2046
if { ! once ||
    "$py" tests/json_schema.py "$commands" "$tmp"/status*.json >"$tmp/out" 2>&1; } &&
    grep -q '"finished": true' "$tmp"/status*.json &&
    grep -q '"finished": false' "$tmp"/status*.json; then
	ok "status --json: $((i + 1)) documents valid under the schema, running and over"
else
	not_ok "status --json against formats/commands.schema.json:"
	sed 's/^/    /' "$tmp/out" | tail -10
fi

state=$(find "$tmp/senjin" -name state.yaml | sort | head -1)
for cmd in "games --json" \
    "status $state --svg" "view $state --public --json --svg"; do
	# shellcheck disable=SC2086
	"$gunbai" $cmd >/dev/null 2>&1
	st=$?
	if [ "$st" -eq 2 ]; then ok "${cmd%% *} ${cmd##* }: refused as usage"
	else not_ok "${cmd%% *} ${cmd##* } exits $st, not 2 (usage)"; fi
done

# Senjin's legend names the kinds as the text report does; Sensoufuda's
# picture has a legend and marks each card with its kind.
"$gunbai" view samples/senjin/state-turn2.yaml --player alice --svg >"$tmp/sj.svg"
if grep -q 'Sho (Shogun), Shi (Bushi)' "$tmp/sj.svg" &&
    "$gunbai" view samples/senjin/state-turn2.yaml --player alice |
    grep -q 'Shi (Bushi)'; then
	ok "senjin: the picture's legend says Shi (Bushi), as the text does"
else not_ok "senjin: the picture's legend names Shi (Bushi)"; fi
sf=$(find "$tmp/sensoufuda" -path '*/reports/alice.svg' | sort -V | tail -1)
if [ -n "$sf" ] && grep -q '>Legend</text>' "$sf" &&
    grep -q '>Heroes</text>' "$sf" &&
    [ "$(grep -c '<circle [^>]*r="6" fill="#ffffff"' "$sf")" -gt 8 ]; then
	ok "sensoufuda: the picture has a legend and a kind marker on every card"
else not_ok "sensoufuda: legend and kind markers in $sf"; fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

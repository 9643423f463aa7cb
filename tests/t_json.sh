#!/bin/sh
# The JSON reports (formats/report-json.md): every report of every sample
# game is valid under formats/report.schema.json; `gunbai view --json`
# prints exactly the file adjudicate wrote; a bad document is caught (so
# the schema check can fail); commands that do not take --json refuse it.
. tests/lib.sh
# Debian's python3, where python3-jsonschema is installed.
py=/usr/bin/python3
[ -x "$py" ] || py=python3
schema=$top/formats/report.schema.json
for play in samples/*/play.sh; do
	game=$(basename "$(dirname "$play")")
	if ! sh "$play" "$gunbai" "$tmp/$game" >"$tmp/$game.log" 2>&1; then
		not_ok "the $game sample plays"
		continue
	fi
	find "$tmp/$game" -path '*/reports/*.json' | sort >"$tmp/$game.list"
	count=$(wc -l <"$tmp/$game.list")
	# shellcheck disable=SC2046 # file names made by the test, no spaces
	if [ "$count" -gt 0 ] && "$py" tests/json_schema.py "$schema" \
	    $(cat "$tmp/$game.list") >"$tmp/$game.schema" 2>&1; then
		ok "$game: $count JSON reports valid under the schema"
	else
		not_ok "$game: JSON reports against the schema:"
		sed 's/^/    /' "$tmp/$game.schema" | tail -20
	fi
	same=0 differ=0
	for state in $(find "$tmp/$game" -name state.yaml | sort); do
		dir=$(dirname "$state")
		for report in "$dir"/reports/*.json; do
			who=$(basename "$report" .json)
			if [ "$who" = public ]; then set -- --public
			else set -- --player "$who"; fi
			if "$gunbai" view "$state" "$@" --json | cmp -s - "$report"
			then same=$((same + 1))
			else differ=$((differ + 1)); echo "    differs: $report"
			fi
		done
	done
	if [ "$same" -gt 0 ] && [ "$differ" -eq 0 ]; then
		ok "$game: view --json prints each of $same reports as written"
	else
		not_ok "$game: view --json and the written reports ($differ differ)"
	fi
done

# The documented example (formats/report-json.md) is real output.
example=samples/senjin/report-turn2-alice.json
if "$gunbai" view samples/senjin/state-turn2.yaml --player alice --json |
    cmp -s - "$example" &&
    "$py" tests/json_schema.py "$schema" "$example" >/dev/null 2>&1; then
	ok "$example is what view --json prints, and valid"
else not_ok "$example differs from view --json, or is invalid"; fi

# The schema check is not one that cannot fail.
first=$(find "$tmp/senjin" -path '*/reports/alice.json' | sort | head -1)
sed 's/"kind": "Sho"/"kind": "Queen"/' "$first" >"$tmp/bad.json"
if "$py" tests/json_schema.py "$schema" "$tmp/bad.json" >"$tmp/bad.out" 2>&1
then not_ok "a report with a piece of kind Queen passes the schema"
elif grep -q "kind" "$tmp/bad.out"; then
	ok "a report with a piece of kind Queen is refused, naming the field"
else not_ok "the schema check failed without naming the field"; fi

# No non-ASCII byte: every character beyond ASCII is escaped.
if LC_ALL=C grep -l "$(printf '[\200-\377]')" $(find "$tmp" -name '*.json') \
    >/dev/null 2>&1; then
	not_ok "a JSON report holds a byte beyond ASCII"
else ok "JSON reports are plain ASCII"; fi

state=$(find "$tmp/senjin" -name state.yaml | sort | head -1)
for cmd in "status $state" "check $state $state"; do
	# shellcheck disable=SC2086
	"$gunbai" $cmd --json >/dev/null 2>&1
	st=$?
	if [ "$st" -eq 2 ]; then ok "${cmd%% *} --json: refused as usage"
	else not_ok "${cmd%% *} --json exits $st, not 2 (usage)"; fi
done

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]

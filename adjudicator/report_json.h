/* report_json.h - the structured report of one player, or the public one:
 * the facts of the text report (report.h) as one JSON document for
 * programs, built from the state alone.  The schema is
 * formats/report.schema.json, explained in formats/report-json.md. */
#ifndef GUNBAI_REPORT_JSON_H
#define GUNBAI_REPORT_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "adjudicate.h"
#include "state.h"

#define REPORT_JSON_FORMAT "gunbai report 1"
/* The keys of the evidence's state hashes (as the text report's "state"
 * and "from" lines). */
#define REPORT_JSON_STATE_KEY "state_sha256"
#define REPORT_JSON_FROM_KEY "from_sha256"

/* The JSON report of player (an index), or the public report (player -1),
 * ending in a newline; the caller frees it.  Only what that player may
 * see goes in: the log events addressed to them, the game's view_data,
 * and the orders they owe.  state_hex as in report_make (NULL: computed
 * here). */
char *report_json(const struct state *st, const char *state_hex, int player,
    size_t *len);
/* What the JSON reports of one state may share: the view (view_data) of
 * the first report made with it and that view's JSON.  A later report
 * whose view is the same tree (a game of perfect information, or the
 * parts every player sees) takes those bytes instead of converting and
 * dumping it again.  Zeroed before the first report; freed with
 * report_json_view_free. */
struct report_json_view {
	struct node *tree;
	char *json;
	size_t len;
};
void report_json_view_free(struct report_json_view *keep);

/* The same with player's orders template (report_template) made already
 * (NULL: made here), and keep (NULL: nothing shared). */
char *report_json_tmpl(const struct state *st, const char *state_hex,
    int player, const char *tmpl, struct report_json_view *keep,
    size_t *len);

#define STATUS_JSON_FORMAT "gunbai status 1"

/* `gunbai status --json`: the game, its players, and who owes what or
 * how it ended (formats/commands.schema.json). */
char *report_json_status(const struct state *st, size_t *len);

#define CHECK_JSON_FORMAT "gunbai check 1"

/* `gunbai check --json`: the verdict of each file and order in r
 * (adjudicate_check_data) against st (formats/commands.schema.json). */
char *report_json_check(const struct state *st, const struct check_result *r,
    size_t *len);

#define ADJUDICATE_JSON_FORMAT "gunbai adjudicate 1"
#define RUN_JSON_FORMAT "gunbai run 1"

/* What one `gunbai adjudicate` or `gunbai run` did, for --json. */
struct report_json_run {
	const char *format;  /* ADJUDICATE_JSON_FORMAT or RUN_JSON_FORMAT */
	long long run;       /* the run's number; 0 for adjudicate */
	long long from;      /* the turn before */
	int applied;         /* decision points applied */
	int nmr;
	const struct orders_file *files; /* orders_sort()ed; shown by arg */
	size_t n;
	const char *dir;     /* where the state and reports went, or NULL */
	const struct adjudicate_result *result; /* what was applied */
};

/* The document of r, st being the state after the run: each file used,
 * kept or refused (gamedir_place), what is owed now, what was written. */
char *report_json_run(const struct state *st, const struct report_json_run *r,
    size_t *len);

#define VERIFY_JSON_FORMAT "gunbai verify 1"
#define LEAGUE_RUN_JSON_FORMAT "gunbai league run 1"
#define LEAGUE_VERIFY_JSON_FORMAT "gunbai league verify 1"

/* For the commands that build their own documents: a JSON string of s
 * (a byte that is not UTF-8 becomes '?'), and root printed on stdout as
 * every document is (ASCII, one space of indent, a final newline), then
 * freed.  jansson allocates through util (util_malloc) after either. */
json_t *report_json_str(const char *s);
void report_json_print(json_t *root);

/* A game's view tree as JSON text (for tests and tools): scalars made by
 * node_int are integers, by node_bool booleans, all others strings. */
char *report_json_node(const struct node *n, size_t *len);

#endif

/* report_json.h - the structured report of one player, or the public one:
 * the facts of the text report (report.h) as one JSON document for
 * programs, built from the state alone.  The schema is
 * formats/report.schema.json, explained in formats/report-json.md. */
#ifndef GUNBAI_REPORT_JSON_H
#define GUNBAI_REPORT_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "turn/adjudicate.h"
#include "turn/state.h"

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
 * how it ended (formats/commands.schema.json); for a game directory,
 * filed (taken; NULL for a state file): what its inbox holds for each
 * decision owed. */
char *report_json_status(const struct state *st, json_t *filed, size_t *len);

#define CHECK_JSON_FORMAT "gunbai check 1"

/* `gunbai check --json`: the verdict of each file and order in r
 * (adjudicate_check_data) against st (formats/commands.schema.json). */
char *report_json_check(const struct state *st, const struct check_result *r,
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
/* root as every document is printed, then freed; the caller frees the
 * bytes (len of them). */
char *report_json_dump(json_t *root, size_t *len);

/* The parts of the documents of commands (check here, run and adjudicate
 * in run_json.c) that say the same thing the same way: */
/* a file's path, sha256, signer and turn (null when unknown); */
json_t *report_json_file(const struct state *st, const struct orders_file *f);
/* a refusal e into o: reason, line, column and hint (null when unknown); */
void report_json_err(json_t *o, const struct gb_err *e);
/* each order's place, text, verdict and reason; */
json_t *report_json_judged(const struct check_order *co, size_t n);
/* a list of strings; */
json_t *report_json_strlist(const struct strlist *l);
/* what is owed now or how the game ended, for player (-1: everyone's,
 * as the public sees it), with player's template tmpl (NULL: made here);
 * *mine is what player owes (null if nothing), for the caller to free. */
json_t *report_json_next(const struct state *st, int player,
    const char *tmpl, json_t **mine);

/* A game's view tree as JSON text (for tests and tools): scalars made by
 * node_int are integers, by node_bool booleans, all others strings. */
char *report_json_node(const struct node *n, size_t *len);

#endif

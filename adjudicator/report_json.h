/* report_json.h - the structured report of one player, or the public one:
 * the facts of the text report (report.h) as one JSON document for
 * programs, built from the state alone.  The schema is
 * formats/report.schema.json, explained in formats/report-json.md. */
#ifndef GUNBAI_REPORT_JSON_H
#define GUNBAI_REPORT_JSON_H

#include <stddef.h>

#include "state.h"

#define REPORT_JSON_FORMAT "gunbai report 1"

/* The JSON report of player (an index), or the public report (player -1),
 * ending in a newline; the caller frees it.  Only what that player may
 * see goes in: the log events addressed to them, the game's view_data,
 * and the orders they owe. */
char *report_json(const struct state *st, int player, size_t *len);

#define STATUS_JSON_FORMAT "gunbai status 1"

/* `gunbai status --json`: the game, its players, and who owes what or
 * how it ended (formats/commands.schema.json). */
char *report_json_status(const struct state *st, size_t *len);

/* A game's view tree as JSON text (for tests and tools): scalars made by
 * node_int are integers, by node_bool booleans, all others strings. */
char *report_json_node(const struct node *n, size_t *len);

#endif

/* report.h - the plain-text report of one player, or the public one.
 * Built from the state alone, so `gunbai view` prints exactly what
 * `gunbai adjudicate` wrote.  At most REPORT_WIDTH columns. */
#ifndef GUNBAI_REPORT_H
#define GUNBAI_REPORT_H

#include "state.h"
#include "util.h"

#define REPORT_WIDTH 72

/* The report of player (an index), or the public report (player -1),
 * appended to out through the one escaping rule (escape.h). */
void report_build(const struct state *st, int player, struct sbuf *out);

/* The orders template for player's decision now owed, ready to fill in;
 * nothing if player owes nothing. */
void report_template(const struct state *st, int player, struct sbuf *out);

/* Append text word-wrapped to REPORT_WIDTH: the first line starts with
 * first, the others with rest (both count in the width). */
void report_wrap(struct sbuf *out, const char *first, const char *rest,
    const char *text);

#endif

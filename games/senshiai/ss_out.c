/* ss_out.c - who is out, and how the game ends (RULINGS, Winning): a
 * player out by seppuku or an empty Reserve takes his cards off the
 * board; among three or more, the last to force him to discard or waste
 * wins (not after seppuku); else the last left wins; the turn limit
 * makes a draw. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

/* Players not out. */
static int
ss_out_remaining(const struct ss_game *g)
{
	int n = 0;

	for (int p = 0; p < g->n; p++)
		n += !g->p[p].out;
	return n;
}

/* Take player p's cards off the board, each logged (ev NULL: not):
 * his Units, then his Terrains, square by square; the Units of others
 * on his Terrains flee as from a destroyed Terrain (ss_flee.c), never
 * onto another of his (Ruling: the text's Fleeing "if the Terrain under
 * his feet is destroyed").  Then the Effects he cast end. */
static void
ss_out_clear(struct ss_game *g, int p, struct events *ev,
    const char *const *names)
{
	char at[3];

	for (int s = 0; s < SS_SQUARES; s++) {
		struct ss_square *q = &g->sq[s];

		ss_board_name(s, at);
		for (int k = q->nunits - 1; k >= 0; k--)
			if (q->unit[k].owner == p) {
				if (ev != NULL)
					events_add(ev, EVENT_ALL, "%s of %s at "
					    "%s leaves the board.",
					    ss_cards[q->unit[k].card].name,
					    names[p], at);
				ss_pile_unit_destroy(g, s, k);
			}
		if (q->terrain == SS_NONE || q->master != p)
			continue;
		if (ev != NULL)
			events_add(ev, EVENT_ALL, "%s's %s at %s leaves the "
			    "board.", names[p], ss_cards[q->terrain].name, at);
		ss_flee_terrain_gone(g, s, ev, names);
	}
	for (int i = g->neffects - 1; i >= 0; i--)
		if (g->effect[i].caster == p) {
			ss_board_name(g->effect[i].sq, at);
			if (ev != NULL)
				events_add(ev, EVENT_ALL, "%s of %s at %s ends.",
				    ss_cards[g->effect[i].card].name, names[p],
				    at);
			ss_pile_effect_end(g, i);
		}
}

/* The game ends with winners w (whose name is winner, or NULL for a
 * draw) for the reason why: a clause, as the report's "Won by NAME:
 * REASON." and "The game is a draw: REASON." want it. */
static void
ss_out_finish(struct ss_game *g, unsigned w, const char *winner,
    const char *why, struct events *ev)
{
	g->stage = SS_STAGE_OVER;
	g->winners = w;
	snprintf(g->reason, sizeof g->reason, "%s", why);
	if (ev == NULL)
		return;
	if (winner != NULL)
		events_add(ev, EVENT_ALL, "%s wins: %s.", winner, why);
	else
		events_add(ev, EVENT_ALL, "The game is a draw: %s.", why);
}

void
ss_out(struct ss_game *g, int p, const char *how, struct events *ev,
    const char *const *names)
{
	char why[GAME_REASON_MAX];
	int by = g->p[p].forced_by;

	g->p[p].out = 1;
	ss_out_clear(g, p, ev, names);
	if (ev != NULL)
		events_add(ev, EVENT_ALL, "%s is out: %s.", names[p], how);
	if (g->n >= 3 && by != SS_NONE && !g->p[by].out &&
	    strcmp(how, "seppuku") != 0) {
		snprintf(why, sizeof why, "the last to force %s to discard or "
		    "waste", names ? names[p] : "");
		ss_out_finish(g, 1u << by, names ? names[by] : "", why, ev);
		return;
	}
	if (ss_out_remaining(g) == 1)
		for (int i = 0; i < g->n; i++)
			if (!g->p[i].out) {
				ss_out_finish(g, 1u << i, names ? names[i] :
				    "", "the last player left", ev);
			}
}

void
ss_out_check(struct ss_game *g, struct events *ev,
    const char *const *names)
{
	for (int p = 0; p < g->n && g->stage != SS_STAGE_OVER; p++)
		if (!g->p[p].out && g->p[p].reserve.n == 0)
			ss_out(g, p, "the Reserve is empty", ev, names);
}

void
ss_out_draw_limit(struct ss_game *g, struct events *ev)
{
	if (g->limit > 0 && g->turn >= g->limit &&
	    g->stage != SS_STAGE_OVER)
		ss_out_finish(g, 0, NULL, "the turn limit is reached", ev);
}

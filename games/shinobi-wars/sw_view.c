/* sw_view.c - what one player sees, and the orders help.
 *
 * A player sees the own cards, face down or up, the own hand, and of the
 * enemy only face-up cards and counts; the deck order nobody sees. */
#include <stdio.h>
#include <string.h>

#include "shinobi.h"

void
sw_view_what(const struct shinobi *g, int p, char *buf, size_t size)
{
	int t = g->side[p].turns;

	snprintf(buf, size, "%s's own turn %d (%d EC %d CC): strategy, attacks, "
	    "end", sw_side_names[p], t, sw_ec(t), sw_cc(t));
}

static void
sw_view_side(const struct shinobi *g, const struct game_players *pl, int p,
    int own, struct sbuf *out)
{
	const struct sw_side *s = &g->side[p];
	char d[120];

	/* Wrapped: a name of 32 characters would pass 72 columns. */
	snprintf(d, sizeof d, "%s (%s): village damage %d of %d; own turns %d; "
	    "deck %d, hand %d", pl->names[p], sw_side_names[p], s->damage,
	    SW_FALL, s->turns, s->ndeck, s->nhand);
	util_wrap(out, GAME_WIDTH, "", "    ", d);
	for (int z = 0; z < SW_ZONES; z++) {
		sbuf_printf(out, "  %s:%s\n", sw_zone_words[z],
		    s->nzone[z] ? "" : " -");
		for (int i = 0; i < s->nzone[z]; i++) {
			const struct sw_slot *c = &s->zone[z][i];

			if (c->up || own)
				sw_card_describe(c->card, d, sizeof d);
			sbuf_printf(out, "    %c%d %s%s\n", sw_zone_letters[z],
			    i + 1, c->up || own ? d : "a face-down card",
			    own && !c->up ? " (down)" : "");
		}
	}
	if (own) {
		sbuf_printf(out, "  hand:%s\n", s->nhand ? "" : " -");
		for (int i = 0; i < s->nhand; i++)
			sbuf_printf(out, "    %s\n", sw_card_describe(
			    s->hand[i], d, sizeof d));
	}
}

void
sw_view_board(const void *vg, const struct game_players *pl, int player,
    struct sbuf *out)
{
	const struct shinobi *g = vg;
	char what[GAME_REASON_MAX];

	if (g->phase == SW_P_OVER) {
		sbuf_printf(out, "The game is over: %s.\n", g->reason);
	} else {
		sw_view_what(g, g->active, what, sizeof what);
		sbuf_printf(out, "Now %s.\nQuiet own turns (cards only "
		    "reordered): %d of %d.\n", what, g->quiet, SW_QUIET);
	}
	for (int p = 0; p < 2; p++) {
		sbuf_putc(out, '\n');
		sw_view_side(g, pl, p, p == player, out);
	}
}

void
sw_view_help(const void *vg, int player, struct sbuf *out)
{
	const struct shinobi *g = vg;

	if (g->phase != SW_P_TURN || player != g->active)
		return;
	sbuf_puts(out,
	    "# Up to 3 strategy actions, then attacks, then end:\n"
	    "#   scout MINE THEIRS      your face-down ninja scouts their card\n"
	    "#   supply MINE ...        turn your ninjas up, draw RA each\n"
	    "#   defend W... / N... / E...  every front card by position,\n"
	    "#                          - for an empty front: w2 w1 / - / n1\n"
	    "#   deploy CARD ZONE ...   play cards from the hand face down\n"
	    "#   roster POS ZONE ...    ninjas between roster and fronts\n"
	    "#   attack rN FRONT        a roster ninja attacks a front\n"
	    "#   end                    ends the turn (required)\n"
	    "# if-failed or if-scouted before scout or supply: done only if\n"
	    "# the last scout failed or succeeded; it counts as an action.\n"
	    "# Positions: w1 n2 e1 r3 (1: met first), after the orders\n"
	    "# before.  Example, with one ninja on the roster and the\n"
	    "# fronts empty (gunbai-shinobi-wars(6), EXAMPLES):\n"
	    "#   - deploy tobi roster pit west\n"
	    "#   - scout r2 e1\n"
	    "#   - if-failed supply r2\n"
	    "#   - attack r1 north\n"
	    "#   - end\n");
}

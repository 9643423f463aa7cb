/* ss_chaos.c - Chaos: Earthquake's die and the Terrain it destroys.  An
 * Earthquake is cast by an order (ss_cast.c) or by a standing order
 * answering a move (ss_move.c); both roll here, so the two agree. */
#include "senshiai.h"

void
ss_chaos_quake(struct ss_game *g, int caster, int card, int s,
    struct rng *rng, struct events *ev, const char *const *names)
{
	struct ss_square *q = &g->sq[s];
	char at[3];
	int die;

	ss_board_name(s, at);
	events_add(ev, EVENT_ALL, "%s casts %s on %s.", names[caster],
	    ss_cards[card].name, at);
	die = ss_react_die(g, caster, rng, ev, names);
	ss_pile_push(&g->p[caster].discard, card);
	events_add(ev, EVENT_ALL, "Chaos: die %d, %d needed.", die,
	    ss_cards[card].param);
	if (die < ss_cards[card].param)
		return;
	events_add(ev, EVENT_ALL, "%s at %s is destroyed.",
	    ss_cards[q->terrain].name, at);
	ss_flee_terrain_gone(g, s, ev, names);
}

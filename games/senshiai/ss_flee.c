/* ss_flee.c - fleeing, and the second-flee rule.
 *
 * A Unit flees when its square can no longer bear it: after a close
 * combat it failed to win (back to the square it attacked from, which it
 * never left in this model), when an Interrupt stops its close combat,
 * or when the Terrain under it is destroyed (Earthquake).  A flight is a
 * move that does not count against Speed; a Unit forced to flee a second
 * time in one turn is destroyed instead. */
#include "senshiai.h"

/* Unit k of square s flees once more this turn; on its second flight it
 * is destroyed (logged): returns 1 then, else 0. */
static int
ss_flee_count(struct ss_game *g, int s, int k, struct events *ev,
    const char *const *names)
{
	struct ss_unit *u = &g->sq[s].unit[k];

	if (++u->flees < 2)
		return 0;
	if (ev != NULL)
		events_add(ev, EVENT_ALL, "%s of %s flees a second time this "
		    "turn and is destroyed.", ss_cards[u->card].name,
		    names[u->owner]);
	ss_pile_unit_destroy(g, s, k);
	return 1;
}

void
ss_flee_back(struct ss_game *g, int from, struct events *ev,
    const char *const *names)
{
	for (int k = g->sq[from].nunits - 1; k >= 0; k--)
		if (g->sq[from].unit[k].acted & SS_ACT_NOW)
			ss_flee_count(g, from, k, ev, names);
}

/* May unit u flee to square t: a Terrain sharing a path with it, no enemy
 * of its owner there, and room within the Limit for a Troop? */
static int
ss_flee_room(const struct ss_game *g, const struct ss_unit *u, int t)
{
	const struct ss_square *q = &g->sq[t];
	int troops = ss_cards[u->card].type == SS_TROOP;

	/* A Terrain whose master is out is leaving the board (ss_out.c). */
	if (q->terrain == SS_NONE || q->nunits >= SS_SQ_UNITS ||
	    g->p[q->master].out || ss_square_enemy(g, u->owner, t) ||
	    (ss_cards[q->terrain].paths & ss_cards[u->card].paths) == 0)
		return 0;
	if (!troops)
		return 1;
	return troops + ss_square_troops(q) <= ss_cards[q->terrain].limit;
}

void
ss_flee_all(struct ss_game *g, int s, struct events *ev,
    const char *const *names)
{
	char from[3], to[3];

	ss_board_name(s, from);
	while (g->sq[s].nunits > 0) {
		struct ss_unit u = g->sq[s].unit[0];
		int nb[SS_NEAR_MAX], n = ss_board_neighbours(s, nb), t = -1;

		if (ss_flee_count(g, s, 0, ev, names))
			continue;
		for (int i = 0; i < n && t < 0; i++)
			if (ss_flee_room(g, &u, nb[i]))
				t = nb[i];
		if (t < 0) {
			if (ev != NULL)
				events_add(ev, EVENT_ALL, "%s of %s has nowhere "
				    "to flee from %s and is destroyed.",
				    ss_cards[u.card].name, names[u.owner], from);
			ss_pile_unit_destroy(g, s, 0);
			continue;
		}
		ss_board_name(t, to);
		if (ev != NULL)
			events_add(ev, EVENT_ALL, "%s of %s flees from %s to %s.",
			    ss_cards[u.card].name, names[u.owner], from, to);
		ss_pile_unit_move(g, s, 0, t);
	}
}

void
ss_flee_terrain_gone(struct ss_game *g, int s, struct events *ev,
    const char *const *names)
{
	struct ss_square *q = &g->sq[s];
	char at[3];

	ss_board_name(s, at);
	ss_flee_all(g, s, ev, names);
	for (int i = g->neffects - 1; i >= 0; i--)
		if (g->effect[i].sq == s) {
			if (ev != NULL)
				events_add(ev, EVENT_ALL, "%s of %s at %s ends.",
				    ss_cards[g->effect[i].card].name,
				    names[g->effect[i].caster], at);
			ss_pile_effect_end(g, i);
		}
	ss_pile_push(&g->p[q->master].discard, q->terrain);
	q->terrain = q->master = SS_NONE;
	q->activated = 0;
}

/* ss_move.c - the orders that move companies: "move FROM TO" (a whole
 * company along the terrains it can cross, within the speed left to its
 * slowest Unit, Move Restriction and the Limit where it stops) and
 * "castle SQ SQ" (two companies swap squares).  Tardy Units roll first;
 * a roll ends the answer. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"
#include "ss_play.h"

/* The fewest steps from a to b for the company of a (every Unit must
 * share a path with each square crossed, none of which may hold an
 * enemy), or -1.  Breadth first over the board. */
static int
ss_move_steps(const struct ss_game *g, int p, int a, int b)
{
	int dist[SS_SQUARES], queue[SS_SQUARES], head = 0, tail = 0;

	for (int s = 0; s < SS_SQUARES; s++)
		dist[s] = -1;
	dist[a] = 0;
	queue[tail++] = a;
	while (head < tail) {
		int s = queue[head++], nb[SS_NEAR_MAX];
		int n = ss_board_neighbours(s, nb);

		for (int i = 0; i < n; i++) {
			int t = nb[i], ok = g->sq[t].terrain != SS_NONE &&
			    dist[t] < 0 && !ss_play_enemy(g, p, t);

			for (int k = 0; ok && k < g->sq[a].nunits; k++)
				ok = (ss_cards[g->sq[a].unit[k].card].paths &
				    ss_cards[g->sq[t].terrain].paths) != 0;
			if (!ok)
				continue;
			dist[t] = dist[s] + 1;
			queue[tail++] = t;
		}
	}
	return dist[b];
}

/* The most squares every Unit of the company on s may still move, with
 * Move Restriction: a Unit entering or leaving a terrain with it may
 * not move more than its number in the turn (RULINGS). */
static int
ss_move_reach(const struct ss_game *g, int s, int to)
{
	int reach = 99;

	for (int k = 0; k < g->sq[s].nunits; k++) {
		int v[SS_TRAITS], left, cap = 99;
		const struct ss_unit *u = &g->sq[s].unit[k];

		ss_mods_traits(g, s, k, v);
		left = v[SS_SPEED] - u->moves;
		if (ss_cards[g->sq[s].terrain].abilities &
		    SS_AB(MOVE_RESTRICTION))
			cap = ss_cards[g->sq[s].terrain].param;
		if (ss_cards[g->sq[to].terrain].abilities &
		    SS_AB(MOVE_RESTRICTION) &&
		    ss_cards[g->sq[to].terrain].param < cap)
			cap = ss_cards[g->sq[to].terrain].param;
		if (cap - u->moves < left)
			left = cap - u->moves;
		if (left < reach)
			reach = left;
	}
	return reach;
}

static int
ss_move_has_tardy(const struct ss_square *q)
{
	for (int k = 0; k < q->nunits; k++)
		if (ss_cards[q->unit[k].card].abilities & SS_AB(TARDY))
			return 1;
	return 0;
}

/* The Tardy Units of the company on a each roll (ss_react_die) before it
 * moves: SS_PLAY_DONE if it may move; SS_PLAY_LAST when checking (the
 * dice end the answer) or when a roll fails (logged; it stays). */
static int
ss_move_tardy(struct ss_ctx *c, int a)
{
	struct ss_game *g = c->g;
	char at[3];

	if (!ss_move_has_tardy(&g->sq[a]))
		return SS_PLAY_DONE;
	if (c->rng == NULL)
		return SS_PLAY_LAST;
	for (int k = 0; k < g->sq[a].nunits; k++) {
		const struct ss_card *t = &ss_cards[g->sq[a].unit[k].card];
		int die;

		if (!(t->abilities & SS_AB(TARDY)))
			continue;
		die = ss_react_die(g, c->p, c->rng, c->ev, c->names);
		events_add(c->ev, EVENT_ALL, "Tardy %s: die %d, %d needed.",
		    t->name, die, t->param);
		if (die < t->param) {
			ss_board_name(a, at);
			events_add(c->ev, EVENT_ALL, "The company at %s stays.",
			    at);
			return SS_PLAY_LAST;
		}
	}
	return SS_PLAY_DONE;
}

int
ss_move_order(struct ss_ctx *c, const struct util_words *w)
{
	int a, b, steps;
	struct ss_game *g = c->g;

	if (w->n != 3)
		return ss_play_no(c, "expected 'move FROM TO'");
	if (ss_play_square(c, w->w[1], &a) < 0 ||
	    ss_play_square(c, w->w[2], &b) < 0)
		return SS_PLAY_REFUSED;
	if (g->sq[a].nunits == 0 || g->sq[a].unit[0].owner != c->p)
		return ss_play_no(c, "you have no company at %s", w->w[1]);
	if (a == b || g->sq[b].terrain == SS_NONE)
		return ss_play_no(c, "%s is no terrain to move to", w->w[2]);
	if (ss_play_enemy(g, c->p, b))
		return ss_play_no(c, "%s holds an enemy: attack it", w->w[2]);
	if ((steps = ss_move_steps(g, c->p, a, b)) < 0)
		return ss_play_no(c, "no path for the whole company from %s "
		    "to %s", w->w[1], w->w[2]);
	if (steps > ss_move_reach(g, a, b))
		return ss_play_no(c, "%s is %d moves away: too far for the "
		    "company", w->w[2], steps);
	if (ss_play_troops(&g->sq[a]) + ss_play_troops(&g->sq[b]) >
	    ss_cards[g->sq[b].terrain].limit ||
	    g->sq[a].nunits + g->sq[b].nunits > SS_SQ_UNITS)
		return ss_play_no(c, "%s would pass its Limit of %d", w->w[2],
		    ss_cards[g->sq[b].terrain].limit);
	if (ss_move_tardy(c, a) != SS_PLAY_DONE)
		return SS_PLAY_LAST;
	for (int k = g->sq[a].nunits - 1; k >= 0; k--) {
		g->sq[a].unit[k].moves += steps;
		ss_pile_unit_move(g, a, k, b);
	}
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s moves the company at %s to "
		    "%s.", c->names[c->p], w->w[1], w->w[2]);
	return ss_move_has_tardy(&g->sq[b]) ? SS_PLAY_LAST : SS_PLAY_DONE;
}

/* castle A B: two companies of the player on near squares swap
 * squares, each Unit spending a move (the text's "castling"); each
 * must share a path with the other square, Move Restriction and the
 * Limits hold as for a move, and Tardy Units roll.  Company Effects go
 * with their companies. */
int
ss_move_castle(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_game *g = c->g;
	int sq[2], n[2], r, stay[SS_EFFECTS], nstay = 0;

	if (w->n != 3)
		return ss_play_no(c, "expected 'castle SQUARE SQUARE'");
	for (int i = 0; i < 2; i++) {
		if (ss_play_square(c, w->w[1 + i], &sq[i]) < 0)
			return SS_PLAY_REFUSED;
		if (g->sq[sq[i]].nunits == 0 ||
		    g->sq[sq[i]].unit[0].owner != c->p)
			return ss_play_no(c, "you have no company at %s",
			    w->w[1 + i]);
	}
	if (!ss_board_near(sq[0], sq[1]))
		return ss_play_no(c, "%s is not near %s", w->w[2], w->w[1]);
	for (int i = 0; i < 2; i++) {
		const struct ss_square *from = &g->sq[sq[i]];
		const struct ss_card *to = &ss_cards[g->sq[sq[1 - i]].terrain];

		for (int k = 0; k < from->nunits; k++)
			if ((ss_cards[from->unit[k].card].paths & to->paths) ==
			    0)
				return ss_play_no(c, "%s cannot cross %s",
				    ss_cards[from->unit[k].card].name,
				    to->name);
		if (ss_move_reach(g, sq[i], sq[1 - i]) < 1)
			return ss_play_no(c, "the company at %s has no move "
			    "left", w->w[1 + i]);
		if (ss_play_troops(from) > to->limit)
			return ss_play_no(c, "%s would pass its Limit of %d",
			    w->w[2 - i], to->limit);
	}
	for (int i = 0; i < 2; i++)
		if ((r = ss_move_tardy(c, sq[i])) != SS_PLAY_DONE)
			return r;
	for (int i = 0; i < g->neffects; i++)
		if (g->effect[i].sq == sq[1] && g->effect[i].unit == SS_NONE)
			stay[nstay++] = i;
	n[0] = g->sq[sq[0]].nunits;
	n[1] = g->sq[sq[1]].nunits;
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < n[i]; k++) {
			g->sq[sq[i]].unit[0].moves++;
			ss_pile_unit_move(g, sq[i], 0, sq[1 - i]);
		}
	for (int i = 0; i < nstay; i++)
		g->effect[stay[i]].sq = sq[0];
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s castles: the companies at %s "
		    "and %s swap squares.", c->names[c->p], w->w[1], w->w[2]);
	return ss_move_has_tardy(&g->sq[sq[0]]) ||
	    ss_move_has_tardy(&g->sq[sq[1]]) ? SS_PLAY_LAST : SS_PLAY_DONE;
}

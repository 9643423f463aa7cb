/* ss_move.c - the orders that move companies: "move FROM TO [N...]
 * [carry CARD...]" (a whole company, or the Units numbered N, along the
 * terrains they can cross, within the speed left to the slowest, Move
 * Restriction and the Limit where they stop; the company Effects named
 * after "carry" go with Units that leave others behind) and "castle SQ
 * SQ" (two companies swap squares).  Tardy Units roll first; a roll ends
 * the answer, and so does an opponent's Earthquake on the square reached
 * (a standing order "on move"). */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"
#include "ss_order.h"

#define SS_ALL_UNITS(q) ((1u << (q)->nunits) - 1u)

/* The moves the Units of a in mask may still make in this turn if
 * they enter or leave square t, by its Move Restriction and by those
 * they met before in the turn (RULINGS: it caps the moves in the turn
 * of a Unit entering or leaving the Terrain, by the path it would
 * use): the least of what it leaves each, or SS_MOVE_FREE when none
 * holds any of them. */
static int
ss_move_room(const struct ss_game *g, int a, int t, unsigned mask)
{
	int room = SS_MOVE_FREE;

	for (int k = 0; k < g->sq[a].nunits; k++) {
		int r = ss_square_room(&g->sq[a].unit[k], g->sq[t].terrain);

		if ((mask >> k & 1u) && r < room)
			room = r;
	}
	return room;
}

/* May the Units of a in mask enter square t on a path of need moves:
 * it has a terrain sharing a path with every one of them, holds no
 * enemy of p, and its Move Restriction leaves them need moves? */
static int
ss_move_enter(const struct ss_game *g, int p, int a, int t, unsigned mask,
    int need)
{
	int ok = g->sq[t].terrain != SS_NONE && !ss_square_enemy(g, p, t);

	for (int k = 0; ok && k < g->sq[a].nunits; k++)
		ok = !(mask >> k & 1u) ||
		    (ss_cards[g->sq[a].unit[k].card].paths &
		    ss_cards[g->sq[t].terrain].paths) != 0;
	return ok && (need == 0 || ss_move_room(g, a, t, mask) >= need);
}

/* The fewest steps from a to b for the Units of a in mask (every one
 * must share a path with each square crossed, none of which may hold an
 * enemy), or -1; with need > 0, on a path of at most need steps whose
 * every square (a and b too) leaves them need moves by its Move
 * Restriction.  Breadth first over the board, stopping when b is
 * reached (its distance is then the fewest); none when b itself cannot
 * be entered.  With prev, prev[s] is the square before s on the path
 * found (a before b's first step). */
static int
ss_move_bfs(const struct ss_game *g, int p, int a, int b, unsigned mask,
    int need, int *prev)
{
	int dist[SS_SQUARES], queue[SS_SQUARES], head = 0, tail = 0;
	int back[SS_SQUARES];

	if (prev == NULL)
		prev = back;

	if (a == b || !ss_move_enter(g, p, a, b, mask, need) ||
	    (need > 0 && ss_move_room(g, a, a, mask) < need))
		return -1;
	/* A neighbour that may be entered is one step away, as the search
	 * would find first (legal_pick asks of neighbours only). */
	if (ss_board_near(a, b)) {
		prev[b] = a;
		return 1;
	}
	for (int s = 0; s < SS_SQUARES; s++)
		dist[s] = -1;
	dist[a] = 0;
	queue[tail++] = a;
	while (head < tail && dist[b] < 0) {
		int s = queue[head++], nb[SS_NEAR_MAX];
		int n = ss_board_neighbours(s, nb);

		if (need > 0 && dist[s] + 1 > need)
			break;
		for (int i = 0; i < n; i++) {
			int t = nb[i];

			if (dist[t] >= 0 ||
			    !ss_move_enter(g, p, a, t, mask, need))
				continue;
			dist[t] = dist[s] + 1;
			prev[t] = s;
			queue[tail++] = t;
		}
	}
	return dist[b];
}

/* The fewest steps from a to b for the Units of a in mask within left
 * moves whose every square crossed, entered or left allows them by its
 * Move Restriction: a path of L steps may cross only squares that leave
 * L moves, so L is tried from the fewest steps of any path (min) up;
 * the first that reaches b is the answer.  -1 if none does. */
static int
ss_move_steps(const struct ss_game *g, int p, int a, int b, unsigned mask,
    int min, int left, int *prev)
{
	for (int need = min; need <= left; need++)
		if (ss_move_bfs(g, p, a, b, mask, need, prev) == need)
			return need;
	return -1;
}

/* The most squares every Unit of s in mask may still move by its
 * Speed. */
static int
ss_move_reach(const struct ss_game *g, int s, unsigned mask)
{
	int reach = SS_MOVE_FREE;

	for (int k = 0; k < g->sq[s].nunits; k++) {
		int v[SS_TRAITS];

		if (!(mask >> k & 1u))
			continue;
		ss_mods_traits(g, s, k, v);
		if (v[SS_SPEED] - g->sq[s].unit[k].moves < reach)
			reach = v[SS_SPEED] - g->sq[s].unit[k].moves;
	}
	return reach;
}

static int
ss_move_has_tardy(const struct ss_square *q, unsigned mask)
{
	for (int k = 0; k < q->nunits; k++)
		if ((mask >> k & 1u) &&
		    (ss_cards[q->unit[k].card].abilities & SS_AB(TARDY)))
			return 1;
	return 0;
}

int
ss_move_tardy(struct ss_ctx *c, int a, unsigned mask)
{
	struct ss_game *g = c->g;
	char at[3];

	if (!ss_move_has_tardy(&g->sq[a], mask))
		return SS_PLAY_DONE;
	if (c->rng == NULL)
		return SS_PLAY_LAST;
	for (int k = 0; k < g->sq[a].nunits; k++) {
		const struct ss_card *t = &ss_cards[g->sq[a].unit[k].card];
		int die;

		if (!(mask >> k & 1u) || !(t->abilities & SS_AB(TARDY)))
			continue;
		die = ss_react_die(g, c->p, c->rng, c->ev, c->names);
		events_add(c->ev, EVENT_ALL, "Tardy %s: die %d, %d needed.",
		    t->name, die, t->param);
		if (die < t->param) {
			g->sq[a].unit[k].acted |= SS_ACT_STAYED;
			ss_board_name(a, at);
			events_add(c->ev, EVENT_ALL, "The %s at %s stay%s.",
			    mask == SS_ALL_UNITS(&g->sq[a]) ? "company" :
			    "Units", at, mask == SS_ALL_UNITS(&g->sq[a]) ? "s" :
			    "");
			return SS_PLAY_LAST;
		}
	}
	return SS_PLAY_DONE;
}

/* Refuse a move of Units of a in mask one of which failed its Tardy
 * roll this turn (RULINGS: it stays, or every failed roll could be
 * rolled again).  0, or -1 with why set. */
static int
ss_move_stayed(struct ss_ctx *c, int a, unsigned mask)
{
	const struct ss_square *q = &c->g->sq[a];
	char at[3];

	ss_board_name(a, at);
	for (int k = 0; k < q->nunits; k++)
		if ((mask >> k & 1u) && (q->unit[k].acted & SS_ACT_STAYED)) {
			ss_order_no(c, "%s (Unit %d at %s) failed its Tardy "
			    "roll this turn and stays%s", ss_cards[
			    q->unit[k].card].name, k + 1, at, q->nunits > 1 ?
			    "; the others may move if named by number" : "");
			return -1;
		}
	return 0;
}

/* The names of the Units of q in mask, "Warriors, Pirates", into buf. */
static void
ss_move_names(const struct ss_square *q, unsigned mask, char *buf,
    size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < q->nunits && len < size; k++)
		if (mask >> k & 1u)
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
			    len > 0 ? ", " : "", ss_cards[q->unit[k].card].name);
}

/* The refusal of a move of the Units of a in mask to b that has no
 * path: it names the Units with no path of their own, or says that
 * no path serves them all. */
static int
ss_move_no_path(struct ss_ctx *c, int a, int b, unsigned mask)
{
	const struct ss_square *q = &c->g->sq[a];
	char names[160] = "", from[3], to[3];
	size_t len = 0;

	for (int k = 0; k < q->nunits && len < sizeof names; k++)
		if ((mask >> k & 1u) &&
		    ss_move_bfs(c->g, c->p, a, b, 1u << k, 0, NULL) < 0)
			len += (size_t)snprintf(names + len, sizeof names - len,
			    "%s%s (Unit %d)", len > 0 ? ", " : "",
			    ss_cards[q->unit[k].card].name, k + 1);
	ss_board_name(a, from);
	ss_board_name(b, to);
	if (len == 0)
		return ss_order_no(c, "no path from %s to %s that the Units "
		    "moved can all cross: each must share a path with every "
		    "square crossed", from, to);
	return ss_order_no(c, "no path from %s to %s for %s: a Unit crosses "
	    "only Terrains it shares a path with, free of enemies", from, to,
	    names);
}

/* "N..." after the squares of a move: the Units of a to move, by their
 * numbers as the view lists them, into *mask (none: the whole company).
 * 0, or -1 with why set. */
static int
ss_move_which(struct ss_ctx *c, const struct util_words *w, int a,
    unsigned *mask)
{
	const struct ss_square *q = &c->g->sq[a];

	*mask = 0;
	for (int i = 3; i < w->n; i++) {
		long long k;

		if (util_parse_int(w->w[i], 1, q->nunits, &k) < 0) {
			ss_order_no(c, "'%s' is not a Unit at %s (1 to %d, as "
			    "listed)", w->w[i], w->w[1], q->nunits);
			return -1;
		}
		*mask |= 1u << (k - 1);
	}
	if (*mask == 0)
		*mask = SS_ALL_UNITS(q);
	return 0;
}

/* An opponent's standing order "on move SQ|any cast earthquake" answers
 * the move that ended at b: asked in turn order from the mover, the
 * first that fires (and is not annulled) strikes b.  Returns 1 then. */
static int
ss_move_quake(struct ss_ctx *c, int b)
{
	struct ss_game *g = c->g;

	if (c->ev == NULL || ss_cards[g->sq[b].terrain].type == SS_CAPITAL)
		return 0;
	for (int i = 1; i < g->n; i++) {
		int q = (c->p + i) % g->n, card;

		while ((card = ss_react_fire(g, q, SS_ON_MOVE, b,
		    SS_AB(CHAOS), c->ev, c->names)) >= 0 &&
		    ss_react_annul(g, q, card, c->ev, c->names))
			;
		if (card < 0)
			continue;
		ss_chaos_quake(g, q, card, b, c->rng, c->ev, c->names);
		return 1;
	}
	return 0;
}

int
ss_move_order(struct ss_ctx *c, const struct util_words *w0)
{
	int a, b, steps, left, troops = 0, carry[SS_CARRY_MAX], ncarry;
	int go[SS_EFFECTS], ngo, nunits = 0, prev[SS_SQUARES];
	char moved[160], carried[160];
	unsigned mask;
	struct ss_game *g = c->g;
	struct util_words t = *w0, *w = &t;
	int whole;

	if (w->n < 3)
		return ss_order_no(c, "expected 'move FROM TO [N...] [carry "
		    "CARD...]'");
	if (ss_order_square(c, w->w[1], &a) < 0 ||
	    ss_order_square(c, w->w[2], &b) < 0)
		return SS_PLAY_REFUSED;
	if (g->sq[a].nunits == 0 || g->sq[a].unit[0].owner != c->p)
		return ss_order_no(c, "you have no company at %s", w->w[1]);
	if ((ncarry = ss_order_carry(c, w, 3, a, carry)) < 0 ||
	    ss_move_which(c, w, a, &mask) < 0)
		return SS_PLAY_REFUSED;
	if (ss_move_stayed(c, a, mask) < 0)
		return SS_PLAY_REFUSED;
	if (a == b || g->sq[b].terrain == SS_NONE)
		return ss_order_no(c, "%s is no terrain to move to", w->w[2]);
	if (ss_square_enemy(g, c->p, b))
		return ss_order_no(c, "%s holds an enemy: attack it", w->w[2]);
	whole = mask == SS_ALL_UNITS(&g->sq[a]);
	if ((steps = ss_move_bfs(g, c->p, a, b, mask, 0, NULL)) < 0)
		return ss_move_no_path(c, a, b, mask);
	if (steps > (left = ss_move_reach(g, a, mask)))
		return ss_order_no(c, "%s is %d moves away: too far for %s",
		    w->w[2], steps, whole ? "the company" : "these Units");
	if ((steps = ss_move_steps(g, c->p, a, b, mask, steps, left,
	    prev)) < 0)
		return ss_order_no(c, "Move Restriction bars every path from %s "
		    "to %s for %s: a Unit that enters or leaves such a Terrain "
		    "moves no more in the turn than its number", w->w[1],
		    w->w[2], whole ? "the company" : "these Units");
	for (int k = 0; k < g->sq[a].nunits; k++)
		if (mask >> k & 1u) {
			troops += ss_cards[g->sq[a].unit[k].card].type ==
			    SS_TROOP;
			nunits++;
		}
	if (troops + ss_square_troops(&g->sq[b]) >
	    ss_cards[g->sq[b].terrain].limit ||
	    nunits + g->sq[b].nunits > SS_SQ_UNITS)
		return ss_order_no(c, "%s would pass its Limit of %d", w->w[2],
		    ss_cards[g->sq[b].terrain].limit);
	if (ss_move_tardy(c, a, mask) != SS_PLAY_DONE)
		return SS_PLAY_LAST;
	if (c->verdict)
		return SS_PLAY_DONE;
	ss_move_names(&g->sq[a], mask, moved, sizeof moved);
	ngo = ss_pile_carried(g, a, carry, ncarry, go);
	for (int k = g->sq[a].nunits - 1; k >= 0; k--)
		if (mask >> k & 1u) {
			g->sq[a].unit[k].moves += steps;
			for (int s = b; s != a; s = prev[s])
				ss_square_hold(&g->sq[a].unit[k],
				    g->sq[prev[s]].terrain);
			ss_square_hold(&g->sq[a].unit[k], g->sq[b].terrain);
			ss_pile_unit_move(g, a, k, b);
		}
	for (int i = 0; i < ngo; i++)
		g->effect[go[i]].sq = b;
	ss_pile_carried_text(g, go, ngo, carried, sizeof carried);
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s moves %s at %s to %s: %s%s.",
		    c->names[c->p], g->sq[a].nunits == 0 ? "the company" :
		    "Units", w->w[1], w->w[2], moved, carried);
	if (ss_move_quake(c, b))
		return SS_PLAY_CUT;
	return ss_move_has_tardy(&g->sq[b], SS_ALL_UNITS(&g->sq[b])) ?
	    SS_PLAY_LAST : SS_PLAY_DONE;
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
		return ss_order_no(c, "expected 'castle SQUARE SQUARE'");
	for (int i = 0; i < 2; i++) {
		if (ss_order_square(c, w->w[1 + i], &sq[i]) < 0)
			return SS_PLAY_REFUSED;
		if (g->sq[sq[i]].nunits == 0 ||
		    g->sq[sq[i]].unit[0].owner != c->p)
			return ss_order_no(c, "you have no company at %s",
			    w->w[1 + i]);
	}
	if (!ss_board_near(sq[0], sq[1]))
		return ss_order_no(c, "%s is not near %s", w->w[2], w->w[1]);
	for (int i = 0; i < 2; i++) {
		const struct ss_square *from = &g->sq[sq[i]];
		const struct ss_card *to = &ss_cards[g->sq[sq[1 - i]].terrain];

		for (int k = 0; k < from->nunits; k++)
			if ((ss_cards[from->unit[k].card].paths & to->paths) ==
			    0)
				return ss_order_no(c, "%s cannot cross %s",
				    ss_cards[from->unit[k].card].name,
				    to->name);
		if (ss_move_stayed(c, sq[i], SS_ALL_UNITS(from)) < 0)
			return SS_PLAY_REFUSED;
		if (ss_move_reach(g, sq[i], SS_ALL_UNITS(from)) < 1)
			return ss_order_no(c, "the company at %s has no move "
			    "left", w->w[1 + i]);
		if (ss_move_room(g, sq[i], sq[i], SS_ALL_UNITS(from)) < 1 ||
		    ss_move_room(g, sq[i], sq[1 - i], SS_ALL_UNITS(from)) < 1)
			return ss_order_no(c, "Move Restriction holds the "
			    "company at %s", w->w[1 + i]);
		if (ss_square_troops(from) > to->limit)
			return ss_order_no(c, "%s would pass its Limit of %d",
			    w->w[2 - i], to->limit);
	}
	for (int i = 0; i < 2; i++)
		if ((r = ss_move_tardy(c, sq[i],
		    SS_ALL_UNITS(&g->sq[sq[i]]))) != SS_PLAY_DONE)
			return r;
	if (c->verdict)
		return SS_PLAY_DONE;
	for (int i = 0; i < g->neffects; i++)
		if (g->effect[i].sq == sq[1] && g->effect[i].unit == SS_NONE)
			stay[nstay++] = i;
	n[0] = g->sq[sq[0]].nunits;
	n[1] = g->sq[sq[1]].nunits;
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < n[i]; k++) {
			g->sq[sq[i]].unit[0].moves++;
			ss_square_hold(&g->sq[sq[i]].unit[0],
			    g->sq[sq[i]].terrain);
			ss_square_hold(&g->sq[sq[i]].unit[0],
			    g->sq[sq[1 - i]].terrain);
			ss_pile_unit_move(g, sq[i], 0, sq[1 - i]);
		}
	for (int i = 0; i < nstay; i++)
		g->effect[stay[i]].sq = sq[0];
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s castles: the companies at %s "
		    "and %s swap squares.", c->names[c->p], w->w[1], w->w[2]);
	return ss_move_has_tardy(&g->sq[sq[0]], SS_ALL_UNITS(&g->sq[sq[0]])) ||
	    ss_move_has_tardy(&g->sq[sq[1]], SS_ALL_UNITS(&g->sq[sq[1]])) ?
	    SS_PLAY_LAST : SS_PLAY_DONE;
}

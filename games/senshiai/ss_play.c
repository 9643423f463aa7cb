/* ss_play.c - one order of a player, checked and (with ev) applied to the
 * state: the deck list, the Draw Stage and the Main Stage.  The same
 * function checks orders for validate (on a copy, ev NULL: nothing
 * random happens) and applies them for resolve, so the two cannot
 * disagree.  Orders that roll dice (an attack, moving a Tardy Unit) end
 * the answer: their outcome decides what may follow. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

struct ss_ctx {
	struct ss_game *g;
	int p;
	struct rng *rng;         /* NULL: checking only */
	struct events *ev;       /* NULL: checking only */
	const char *const *names;
	char *why;
	size_t size;
	const char *text;
};

static int
ss_play_no(struct ss_ctx *c, const char *fmt, ...) GB_PRINTF(2, 3);

static int
ss_play_no(struct ss_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->why, c->size, fmt, ap);
	va_end(ap);
	return SS_PLAY_REFUSED;
}

/* A card word of the player's hand; -1 with why set. */
static int
ss_play_hand_card(struct ss_ctx *c, const char *word, int *card)
{
	if ((*card = ss_cards_find(word, c->why, c->size)) < 0)
		return -1;
	if (ss_pile_find(&c->g->p[c->p].hand, *card) < 0) {
		ss_play_no(c, "%s is not in your hand", ss_cards[*card].name);
		return -1;
	}
	return 0;
}

static int
ss_play_square(struct ss_ctx *c, const char *word, int *sq)
{
	if ((*sq = ss_board_parse(word)) < 0) {
		ss_play_no(c, "'%s' is not a square (a1 to i9)", word);
		return -1;
	}
	return 0;
}

/* Play card from the hand paying its cost: the cards named after "pay"
 * (words w[at..]) or else the first cards of the hand.  The played card
 * leaves the hand; the paid ones go to the Discard Pile. */
static int
ss_play_pay(struct ss_ctx *c, int card, const struct util_words *w, int at)
{
	struct ss_pile *h = &c->g->p[c->p].hand;
	int cost = ss_cards[card].cost, paid;

	ss_pile_take(h, ss_pile_find(h, card));
	if (at < w->n) {
		if (strcmp(w->w[at], "pay") != 0)
			return ss_play_no(c, "expected 'pay', found '%s'",
			    w->w[at]);
		if (w->n - at - 1 != cost)
			return ss_play_no(c, "%s costs %d card%s, %d named",
			    ss_cards[card].name, cost, cost == 1 ? "" : "s",
			    w->n - at - 1);
		for (int i = at + 1; i < w->n; i++) {
			int k;

			if (ss_play_hand_card(c, w->w[i], &k) < 0)
				return SS_PLAY_REFUSED;
			ss_pile_push(&c->g->p[c->p].discard,
			    ss_pile_take(h, ss_pile_find(h, k)));
		}
		return SS_PLAY_DONE;
	}
	if (h->n < cost)
		return ss_play_no(c, "%s costs %d cards, your hand holds %d "
		    "others", ss_cards[card].name, cost, h->n);
	for (paid = 0; paid < cost; paid++)
		ss_pile_push(&c->g->p[c->p].discard, ss_pile_take(h, 0));
	return SS_PLAY_DONE;
}

int
ss_play_realm(const struct ss_game *g, int p, int s)
{
	const struct ss_square *q = &g->sq[s];

	if (q->nunits > 0)
		return q->unit[0].owner == p;
	return q->terrain != SS_NONE && q->master == p;
}

/* Does square s hold an enemy of p: Units, or an enemy Capital? */
int
ss_play_enemy(const struct ss_game *g, int p, int s)
{
	const struct ss_square *q = &g->sq[s];

	if (q->nunits > 0)
		return q->unit[0].owner != p;
	return q->terrain != SS_NONE && q->master != p &&
	    ss_cards[q->terrain].type == SS_CAPITAL;
}

static int
ss_play_troops(const struct ss_square *q)
{
	int n = 0;

	for (int k = 0; k < q->nunits; k++)
		n += ss_cards[q->unit[k].card].type == SS_TROOP;
	return n;
}

static int
ss_play_terrain(struct ss_ctx *c, const struct util_words *w)
{
	int card, s, nb[SS_NEAR_MAX], n, near = 0;

	if (w->n < 3)
		return ss_play_no(c, "expected 'terrain CARD SQUARE'");
	if (ss_play_hand_card(c, w->w[1], &card) < 0 ||
	    ss_play_square(c, w->w[2], &s) < 0)
		return SS_PLAY_REFUSED;
	if (ss_cards[card].type != SS_TERRAIN)
		return ss_play_no(c, "%s is not a Terrain", ss_cards[card].name);
	if (c->g->sq[s].terrain != SS_NONE)
		return ss_play_no(c, "%s is not empty", w->w[2]);
	n = ss_board_neighbours(s, nb);
	for (int i = 0; i < n; i++)
		near |= ss_play_realm(c->g, c->p, nb[i]);
	if (!near)
		return ss_play_no(c, "%s is not near your realm", w->w[2]);
	if (ss_play_pay(c, card, w, 3) != SS_PLAY_DONE)
		return SS_PLAY_REFUSED;
	c->g->sq[s].terrain = card;
	c->g->sq[s].master = c->p;
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s plays %s at %s.",
		    c->names[c->p], ss_cards[card].name, w->w[2]);
	return SS_PLAY_DONE;
}

static int
ss_play_recruit(struct ss_ctx *c, const struct util_words *w)
{
	int card, s;
	struct ss_square *q;

	if (w->n < 3)
		return ss_play_no(c, "expected 'recruit CARD SQUARE'");
	if (ss_play_hand_card(c, w->w[1], &card) < 0 ||
	    ss_play_square(c, w->w[2], &s) < 0)
		return SS_PLAY_REFUSED;
	q = &c->g->sq[s];
	if (ss_cards[card].type != SS_TROOP)
		return ss_play_no(c, "%s is not a Troop", ss_cards[card].name);
	if (!ss_play_realm(c->g, c->p, s))
		return ss_play_no(c, "%s is not yours", w->w[2]);
	if ((ss_cards[q->terrain].abilities & SS_AB(RECRUIT)) == 0)
		return ss_play_no(c, "%s has no Recruit ability",
		    ss_cards[q->terrain].name);
	if ((ss_cards[q->terrain].paths & ss_cards[card].paths) == 0)
		return ss_play_no(c, "%s and %s share no path",
		    ss_cards[card].name, ss_cards[q->terrain].name);
	if (ss_play_troops(q) + 1 > ss_cards[q->terrain].limit ||
	    q->nunits >= SS_SQ_UNITS)
		return ss_play_no(c, "%s is at its Limit of %d",
		    ss_cards[q->terrain].name, ss_cards[q->terrain].limit);
	if (ss_play_pay(c, card, w, 3) != SS_PLAY_DONE)
		return SS_PLAY_REFUSED;
	memset(&q->unit[q->nunits], 0, sizeof q->unit[0]);
	q->unit[q->nunits].card = card;
	q->unit[q->nunits].owner = c->p;
	q->nunits++;
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s recruits %s at %s.",
		    c->names[c->p], ss_cards[card].name, w->w[2]);
	return SS_PLAY_DONE;
}

/* The fewest steps from a to b for the company of a (every Unit must
 * share a path with each square crossed, none of which may hold an
 * enemy), or -1.  Breadth first over the board. */
static int
ss_play_steps(const struct ss_game *g, int p, int a, int b)
{
	int dist[SS_SQUARES], queue[SS_SQUARES], head = 0, tail = 0;
	unsigned need = 0;

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
	(void)need;
	return dist[b];
}

/* The most squares every Unit of the company on s may still move, with
 * Move Restriction: a Unit entering or leaving a terrain with it may
 * not move more than its number in the turn (RULINGS). */
static int
ss_play_reach(const struct ss_game *g, int s, int to)
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
ss_play_has_tardy(const struct ss_square *q)
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
ss_play_tardy(struct ss_ctx *c, int a)
{
	struct ss_game *g = c->g;
	char at[3];

	if (!ss_play_has_tardy(&g->sq[a]))
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

static int
ss_play_move(struct ss_ctx *c, const struct util_words *w)
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
	if ((steps = ss_play_steps(g, c->p, a, b)) < 0)
		return ss_play_no(c, "no path for the whole company from %s "
		    "to %s", w->w[1], w->w[2]);
	if (steps > ss_play_reach(g, a, b))
		return ss_play_no(c, "%s is %d moves away: too far for the "
		    "company", w->w[2], steps);
	if (ss_play_troops(&g->sq[a]) + ss_play_troops(&g->sq[b]) >
	    ss_cards[g->sq[b].terrain].limit ||
	    g->sq[a].nunits + g->sq[b].nunits > SS_SQ_UNITS)
		return ss_play_no(c, "%s would pass its Limit of %d", w->w[2],
		    ss_cards[g->sq[b].terrain].limit);
	if (ss_play_tardy(c, a) != SS_PLAY_DONE)
		return SS_PLAY_LAST;
	for (int k = g->sq[a].nunits - 1; k >= 0; k--) {
		g->sq[a].unit[k].moves += steps;
		ss_pile_unit_move(g, a, k, b);
	}
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s moves the company at %s to "
		    "%s.", c->names[c->p], w->w[1], w->w[2]);
	return ss_play_has_tardy(&g->sq[b]) ? SS_PLAY_LAST : SS_PLAY_DONE;
}

/* castle A B: two companies of the player on near squares swap
 * squares, each Unit spending a move (the text's "castling"); each
 * must share a path with the other square, Move Restriction and the
 * Limits hold as for a move, and Tardy Units roll.  Company Effects go
 * with their companies. */
static int
ss_play_castle(struct ss_ctx *c, const struct util_words *w)
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
		if (ss_play_reach(g, sq[i], sq[1 - i]) < 1)
			return ss_play_no(c, "the company at %s has no move "
			    "left", w->w[1 + i]);
		if (ss_play_troops(from) > to->limit)
			return ss_play_no(c, "%s would pass its Limit of %d",
			    w->w[2 - i], to->limit);
	}
	for (int i = 0; i < 2; i++)
		if ((r = ss_play_tardy(c, sq[i])) != SS_PLAY_DONE)
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
	return ss_play_has_tardy(&g->sq[sq[0]]) ||
	    ss_play_has_tardy(&g->sq[sq[1]]) ? SS_PLAY_LAST : SS_PLAY_DONE;
}

static int
ss_play_attack(struct ss_ctx *c, const struct util_words *w)
{
	int a, b, ranged, any = 0, prio[SS_PRIO_MAX], nprio = 0;
	struct ss_game *g = c->g;

	if (w->n < 4 || (strcmp(w->w[3], "close") != 0 &&
	    strcmp(w->w[3], "ranged") != 0))
		return ss_play_no(c, "expected 'attack FROM TO close' or "
		    "'attack FROM TO ranged', then optionally 'target "
		    "CARD...'");
	if (w->n > 4 && (nprio = ss_react_targets(w, 4, prio, c->why,
	    c->size)) < 0)
		return SS_PLAY_REFUSED;
	if (ss_play_square(c, w->w[1], &a) < 0 ||
	    ss_play_square(c, w->w[2], &b) < 0)
		return SS_PLAY_REFUSED;
	ranged = w->w[3][0] == 'r';
	if (g->sq[a].nunits == 0 || g->sq[a].unit[0].owner != c->p)
		return ss_play_no(c, "you have no company at %s", w->w[1]);
	if (!ss_board_near(a, b))
		return ss_play_no(c, "%s is not near %s", w->w[2], w->w[1]);
	if (!ss_play_enemy(g, c->p, b))
		return ss_play_no(c, "no enemy at %s", w->w[2]);
	for (int k = 0; k < g->sq[a].nunits; k++)
		any |= ss_fight_eligible(g, a, k, ranged);
	if (!any)
		return ss_play_no(c, "no Unit at %s can attack %s now",
		    w->w[1], ranged ? "at range" : "in close combat");
	if (!ranged && (ss_cards[g->sq[b].terrain].paths &
	    ss_cards[g->sq[a].unit[0].card].paths) == 0)
		return ss_play_no(c, "your company cannot cross %s",
		    ss_cards[g->sq[b].terrain].name);
	if (c->rng != NULL)
		ss_fight(g, a, b, ranged, prio, nprio, c->rng, c->ev,
		    c->names);
	return SS_PLAY_LAST;
}

/* After card is paid for: does an opponent's standing order annul it
 * (Dispel)?  Then card goes to its caster's Discard Pile, the order
 * ends the answer (the caster owes the Main Stage again, seeing it), and
 * 1 is returned.  Only when applying: checking never fires reactions. */
static int
ss_play_annulled(struct ss_ctx *c, int card)
{
	struct ss_game *g = c->g;

	if (c->ev == NULL)
		return 0;
	for (int i = 1; i < g->n; i++) {
		int q = (c->p + i) % g->n;
		int k = ss_react_fire(g, q, SS_ON_CAST, card, SS_AB(ANNULS));

		if (k < 0)
			continue;
		ss_pile_push(&g->p[q].discard, k);
		ss_pile_push(&g->p[c->p].discard, card);
		events_add(c->ev, EVENT_ALL, "%s casts %s (a standing order): "
		    "%s's %s is annulled before it comes into play.",
		    c->names[q], ss_cards[k].name, c->names[c->p],
		    ss_cards[card].name);
		return 1;
	}
	return 0;
}

/* cast earthquake SQ: Chaos.  The die is rolled at once (RULINGS: the
 * Effect lasts a round, which holds only this Main Stage of its
 * caster); at or above the card's number the Terrain is destroyed and
 * the Units on it flee.  Rolls a die, so it ends the answer. */
static int
ss_play_chaos(struct ss_ctx *c, int card, int s, const struct util_words *w)
{
	struct ss_game *g = c->g;
	struct ss_square *q = &g->sq[s];
	int die;

	if (ss_cards[q->terrain].type == SS_CAPITAL)
		return ss_play_no(c, "%s cannot strike a Capital",
		    ss_cards[card].name);
	if (ss_play_pay(c, card, w, 3) != SS_PLAY_DONE)
		return SS_PLAY_REFUSED;
	if (c->rng == NULL)
		return SS_PLAY_LAST;
	if (ss_play_annulled(c, card))
		return SS_PLAY_LAST;
	events_add(c->ev, EVENT_ALL, "%s casts %s on %s.", c->names[c->p],
	    ss_cards[card].name, w->w[2]);
	die = ss_react_die(g, c->p, c->rng, c->ev, c->names);
	ss_pile_push(&g->p[c->p].discard, card);
	events_add(c->ev, EVENT_ALL, "Chaos: die %d, %d needed.", die,
	    ss_cards[card].param);
	if (die < ss_cards[card].param)
		return SS_PLAY_LAST;
	events_add(c->ev, EVENT_ALL, "%s at %s is destroyed.",
	    ss_cards[q->terrain].name, w->w[2]);
	ss_flee_all(g, s, c->ev, c->names);
	for (int i = g->neffects - 1; i >= 0; i--)
		if (g->effect[i].sq == s)
			ss_pile_effect_end(g, i);
	ss_pile_push(&g->p[q->master].discard, q->terrain);
	q->terrain = q->master = SS_NONE;
	q->activated = 0;
	return SS_PLAY_LAST;
}

/* cast CARD TARGET...: the Events castable in the Main Stage. */
static int
ss_play_cast(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_game *g = c->g;
	int card, s = SS_NONE, unit = SS_NONE, at = 3, target;
	struct ss_effect *f;

	if (w->n < 3)
		return ss_play_no(c, "expected 'cast CARD TARGET'");
	if (ss_play_hand_card(c, w->w[1], &card) < 0)
		return SS_PLAY_REFUSED;
	if (ss_cards[card].type != SS_EVENT)
		return ss_play_no(c, "%s is not an Event", ss_cards[card].name);
	target = ss_cards[card].target;
	if (target == SS_TG_PLAYER) {
		long long who;

		if (util_parse_int(w->w[2], 1, g->n, &who) < 0 ||
		    g->p[who - 1].out)
			return ss_play_no(c, "expected a player's number, 1 "
			    "to %d, of a player still in", g->n);
		if (ss_play_pay(c, card, w, 3) != SS_PLAY_DONE)
			return SS_PLAY_REFUSED;
		if (ss_play_annulled(c, card))
			return SS_PLAY_LAST;
		ss_pile_draw(g, (int)who - 1, 2);
		ss_pile_push(&g->p[c->p].discard, card);
		if (c->ev != NULL)
			events_add(c->ev, EVENT_ALL, "%s casts %s: %s draws 2 "
			    "cards.", c->names[c->p], ss_cards[card].name,
			    c->names[who - 1]);
		return SS_PLAY_DONE;
	}
	if (ss_play_square(c, w->w[2], &s) < 0)
		return SS_PLAY_REFUSED;
	if (g->sq[s].terrain == SS_NONE)
		return ss_play_no(c, "no terrain at %s", w->w[2]);
	if (target == SS_TG_UNIT) {
		long long k;

		if (w->n < 4 || util_parse_int(w->w[3], 1, g->sq[s].nunits,
		    &k) < 0)
			return ss_play_no(c, "expected 'cast %s SQUARE N', N "
			    "a Unit of the square as listed",
			    ss_cards[card].word);
		unit = (int)k - 1;
		at = 4;
	} else if (target == SS_TG_COMPANY && g->sq[s].nunits == 0) {
		return ss_play_no(c, "no company at %s", w->w[2]);
	} else if (target == SS_TG_EVENT) {
		int k2, found = -1;

		if (w->n < 4 || (k2 = ss_cards_find(w->w[3], c->why,
		    c->size)) < 0)
			return ss_play_no(c, "expected 'cast %s SQUARE EVENT'",
			    ss_cards[card].word);
		for (int i = 0; i < g->neffects && found < 0; i++)
			if (g->effect[i].sq == s && g->effect[i].card == k2)
				found = i;
		if (found < 0)
			return ss_play_no(c, "no %s in play at %s",
			    ss_cards[k2].name, w->w[2]);
		if (ss_play_pay(c, card, w, 4) != SS_PLAY_DONE)
			return SS_PLAY_REFUSED;
		if (ss_play_annulled(c, card))
			return SS_PLAY_LAST;
		ss_pile_effect_end(g, found);
		ss_pile_push(&g->p[c->p].discard, card);
		if (c->ev != NULL)
			events_add(c->ev, EVENT_ALL, "%s casts %s: %s at %s "
			    "is annulled.", c->names[c->p],
			    ss_cards[card].name, ss_cards[k2].name, w->w[2]);
		return SS_PLAY_DONE;
	} else if (target != SS_TG_COMPANY && target != SS_TG_TERRAIN) {
		return ss_play_no(c, "%s is not cast this way (see the man "
		    "page)", ss_cards[card].name);
	}
	if (ss_cards[card].abilities & (SS_AB(CONTINGENCY) |
	    SS_AB(INTERRUPT) | SS_AB(INTERRUPTS_ROLL)))
		return ss_play_no(c, "%s is cast by a standing order, 'on ... "
		    "cast %s' (see the man page)", ss_cards[card].name,
		    ss_cards[card].word);
	if (ss_cards[card].abilities & SS_AB(CHAOS))
		return ss_play_chaos(c, card, s, w);
	if (g->neffects >= SS_EFFECTS)
		return ss_play_no(c, "too many Effects in play");
	if (ss_cards[card].abilities & SS_AB(ACTS_AS_UNIT)) {
		struct ss_square *q = &g->sq[s];

		if (!ss_play_realm(g, c->p, s) || q->nunits >= SS_SQ_UNITS)
			return ss_play_no(c, "%s must be cast on a terrain of "
			    "your realm", ss_cards[card].name);
		if (ss_play_pay(c, card, w, at) != SS_PLAY_DONE)
			return SS_PLAY_REFUSED;
		if (ss_play_annulled(c, card))
			return SS_PLAY_LAST;
		memset(&q->unit[q->nunits], 0, sizeof q->unit[0]);
		q->unit[q->nunits].card = card;
		q->unit[q->nunits].owner = c->p;
		q->nunits++;
	} else {
		if (ss_play_pay(c, card, w, at) != SS_PLAY_DONE)
			return SS_PLAY_REFUSED;
		if (ss_play_annulled(c, card))
			return SS_PLAY_LAST;
		f = &g->effect[g->neffects++];
		f->card = card;
		f->caster = c->p;
		f->sq = s;
		f->unit = unit;
		f->duration = ss_cards[card].duration;
	}
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s casts %s on %s.",
		    c->names[c->p], ss_cards[card].name, w->w[2]);
	ss_play_zero(g, c->ev, c->names);
	return SS_PLAY_DONE;
}

void
ss_play_zero(struct ss_game *g, struct events *ev, const char *const *names)
{
	for (int s = 0; s < SS_SQUARES; s++)
		for (int k = g->sq[s].nunits - 1; k >= 0; k--) {
			int v[SS_TRAITS];

			ss_mods_traits(g, s, k, v);
			if (v[SS_RESIST] > 0)
				continue;
			if (ev != NULL)
				events_add(ev, EVENT_ALL, "%s of %s has no "
				    "Resistance left and is destroyed.",
				    ss_cards[g->sq[s].unit[k].card].name,
				    names[g->sq[s].unit[k].owner]);
			ss_pile_unit_destroy(g, s, k);
		}
}

/* activate SQ (Activate) and produce SQ (Production). */
static int
ss_play_economy(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_game *g = c->g;
	struct ss_square *q;
	int s, n = 0;

	if (w->n != 2 || ss_play_square(c, w->w[1], &s) < 0)
		return ss_play_no(c, "expected '%s SQUARE'", w->w[0]);
	q = &g->sq[s];
	if (q->nunits == 0 || q->unit[0].owner != c->p)
		return ss_play_no(c, "you have no company at %s", w->w[1]);
	if (w->w[0][0] == 'a') {
		const struct ss_card *t = &ss_cards[q->terrain];

		if (!(t->abilities & SS_AB(ACTIVATE)) || q->activated)
			return ss_play_no(c, "%s cannot be activated now",
			    t->name);
		if (q->nunits < t->param)
			return ss_play_no(c, "%s needs %d Units to activate",
			    t->name, t->param);
		q->activated = 1;
		ss_pile_restore(g, c->p, 2, c->ev, c->names);
		return SS_PLAY_DONE;
	}
	for (int k = 0; k < q->nunits; k++) {
		struct ss_unit *u = &q->unit[k];

		if ((ss_cards[u->card].abilities & SS_AB(PRODUCTION)) &&
		    u->moves == 0 && !(u->acted & SS_ACT_PRODUCED)) {
			u->acted |= SS_ACT_PRODUCED;
			n++;
		}
	}
	if (n == 0)
		return ss_play_no(c, "no producer at %s can produce now",
		    w->w[1]);
	ss_pile_restore(g, c->p, n, c->ev, c->names);
	return SS_PLAY_DONE;
}

static int ss_play_one(struct ss_ctx *c);

/* One order, then whoever's Reserve is empty is out; the answer ends if
 * the player is out or the game over. */
int
ss_play_order(struct ss_game *g, int p, const char *text, struct rng *rng,
    struct events *ev, const char *const *names, char *why, size_t size)
{
	struct ss_ctx c = { g, p, rng, ev, names, why, size, text };
	int r;

	why[0] = '\0';
	if (g->p[p].out || g->stage == SS_STAGE_OVER)
		return ss_play_no(&c, "you are out of the game");
	if ((r = ss_play_one(&c)) < 0)
		return r;
	ss_pile_check(g, ev, names);
	if (g->p[p].out || g->stage == SS_STAGE_OVER)
		return SS_PLAY_LAST;
	return r;
}

static int
ss_play_one(struct ss_ctx *c0)
{
	struct ss_ctx c = *c0;
	struct ss_game *g = c.g;
	int p = c.p;
	struct events *ev = c.ev;
	const char *const *names = c.names;
	struct util_words w;

	if (util_words(c.text, &w) < 0 || w.n == 0)
		return ss_play_no(&c, "empty or too long order");
	if (w.n > UTIL_WORDS_MAX)
		return ss_play_no(&c, "too many words");
	if (strcmp(w.w[0], "on") == 0)
		return ss_react_order(g, p, c.text, c.why, c.size) < 0 ?
		    SS_PLAY_REFUSED : SS_PLAY_DONE;
	if (strcmp(w.w[0], "standing") == 0) {
		if (w.n != 2 || strcmp(w.w[1], "clear") != 0)
			return ss_play_no(&c, "expected 'standing clear'");
		g->p[p].nstanding = 0;
		return SS_PLAY_DONE;
	}
	if (g->stage == SS_STAGE_DRAW) {
		int card;

		if (strcmp(w.w[0], "draw") == 0 && w.n == 1)
			return SS_PLAY_LAST;
		if (strcmp(w.w[0], "discard") != 0 || w.n != 2)
			return ss_play_no(&c, "expected 'discard CARD' or "
			    "'draw'");
		if (ss_play_hand_card(&c, w.w[1], &card) < 0)
			return SS_PLAY_REFUSED;
		ss_pile_push(&g->p[p].discard, ss_pile_take(&g->p[p].hand,
		    ss_pile_find(&g->p[p].hand, card)));
		return SS_PLAY_DONE;
	}
	if (strcmp(w.w[0], "end") == 0 && w.n == 1)
		return SS_PLAY_LAST;
	if (strcmp(w.w[0], "seppuku") == 0 && w.n == 1) {
		if (ev != NULL)
			ss_pile_out(g, p, "seppuku", ev, names);
		return SS_PLAY_LAST;
	}
	if (strcmp(w.w[0], "terrain") == 0)
		return ss_play_terrain(&c, &w);
	if (strcmp(w.w[0], "recruit") == 0)
		return ss_play_recruit(&c, &w);
	if (strcmp(w.w[0], "move") == 0)
		return ss_play_move(&c, &w);
	if (strcmp(w.w[0], "castle") == 0)
		return ss_play_castle(&c, &w);
	if (strcmp(w.w[0], "attack") == 0)
		return ss_play_attack(&c, &w);
	if (strcmp(w.w[0], "cast") == 0)
		return ss_play_cast(&c, &w);
	if (strcmp(w.w[0], "activate") == 0 || strcmp(w.w[0], "produce") == 0)
		return ss_play_economy(&c, &w);
	return ss_play_no(&c, "unknown order '%s'", w.w[0]);
}

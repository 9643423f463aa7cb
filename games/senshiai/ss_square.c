/* ss_square.c - who holds a square and what its company may do there
 * (and the moves a Unit has left by the Move Restrictions it met):
 * the questions the orders, fleeing and the candidate walk all ask of
 * one square, kept below them so that none has to ask the others. */
#include "senshiai.h"

int
ss_square_realm(const struct ss_game *g, int p, int s)
{
	const struct ss_square *q = &g->sq[s];

	if (q->nunits > 0)
		return q->unit[0].owner == p;
	return q->terrain != SS_NONE && q->master == p;
}

int
ss_square_enemy(const struct ss_game *g, int p, int s)
{
	const struct ss_square *q = &g->sq[s];

	if (q->nunits > 0)
		return q->unit[0].owner != p;
	return q->terrain != SS_NONE && q->master != p &&
	    ss_cards[q->terrain].type == SS_CAPITAL;
}

int
ss_square_troops(const struct ss_square *q)
{
	int n = 0;

	for (int k = 0; k < q->nunits; k++)
		n += ss_cards[q->unit[k].card].type == SS_TROOP;
	return n;
}

int
ss_square_producer(const struct ss_unit *u)
{
	return (ss_cards[u->card].abilities & SS_AB(PRODUCTION)) &&
	    u->moves == 0 && !(u->acted & SS_ACT_PRODUCED);
}

int
ss_square_producers(const struct ss_square *q)
{
	int n = 0;

	for (int k = 0; k < q->nunits; k++)
		n += ss_square_producer(&q->unit[k]);
	return n;
}

int
ss_square_activate_test(const struct ss_square *q)
{
	const struct ss_card *t = &ss_cards[q->terrain];

	if (!(t->abilities & SS_AB(ACTIVATE)) || q->activated)
		return 1;
	return q->nunits < t->param ? 2 : 0;
}

int
ss_square_room(const struct ss_unit *u, int terrain)
{
	int room = u->held > 0 ? u->held - u->moves : SS_MOVE_FREE, cap;

	if (terrain != SS_NONE &&
	    (cap = ss_cards_restriction(terrain, u->card)) >= 0 &&
	    cap - u->moves < room)
		room = cap - u->moves;
	return room;
}

void
ss_square_hold(struct ss_unit *u, int terrain)
{
	int cap = terrain == SS_NONE ? -1 :
	    ss_cards_restriction(terrain, u->card);

	if (cap >= 1 && (u->held == 0 || cap < u->held))
		u->held = (signed char)cap;
}

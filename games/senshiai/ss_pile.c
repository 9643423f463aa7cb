/* ss_pile.c - moving cards between piles and the board: drawing,
 * discarding, wasting, restoring, moving and destroying a Unit, ending
 * an Effect.  What they log is public unless it shows a hidden card. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

void
ss_pile_push(struct ss_pile *pl, int card)
{
	if (pl->n >= SS_DECK_MAX)
		return;
	memmove(pl->card + 1, pl->card, (size_t)pl->n * sizeof pl->card[0]);
	pl->card[0] = card;
	pl->n++;
}

void
ss_pile_append(struct ss_pile *pl, int card)
{
	if (pl->n < SS_DECK_MAX)
		pl->card[pl->n++] = card;
}

int
ss_pile_take(struct ss_pile *pl, int i)
{
	int c = pl->card[i];

	memmove(pl->card + i, pl->card + i + 1,
	    (size_t)(pl->n - i - 1) * sizeof pl->card[0]);
	pl->n--;
	return c;
}

int
ss_pile_find(const struct ss_pile *pl, int card)
{
	for (int i = 0; i < pl->n; i++)
		if (pl->card[i] == card)
			return i;
	return -1;
}

void
ss_pile_draw(struct ss_game *g, int p, int n)
{
	for (int i = 0; i < n && g->p[p].reserve.n > 0; i++)
		ss_pile_append(&g->p[p].hand, ss_pile_take(&g->p[p].reserve,
		    0));
}

void
ss_pile_waste(struct ss_game *g, int p, int n, int by, struct events *ev,
    const char *const *names)
{
	for (int i = 0; i < n && g->p[p].reserve.n > 0; i++) {
		int c = ss_pile_take(&g->p[p].reserve, 0);

		ss_pile_push(&g->p[p].discard, c);
		if (ev != NULL)
			events_add(ev, EVENT_ALL, "%s wastes %s.", names[p],
			    ss_cards[c].name);
	}
	if (n > 0 && by != SS_NONE && by != p)
		g->p[p].forced_by = by;
}

void
ss_pile_restore(struct ss_game *g, int p, int n, struct events *ev,
    const char *const *names)
{
	int i;

	for (i = 0; i < n && g->p[p].discard.n > 0; i++) {
		int c = ss_pile_take(&g->p[p].discard, 0);

		ss_pile_append(&g->p[p].reserve, c);
		if (ev != NULL)
			events_add(ev, EVENT_ALL, "%s restores %s.", names[p],
			    ss_cards[c].name);
	}
	/* Said, or an accepted order would seem to do nothing. */
	if (i < n && ev != NULL)
		events_add(ev, EVENT_ALL, "%s's Discard Pile is empty: %d "
		    "card%s not restored.", names[p], n - i, n - i == 1 ? "" :
		    "s");
}

void
ss_pile_pay_first(struct ss_game *g, int p, int card, struct events *ev,
    const char *const *names)
{
	int cost = ss_cards[card].cost;
	struct sbuf line;

	sbuf_init(&line);
	for (int paid = 0; paid < cost && g->p[p].hand.n > 0; paid++) {
		int k = ss_pile_take(&g->p[p].hand, 0);

		ss_pile_push(&g->p[p].discard, k);
		sbuf_printf(&line, "%s %s", paid == 0 ? "" : ",",
		    ss_cards[k].name);
	}
	/* Ruling: the player did not say which, so the log does (the
	 * Discard Pile is public). */
	if (cost > 0 && ev != NULL)
		events_add(ev, EVENT_ALL, "%s pays for %s with the first "
		    "cards of the hand:%s.", names[p], ss_cards[card].name,
		    line.p);
	sbuf_free(&line);
}

/* Drop or move the Effects on Unit k of square s when it leaves it: to
 * (to, tk), or ended (ss_pile_effect_end) if to is SS_NONE; later Units'
 * indices shift. */
static void
ss_pile_effects_follow(struct ss_game *g, int s, int k, int to, int tk)
{
	for (int i = g->neffects - 1; i >= 0; i--) {
		struct ss_effect *f = &g->effect[i];

		if (f->sq != s || f->unit == SS_NONE)
			continue;
		if (f->unit == k) {
			if (to == SS_NONE) {
				/* Its target destroyed, the Effect ends: to
				 * its caster's Discard Pile, not lost. */
				ss_pile_effect_end(g, i);
				continue;
			}
			f->sq = to;
			f->unit = tk;
		} else if (f->unit > k) {
			f->unit--;
		}
	}
}

void
ss_pile_unit_move(struct ss_game *g, int s, int k, int to)
{
	struct ss_square *q = &g->sq[s], *t = &g->sq[to];
	struct ss_unit u = q->unit[k];

	if (t->nunits >= SS_SQ_UNITS)
		return;
	t->unit[t->nunits] = u;
	ss_pile_effects_follow(g, s, k, to, t->nunits);
	t->nunits++;
	memmove(q->unit + k, q->unit + k + 1,
	    (size_t)(q->nunits - k - 1) * sizeof q->unit[0]);
	q->nunits--;
	/* Company Effects go with the company when it leaves the square
	 * empty (RULINGS). */
	if (q->nunits == 0)
		for (int i = 0; i < g->neffects; i++)
			if (g->effect[i].sq == s &&
			    g->effect[i].unit == SS_NONE &&
			    ss_cards[g->effect[i].card].target ==
			    SS_TG_COMPANY)
				g->effect[i].sq = to;
}

void
ss_pile_unit_destroy(struct ss_game *g, int s, int k)
{
	struct ss_square *q = &g->sq[s];

	ss_pile_push(&g->p[q->unit[k].owner].discard, q->unit[k].card);
	ss_pile_effects_follow(g, s, k, SS_NONE, 0);
	memmove(q->unit + k, q->unit + k + 1,
	    (size_t)(q->nunits - k - 1) * sizeof q->unit[0]);
	q->nunits--;
	if (q->nunits == 0)
		for (int i = g->neffects - 1; i >= 0; i--)
			if (g->effect[i].sq == s &&
			    ss_cards[g->effect[i].card].target ==
			    SS_TG_COMPANY)
				ss_pile_effect_end(g, i);
}

void
ss_pile_zero(struct ss_game *g, struct events *ev, const char *const *names)
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


int
ss_pile_carried(const struct ss_game *g, int s, const int *carry, int ncarry,
    int out[SS_EFFECTS])
{
	int n = 0;

	for (int j = 0; j < ncarry; j++)
		for (int i = 0; i < g->neffects; i++) {
			int taken = 0;

			for (int k = 0; k < n; k++)
				taken |= out[k] == i;
			if (taken || g->effect[i].sq != s ||
			    g->effect[i].unit != SS_NONE ||
			    g->effect[i].card != carry[j])
				continue;
			out[n++] = i;
			break;
		}
	return n;
}

void
ss_pile_effect_end(struct ss_game *g, int i)
{
	struct ss_effect *f = &g->effect[i];

	ss_pile_push(&g->p[f->caster].discard, f->card);
	memmove(f, f + 1, (size_t)(g->neffects - i - 1) * sizeof *f);
	g->neffects--;
}

void
ss_pile_effects_expire(struct ss_game *g, int dur, struct events *ev,
    const char *const *names)
{
	for (int i = g->neffects - 1; i >= 0; i--) {
		const struct ss_effect *f = &g->effect[i];
		char at[3] = "";

		if (f->duration != dur || (dur == SS_DUR_ROUND &&
		    f->round_of != g->active))
			continue;
		if (f->sq != SS_NONE)
			ss_board_name(f->sq, at);
		if (ev != NULL)
			events_add(ev, EVENT_ALL, "%s, cast by %s on %s%s%s, "
			    "ends: its %s is over.", ss_cards[f->card].name,
			    names[f->caster], f->sq == SS_NONE ? "a player" :
			    f->unit == SS_NONE ? "the company" :
			    ss_cards[g->sq[f->sq].unit[f->unit].card].name,
			    f->sq == SS_NONE ? "" : " at ", at,
			    ss_cards_duration_names[dur]);
		ss_pile_effect_end(g, i);
	}
}

void
ss_pile_carried_text(const struct ss_game *g, const int *idx, int n,
    char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    i == 0 ? ", carrying " : ", ",
		    ss_cards[g->effect[idx[i]].card].name);
}

/* sf_combo.c - the combos, their VP, and what counts as improving one.
 *
 * A combo is counted from the cards of one tableau alone, so it only
 * grows as a tableau grows: a battle can compare a tableau with the same
 * tableau some turns earlier to see whether a press on or a
 * counterattack has succeeded (sf_combo_improved). */
#include <stdio.h>
#include <string.h>

#include "sensoufuda.h"

const struct sf_combo sf_combos[SF_NCOMBOS] = {
#define SF_COMBO_ROW(id, name, title, sel, arg, need, also, vp, extra, \
    ladder, optional, ends) \
	{ name, title, sel, arg, need, also, vp, extra, ladder, optional, \
	    ends },
	SF_COMBO_LIST(SF_COMBO_ROW)
#undef SF_COMBO_ROW
};

void
sf_combo_eval(uint64_t mask, unsigned in_play, struct sf_combo_set *s)
{
	int symbol[SF_SYMBOLS] = { 0 }, kind[SF_KINDS] = { 0 };
	int theatre[SF_THEATRES] = { 0 };

	/* The cards of mask counted once by what combos select them by,
	 * rather than every card of the deck once for each combo: combos
	 * are counted after every turn. */
	for (int c = 0; c < SF_CARDS && (mask >> c) != 0; c++)
		if (mask & SF_BIT(c)) {
			symbol[sf_cards[c].symbol]++;
			kind[sf_card_kind(c)]++;
			theatre[sf_cards[c].theatre]++;
		}
	for (int k = 0; k < SF_NCOMBOS; k++) {
		const struct sf_combo *co = &sf_combos[k];
		int n = co->sel == SF_SEL_SYMBOL ? symbol[co->arg] :
		    co->sel == SF_SEL_KIND ? kind[co->arg] :
		    co->sel == SF_SEL_THEATRE ? theatre[co->arg] : 0;

		s->vp[k] = SF_NONE;
		if (!(in_play & (1u << k)) || n < co->need ||
		    (mask & co->also) != co->also)
			continue;
		s->vp[k] = co->vp + co->extra * (n - co->need);
	}
	/* A ladder is one set of cards growing: only its best rung counts,
	 * else three strategists would score again inside four. */
	for (int k = 0; k < SF_NCOMBOS; k++)
		for (int j = 0; j < SF_NCOMBOS; j++)
			if (j != k && sf_combos[k].ladder != 0 &&
			    sf_combos[j].ladder == sf_combos[k].ladder &&
			    s->vp[j] != SF_NONE && s->vp[k] != SF_NONE &&
			    (s->vp[j] > s->vp[k] ||
			    (s->vp[j] == s->vp[k] && j > k)))
				s->vp[k] = SF_NONE;
}

void
sf_combo_of(const struct sensoufuda *g, int player, int n,
    struct sf_combo_set *s)
{
	const struct sf_pile *t = &g->tableau[player];
	uint64_t m = 0;

	if (n < 0 || n > t->n)
		n = t->n;
	for (int i = 0; i < n; i++)
		m |= SF_BIT(t->c[i]);
	sf_combo_eval(m, g->combos, s);
}

int
sf_combo_total(const struct sf_combo_set *s)
{
	int vp = 0;

	for (int k = 0; k < SF_NCOMBOS; k++)
		if (s->vp[k] != SF_NONE)
			vp += s->vp[k];
	return vp;
}

int
sf_combo_made(const struct sf_combo_set *s)
{
	int n = 0;

	for (int k = 0; k < SF_NCOMBOS; k++)
		n += s->vp[k] != SF_NONE;
	return n;
}

int
sf_combo_ends(const struct sf_combo_set *s)
{
	for (int k = 0; k < SF_NCOMBOS; k++)
		if (s->vp[k] != SF_NONE && sf_combos[k].ends)
			return 1;
	return 0;
}

/* The VP combo k made in s, or for a ladder the best of its ladder;
 * SF_NONE if none. */
static int
sf_combo_rung(const struct sf_combo_set *s, int k)
{
	int best = s->vp[k];

	for (int j = 0; sf_combos[k].ladder != 0 && j < SF_NCOMBOS; j++)
		if (sf_combos[j].ladder == sf_combos[k].ladder &&
		    s->vp[j] > best)
			best = s->vp[j];
	return best;
}

int
sf_combo_improvements(const struct sf_combo_set *before,
    const struct sf_combo_set *now, struct sf_combo_set *out)
{
	int n = 0;

	for (int k = 0; k < SF_NCOMBOS; k++) {
		out->vp[k] = SF_NONE;
		if (now->vp[k] != SF_NONE &&
		    now->vp[k] > sf_combo_rung(before, k)) {
			out->vp[k] = now->vp[k];
			n++;
		}
	}
	return n;
}

int
sf_combo_improved(const struct sf_combo_set *before,
    const struct sf_combo_set *now)
{
	struct sf_combo_set s;

	if (sf_combo_improvements(before, now, &s) == 0)
		return SF_NONE;
	for (int k = 0;; k++)
		if (s.vp[k] != SF_NONE)
			return k;
}

void
sf_combo_describe(const struct sf_combo_set *s, int paren, struct sbuf *b)
{
	int n = sf_combo_made(s), i = 0;

	if (n == 0)
		sbuf_puts(b, "none");
	for (int k = 0; k < SF_NCOMBOS; k++) {
		if (s->vp[k] == SF_NONE)
			continue;
		sbuf_printf(b, paren ? "%s%s (%d VP)" : "%s%s %d VP", i == 0 ?
		    "" : i == n - 1 ? " and " : ", ", sf_combos[k].title,
		    s->vp[k]);
		i++;
	}
}

int
sf_combo_find(const char *name)
{
	for (int k = 0; k < SF_NCOMBOS; k++)
		if (strcmp(name, sf_combos[k].name) == 0)
			return k;
	return SF_NONE;
}

/* ss_mods.c - which modifiers act on a Unit in play.  Reads the state,
 * computes, returns; the Rule of Singularity itself is ss_power.c's. */
#include "senshiai.h"

/* Add card's modifier, if it has one, as given by a card of its type. */
static size_t
ss_mods_add(int card, struct ss_mod *out, size_t n)
{
	if ((ss_cards[card].abilities & SS_AB(POWER_MOD)) == 0 ||
	    ss_power_mod_parse(ss_cards[card].mod, ss_cards[card].type,
	    &out[n]) < 0)
		return n;
	return n + 1;
}

/* ss_mods_on, the Terrain of square at acting instead of sq's. */
static size_t
ss_mods_list(const struct ss_game *g, int sq, int u, int at,
    struct ss_mod out[SS_MODS_MAX])
{
	const struct ss_square *q = &g->sq[sq];
	int owner = u == SS_NONE ? q->master : q->unit[u].owner;
	size_t n = 0;

	if (g->sq[at].terrain != SS_NONE)
		n = ss_mods_add(g->sq[at].terrain, out, n);
	for (int k = 0; k < q->nunits; k++)
		if (k != u && q->unit[k].owner == owner &&
		    ss_cards[q->unit[k].card].type == SS_TROOP)
			n = ss_mods_add(q->unit[k].card, out, n);
	/* Ruling: a Capital is immune to the Effects its master did not
	 * cast (the text lets him choose; he never wants an enemy's). */
	for (int i = 0; i < g->neffects; i++) {
		const struct ss_effect *f = &g->effect[i];

		if (f->sq == sq && (f->unit == SS_NONE || f->unit == u) &&
		    (u != SS_NONE || f->caster == owner))
			n = ss_mods_add(f->card, out, n);
	}
	return n;
}

size_t
ss_mods_on(const struct ss_game *g, int sq, int u,
    struct ss_mod out[SS_MODS_MAX])
{
	return ss_mods_list(g, sq, u, sq, out);
}

void
ss_mods_traits(const struct ss_game *g, int sq, int u, int out[SS_TRAITS])
{
	ss_mods_traits_at(g, sq, u, sq, out);
}

void
ss_mods_traits_at(const struct ss_game *g, int sq, int u, int at,
    int out[SS_TRAITS])
{
	const struct ss_card *c = &ss_cards[u == SS_NONE ? g->sq[sq].terrain :
	    g->sq[sq].unit[u].card];
	struct ss_mod mods[SS_MODS_MAX];
	int base[SS_TRAITS];
	size_t n = ss_mods_list(g, sq, u, at, mods);

	for (int t = 0; t < 3; t++)
		base[t] = c->power[t];
	base[SS_SPEED] = c->speed;
	ss_power_apply(base, mods, n, c->type == SS_CAPITAL, out);
}

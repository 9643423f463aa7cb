/* sf_deal.c - shuffling and dealing a battle, and perturb's reshuffle.
 *
 * The only randomness of a deal is one rng_shuffle of the cards to deal,
 * gathered in card order, so the deal depends on nothing but the seed,
 * the decision point and the cards kept.  The log says the deck is
 * shuffled and shows each player only that player's hand. */
#include <stdio.h>

#include "sensoufuda.h"

/* Deal n cards from deck at *at into a set. */
static uint64_t
sf_deal_set(const int *deck, int *at, int n)
{
	uint64_t m = 0;

	for (int i = 0; i < n; i++)
		m |= SF_BIT(deck[(*at)++]);
	return m;
}

static void
sf_deal_pile(struct sf_pile *p, const int *deck, int *at, int n)
{
	p->n = 0;
	for (int i = 0; i < n; i++)
		sf_pile_push(p, deck[(*at)++]);
}

static void
sf_deal_log(const struct sensoufuda *g, const struct game_players *pl,
    int keeper, uint64_t kept, struct events *ev)
{
	struct sbuf b;
	char who[80];

	if (kept == 0)
		keeper = SF_NONE;
	sbuf_init(&b);
	sbuf_printf(&b, "Battle %d", g->battle);
	if (g->battles > 0)
		sbuf_printf(&b, " of %d", g->battles);
	if (keeper == SF_NONE)
		sbuf_puts(&b, ": the deck is shuffled and dealt: 8 cards to "
		    "each hand");
	else
		sbuf_printf(&b, ": %s keeps %d card%s from the retreat; the "
		    "rest of the deck is shuffled and dealt: %d card%s to %s's "
		    "hand and 8 to %s's", sf_faction_who(pl, keeper, who,
		    sizeof who), sf_card_count(kept),
		    sf_card_count(kept) == 1 ? "" : "s",
		    SF_DEAL - sf_card_count(kept),
		    SF_DEAL - sf_card_count(kept) == 1 ? "" : "s",
		    pl->names[keeper],
		    pl->names[1 - keeper]);
	sbuf_printf(&b, ", 8 to each ally deck, 8 tactical options and %d "
	    "card%s out of play, face down.", sf_card_count(g->out),
	    sf_card_count(g->out) == 1 ? "" : "s");
	events_take(ev, EVENT_ALL, sbuf_take(&b));
	sbuf_reserve(&b, SF_LINE);
	sbuf_puts(&b, "The tactical options are ");
	{
		int cards[SF_CARDS];

		for (int i = 0; i < g->table.n; i++)
			cards[i] = g->table.c[i];
		sf_card_join(&b, cards, g->table.n);
	}
	sbuf_puts(&b, ".");
	events_take(ev, EVENT_ALL, sbuf_take(&b));
	for (int p = 0; p < 2; p++) {
		sbuf_reserve(&b, SF_LINE);
		sbuf_puts(&b, "Your hand for this battle: ");
		sf_card_join_mask(&b, g->hand[p]);
		sbuf_puts(&b, ".");
		events_take(ev, EVENT_TO(p), sbuf_take(&b));
	}
}

void
sf_deal_battle(struct sensoufuda *g, const struct game_players *pl,
    int keeper, uint64_t kept, struct rng *rng, struct events *ev)
{
	int deck[SF_CARDS], n = 0, at = 0;

	for (int c = 0; c < SF_CARDS; c++)
		if (!(kept & SF_BIT(c)))
			deck[n++] = c;
	rng_shuffle(rng, deck, (size_t)n, sizeof deck[0]);
	for (int p = 0; p < 2; p++) {
		uint64_t mine = p == keeper ? kept : 0;

		g->hand[p] = mine | sf_deal_set(deck, &at,
		    SF_DEAL - sf_card_count(mine));
	}
	for (int p = 0; p < 2; p++)
		sf_deal_pile(&g->ally[p], deck, &at, SF_DEAL);
	sf_deal_pile(&g->table, deck, &at, SF_DEAL);
	g->out = sf_deal_set(deck, &at, n - at);
	for (int p = 0; p < 2; p++)
		g->tableau[p].n = 0;
	g->pending = SF_NONE;
	sf_deal_log(g, pl, keeper, kept, ev);
}

int
sf_deal_perturb(struct sensoufuda *g, int player, struct rng *rng)
{
	int pool[SF_CARDS], n = 0, at = 0, opp = 1 - player;
	int nhand = sf_card_count(g->hand[opp]), nout = sf_card_count(g->out);
	int nally[2] = { g->ally[0].n, g->ally[1].n };

	n += sf_card_list(g->hand[opp], pool + n);
	for (int p = 0; p < 2; p++) {
		for (int i = 0; i < g->ally[p].n; i++)
			pool[n++] = g->ally[p].c[i];
	}
	n += sf_card_list(g->out, pool + n);
	if (n < 2)
		return 0;
	rng_shuffle(rng, pool, (size_t)n, sizeof pool[0]);
	g->hand[opp] = sf_deal_set(pool, &at, nhand);
	for (int p = 0; p < 2; p++)
		sf_deal_pile(&g->ally[p], pool, &at, nally[p]);
	g->out = sf_deal_set(pool, &at, nout);
	return 1;
}

/* ss_order.c - reading the words of one Main or Draw Stage order: the
 * refusal and its reason, a card of the hand, a square, the payment of a
 * card's cost, the company Effects a move carries.  Every order's file
 * reads its words with these, so that each refuses alike. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "senshiai.h"
#include "ss_order.h"

int
ss_order_no(struct ss_ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->size == 0)
		return SS_PLAY_REFUSED;
	va_start(ap, fmt);
	vsnprintf(c->why, c->size, fmt, ap);
	va_end(ap);
	return SS_PLAY_REFUSED;
}

/* A card word of the pile h (the player's hand, or a copy of it); -1
 * with why set. */
static int
ss_order_pile_card(struct ss_ctx *c, const struct ss_pile *h,
    const char *word, int *card)
{
	if ((*card = ss_cards_find(word, c->why, c->size)) < 0)
		return -1;
	if (ss_pile_find(h, *card) < 0) {
		ss_order_no(c, "%s is not in your hand", ss_cards[*card].name);
		return -1;
	}
	return 0;
}

int
ss_order_hand_card(struct ss_ctx *c, const char *word, int *card)
{
	return ss_order_pile_card(c, &c->g->p[c->p].hand, word, card);
}

int
ss_order_square(struct ss_ctx *c, const char *word, int *sq)
{
	if ((*sq = ss_board_parse(word)) < 0) {
		ss_order_no(c, "'%s' is not a square (a1 to i9)", word);
		return -1;
	}
	return 0;
}

/* Play card from the hand paying its cost: the cards named after "pay"
 * (words w[at..]) or else the first cards of the hand.  The played card
 * leaves the hand; the paid ones go to the Discard Pile.  With
 * c->verdict the same is done to a copy of the hand, and the Discard
 * Pile is left alone. */
int
ss_order_pay(struct ss_ctx *c, int card, const struct util_words *w, int at)
{
	struct ss_pile *h = &c->g->p[c->p].hand, copy;
	int cost = ss_cards[card].cost;

	if (c->verdict) {
		copy.n = h->n;
		memcpy(copy.card, h->card, (size_t)h->n * sizeof h->card[0]);
		h = &copy;
	}
	ss_pile_take(h, ss_pile_find(h, card));
	if (at < w->n) {
		if (strcmp(w->w[at], "pay") != 0)
			return ss_order_no(c, "expected 'pay', found '%s'",
			    w->w[at]);
		if (w->n - at - 1 != cost)
			return ss_order_no(c, "%s costs %d card%s, %d named",
			    ss_cards[card].name, cost, cost == 1 ? "" : "s",
			    w->n - at - 1);
		for (int i = at + 1; i < w->n; i++) {
			int k;

			if (ss_order_pile_card(c, h, w->w[i], &k) < 0)
				return k == card ? ss_order_no(c, "%s pays "
				    "with other cards of the hand, not with "
				    "itself (no other %s is in your hand)",
				    ss_cards[card].name, ss_cards[card].name) :
				    SS_PLAY_REFUSED;
			k = ss_pile_take(h, ss_pile_find(h, k));
			if (!c->verdict)
				ss_pile_push(&c->g->p[c->p].discard, k);
		}
		return SS_PLAY_DONE;
	}
	if (h->n < cost)
		return ss_order_no(c, "%s costs %d card%s to discard, and your "
		    "hand holds %s%d other card%s", ss_cards[card].name, cost,
		    cost == 1 ? "" : "s", h->n > 0 ? "only " : "", h->n,
		    h->n == 1 ? "" : "s");
	/* Ruling: no "pay" names the first cards of the hand. */
	if (!c->verdict)
		ss_pile_pay_first(c->g, c->p, card, c->ev, c->names);
	return SS_PLAY_DONE;
}

int
ss_order_carry(struct ss_ctx *c, struct util_words *w, int at, int from,
    int carry[SS_CARRY_MAX])
{
	int k = at, n = 0, idx[SS_EFFECTS];
	char sq[3];

	while (k < w->n && strcmp(w->w[k], "carry") != 0)
		k++;
	if (k >= w->n) /* none, or an order shorter than at words */
		return 0;
	if (w->n - k - 1 < 1 || w->n - k - 1 > SS_CARRY_MAX)
		return ss_order_no(c, "expected 'carry CARD...', 1 to %d "
		    "Effects", SS_CARRY_MAX);
	for (int i = k + 1; i < w->n; i++)
		if ((carry[n++] = ss_cards_find(w->w[i], c->why, c->size)) < 0)
			return SS_PLAY_REFUSED;
	ss_board_name(from, sq);
	if (ss_pile_carried(c->g, from, carry, n, idx) < n)
		return ss_order_no(c, "no %s to carry on the company at %s",
		    ss_cards[carry[ss_pile_carried(c->g, from, carry, n,
		    idx)]].name, sq);
	w->n = k;
	return n;
}

/* sf_pile.c - ordered piles of cards: an ally deck, the tactical options,
 * a tableau.
 *
 * A pile keeps its order, which the rules need (the top of an ally deck,
 * the order a tableau was collected in for the counterattack's race);
 * sets of cards where order does not matter are uint64_t masks. */
#include <string.h>

#include "sensoufuda.h"

void
sf_pile_push(struct sf_pile *p, int c)
{
	p->c[p->n++] = (signed char)c;
}

int
sf_pile_remove(struct sf_pile *p, int c)
{
	for (int i = 0; i < p->n; i++)
		if (p->c[i] == c) {
			memmove(p->c + i, p->c + i + 1, (size_t)(p->n - i - 1));
			p->n--;
			return 0;
		}
	return -1;
}

int
sf_pile_pop(struct sf_pile *p)
{
	int c;

	if (p->n == 0)
		return SF_NONE;
	c = p->c[0];
	sf_pile_remove(p, c);
	return c;
}

uint64_t
sf_pile_mask(const struct sf_pile *p)
{
	uint64_t m = 0;

	for (int i = 0; i < p->n; i++)
		m |= SF_BIT(p->c[i]);
	return m;
}

/* js_army.c - the armies on the map: finding, counting, adding and
 * removing them, and their canonical order.  An army is known by the
 * square it stands on: only one army may occupy a space. */
#include <stdlib.h>

#include "js.h"

struct js_army *
js_army_at(struct js *g, int sq)
{
	if (sq == JS_NONE)
		return NULL;
	for (int i = 0; i < JS_ARMIES; i++)
		if (g->armies[i].sq == sq)
			return &g->armies[i];
	return NULL;
}

const struct js_army *
js_army_on(const struct js *g, int sq)
{
	return js_army_at((struct js *)g, sq);
}

void
js_army_table(const struct js *g, const struct js_army *at[JS_SQUARES])
{
	for (int sq = 0; sq < JS_SQUARES; sq++)
		at[sq] = NULL;
	for (int i = JS_ARMIES - 1; i >= 0; i--)
		if (g->armies[i].sq >= 0 && g->armies[i].sq < JS_SQUARES)
			at[g->armies[i].sq] = &g->armies[i];
}

int
js_army_count(const struct js *g, int p)
{
	int n = 0;

	for (int i = 0; i < JS_ARMIES; i++)
		n += g->armies[i].sq != JS_NONE && g->armies[i].owner == p;
	return n;
}

struct js_army *
js_army_add(struct js *g, int sq, int owner, int exp)
{
	for (int i = 0; i < JS_ARMIES; i++)
		if (g->armies[i].sq == JS_NONE) {
			g->armies[i] = (struct js_army){ sq, owner, exp, 0, 0,
				0 };
			return &g->armies[i];
		}
	abort(); /* JS_ARMIES is every player's JS_ARMY_MAX */
}

void
js_army_remove(struct js_army *a)
{
	*a = (struct js_army){ JS_NONE, JS_NONE, 0, 0, 0, 0 };
}

/* Free slots last: JS_NONE is the largest as unsigned. */
static unsigned
js_army_key(const struct js_army *a)
{
	return (unsigned)a->sq;
}

/* A stable insertion sort, not qsort: the armies are sorted again after
 * each change of one or two, so all but those are in order already and
 * this costs about one compare an army (qsort went through its merge
 * passes and, under the sanitizers, its interceptor, at every call:
 * 3% of fuzz_game's instructions).  Stable as glibc's qsort (a merge
 * sort) is, so the order of armies of equal key is what it was. */
void
js_army_sort(struct js *g)
{
	for (int i = 1; i < JS_ARMIES; i++) {
		struct js_army a;
		int j = i;

		/* In place already (nearly every army): nothing copied.
		 * Under ASan each copy of an army is a checked memcpy. */
		if (js_army_key(&g->armies[i - 1]) <= js_army_key(&g->armies[i]))
			continue;
		a = g->armies[i];
		for (; j > 0 && js_army_key(&g->armies[j - 1]) > js_army_key(&a);
		    j--)
			g->armies[j] = g->armies[j - 1];
		g->armies[j] = a;
	}
}

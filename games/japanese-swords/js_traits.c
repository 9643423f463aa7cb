/* js_traits.c - the D66 trait table, built from the list in js.h, and
 * what a clan's traits add up to: the traits of every fortress and keep
 * it holds, each counted once per site that has it. */
#include <string.h>

#include "js.h"

#define JS_TRAIT_ROW(id, roll, w, nm, eff, tg, amt) \
	[JS_TRAIT_##id] = { roll, w, nm, eff, tg, amt },
const struct js_trait js_traits[JS_NTRAITS] = { JS_TRAIT_LIST(JS_TRAIT_ROW) };
#undef JS_TRAIT_ROW

int
js_traits_find(const char *word)
{
	for (int t = 0; t < JS_NTRAITS; t++)
		if (word[0] == js_traits[t].word[0] &&
		    strcmp(word, js_traits[t].word) == 0)
			return t;
	return -1;
}

int
js_traits_count(const struct js *g, int p, int effect, unsigned tag)
{
	int n = 0;

	for (int i = 0; i < g->nsites; i++) {
		const struct js_site *s = &g->sites[i];

		if (s->control != p)
			continue;
		for (int k = 0; k < s->ntraits; k++) {
			const struct js_trait *t = &js_traits[s->traits[k]];

			if (t->effect == effect &&
			    (effect != JS_E_TAG || (t->tag & tag) != 0))
				n += t->amount;
		}
	}
	return n;
}

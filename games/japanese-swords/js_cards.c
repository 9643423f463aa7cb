/* js_cards.c - the card table, built from the list in js.h, and what is
 * done with cards: finding them by name, listing them, drawing from the
 * deck and discarding down. */
#include <stdio.h>
#include <string.h>

#include "js.h"
#include "base/names.h"

#define JS_CARD_ROW(id, w, nm, cnt, frc, tg, cnd, bns, ph, aim, nts) \
	[JS_CARD_##id] = { w, nm, cnt, frc, tg, cnd, bns, ph, aim, nts },
const struct js_card js_cards[JS_NCARDS] = { JS_CARD_LIST(JS_CARD_ROW) };
#undef JS_CARD_ROW

#define JS_CARD_WORD(id, w, nm, cnt, frc, tg, cnd, bns, ph, aim, nts) w,
const char *const js_cards_names[JS_NCARDS] = {
	JS_CARD_LIST(JS_CARD_WORD)
};
#undef JS_CARD_WORD

/* Discarding down keeps the strongest cards first (by force), and among
 * cards of no force those that do the most: a fixed ranking documented
 * in the man page, so a player who gives no keep order knows what goes. */
const int js_cards_rank[JS_NCARDS] = {
	JS_CARD_TREACHERY, JS_CARD_HEAVY_CAVALRY, JS_CARD_NO_DACHI,
	JS_CARD_SAMURAI_ARCHERS, JS_CARD_SUPERIOR_TACTICS,
	JS_CARD_YARI_SAMURAI, JS_CARD_CAVALRY_ARCHERS, JS_CARD_MUSKETEERS,
	JS_CARD_WARRIOR_MONKS, JS_CARD_ARQUEBUSIERS, JS_CARD_BUSHI_NAGINATA,
	JS_CARD_YARI_CAVALRY, JS_CARD_YARI_ASHIGARU, JS_CARD_DIPLOMACY,
	JS_CARD_MUCH_HONOR, JS_CARD_PROSPERITY, JS_CARD_FORCED_MARCH,
	JS_CARD_INTRIGUE, JS_CARD_SHINOBI_SPIES, JS_CARD_NINJA,
};

int
js_cards_find(const char *word, char *why, size_t size)
{
	size_t len = strlen(word);
	int found, n = 0;
	char q[JS_QUOTE_MAX + 4];

	/* The whole word, as orders written by legal have it: found by
	 * its first letter and one comparison, before names_find. */
	for (int c = 0; c < JS_NCARDS; c++)
		if (word[0] == js_cards_names[c][0] &&
		    strcmp(word, js_cards_names[c]) == 0)
			return c;
	if ((found = names_find(word, js_cards_names, JS_NCARDS)) >= 0)
		return found;
	if (found == -2) {
		game_why(why, size, "'%s' is part of the names of several "
		    "cards", js_quote(word, q));
		if (size > 0) {
			names_several(word, js_cards_names, JS_NCARDS, why,
			    size);
			len = strlen(why);
			snprintf(why + len, size - len, ": write the whole "
			    "name");
		}
		return -1;
	}
	/* A beginning, in the singular or the plural ("no-dachis"). */
	for (int c = 0; c < JS_NCARDS; c++) {
		if (len > 0 && strncmp(word, js_cards[c].word, len) == 0) {
			found = c;
			n++;
		}
	}
	if (n == 0 && len > 2 && word[len - 1] == 's')
		for (int c = 0; c < JS_NCARDS; c++)
			if (strncmp(word, js_cards[c].word, len - 1) == 0) {
				found = c;
				n++;
			}
	if (n == 1)
		return found;
	if (n == 0) {
		game_why(why, size, "'%s' is not a card",
		    js_quote(word, q));
		names_hint(word, js_cards_names, JS_NCARDS, why, size);
	} else
		game_why(why, size, "'%s' is ambiguous: %d cards begin so",
		    js_quote(word, q), n);
	return -1;
}

int
js_cards_count(const int hand[JS_NCARDS])
{
	int n = 0;

	for (int c = 0; c < JS_NCARDS; c++)
		n += hand[c];
	return n;
}

void
js_cards_list(const int cards[JS_NCARDS], struct sbuf *out)
{
	int any = 0;

	for (int c = 0; c < JS_NCARDS; c++) {
		if (cards[c] == 0)
			continue;
		sbuf_puts(out, any ? ", " : "");
		if (cards[c] > 1)
			sbuf_printf(out, "%d ", cards[c]);
		sbuf_puts(out, js_cards[c].name);
		any = 1;
	}
	if (!any)
		sbuf_puts(out, "no cards");
}

void
js_cards_words(const int cards[JS_NCARDS], struct sbuf *out)
{
	int any = 0;

	for (int c = 0; c < JS_NCARDS; c++)
		for (int i = 0; i < cards[c]; i++) {
			sbuf_printf(out, "%s%s", any ? " " : "",
			    js_cards[c].word);
			any = 1;
		}
	if (!any)
		sbuf_puts(out, "none");
}

/* The discard pile becomes the deck, shuffled; it is taken in table
 * order so that the shuffle alone decides the new order. */
static void
js_cards_reshuffle(struct js *g, struct rng *rng, struct events *ev)
{
	int n = 0;

	for (int c = 0; c < JS_NCARDS; c++) {
		for (int i = 0; i < g->discard[c]; i++)
			g->deck[n++] = c;
		g->discard[c] = 0;
	}
	rng_shuffle(rng, g->deck, (size_t)n, sizeof g->deck[0]);
	g->ndeck = n;
	events_add(ev, EVENT_ALL, "The deck is used up: the discard pile of "
	    "%d card%s is shuffled to make a new deck.", n, n == 1 ? "" : "s");
}

int
js_cards_draw(struct js *g, int p, int n, const char *why, struct rng *rng,
    struct events *ev)
{
	int drawn[JS_NCARDS] = { 0 }, got = 0;
	struct sbuf b;

	while (got < n) {
		if (g->ndeck == 0 && js_cards_count(g->discard) > 0)
			js_cards_reshuffle(g, rng, ev);
		if (g->ndeck == 0)
			break;
		drawn[g->deck[--g->ndeck]]++;
		got++;
	}
	for (int c = 0; c < JS_NCARDS; c++)
		g->clans[p].hand[c] += drawn[c];
	events_add(ev, EVENT_ALL, "%s draws %d card%s%s.", js_clan_who(g, p), got,
	    got == 1 ? "" : "s", why);
	if (got < n)
		events_add(ev, EVENT_ALL, "The deck and the discard pile are "
		    "both empty: %d card%s could not be drawn.", n - got,
		    n - got == 1 ? "" : "s");
	if (got > 0) {
		sbuf_init(&b);
		js_cards_list(drawn, &b);
		events_add(ev, EVENT_TO(p), "You draw%s: %s.", why, b.p);
		sbuf_free(&b);
	}
	return got;
}

void
js_cards_discard(struct js *g, int p, int limit, const int *keep, int nkeep,
    struct events *ev)
{
	int *hand = g->clans[p].hand, kept[JS_NCARDS] = { 0 };
	int gone[JS_NCARDS], room = limit, n = js_cards_count(hand);
	struct sbuf b;

	if (n <= limit)
		return;
	/* Keep the named cards first, then the best by rank. */
	for (int i = 0; i < nkeep && room > 0; i++)
		if (kept[keep[i]] < hand[keep[i]]) {
			kept[keep[i]]++;
			room--;
		}
	for (int i = 0; i < JS_NCARDS && room > 0; i++) {
		int c = js_cards_rank[i];

		while (kept[c] < hand[c] && room > 0) {
			kept[c]++;
			room--;
		}
	}
	for (int c = 0; c < JS_NCARDS; c++) {
		gone[c] = hand[c] - kept[c];
		g->discard[c] += gone[c];
		hand[c] = kept[c];
	}
	events_add(ev, EVENT_ALL, "%s discards %d card%s, down to %d.",
	    js_clan_who(g, p), n - limit, n - limit == 1 ? "" : "s", limit);
	sbuf_init(&b);
	js_cards_list(gone, &b);
	events_add(ev, EVENT_TO(p), "You discard: %s.", b.p);
	sbuf_free(&b);
}

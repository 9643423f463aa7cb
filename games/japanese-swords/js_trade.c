/* js_trade.c - trades between players: gold, honor, cards, armies and
 * keeps.
 *
 * "At any time", by email: a trade order in a player's turn either takes
 * up the matching offer the partner made earlier (the same items, the
 * other way round), and the exchange happens there and then, or it
 * stands as an offer until the start of that player's next turn, when it
 * lapses unless repeated.  Offers are seen only by the two players;
 * exchanges are public, except the names of the cards.  Promises are not
 * adjudicated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js.h"

#define JS_TRADE_OFFERS_EACH (JS_MAX_OFFERS / GAME_MAX_PLAYERS)

static const char *const js_trade_kinds[JS_NITEMS] = {
	[JS_I_GOLD] = "gold", [JS_I_HONOR] = "honor", [JS_I_CARD] = "card",
	[JS_I_ARMY] = "army", [JS_I_KEEP] = "keep",
};

static int
js_trade_cmp(const void *va, const void *vb)
{
	const struct js_item *a = va, *b = vb;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return a->sq < b->sq ? -1 : a->sq > b->sq;
}

/* One gold item and one honor item at most, then sorted: the canonical
 * form, so offers compare item by item. */
static void
js_trade_normalize(struct js_item *it, int *n)
{
	int out = 0;

	qsort(it, (size_t)*n, sizeof *it, js_trade_cmp);
	for (int i = 0; i < *n; i++) {
		if (out > 0 && it[i].kind == it[out - 1].kind &&
		    (it[i].kind == JS_I_GOLD || it[i].kind == JS_I_HONOR))
			it[out - 1].n += it[i].n;
		else
			it[out++] = it[i];
	}
	*n = out;
	qsort(it, (size_t)*n, sizeof *it, js_trade_cmp);
}

int
js_trade_items_read(char *const *w, int n, struct js_item *it, int *nit,
    char *why, size_t size)
{
	*nit = 0;
	if (n == 1 && strcmp(w[0], "nothing") == 0)
		return 0;
	for (int i = 0; i < n; i += 3) {
		struct js_item x = { -1, 0, JS_NONE };
		long long v;
		char q[JS_QUOTE_MAX + 4];

		for (int k = 0; k < JS_NITEMS; k++)
			if (strcmp(w[i], js_trade_kinds[k]) == 0 ||
			    (k == JS_I_HONOR && strcmp(w[i], "honour") == 0))
				x.kind = k;
		if (x.kind < 0 || i + 1 >= n || (i + 2 < n &&
		    strcmp(w[i + 2], "and") != 0) || i + 2 == n - 1) {
			game_why(why, size, "items are nothing, or gold N, honor "
			    "N, card CARD, army SQUARE, keep SQUARE joined by "
			    "and");
			return -1;
		}
		if (*nit == JS_TRADE_ITEMS) {
			game_why(why, size, "at most %d items a side",
			    JS_TRADE_ITEMS);
			return -1;
		}
		if (x.kind == JS_I_GOLD || x.kind == JS_I_HONOR) {
			if (util_parse_int(w[i + 1], 1, JS_MAX_INT, &v) < 0) {
				game_why(why, size, "'%s' is not an amount",
				    js_quote(w[i + 1], q));
				return -1;
			}
			x.n = (int)v;
		} else if (x.kind == JS_I_CARD) {
			if ((x.n = js_cards_find(w[i + 1], why, size)) < 0)
				return -1;
		} else if ((x.sq = js_map_square(w[i + 1])) == JS_NONE) {
			game_why(why, size, "'%s' is not a square",
			    js_quote(w[i + 1], q));
			return -1;
		}
		it[(*nit)++] = x;
	}
	js_trade_normalize(it, nit);
	return 0;
}

/* Items as orders write them; with names 0 cards are only counted. */
static void
js_trade_describe(const struct js_item *it, int n, int names,
    struct sbuf *out)
{
	char s[4];
	int cards = 0;

	for (int i = 0; i < n; i++) {
		if (it[i].kind == JS_I_CARD && !names) {
			cards++;
			continue;
		}
		sbuf_printf(out, "%s%s ", out->len > 0 &&
		    out->p[out->len - 1] != ' ' ? " and " : "",
		    js_trade_kinds[it[i].kind]);
		if (it[i].kind == JS_I_GOLD || it[i].kind == JS_I_HONOR)
			sbuf_printf(out, "%d", it[i].n);
		else if (it[i].kind == JS_I_CARD)
			sbuf_puts(out, js_cards[it[i].n].word);
		else
			sbuf_puts(out, js_map_name(it[i].sq, s));
	}
	if (cards > 0)
		sbuf_printf(out, "%s%d card%s", out->len > 0 &&
		    out->p[out->len - 1] != ' ' ? " and " : "", cards,
		    cards == 1 ? "" : "s");
	if (n == 0)
		sbuf_puts(out, "nothing");
}

void
js_trade_items_write(const struct js_item *it, int n, struct sbuf *out)
{
	struct sbuf b;

	sbuf_init(&b);
	js_trade_describe(it, n, 1, &b);
	sbuf_puts(out, b.p);
	sbuf_free(&b);
}

static int
js_trade_has_card(const struct js_item *it, int n)
{
	for (int i = 0; i < n; i++)
		if (it[i].kind == JS_I_CARD)
			return 1;
	return 0;
}

static int
js_trade_has(const struct js_item *it, int n, int kind, int sq)
{
	for (int i = 0; i < n; i++)
		if (it[i].kind == kind && it[i].sq == sq)
			return 1;
	return 0;
}

/* Can p give these items now (with own, p's cards too)?  0, or -1
 * with why set. */
static int
js_trade_can_give_seen(const struct js *g, int p, const struct js_item *it,
    int n, int own, char *why, size_t size)
{
	const struct js_clan *c = &g->clans[p];
	int cards[JS_NCARDS] = { 0 };
	char s[4];

	for (int i = 0; i < n; i++) {
		const struct js_army *a = js_army_on(g, it[i].sq);
		int site = it[i].sq == JS_NONE ? JS_NONE : g->site_at[it[i].sq];

		if (it[i].sq != JS_NONE)
			js_map_name(it[i].sq, s);
		switch (it[i].kind) {
		case JS_I_GOLD:
			if (c->gold >= it[i].n)
				continue;
			game_why(why, size, "%s has %d gold, not %d",
			    js_clan_who(g, p), c->gold, it[i].n);
			return -1;
		case JS_I_HONOR:
			if (c->honor >= it[i].n)
				continue;
			game_why(why, size, "%s has %d honor, not %d",
			    js_clan_who(g, p), c->honor, it[i].n);
			return -1;
		case JS_I_CARD:
			if (!own || ++cards[it[i].n] <= c->hand[it[i].n])
				continue;
			game_why(why, size, "%s holds fewer %s cards than that",
			    js_clan_who(g, p), js_cards[it[i].n].name);
			return -1;
		case JS_I_ARMY:
			if (a == NULL || a->owner != p) {
				game_why(why, size, "%s has no army at %s",
				    js_clan_who(g, p), s);
				return -1;
			}
			if (site != JS_NONE && !js_trade_has(it, n, JS_I_KEEP,
			    it[i].sq)) {
				game_why(why, size, "the army at %s stands in a "
				    "%s: %s", s, g->sites[site].fortress ?
				    "fortress, which cannot be traded" :
				    "keep; trade the keep with it",
				    g->sites[site].fortress ? "it stays" :
				    "both go together");
				return -1;
			}
			continue;
		default:
			if (site == JS_NONE || g->sites[site].fortress ||
			    g->sites[site].control != p) {
				game_why(why, size, "%s holds no keep at %s",
				    js_clan_who(g, p), s);
				return -1;
			}
			if (a != NULL && !js_trade_has(it, n, JS_I_ARMY,
			    it[i].sq)) {
				game_why(why, size, "the keep at %s holds an "
				    "army; trade the army with it", s);
				return -1;
			}
			continue;
		}
	}
	return 0;
}

static int
js_trade_can_give(const struct js *g, int p, const struct js_item *it, int n,
    char *why, size_t size)
{
	return js_trade_can_give_seen(g, p, it, n, 1, why, size);
}

int
js_trade_offer_now(const struct js *g, int viewer, const struct js_offer *o,
    char *why, size_t size)
{
	if (js_trade_can_give_seen(g, o->from, o->give, o->ngive,
	    viewer == o->from, why, size) < 0)
		return -1;
	return js_trade_can_give_seen(g, o->to, o->get, o->nget,
	    viewer == o->to, why, size);
}

/* An offer asks q for armies and keeps q holds now: they are public,
 * and one q does not hold could be taken up only if a battle gave it
 * to q before q's turn.  Gold, honor and cards are not checked: gold
 * and honor change with q's revenue and honor phase, and q's hand is
 * hidden from the one who offers. */
static int
js_trade_can_hold(const struct js *g, int q, const struct js_item *it,
    int n, char *why, size_t size)
{
	struct js_item held[JS_TRADE_ITEMS];
	int k = 0;

	for (int i = 0; i < n; i++)
		if (it[i].kind == JS_I_ARMY || it[i].kind == JS_I_KEEP)
			held[k++] = it[i];
	return js_trade_can_give(g, q, held, k, why, size);
}

static int
js_trade_armies(const struct js_item *it, int n)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		k += it[i].kind == JS_I_ARMY;
	return k;
}

/* Both sides can give, and nobody ends with too many armies. */
static int
js_trade_possible(const struct js *g, int a, const struct js_item *ga,
    int na, int b, const struct js_item *gb, int nb, char *why, size_t size)
{
	int ka = js_trade_armies(ga, na), kb = js_trade_armies(gb, nb);

	if (js_trade_can_give(g, a, ga, na, why, size) < 0 ||
	    js_trade_can_give(g, b, gb, nb, why, size) < 0)
		return -1;
	if (js_army_count(g, a) - ka + kb > JS_ARMY_MAX ||
	    js_army_count(g, b) - kb + ka > JS_ARMY_MAX) {
		game_why(why, size, "a clan would have more than %d armies",
		    JS_ARMY_MAX);
		return -1;
	}
	return 0;
}

static void
js_trade_give(struct js *g, int from, int to, const struct js_item *it,
    int n, struct events *ev)
{
	for (int i = 0; i < n; i++)
		switch (it[i].kind) {
		case JS_I_GOLD:
			g->clans[from].gold -= it[i].n;
			g->clans[to].gold += it[i].n;
			break;
		case JS_I_HONOR:
			g->clans[from].honor -= it[i].n;
			js_clan_honor(g, to, it[i].n, ev);
			break;
		case JS_I_CARD:
			g->clans[from].hand[it[i].n]--;
			g->clans[to].hand[it[i].n]++;
			break;
		case JS_I_ARMY:
			js_army_at(g, it[i].sq)->owner = to;
			break;
		default:
			g->sites[g->site_at[it[i].sq]].control = to;
			break;
		}
}

static void
js_trade_tell(const struct js *g, struct events *ev, unsigned to,
    const char *head, const struct js_offer *o, int names)
{
	struct sbuf b;

	sbuf_init(&b);
	sbuf_printf(&b, "%s%s gives ", head, js_clan_who(g, o->from));
	js_trade_describe(o->give, o->ngive, names, &b);
	sbuf_printf(&b, "; %s gives ", js_clan_who(g, o->to));
	js_trade_describe(o->get, o->nget, names, &b);
	sbuf_puts(&b, ".");
	events_add(ev, to, "%s", b.p);
	sbuf_free(&b);
}

static void
js_trade_remove(struct js *g, int i)
{
	memmove(&g->offers[i], &g->offers[i + 1],
	    (size_t)(g->noffers - i - 1) * sizeof g->offers[0]);
	g->noffers--;
}

static int
js_trade_same(const struct js_item *a, int na, const struct js_item *b,
    int nb)
{
	return na == nb && (na == 0 || memcmp(a, b, (size_t)na * sizeof *a) ==
	    0);
}

int
js_trade_order(struct js_run *r, const struct js_offer *order, char *why,
    size_t size)
{
	struct js *g = r->g;
	struct js_offer mine_now = *order, *o = &mine_now;
	int p = r->player, q = o->to, mine = 0;
	unsigned both = EVENT_TO(p) | EVENT_TO(q);
	char fail[GAME_REASON_MAX];

	o->from = p;
	if (q == p || g->clans[q].out) {
		game_why(why, size, "trade with another player still in the "
		    "game");
		return -1;
	}

	if (js_trade_can_give(g, p, o->give, o->ngive, why, size) < 0)
		return -1;
	for (int i = 0; i < g->noffers; i++) {
		const struct js_offer *m = &g->offers[i];

		if (m->from != q || m->to != p || !js_trade_same(m->give,
		    m->ngive, o->get, o->nget) || !js_trade_same(m->get,
		    m->nget, o->give, o->ngive))
			continue;
		if (js_trade_possible(g, p, o->give, o->ngive, q, o->get,
		    o->nget, fail, sizeof fail) < 0) {
			if (r->ev != NULL)
				events_add(r->ev, both, "The trade between %s "
				    "and %s cannot be made: %s.", js_clan_who(g, p),
				    js_clan_who(g, q), fail);
			js_trade_remove(g, i);
			break;
		}
		if (r->ev != NULL) {
			js_trade_tell(g, r->ev, EVENT_ALL, "Trade: ", o, 0);
			/* The two are told the cards' names; a trade of
			 * no cards is said in full once. */
			if (js_trade_has_card(o->give, o->ngive) ||
			    js_trade_has_card(o->get, o->nget))
				js_trade_tell(g, r->ev, both, "Trade, in full: ",
				    o, 1);
		}
		js_trade_remove(g, i);
		js_trade_give(g, p, q, o->give, o->ngive, r->ev);
		js_trade_give(g, q, p, o->get, o->nget, r->ev);
		return 0;
	}
	if (js_trade_can_hold(g, q, o->get, o->nget, why, size) < 0)
		return -1;
	for (int i = 0; i < g->noffers; i++)
		mine += g->offers[i].from == p;
	if (mine >= JS_TRADE_OFFERS_EACH) {
		game_why(why, size, "at most %d offers of yours may stand",
		    JS_TRADE_OFFERS_EACH);
		return -1;
	}
	g->offers[g->noffers++] = *o;
	if (r->ev != NULL)
		js_trade_tell(g, r->ev, both, "Offer, standing until the next "
		    "turn of the one who makes it: ", o, 1);
	return 0;
}

void
js_trade_drop(struct js *g, int p, int both, struct events *ev)
{
	for (int i = g->noffers - 1; i >= 0; i--) {
		const struct js_offer *o = &g->offers[i];

		if (o->from != p && !(both && o->to == p))
			continue;
		if (ev != NULL)
			js_trade_tell(g, ev, EVENT_TO(o->from) | EVENT_TO(o->to),
			    "This offer lapses: ", o, 1);
		js_trade_remove(g, i);
	}
}

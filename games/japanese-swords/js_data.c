/* js_data.c - what js_view.c draws, as data for the JSON report
 * (formats/report-json.md): the map, the sites, the armies, every clan's
 * public counts, and for a player their hand, gold forecast, offers and
 * kept orders.  Hidden exactly as in the text view. */
#include <stdio.h>
#include <string.h>

#include "js.h"

static struct node *
js_data_square(struct node *m, const char *key, int sq)
{
	char buf[4];

	return node_set(m, key, node_text(js_map_name(sq, buf)));
}

static void
js_data_map(const struct js *g, struct node *root)
{
	struct node *rows = node_set(root, "map", node_seq()), *ts;
	char row[JS_SIDE + 1];

	for (int r = 0; r < JS_SIDE; r++) {
		js_map_row(g->map, r, row);
		node_push(rows, node_text(row));
	}
	ts = node_set(root, "terrains", node_seq());
	for (int t = 0; t < JS_NTERRAINS; t++) {
		const struct js_terrain *x = &js_map_terrains[t];
		struct node *m = node_push(ts, node_map());
		char letter[2] = { x->letter, '\0' };

		node_set(m, "letter", node_text(letter));
		node_set(m, "terrain", node_text(x->word));
		node_set(m, "cost", node_int(x->cost));
		node_set(m, "defence", node_int(x->defence));
	}
}

static void
js_data_sites(const struct js *g, struct node *root)
{
	struct node *l = node_set(root, "sites", node_seq());

	for (int i = 0; i < g->nsites; i++) {
		const struct js_site *s = &g->sites[i];
		struct node *m = node_push(l, node_map()), *tr;

		js_data_square(m, "square", s->sq);
		node_set(m, "kind", node_text(s->fortress ? "fortress" :
		    "keep"));
		if (s->fortress)
			node_set(m, "home", node_text(g->names[s->home]));
		if (s->control != JS_NONE)
			node_set(m, "holder", node_text(
			    g->names[s->control]));
		tr = node_set(m, "traits", node_seq());
		for (int k = 0; k < s->ntraits; k++)
			node_push(tr, node_text(js_traits[s->traits[k]].word));
	}
}

static void
js_data_armies(const struct js *g, struct node *root)
{
	struct node *l = node_set(root, "armies", node_seq());
	const struct js_army *at[JS_SQUARES];

	js_army_table(g, at);
	for (int sq = 0; sq < JS_SQUARES; sq++) {
		const struct js_army *a = at[sq];
		struct node *m;

		if (a == NULL)
			continue;
		m = node_push(l, node_map());
		js_data_square(m, "square", sq);
		node_set(m, "player", node_text(g->names[a->owner]));
		node_set(m, "experience", node_int(a->exp));
		node_set(m, "forced_march", node_bool(a->march));
	}
}

static void
js_data_clans(const struct js *g, struct node *root)
{
	struct node *l = node_set(root, "clans", node_seq());

	for (int p = 0; p < g->nplayers; p++) {
		const struct js_clan *c = &g->clans[p];
		struct node *m = node_push(l, node_map());
		int keeps = 0;

		for (int i = 0; i < g->nsites; i++)
			keeps += !g->sites[i].fortress &&
			    g->sites[i].control == p;
		node_set(m, "player", node_text(g->names[p]));
		node_set(m, "gold", node_int(c->gold));
		node_set(m, "honor", node_int(c->honor));
		node_set(m, "cards", node_int(js_cards_count(c->hand)));
		node_set(m, "armies", node_int(js_army_count(g, p)));
		node_set(m, "keeps", node_int(keeps));
		js_data_square(m, "home", g->sites[js_site_home(g, p)].sq);
		node_set(m, "out", node_bool(c->out));
	}
	node_set(root, "deck", node_int(g->ndeck));
	node_set(root, "discard", node_int(js_cards_count(g->discard)));
}

static void
js_data_status(const struct js *g, struct node *root)
{
	static const char *const phases[] = { "rps", "turn", "intrigue",
	    "battle", "march", "over" };
	struct node *l;

	node_set(root, "phase", node_text(phases[g->phase]));
	node_set(root, "round", node_int(g->round));
	if (g->phase == JS_P_OVER || g->phase == JS_P_RPS)
		return;
	node_set(root, "active", node_text(g->names[g->active]));
	node_set(root, "forced_march_part", node_bool(g->part == 2));
	l = node_set(root, "turn_order", node_seq());
	for (int i = 0; i < g->nplayers; i++)
		node_push(l, node_text(g->names[g->order[i]]));
	l = node_set(root, "battles", node_seq());
	for (int i = 0; i < g->nbattles; i++) {
		struct node *m = node_push(l, node_map());

		js_data_square(m, "at", g->battles[i].at);
		js_data_square(m, "from", g->battles[i].from);
	}
	l = node_set(root, "intrigues", node_seq());
	for (int i = 0; i < g->nintrigues; i++)
		node_push(l, node_text(g->names[g->intrigues[i]]));
}

/* The player's own: hand, gold forecast (as js_view_gold), offers, and
 * the orders kept through an Intrigue. */
static void
js_data_own(const struct js *g, int p, struct node *root)
{
	struct node *mine = node_set(root, "yours", node_map()), *l, *m;
	int forts, keeps, tribute, income = js_turn_income(g, p, &forts,
	    &keeps, &tribute), upkeep = js_army_count(g, p);
	int gold = g->clans[p].gold + income;
	struct sbuf b;
	char why[GAME_REASON_MAX];

	l = node_set(mine, "hand", node_seq());
	for (int c = 0; c < JS_NCARDS; c++) {
		if (g->clans[p].hand[c] == 0)
			continue;
		m = node_push(l, node_map());
		node_set(m, "card", node_text(js_cards[c].word));
		node_set(m, "count", node_int(g->clans[p].hand[c]));
		node_set(m, "force", node_int(js_cards[c].force));
	}
	m = node_set(mine, "gold_forecast", node_map());
	node_set(m, "now", node_int(g->clans[p].gold));
	node_set(m, "revenue", node_int(income));
	node_set(m, "upkeep", node_int(upkeep));
	node_set(m, "after_upkeep", node_int(gold - upkeep > 0 ?
	    gold - upkeep : 0));
	l = node_set(mine, "offers", node_seq());
	for (int i = 0; i < g->noffers; i++) {
		const struct js_offer *o = &g->offers[i];

		if (o->from != p && o->to != p)
			continue;
		m = node_push(l, node_map());
		node_set(m, "from", node_text(g->names[o->from]));
		node_set(m, "to", node_text(g->names[o->to]));
		sbuf_init(&b);
		js_trade_items_write(o->give, o->ngive, &b);
		node_set(m, "gives", node_text(b.p ? b.p : ""));
		sbuf_free(&b);
		sbuf_init(&b);
		js_trade_items_write(o->get, o->nget, &b);
		node_set(m, "gets", node_text(b.p ? b.p : ""));
		sbuf_free(&b);
		/* As the text report says it (js_view.c). */
		if (js_trade_offer_now(g, p, o, why, sizeof why) < 0)
			node_set(m, "blocked", node_text(why));
	}
	l = node_set(mine, "kept_orders", node_seq());
	for (int i = 0; p == g->active && i < g->nsteps; i++) {
		sbuf_init(&b);
		js_order_step(&g->steps[i], &b);
		node_push(l, node_text(b.p ? b.p : ""));
		sbuf_free(&b);
	}
}

struct node *
js_data(const void *vg, const struct game_players *pl, int player)
{
	const struct js *g = vg;
	struct node *root = node_map();

	(void)pl; /* the game keeps the names */
	js_data_map(g, root);
	js_data_sites(g, root);
	js_data_armies(g, root);
	js_data_clans(g, root);
	js_data_status(g, root);
	if (player >= 0 && !g->clans[player].out)
		js_data_own(g, player, root);
	return root;
}

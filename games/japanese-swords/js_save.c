/* js_save.c - the game's section of the state, written canonically:
 * every key always (empty lists as []), cards in table order and in runs
 * ("3 yari-ashigaru"), armies by square, the deck top first.  js_state.c reads it back and says what
 * each key holds. */
#include <stdio.h>
#include <string.h>

#include "js.h"

const char *const js_save_phases[JS_P_OVER + 1] = { "rps", "turn",
	"intrigue", "battle", "march", "over" };

/* Runs of the same card as "N word" (a single card as its word). */
static void
js_save_run(struct node *l, int card, int n)
{
	if (n == 1)
		node_push(l, node_scalar(js_cards[card].word));
	else if (n > 1)
		node_push(l, node_scalarf("%d %s", n, js_cards[card].word));
}

static struct node *
js_save_cardseq(const int counts[JS_NCARDS])
{
	struct node *l = node_seq();

	for (int c = 0; c < JS_NCARDS; c++)
		js_save_run(l, c, counts[c]);
	return l;
}

static void
js_save_turn(const struct js *g, struct node *sec)
{
	struct node *l;

	if (g->phase == JS_P_RPS) {
		l = node_set(sec, "rps", node_seq());
		for (int i = 0; i < g->ngroups; i++) {
			struct node *m = node_push(l, node_map()), *pl;

			pl = node_set(m, "players", node_seq());
			for (int k = 0; k < g->groups[i].n; k++)
				node_push(pl, node_scalar(
				    g->names[g->groups[i].members[k]]));
			node_set(m, "ties", node_int(g->groups[i].ties));
		}
		return;
	}
	l = node_set(sec, "order", node_seq());
	for (int i = 0; i < g->nplayers; i++)
		node_push(l, node_scalar(g->names[g->order[i]]));
	node_set(sec, "active", node_scalar(g->names[g->active]));
	node_set(sec, "part", node_int(g->part));
}

static void
js_save_board(const struct js *g, struct node *sec)
{
	struct node *l;
	char row[JS_SIDE + 1], sq[4];

	l = node_set(sec, "map", node_seq());
	for (int r = 0; r < JS_SIDE; r++) {
		js_map_row(g->map, r, row);
		node_push(l, node_scalar(row));
	}
	l = node_set(sec, "sites", node_seq());
	for (int i = 0; i < g->nsites; i++) {
		const struct js_site *s = &g->sites[i];
		struct sbuf b;

		sbuf_init(&b);
		sbuf_printf(&b, "%s %s", js_map_name(s->sq, sq),
		    s->control == JS_NONE ? "none" : g->names[s->control]);
		for (int k = 0; k < s->ntraits; k++)
			sbuf_printf(&b, " %s", js_traits[s->traits[k]].word);
		node_push(l, node_scalar(b.p));
		sbuf_free(&b);
	}
	l = node_set(sec, "clans", node_seq());
	for (int p = 0; p < g->nplayers; p++) {
		struct node *m = node_push(l, node_map());

		node_set(m, "name", node_scalar(g->names[p]));
		node_set(m, "status", node_scalar(g->clans[p].out ? "out" :
		    "playing"));
		node_set(m, "gold", node_int(g->clans[p].gold));
		node_set(m, "honor", node_int(g->clans[p].honor));
		node_set(m, "hand", js_save_cardseq(g->clans[p].hand));
	}
	l = node_set(sec, "armies", node_seq());
	for (int at = 0; at < JS_SQUARES; at++) {
		const struct js_army *a = js_army_on(g, at);

		if (a != NULL)
			node_push(l, node_scalarf("%s %s %d%s",
			    js_map_name(at, sq), g->names[a->owner], a->exp,
			    a->march ? " march" : ""));
	}
}

static void
js_save_lists(const struct js *g, struct node *sec)
{
	struct node *l;
	char a[4], b[4];
	struct sbuf t;

	l = node_set(sec, "deck", node_seq());
	for (int i = g->ndeck - 1, run = 0; i >= 0; i--) {
		run++;
		if (i == 0 || g->deck[i - 1] != g->deck[i]) {
			js_save_run(l, g->deck[i], run);
			run = 0;
		}
	}
	node_set(sec, "discard", js_save_cardseq(g->discard));
	l = node_set(sec, "battles", node_seq());
	for (int i = 0; i < g->nbattles; i++)
		node_push(l, node_scalarf("%s from %s",
		    js_map_name(g->battles[i].at, a),
		    js_map_name(g->battles[i].from, b)));
	l = node_set(sec, "intrigues", node_seq());
	for (int i = 0; i < g->nintrigues; i++)
		node_push(l, node_scalar(g->names[g->intrigues[i]]));
	l = node_set(sec, "pending", node_seq());
	for (int i = 0; i < g->nsteps; i++) {
		sbuf_init(&t);
		js_order_step(&g->steps[i], &t);
		node_push(l, node_scalar(t.p));
		sbuf_free(&t);
	}
	l = node_set(sec, "offers", node_seq());
	for (int i = 0; i < g->noffers; i++) {
		const struct js_offer *o = &g->offers[i];
		struct node *m = node_push(l, node_map());

		node_set(m, "from", node_scalar(g->names[o->from]));
		node_set(m, "to", node_scalar(g->names[o->to]));
		sbuf_init(&t);
		js_trade_items_write(o->give, o->ngive, &t);
		node_set(m, "give", node_scalar(t.p));
		sbuf_free(&t);
		sbuf_init(&t);
		js_trade_items_write(o->get, o->nget, &t);
		node_set(m, "get", node_scalar(t.p));
		sbuf_free(&t);
	}
}

struct node *
js_save(const void *vg)
{
	const struct js *g = vg;
	struct node *sec = node_map(), *o, *l;

	node_set(sec, "phase", node_scalar(js_save_phases[g->phase]));
	node_set(sec, "round", node_int(g->round));
	js_save_turn(g, sec);
	js_save_board(g, sec);
	js_save_lists(g, sec);
	if (g->phase == JS_P_OVER) {
		o = node_set(sec, "outcome", node_map());
		l = node_set(o, "winners", node_seq());
		for (int p = 0; p < g->nplayers; p++)
			if (g->winners & (1u << p))
				node_push(l, node_scalar(g->names[p]));
		node_set(o, "reason", node_scalar(g->reason));
	}
	return sec;
}

/* js_save.c - the game's section of the state, written canonically:
 * every key always (empty lists as []), cards in table order and in runs
 * ("3 yari-ashigaru"), armies by square, the deck top first.  js_state.c reads it back and says what
 * each key holds. */
#include <stdio.h>
#include <string.h>

#include "js.h"

const char *const js_save_phases[JS_P_OVER + 1] = { "rps", "turn",
	"intrigue", "battle", "march", "over" };

/* The scalars a save composes are written into one buffer, b, emptied
 * for each (sbuf_clear) and copied into their node (js_save_text):
 * a save writes a hundred card runs and more, and the state is saved
 * at every point of a run, so no printf and no allocation but the
 * node's. */
static struct node *
js_save_text(const struct sbuf *b)
{
	return node_scalarn(b->p, b->len);
}

/* Runs of the same card as "N word" (a single card as its word). */
static void
js_save_run(struct node *l, int card, int n, struct sbuf *b)
{
	if (n == 1)
		node_push(l, node_scalar(js_cards[card].word));
	else if (n > 1) {
		sbuf_int(sbuf_clear(b), n);
		sbuf_putc(b, ' ');
		sbuf_puts(b, js_cards[card].word);
		node_push(l, js_save_text(b));
	}
}

static struct node *
js_save_cardseq(const int counts[JS_NCARDS], struct sbuf *b)
{
	struct node *l = node_seq();

	for (int c = 0; c < JS_NCARDS; c++)
		js_save_run(l, c, counts[c], b);
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
js_save_board(const struct js *g, struct node *sec, struct sbuf *b)
{
	struct node *l;
	char row[JS_SIDE + 1], sq[4];
	const struct js_army *at[JS_SQUARES];

	l = node_set(sec, "map", node_seq());
	for (int r = 0; r < JS_SIDE; r++) {
		js_map_row(g->map, r, row);
		node_push(l, node_scalar(row));
	}
	l = node_set(sec, "sites", node_seq());
	for (int i = 0; i < g->nsites; i++) {
		const struct js_site *s = &g->sites[i];

		sbuf_puts(sbuf_clear(b), js_map_name(s->sq, sq));
		sbuf_putc(b, ' ');
		sbuf_puts(b, s->control == JS_NONE ? "none" :
		    g->names[s->control]);
		for (int k = 0; k < s->ntraits; k++) {
			sbuf_putc(b, ' ');
			sbuf_puts(b, js_traits[s->traits[k]].word);
		}
		node_push(l, js_save_text(b));
	}
	l = node_set(sec, "clans", node_seq());
	for (int p = 0; p < g->nplayers; p++) {
		struct node *m = node_push(l, node_map());

		node_set(m, "name", node_scalar(g->names[p]));
		node_set(m, "status", node_scalar(g->clans[p].out ? "out" :
		    "playing"));
		node_set(m, "gold", node_int(g->clans[p].gold));
		node_set(m, "honor", node_int(g->clans[p].honor));
		node_set(m, "hand", js_save_cardseq(g->clans[p].hand, b));
	}
	l = node_set(sec, "armies", node_seq());
	js_army_table(g, at);
	for (int i = 0; i < JS_SQUARES; i++) {
		const struct js_army *a = at[i];

		if (a == NULL)
			continue;
		sbuf_puts(sbuf_clear(b), js_map_name(i, sq));
		sbuf_putc(b, ' ');
		sbuf_puts(b, g->names[a->owner]);
		sbuf_putc(b, ' ');
		sbuf_int(b, a->exp);
		if (a->march)
			sbuf_puts(b, " march");
		node_push(l, js_save_text(b));
	}
}

static void
js_save_lists(const struct js *g, struct node *sec, struct sbuf *t)
{
	struct node *l;
	char a[4], b[4];

	l = node_set(sec, "deck", node_seq());
	for (int i = g->ndeck - 1, run = 0; i >= 0; i--) {
		run++;
		if (i == 0 || g->deck[i - 1] != g->deck[i]) {
			js_save_run(l, g->deck[i], run, t);
			run = 0;
		}
	}
	node_set(sec, "discard", js_save_cardseq(g->discard, t));
	l = node_set(sec, "battles", node_seq());
	for (int i = 0; i < g->nbattles; i++) {
		sbuf_puts(sbuf_clear(t), js_map_name(g->battles[i].at, a));
		sbuf_puts(t, " from ");
		sbuf_puts(t, js_map_name(g->battles[i].from, b));
		node_push(l, js_save_text(t));
	}
	l = node_set(sec, "intrigues", node_seq());
	for (int i = 0; i < g->nintrigues; i++)
		node_push(l, node_scalar(g->names[g->intrigues[i]]));
	l = node_set(sec, "pending", node_seq());
	for (int i = 0; i < g->nsteps; i++) {
		js_order_step(&g->steps[i], sbuf_clear(t));
		node_push(l, js_save_text(t));
	}
	l = node_set(sec, "offers", node_seq());
	for (int i = 0; i < g->noffers; i++) {
		const struct js_offer *o = &g->offers[i];
		struct node *m = node_push(l, node_map());

		node_set(m, "from", node_scalar(g->names[o->from]));
		node_set(m, "to", node_scalar(g->names[o->to]));
		js_trade_items_write(o->give, o->ngive, sbuf_clear(t));
		node_set(m, "give", js_save_text(t));
		js_trade_items_write(o->get, o->nget, sbuf_clear(t));
		node_set(m, "get", js_save_text(t));
	}
}

struct node *
js_save(const void *vg)
{
	const struct js *g = vg;
	struct node *sec = node_map(), *o, *l;
	struct sbuf b;

	sbuf_init(&b);
	sbuf_reserve(&b, 64);
	node_set(sec, "phase", node_scalar(js_save_phases[g->phase]));
	node_set(sec, "round", node_int(g->round));
	js_save_turn(g, sec);
	js_save_board(g, sec, &b);
	js_save_lists(g, sec, &b);
	sbuf_free(&b);
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

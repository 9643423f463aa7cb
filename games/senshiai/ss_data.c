/* ss_data.c - what ss_view.c draws, as data for the JSON report
 * (formats/report-json.md): every square with its Terrain, master, Units
 * (traits as modified now) and Effects; every player's counts and public
 * Discard Pile; for a player their own hand and standing orders.  Hidden
 * exactly as in the text view. */
#include <stdio.h>

#include "senshiai.h"

static const char *const ss_data_traits[SS_TRAITS] = { "melee", "ranged",
	"resistance", "speed" };

/* Traits as a map; a trait of nulla is left out. */
static void
ss_data_power(struct node *m, const int v[SS_TRAITS], int with_speed)
{
	struct node *t = node_set(m, "traits", node_map());

	for (int i = 0; i < SS_TRAITS; i++)
		if (v[i] != SS_NULLA && (with_speed || i != SS_SPEED))
			node_set(t, ss_data_traits[i], node_int(v[i]));
}

static void
ss_data_square(const struct ss_game *g, const char *const *names, int s,
    struct node *m)
{
	const struct ss_square *q = &g->sq[s];
	struct node *l;
	char name[3];
	int v[SS_TRAITS];

	ss_board_name(s, name);
	node_set(m, "square", node_text(name));
	node_set(m, "terrain", node_text(ss_cards[q->terrain].word));
	node_set(m, "capital", node_bool(ss_cards[q->terrain].type ==
	    SS_CAPITAL));
	node_set(m, "master", node_text(names[q->master]));
	if (ss_cards[q->terrain].type == SS_CAPITAL) {
		ss_mods_traits(g, s, SS_NONE, v);
		ss_data_power(m, v, 0);
	}
	l = node_set(m, "units", node_seq());
	for (int k = 0; k < q->nunits; k++) {
		struct node *u = node_push(l, node_map());

		node_set(u, "card", node_text(ss_cards[q->unit[k].card].word));
		node_set(u, "owner", node_text(names[q->unit[k].owner]));
		ss_mods_traits(g, s, k, v);
		ss_data_power(u, v, 1);
		node_set(u, "moved", node_int(q->unit[k].moves));
	}
	l = node_set(m, "effects", node_seq());
	for (int i = 0; i < g->neffects; i++) {
		const struct ss_effect *e = &g->effect[i];
		struct node *x;

		if (e->sq != s)
			continue;
		x = node_push(l, node_map());
		node_set(x, "card", node_text(ss_cards[e->card].word));
		node_set(x, "caster", node_text(names[e->caster]));
		if (e->unit != SS_NONE)
			node_set(x, "unit", node_text(
			    ss_cards[q->unit[e->unit].card].word));
	}
}

static void
ss_data_pile(struct node *m, const char *key, const struct ss_pile *pl)
{
	struct node *l = node_set(m, key, node_seq());

	for (int i = 0; i < pl->n; i++)
		node_push(l, node_text(ss_cards[pl->card[i]].word));
}

struct node *
ss_data(const struct ss_game *g, const char *const *names, int player)
{
	struct node *root = node_map(), *l;

	node_set(root, "turn", node_int(g->turn));
	node_set(root, "active", node_text(names[g->active]));
	node_set(root, "stage", node_text(ss_state_stage_words[g->stage]));
	l = node_set(root, "squares", node_seq());
	for (int s = 0; s < SS_SQUARES; s++)
		if (g->sq[s].terrain != SS_NONE)
			ss_data_square(g, names, s, node_push(l, node_map()));
	l = node_set(root, "players", node_seq());
	for (int i = 0; i < g->n; i++) {
		const struct ss_player *p = &g->p[i];
		struct node *m = node_push(l, node_map());

		node_set(m, "player", node_text(names[i]));
		node_set(m, "out", node_bool(p->out));
		node_set(m, "reserve", node_int(p->reserve.n));
		node_set(m, "hand", node_int(p->hand.n));
		ss_data_pile(m, "discard", &p->discard);
		if (i == player) {
			struct node *st;

			ss_data_pile(m, "your_hand", &p->hand);
			st = node_set(m, "standing", node_seq());
			for (int k = 0; k < p->nstanding; k++)
				node_push(st, node_text(p->standing[k]));
		}
	}
	return root;
}

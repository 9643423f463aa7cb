/* sw_data.c - what sw_view.c draws, as data for the JSON report
 * (formats/report-json.md): the turn, both villages with their fronts and
 * active rosters, and for a player their own hand.  Hidden exactly as in
 * sw_view.c: an enemy card face down is only "down", never named, and the
 * enemy hand and both decks are only counted. */
#include "shinobi.h"

/* One card as its owner or the viewer may see it; up -1 for a card of
 * the hand, which is neither face up nor face down on the table. */
static struct node *
sw_data_card(int c, int up, int shown)
{
	const struct sw_card *k = &sw_cards[c];
	struct node *m = node_map();

	if (up >= 0)
		node_set(m, "up", node_bool(up));
	if (!shown)
		return m;
	node_set(m, "card", node_text(k->name));
	node_set(m, "rank", node_text(sw_rank_names[k->rank]));
	node_set(m, "ec", node_int(k->ec));
	node_set(m, "cc", node_int(k->cc));
	if (k->rank == SW_R_TRAP) {
		node_set(m, "ls", node_int(k->ls));
		node_set(m, "ss", node_int(k->ss));
	} else {
		node_set(m, "as", node_int(k->as));
		node_set(m, "rs", node_int(k->rs));
		node_set(m, "ra", node_int(k->ra));
		node_set(m, "sa", node_int(k->sa));
		node_set(m, "vd", node_int(k->vd));
	}
	return m;
}

static void
sw_data_side(const struct shinobi *g, const struct game_players *pl, int p,
    int own, struct node *m)
{
	const struct sw_side *s = &g->side[p];

	node_set(m, "player", node_text(pl->names[p]));
	node_set(m, "side", node_text(sw_side_words[p]));
	node_set(m, "damage", node_int(s->damage));
	node_set(m, "turns", node_int(s->turns));
	node_set(m, "deck", node_int(s->ndeck));
	node_set(m, "hand", node_int(s->nhand));
	for (int z = 0; z < SW_ZONES; z++) {
		struct node *l = node_set(m, sw_zone_words[z], node_seq());

		for (int i = 0; i < s->nzone[z]; i++) {
			const struct sw_slot *c = &s->zone[z][i];

			node_push(l, sw_data_card(c->card, c->up,
			    c->up || own));
		}
	}
}

struct node *
sw_data(const void *vg, const struct game_players *pl, int player)
{
	const struct shinobi *g = vg;
	struct node *root = node_map(), *l;

	node_set(root, "phase", node_text(g->phase == SW_P_OVER ? "over" :
	    "turn"));
	if (g->phase == SW_P_OVER) {
		if (g->winner != SW_NONE)
			node_set(root, "winner",
			    node_text(pl->names[g->winner]));
		node_set(root, "reason", node_text(g->reason));
	} else {
		int t = g->side[g->active].turns;

		node_set(root, "active", node_text(pl->names[g->active]));
		node_set(root, "turn", node_int(t));
		node_set(root, "ec", node_int(sw_ec(t)));
		node_set(root, "cc", node_int(sw_cc(t)));
	}
	node_set(root, "quiet", node_int(g->quiet));
	node_set(root, "quiet_limit", node_int(SW_QUIET));
	node_set(root, "fall_damage", node_int(SW_FALL));
	l = node_set(root, "sides", node_seq());
	for (int p = 0; p < 2; p++)
		sw_data_side(g, pl, p, p == player, node_push(l, node_map()));
	if (player == 0 || player == 1) {
		const struct sw_side *s = &g->side[player];

		l = node_set(node_set(root, "yours", node_map()), "hand",
		    node_seq());
		for (int i = 0; i < s->nhand; i++)
			node_push(l, sw_data_card(s->hand[i], -1, 1));
	}
	return root;
}

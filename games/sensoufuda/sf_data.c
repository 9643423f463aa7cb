/* sf_data.c - what sf_view.c draws, as data for the JSON report
 * (formats/report-json.md): the battle, both tableaus and the tactical
 * options (all public), counts of everything face down, and for a player
 * their own hand and standing ally instructions. */
#include <stdio.h>

#include "sensoufuda.h"

static struct node *
sf_data_cards(struct node *m, const char *key, const int *cards, int n)
{
	struct node *l = node_set(m, key, node_seq());

	for (int i = 0; i < n; i++)
		node_push(l, node_text(sf_cards[cards[i]].name));
	return l;
}

static void
sf_data_tableau(const struct sensoufuda *g, const struct game_players *pl,
    int p, struct node *m)
{
	const struct sf_pile *t = &g->tableau[p];
	struct sf_combo_set s;
	int cards[SF_CARDS];
	struct node *l;

	node_set(m, "player", node_text(pl->names[p]));
	node_set(m, "faction", node_text(sf_factions[p].word));
	node_set(m, "vp", node_int(g->vp[p]));
	node_set(m, "hand", node_int(sf_card_count(g->hand[p])));
	node_set(m, "ally_deck", node_int(g->ally[p].n));
	for (int i = 0; i < t->n; i++)
		cards[i] = t->c[i];
	sf_data_cards(m, "tableau", cards, t->n);
	sf_combo_of(g, p, -1, &s);
	l = node_set(m, "combos", node_seq());
	for (int k = 0; k < SF_NCOMBOS; k++) {
		struct node *c;

		if (s.vp[k] == SF_NONE)
			continue;
		c = node_push(l, node_map());
		node_set(c, "combo", node_text(sf_combos[k].name));
		node_set(c, "vp", node_int(s.vp[k]));
	}
	node_set(m, "combo_vp", node_int(sf_combo_total(&s)));
}

static void
sf_data_own(const struct sensoufuda *g, int p, struct node *root)
{
	struct node *mine = node_set(root, "yours", node_map()), *l;
	int cards[SF_CARDS], n = sf_card_list(g->hand[p], cards), m[3];
	char buf[64];

	l = node_set(mine, "hand", node_seq());
	for (int i = 0; i < n; i++) {
		struct node *c = node_push(l, node_map());
		int k = sf_table_matches(g, cards[i], m);

		node_set(c, "card", node_text(sf_cards[cards[i]].name));
		sf_data_cards(c, "matches", m, k);
	}
	l = node_set(mine, "ally_instructions", node_seq());
	for (int i = 0; i < g->ninstr[p]; i++) {
		sf_table_instr_write(&g->instr[p][i], buf, sizeof buf);
		node_push(l, node_text(buf));
	}
}

struct node *
sf_data(const void *vg, const struct game_players *pl, int player)
{
	const struct sensoufuda *g = vg;
	struct node *root = node_map(), *l;
	int cards[SF_CARDS];

	node_set(root, "battle", node_int(g->battle));
	node_set(root, "battles", node_int(g->battles));
	node_set(root, "target_vp", node_int(g->target));
	node_set(root, "phase", node_text(sf_battle_phase_words[g->phase]));
	if (g->active != SF_NONE)
		node_set(root, "active", node_text(pl->names[g->active]));
	if (g->victor != SF_NONE) {
		node_set(root, "victor", node_text(pl->names[g->victor]));
		node_set(root, "multiplier", node_int(
		    sf_battle_multiplier(g)));
		node_set(root, "victory_vp", node_int(sf_battle_score(g)));
	}
	if (g->pending != SF_NONE)
		node_set(root, "pending", node_text(sf_cards[g->pending].name));
	l = node_set(root, "optional_combos", node_seq());
	for (int k = 0; k < SF_NCOMBOS; k++)
		if (sf_combos[k].optional && (g->combos & (1u << k)))
			node_push(l, node_text(sf_combos[k].name));
	node_set(root, "out_of_play", node_int(sf_card_count(g->out)));
	for (int i = 0; i < g->table.n; i++)
		cards[i] = g->table.c[i];
	sf_data_cards(root, "options", cards, g->table.n);
	l = node_set(root, "sides", node_seq());
	for (int p = 0; p < 2; p++)
		sf_data_tableau(g, pl, p, node_push(l, node_map()));
	if (player == 0 || player == 1)
		sf_data_own(g, player, root);
	return root;
}

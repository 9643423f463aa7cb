/* sw_state.c - the game's section of the state file.
 *
 *   active: leaf            # whose turn it is: leaf (player 1) or mist
 *   quiet: 0                # own turns in a row in which nothing changed
 *   leaf:                   # then mist, the same
 *     turns: 3              # own turns begun, this one counted
 *     damage: 4             # to the village; it falls at 20
 *     deck: [tobi, pit]     # top first
 *     hand: [mei]           # in the order drawn
 *     west: [pit, "tobi up"] # the front, position 1 (met first) first;
 *     north: []             #   "up" marks a face-up card
 *     east: []
 *     roster: []
 *   outcome:                # only once the game is over
 *     winner: leaf          # or none: a draw
 *     reason: the Mist village falls
 *
 * Load refuses what no game could reach: more than 40 cards a side, a
 * trap on the roster, more than one kage or 7 traps, or a running game
 * that is already over. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shinobi.h"

#define SW_STATE_MAX 1000000

static const char *const sw_state_keys[] = { "active", "quiet", "leaf",
	"mist", "outcome", NULL };
static const char *const sw_state_side_keys[] = { "turns", "damage",
	"deck", "hand", "west", "north", "east", "roster", NULL };
static const char *const sw_state_outcome_keys[] = { "winner", "reason",
	NULL };

/* A card by its exact name, as save writes it. */
static int
sw_state_card(const char *name)
{
	for (int c = 0; c < SW_KINDS; c++)
		if (name[0] == sw_card_names[c][0] &&
		    strcmp(name, sw_card_names[c]) == 0)
			return c;
	return SW_NONE;
}

/* A list of cards; field: entries may carry " up". */
static int
sw_state_cards(const struct node *map, const char *key, int field,
    unsigned char *cards, unsigned char *up, int *n, int count[SW_KINDS],
    struct gb_err *e)
{
	const struct node *l, *it;
	char name[40], why[GAME_REASON_MAX];
	size_t len;
	int c;

	if (node_need(map, key, NODE_SEQ, &l, e) < 0)
		return -1;
	if (l->n > SW_DECK)
		return err_set(e, l->line, l->col, "%s: more than %d cards",
		    key, SW_DECK);
	for (size_t i = 0; i < l->n; i++) {
		it = l->items[i];
		if (node_want_kind(it, NODE_SCALAR, key, e) < 0)
			return -1;
		len = it->len;
		if (field && len > 3 && strcmp(it->str + len - 3, " up") == 0) {
			len -= 3;
			up[i] = 1;
		} else if (field) {
			up[i] = 0;
		}
		/* As snprintf "%.*s" would, without printf (every card of
		 * every state read). */
		memcpy(name, it->str, len < 39 ? len : 39);
		name[len < 39 ? len : 39] = '\0';
		if (strlen(name) != len ||
		    (c = sw_state_card(name)) < 0) {
			sw_card_find(name, why, sizeof why);
			return err_set(e, it->line, it->col, "%s: %s%s", key,
			    why, field ? " (a card, then \"up\" if face up)" :
			    "");
		}
		cards[i] = (unsigned char)c;
		count[c]++;
	}
	*n = (int)l->n;
	return 0;
}

static int
sw_state_side(struct shinobi *g, int p, const struct node *sec,
    struct gb_err *e)
{
	struct sw_side *s = &g->side[p];
	const struct node *m;
	int count[SW_KINDS] = { 0 }, total = 0, traps = 0;
	long long v;
	unsigned char cards[SW_DECK], up[SW_DECK];

	if (node_need(sec, sw_side_words[p], NODE_MAP, &m, e) < 0 ||
	    node_only_keys(m, sw_state_side_keys, e) < 0)
		return -1;
	if (node_need_int(m, "turns", 0, SW_STATE_MAX, &v, e) < 0)
		return -1;
	s->turns = (int)v;
	if (node_need_int(m, "damage", 0, SW_STATE_MAX, &v, e) < 0)
		return -1;
	s->damage = (int)v;
	if (sw_state_cards(m, "deck", 0, s->deck, NULL, &s->ndeck, count,
	    e) < 0 || sw_state_cards(m, "hand", 0, s->hand, NULL, &s->nhand,
	    count, e) < 0)
		return -1;
	for (int z = 0; z < SW_ZONES; z++) {
		if (sw_state_cards(m, sw_zone_words[z], 1, cards, up,
		    &s->nzone[z], count, e) < 0)
			return -1;
		for (int i = 0; i < s->nzone[z]; i++) {
			if (z == SW_ROSTER && !sw_card_is_ninja(cards[i]))
				return err_set(e, m->line, m->col, "%s: a trap "
				    "on the roster", sw_side_words[p]);
			s->zone[z][i] = (struct sw_slot){ cards[i], up[i], 0,
				0 };
		}
	}
	for (int c = 0; c < SW_KINDS; c++) {
		total += count[c];
		traps += sw_card_is_ninja(c) ? 0 : count[c];
	}
	if (total > SW_DECK || count[SW_KAGE] > 1 || traps > SW_MAX_TRAPS)
		return err_set(e, m->line, m->col, "%s: more than %d cards, "
		    "one kage or %d traps", sw_side_words[p], SW_DECK,
		    SW_MAX_TRAPS);
	return 0;
}

struct shinobi *
sw_state_new(const struct game_players *pl, struct gb_err *e)
{
	struct shinobi *g;

	if (pl->n != 2) {
		err_set(e, 0, 0, "shinobi-wars is played by 2 players, not %d",
		    pl->n);
		return NULL;
	}
	g = util_calloc(1, sizeof *g);
	g->winner = SW_NONE;
	return g;
}

void *
sw_state_load(const struct node *sec, const struct game_players *pl,
    struct gb_err *e)
{
	struct shinobi *g = sw_state_new(pl, e);
	const struct node *o;
	long long v;

	if (g == NULL)
		return NULL;
	if (node_want_kind(sec, NODE_MAP, "game", e) < 0 ||
	    node_only_keys(sec, sw_state_keys, e) < 0 ||
	    node_need_word(sec, "active", sw_side_words, 2, &g->active,
	    e) < 0 || node_need_int(sec, "quiet", 0, SW_QUIET, &v, e) < 0)
		goto fail;
	g->quiet = (int)v;
	for (int p = 0; p < 2; p++)
		if (sw_state_side(g, p, sec, e) < 0)
			goto fail;
	if ((o = node_get(sec, "outcome")) != NULL) {
		const char *words[] = { "leaf", "mist", "none" };
		const char *r;

		if (node_want_kind(o, NODE_MAP, "outcome", e) < 0 ||
		    node_only_keys(o, sw_state_outcome_keys, e) < 0 ||
		    node_need_word(o, "winner", words, 3, &g->winner, e) < 0 ||
		    node_need_str(o, "reason", &r, e) < 0)
			goto fail;
		if (g->winner == 2)
			g->winner = SW_NONE;
		snprintf(g->reason, sizeof g->reason, "%s", r);
		g->phase = SW_P_OVER;
	} else if (g->side[g->active].turns < 1 ||
	    g->side[0].damage >= SW_FALL || g->side[1].damage >= SW_FALL ||
	    g->quiet >= SW_QUIET) {
		err_set(e, sec->line, sec->col, "a running game %s",
		    g->side[g->active].turns < 1 ? "whose active side has "
		    "begun no turn" : "that is over: a fallen village or "
		    "ten quiet rounds");
		goto fail;
	}
	return g;
fail:
	free(g);
	return NULL;
}

static struct node *
sw_state_list(const unsigned char *cards, int n, const struct sw_slot *slots)
{
	struct node *l = node_seq();

	for (int i = 0; i < n; i++) {
		if (slots == NULL)
			node_push(l, node_scalar(sw_card_names[cards[i]]));
		else
			node_push(l, node_scalarf("%s%s",
			    sw_card_names[slots[i].card], slots[i].up ? " up" :
			    ""));
	}
	return l;
}

struct node *
sw_state_save(const void *vg)
{
	const struct shinobi *g = vg;
	struct node *sec = node_map(), *m, *o;

	node_set(sec, "active", node_scalar(sw_side_words[g->active]));
	node_set(sec, "quiet", node_int(g->quiet));
	for (int p = 0; p < 2; p++) {
		const struct sw_side *s = &g->side[p];

		m = node_set(sec, sw_side_words[p], node_map());
		node_set(m, "turns", node_int(s->turns));
		node_set(m, "damage", node_int(s->damage));
		node_set(m, "deck", sw_state_list(s->deck, s->ndeck, NULL));
		node_set(m, "hand", sw_state_list(s->hand, s->nhand, NULL));
		for (int z = 0; z < SW_ZONES; z++)
			node_set(m, sw_zone_words[z], sw_state_list(NULL,
			    s->nzone[z], s->zone[z]));
	}
	if (g->phase == SW_P_OVER) {
		o = node_set(sec, "outcome", node_map());
		node_set(o, "winner", node_scalar(g->winner == SW_NONE ?
		    "none" : sw_side_words[g->winner]));
		node_set(o, "reason", node_scalar(g->reason));
	}
	return sec;
}

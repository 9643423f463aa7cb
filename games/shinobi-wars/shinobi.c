/* shinobi.c - Shinobi Wars: the game entry, setup, and the turn sequence.
 *
 * Every decision point is one side's whole turn, owed by that side
 * alone.  The answer is the turn's orders, in order: up to three
 * strategy actions, then the attacks, then "end" (sw_order.c).  resolve
 * applies them:
 *   1. the strategy actions, in order (sw_play);
 *   2. the action step: each attack in order along its front
 *      (sw_play_attacks); the enemy village falls at 20 damage;
 *   3. the end: a win, or a draw when no side has a ninja anywhere or
 *      after 20 own turns in a row in which nothing changed but the
 *      order of cards (sw_tally);
 *   4. the other side begins its turn.
 * The hand has no limit: the rule text gives none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shinobi.h"

enum { SW_OPT_DECK_LEAF, SW_OPT_DECK_MIST };

static const struct game_option sw_options[] = {
	[SW_OPT_DECK_LEAF] = { .name = "deck-leaf", .def = "standard",
	    .help = "a deck list file (lines COUNT CARD) for player 1, Leaf",
	    .file = 1, .secret = 1 },
	[SW_OPT_DECK_MIST] = { .name = "deck-mist", .def = "standard",
	    .help = "a deck list file (lines COUNT CARD) for player 2, Mist",
	    .file = 1, .secret = 1 },
	{ .name = NULL },
};

static void *
sw_setup(const struct game_players *pl, const char *const *optv,
    struct rng *rng, struct events *ev, struct gb_err *e)
{
	struct shinobi *g = sw_state_new(pl, e);
	char who[80];
	int k;

	if (g == NULL)
		return NULL;
	for (int p = 0; p < 2; p++) {
		struct sw_side *s = &g->side[p];

		if (sw_deck_read(optv[p], s->deck, sw_options[p].name,
		    e) < 0) {
			free(g);
			return NULL;
		}
		rng_shuffle(rng, s->deck, SW_DECK, 1);
		memcpy(s->hand, s->deck, SW_HAND);
		memmove(s->deck, s->deck + SW_HAND, SW_DECK - SW_HAND);
		s->nhand = SW_HAND;
		s->ndeck = SW_DECK - SW_HAND;
	}
	k = (int)rng_below(rng, 2);
	g->active = k;
	g->side[k].turns = 1;
	events_add(ev, EVENT_ALL, "%s (Leaf) and %s (Mist) shuffle their decks "
	    "and draw %d cards each.  A random draw (rng_below 2 = %d) gives "
	    "the first turn to %s.", pl->names[0], pl->names[1], SW_HAND, k,
	    sw_who(pl, k, who, sizeof who));
	return g;
}

static void
sw_free(void *g)
{
	free(g);
}

static size_t
sw_owed(const void *vg, struct owed *out)
{
	const struct shinobi *g = vg;

	if (g->phase == SW_P_OVER)
		return 0;
	out[0].player = g->active;
	snprintf(out[0].decision, sizeof out[0].decision, "turn");
	sw_view_what(g, g->active, out[0].what, sizeof out[0].what);
	return 1;
}

static int
sw_has_ninja(const struct sw_side *s)
{
	for (int i = 0; i < s->ndeck; i++)
		if (sw_card_is_ninja(s->deck[i]))
			return 1;
	for (int i = 0; i < s->nhand; i++)
		if (sw_card_is_ninja(s->hand[i]))
			return 1;
	for (int z = 0; z < SW_ZONES; z++)
		for (int i = 0; i < s->nzone[z]; i++)
			if (sw_card_is_ninja(s->zone[z][i].card))
				return 1;
	return 0;
}

/* Ruling: a round is quiet when nothing changes that cannot change
 * back: the cards in each deck, hand and field, how many are face up,
 * and the damage.  A turn that changes none of these only reorders. */
static void
sw_tally(const struct shinobi *g, int out[2][5])
{
	for (int p = 0; p < 2; p++) {
		const struct sw_side *s = &g->side[p];

		out[p][0] = s->ndeck;
		out[p][1] = s->nhand;
		out[p][2] = 0;
		out[p][3] = 0;
		out[p][4] = s->damage;
		for (int z = 0; z < SW_ZONES; z++)
			for (int i = 0; i < s->nzone[z]; i++) {
				out[p][2]++;
				out[p][3] += s->zone[z][i].up;
			}
	}
}

static void
sw_end(struct shinobi *g, int winner, struct events *ev, const char *why)
{
	g->phase = SW_P_OVER;
	g->winner = winner;
	snprintf(g->reason, sizeof g->reason, "%s", why);
	/* As Senjin says it: the reason alone, after what it ended in
	 * (gunbai status puts "a draw" before the reason too). */
	events_add(ev, EVENT_ALL, winner == SW_NONE ? "The game is a draw: %s." :
	    "The game is over: %s.", g->reason);
}

static int
sw_resolve(void *vg, const struct game_players *pl,
    const struct answer *answers, size_t n, struct rng *rng,
    struct events *ev, struct gb_err *e)
{
	struct shinobi *g = vg;
	struct sw_turn t;
	struct sw_order o;
	char why[GAME_REASON_MAX], who[80];
	int p = g->active, before[2][5], after[2][5];

	if (g->phase == SW_P_OVER || n != 1 || answers[0].player != p)
		return err_set(e, 0, 0, "shinobi-wars: resolve wants one answer "
		    "of the side to move");
	sw_play_begin(g, p, &t);
	sw_tally(g, before);
	/* The only default is the closing end (sw_order_legal): the
	 * orders before it are the player's own. */
	if (answers[0].nmr && answers[0].n <= 1)
		events_add(ev, EVENT_ALL, "%s has no order accepted at the "
		    "deadline: the default end closes the turn, with no "
		    "actions and no attacks.", sw_who(pl, p, who, sizeof who));
	else if (answers[0].nmr)
		events_add(ev, EVENT_ALL, "%s sent no end by the deadline: the "
		    "%zu order%s accepted %s carried out, then the default "
		    "end closes the turn.", sw_who(pl, p, who, sizeof who),
		    answers[0].n - 1, answers[0].n == 2 ? "" : "s",
		    answers[0].n == 2 ? "is" : "are");
	for (size_t i = 0; i < answers[0].n; i++)
		if (sw_order_parse(answers[0].orders[i].text, &o, why,
		    sizeof why) < 0 || sw_play(g, &t, &o, pl, rng, ev, why,
		    sizeof why) < 0)
			return err_set(e, answers[0].orders[i].line,
			    answers[0].orders[i].col, "shinobi-wars: %s", why);
	if (!t.ended)
		return err_set(e, 0, 0, "shinobi-wars: the turn has no end");
	/* A turn of 'end' alone says so: "Nothing that you can see" read
	 * as if something hidden had happened.  (A skipped conditional
	 * order follows a scout, so t.actions 0 means none was made.) */
	if (!answers[0].nmr && t.actions == 0 && t.nattack == 0)
		events_add(ev, EVENT_ALL, "%s ends the turn with no action "
		    "and no attack.", sw_who(pl, p, who, sizeof who));
	if (sw_play_attacks(g, &t, pl, ev)) {
		sw_end(g, p, ev, p == 0 ? "the Mist village falls" :
		    "the Leaf village falls");
		return 0;
	}
	sw_tally(g, after);
	g->quiet = memcmp(before, after, sizeof before) != 0 ? 0 :
	    g->quiet + 1;
	if (!sw_has_ninja(&g->side[0]) && !sw_has_ninja(&g->side[1])) {
		sw_end(g, SW_NONE, ev, "no side has a ninja left");
		return 0;
	}
	if (g->quiet >= SW_QUIET) {
		sw_end(g, SW_NONE, ev, "ten quiet rounds (cards only "
		    "reordered)");
		return 0;
	}
	g->active = 1 - p;
	g->side[g->active].turns++;
	return 0;
}

static struct outcome
sw_outcome(const void *vg)
{
	const struct shinobi *g = vg;

	return game_outcome(g->phase == SW_P_OVER, g->winner == SW_NONE ? 0 :
	    1u << g->winner, g->reason);
}

/* Swap each of side q's face-down field cards with a random card of the
 * same kind (ninja or trap) from the hidden pool (deck and hand). */
static void
sw_perturb_field(struct sw_side *s, struct rng *rng)
{
	unsigned char *pool[SW_DECK * 2], tmp;
	int n;

	for (int z = 0; z < SW_ZONES; z++)
		for (int i = 0; i < s->nzone[z]; i++) {
			struct sw_slot *c = &s->zone[z][i];

			if (c->up)
				continue;
			n = 0;
			for (int k = 0; k < s->ndeck; k++)
				if (sw_card_is_ninja(s->deck[k]) ==
				    sw_card_is_ninja(c->card))
					pool[n++] = &s->deck[k];
			for (int k = 0; k < s->nhand; k++)
				if (sw_card_is_ninja(s->hand[k]) ==
				    sw_card_is_ninja(c->card))
					pool[n++] = &s->hand[k];
			if (n == 0)
				continue;
			n = (int)rng_below(rng, (uint64_t)n);
			tmp = *pool[n];
			*pool[n] = c->card;
			c->card = tmp;
		}
}

/* What player cannot see: the own deck's order; the enemy's deck, hand
 * and face-down cards.  Draws from a copy of rng: the harness plays the
 * same game with and without these checks from one stream. */
static int
sw_perturb(void *vg, int player, struct rng *rng)
{
	struct shinobi *g = vg;
	struct rng copy = *rng;
	struct sw_side *s;
	unsigned char pool[SW_DECK * 2];
	int n;

	if (player != 0 && player != 1)
		return 0;
	rng_shuffle(&copy, g->side[player].deck,
	    (size_t)g->side[player].ndeck, 1);
	s = &g->side[1 - player];
	n = s->ndeck + s->nhand;
	memcpy(pool, s->deck, (size_t)s->ndeck);
	memcpy(pool + s->ndeck, s->hand, (size_t)s->nhand);
	rng_shuffle(&copy, pool, (size_t)n, 1);
	memcpy(s->deck, pool, (size_t)s->ndeck);
	memcpy(s->hand, pool + s->ndeck, (size_t)s->nhand);
	sw_perturb_field(s, &copy);
	return 1;
}

const struct game_entry shinobi_wars_game = {
	.id = "shinobi-wars",
	.title = "Shinobi Wars",
	.ruleset = "0",
	.min_players = 2,
	.max_players = 2,
	.options = sw_options,
	.setup = sw_setup,
	.free = sw_free,
	.load = sw_state_load,
	.save = sw_state_save,
	.owed = sw_owed,
	.validate = sw_order_validate,
	.legal = sw_order_legal,
	.legal_pick = sw_order_pick,
	.resolve = sw_resolve,
	.view = sw_view_board,
	.view_data = sw_data,
	.picture = sw_picture,
	.help = sw_view_help,
	.outcome = sw_outcome,
	.perturb = sw_perturb,
};

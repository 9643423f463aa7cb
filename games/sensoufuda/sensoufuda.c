/* sensoufuda.c - Sensoufuda: the game entry, setup, and the sequence of
 * decision points.
 *
 * A game is a series of battles.  Each battle is dealt, then:
 *   strategy  both players, sealed: the Strategic Phase says who starts
 *             (skipped with the option strategy=alternate);
 *   turn      the player to play: a card from the hand, then the top
 *             card of the ally deck is flipped and played;
 *   collect   the same player, when the ally card matches two tactical
 *             options and no standing instruction chose one;
 *   victory   the victorious player: declare victory or press on;
 *   answer    the other player, after a press on: retreat or
 *             counterattack.
 * sf_battle.c says what follows each; the game ends when a player
 * reaches the VP target, at the battle limit, or by Total Annihilation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sensoufuda.h"

#define SENSOUFUDA_MAX_TARGET 1000
#define SENSOUFUDA_MAX_BATTLES 1000

enum { SENSOUFUDA_OPT_TARGET, SENSOUFUDA_OPT_BATTLES,
	SENSOUFUDA_OPT_STRATEGY, SENSOUFUDA_OPT_TROLL_FARMS,
	SENSOUFUDA_OPT_BLITZKRIEG };

/* The optional combos' options are named as the combos. */
static const struct game_option sensoufuda_options[] = {
	[SENSOUFUDA_OPT_TARGET] = { .name = "target", .def = "20",
	    .help = "the VP that win the game, 1 to 1000" },
	[SENSOUFUDA_OPT_BATTLES] = { .name = "battles", .def = "10",
	    .help = "battles in all (stalemates too) before the game ends; "
	    "0: no limit" },
	[SENSOUFUDA_OPT_STRATEGY] = { .name = "strategy", .def = "rps",
	    .help = "who starts each battle: rps (a sealed choice), "
	    "alternate, or axis (always)" },
	[SENSOUFUDA_OPT_TROLL_FARMS] = { .name = "troll-farms", .def = "off",
	    .help = "the optional combo Newspaper, Wiretap, Virus: on or "
	    "off" },
	[SENSOUFUDA_OPT_BLITZKRIEG] = { .name = "blitzkrieg", .def = "off",
	    .help = "the optional combo Tank, Battleship, Dynamite: on or "
	    "off" },
	{ .name = NULL },
};

static int
sensoufuda_option_int(const char *const *optv, int opt, long long min,
    long long max, int *out, struct gb_err *e)
{
	char q[SF_QUOTE];
	long long v;

	if (util_parse_int(optv[opt], min, max, &v) < 0)
		return err_set(e, 0, 0, "option %s: '%s' is not a number "
		    "from %lld to %lld", sensoufuda_options[opt].name,
		    sf_card_quote(optv[opt], q, sizeof q), min, max);
	*out = (int)v;
	return 0;
}

static int
sensoufuda_option_rules(struct sensoufuda *g, const char *const *optv,
    struct gb_err *e)
{
	const char *s = optv[SENSOUFUDA_OPT_STRATEGY];
	char q[SF_QUOTE];

	if (sensoufuda_option_int(optv, SENSOUFUDA_OPT_TARGET, 1,
	    SENSOUFUDA_MAX_TARGET, &g->target, e) < 0 ||
	    sensoufuda_option_int(optv, SENSOUFUDA_OPT_BATTLES, 0,
	    SENSOUFUDA_MAX_BATTLES, &g->battles, e) < 0)
		return -1;
	if ((g->start = sf_start_find(s)) < 0)
		return err_set(e, 0, 0, "option strategy: '%s' is not rps, "
		    "alternate or axis", sf_card_quote(s, q, sizeof q));
	g->combos = 0;
	for (int k = 0; k < SF_NCOMBOS; k++) {
		const char *v = "on";

		for (int o = 0; sf_combos[k].optional &&
		    sensoufuda_options[o].name != NULL; o++)
			if (strcmp(sensoufuda_options[o].name,
			    sf_combos[k].name) == 0)
				v = optv[o];
		if (strcmp(v, "on") != 0 && strcmp(v, "off") != 0)
			return err_set(e, 0, 0, "option %s: '%s' is neither "
			    "on nor off", sf_combos[k].name,
			    sf_card_quote(v, q, sizeof q));
		if (strcmp(v, "on") == 0)
			g->combos |= 1u << k;
	}
	return 0;
}

static void *
sensoufuda_setup(const struct game_players *pl, const char *const *optv,
    struct rng *rng, struct events *ev, struct gb_err *e)
{
	struct sensoufuda *g;
	char who[2][80];

	if (pl->n != 2) {
		err_set(e, 0, 0, "sensoufuda is played by 2 players, not %d",
		    pl->n);
		return NULL;
	}
	g = util_calloc(1, sizeof *g);
	if (sensoufuda_option_rules(g, optv, e) < 0) {
		free(g);
		return NULL;
	}
	g->battle = 1;
	g->starter = g->active = g->victor = g->pending = SF_NONE;
	g->race[0] = g->race[1] = SF_NONE;
	g->winner = SF_NONE;
	events_add(ev, EVENT_ALL, "%s and %s meet in battle.  The first to "
	    "%d VP wins%s.", sf_faction_who(pl, 0, who[0], sizeof who[0]),
	    sf_faction_who(pl, 1, who[1], sizeof who[1]), g->target,
	    g->battles > 0 ? ", or the one with more VP after the last "
	    "battle" : "");
	sf_deal_battle(g, pl, SF_NONE, 0, rng, ev);
	sf_battle_begin(g, pl, rng, ev);
	return g;
}

static void
sensoufuda_free(void *g)
{
	free(g);
}

static size_t
sensoufuda_owed(const void *vg, struct owed *out)
{
	const struct sensoufuda *g = vg;
	size_t n = 0;

	for (int p = 0; p < 2 && g->phase != SF_P_OVER; p++) {
		if (g->phase != SF_P_STRATEGY && p != sf_order_owner(g))
			continue;
		size_t at = 0;

		out[n].player = p;
		sf_put(out[n].decision, sizeof out[n].decision, &at,
		    sf_phase_words[g->phase]);
		sf_view_what(g, p, out[n].what, sizeof out[n].what);
		n++;
	}
	return n;
}

/* play random: a card of p's hand drawn from the point's stream.  The
 * draw (an index into the hand in card order) goes to p alone, as the
 * index would tell others which cards p holds; everyone sees the card
 * when it is played. */
static int
sensoufuda_random_card(const struct sensoufuda *g,
    const struct game_players *pl, int p, struct rng *rng,
    struct events *ev)
{
	int cards[SF_CARDS], n = sf_card_list(g->hand[p], cards);
	int k = (int)rng_below(rng, (uint64_t)n);
	struct sbuf b;

	/* Without printf: play random is every missed deadline's turn. */
	sbuf_init(&b);
	sbuf_reserve(&b, SF_LINE);
	sbuf_puts(&b, "Your play random draws card ");
	sbuf_int(&b, k + 1);
	sbuf_puts(&b, " of the ");
	sbuf_int(&b, n);
	sbuf_puts(&b, " in your hand, in card order (rng_below ");
	sbuf_int(&b, n);
	sbuf_puts(&b, " = ");
	sbuf_int(&b, k);
	sbuf_puts(&b, "): ");
	sbuf_puts(&b, sf_cards[cards[k]].name);
	sbuf_puts(&b, ".");
	events_take(ev, EVENT_TO(p), sbuf_take(&b));
	sbuf_puts(&b, pl->names[p]);
	sbuf_puts(&b, " plays a card drawn at random from the hand.");
	events_take(ev, EVENT_ALL, sbuf_take(&b));
	return cards[k];
}

/* A turn: the hand card, then the ally card. */
static void
sensoufuda_turn(struct sensoufuda *g, const struct game_players *pl,
    const struct sf_plan *plan, struct rng *rng, struct events *ev)
{
	int p = plan->player, card, collect, offer[2];
	char text[80];
	struct sbuf b;

	if (plan->instr_given) {
		g->ninstr[p] = plan->ninstr;
		memcpy(g->instr[p], plan->instr, sizeof plan->instr);
		sbuf_init(&b);
		sbuf_puts(&b, "Your standing ally instructions are now: ");
		for (int i = 0; i < plan->ninstr; i++) {
			sf_table_instr_write(&plan->instr[i], text,
			    sizeof text);
			sbuf_printf(&b, "%s%s", i ? "; " : "", text);
		}
		sbuf_puts(&b, plan->ninstr ? "." : "none.");
		events_take(ev, EVENT_TO(p), sbuf_take(&b));
	}
	card = plan->play;
	collect = plan->collect;
	if (card == SF_PLAY_RANDOM) {
		card = sensoufuda_random_card(g, pl, p, rng, ev);
		sf_table_offer(g, card, offer);
		collect = offer[0];
	}
	g->hand[p] &= ~SF_BIT(card);
	sf_table_play(g, pl, p, card, collect, "plays", "from the hand", ev);
	if (sf_table_flip(g, pl, p, ev)) {
		g->phase = SF_P_COLLECT;
		return;
	}
	sf_battle_after_turn(g, pl, rng, ev);
}

static int
sensoufuda_resolve(void *vg, const struct game_players *pl,
    const struct answer *answers, size_t n, struct rng *rng,
    struct events *ev, struct gb_err *e)
{
	struct sensoufuda *g = vg;
	struct sf_plan plan[2];
	char why[GAME_REASON_MAX];
	size_t want = g->phase == SF_P_STRATEGY ? 2 : 1;
	int card;

	if (g->phase == SF_P_OVER || n != want)
		return err_set(e, 0, 0, "sensoufuda: resolve wants %zu "
		    "answers, not %zu", g->phase == SF_P_OVER ? (size_t)0 :
		    want, n);
	for (size_t i = 0; i < n; i++) {
		if (n == 2 && answers[i].player != (int)i)
			return err_set(e, 0, 0, "sensoufuda: the strategy "
			    "answers come one from each player, in order");
		if (sf_order_plan(g, answers[i].player, answers[i].orders,
		    answers[i].n, &plan[i], why, sizeof why) < 0)
			return err_set(e, 0, 0, "sensoufuda: the answer of %s: "
			    "%s", pl->names[answers[i].player], why);
	}
	switch (g->phase) {
	case SF_P_STRATEGY:
		sf_battle_strategy(g, pl, (int[2]){ plan[0].strategy,
		    plan[1].strategy }, rng, ev);
		break;
	case SF_P_TURN:
		sensoufuda_turn(g, pl, &plan[0], rng, ev);
		break;
	case SF_P_COLLECT:
		card = g->pending;
		g->pending = SF_NONE;
		g->phase = SF_P_TURN;
		sf_table_play(g, pl, g->active, card, plan[0].collect,
		    "plays the ally card", "", ev);
		sf_battle_after_turn(g, pl, rng, ev);
		break;
	default:
		sf_battle_decide(g, pl, &plan[0], rng, ev);
		break;
	}
	return 0;
}

static struct outcome
sensoufuda_outcome(const void *vg)
{
	const struct sensoufuda *g = vg;
	struct outcome o = { 0 };

	if (g->phase != SF_P_OVER)
		return o;
	o.finished = 1;
	o.winners = g->winner == SF_NONE ? 0 : 1u << g->winner;
	snprintf(o.reason, sizeof o.reason, "%s", g->reason);
	return o;
}

/* Draws from a copy of rng: the harness plays the same game with and
 * without these checks from one stream, so perturb must not move it. */
static int
sensoufuda_perturb(void *g, int player, struct rng *rng)
{
	struct rng copy = *rng;

	if (player != 0 && player != 1)
		return 0;
	return sf_deal_perturb(g, player, &copy);
}

const struct game_entry sensoufuda_game = {
	.id = "sensoufuda",
	.title = "Sensoufuda",
	.ruleset = "1",
	.min_players = 2,
	.max_players = 2,
	.options = sensoufuda_options,
	.setup = sensoufuda_setup,
	.free = sensoufuda_free,
	.load = sf_state_load,
	.save = sf_state_save,
	.owed = sensoufuda_owed,
	.validate = sf_order_validate,
	.legal = sf_order_legal,
	.legal_pick = sf_order_legal_pick,
	.resolve = sensoufuda_resolve,
	.view = sf_view_board,
	.view_data = sf_data,
	.picture = sf_picture,
	.help = sf_view_help,
	.outcome = sensoufuda_outcome,
	.perturb = sensoufuda_perturb,
};

/* sensoufuda.c - Sensoufuda: the game entry, setup, and the sequence of
 * decision points: the only file that moves the game on.
 *
 * A game is a series of battles.  Each battle is dealt (sf_deal.c), then:
 *   strategy  both players, sealed: the Strategic Phase says who starts
 *             (skipped with the option strategy=alternate);
 *   turn      the player to play: a card from the hand, then the top
 *             card of the ally deck is flipped and played (sf_table.c);
 *   collect   the same player, when the ally card matches two tactical
 *             options and no standing instruction chose one;
 *   victory   the victorious player: declare victory or press on;
 *   answer    the other player, after a press on: retreat or
 *             counterattack.
 * After each turn (sensoufuda_after_turn), in this order:
 *   1. Before any combo: the player's first combo makes that player
 *      victorious, who owes a victory decision: declare victory (score
 *      the combos, times the multiplier) or press on.  After a press on
 *      the other player owes an answer: retreat (the victor scores; the
 *      retreating player keeps up to half the unused hand) or
 *      counterattack (play resumes with the counterattacking player).
 *   2. During a counterattack: a new or better combo of the victor is a
 *      successful press on (the multiplier goes up; the fourth is Total
 *      Annihilation, and the game ends); one of the other player turns
 *      the tables (that player is victorious, multiplier 1).
 *   3. Otherwise the other player plays next; a player without cards
 *      passes; when neither has any, the battle is a stalemate.
 * Four Atoms is a combo like the others in steps 1 and 2, worth 0 VP;
 * when the victor holds it, the battle ends at once instead of the
 * victory decision, and the victor scores as for declare victory.
 * A battle's end scores, checks the end of the game (a player at the VP
 * target, or the battle limit), and deals the next battle.  The other
 * files compute and return: they never call back into this one. */
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
		    sf_text_quote(optv[opt], q, sizeof q), min, max);
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
	if ((g->start = sf_battle_start_find(s)) < 0)
		return err_set(e, 0, 0, "option strategy: '%s' is not rps, "
		    "alternate or axis", sf_text_quote(s, q, sizeof q));
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
			    sf_text_quote(v, q, sizeof q));
		if (strcmp(v, "on") == 0)
			g->combos |= 1u << k;
	}
	return 0;
}

/* Declared ahead: a battle's end deals and begins the next. */
static void sensoufuda_begin(struct sensoufuda *g,
    const struct game_players *pl, struct rng *rng, struct events *ev);

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
	sensoufuda_begin(g, pl, rng, ev);
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
		sf_text_put(out[n].decision, sizeof out[n].decision, &at,
		    sf_battle_phase_words[g->phase]);
		sf_view_what(g, p, out[n].what, sizeof out[n].what);
		n++;
	}
	return n;
}

static void
sensoufuda_finish(struct sensoufuda *g, const struct game_players *pl,
    int winner, struct events *ev)
{
	g->phase = SF_P_OVER;
	g->active = SF_NONE;
	g->victor = SF_NONE;
	g->successes = 0;
	g->race[0] = g->race[1] = SF_NONE;
	g->pending = SF_NONE;
	g->winner = winner;
	if (winner == SF_NONE)
		events_add(ev, EVENT_ALL, "The game is over, a draw: %s.",
		    g->reason);
	else
		events_add(ev, EVENT_ALL, "The game is over: %s wins: %s.",
		    pl->names[winner], g->reason);
}

/* The battle has ended: score, then the end of the game or the next
 * battle.  keeper keeps kept for the next battle after a retreat. */
static void
sensoufuda_end(struct sensoufuda *g, const struct game_players *pl,
    int scorer, int points, int keeper, uint64_t kept, struct rng *rng,
    struct events *ev)
{
	if (scorer != SF_NONE)
		g->vp[scorer] += points;
	events_add(ev, EVENT_ALL, "Score after battle %d: %s %d VP, %s %d VP "
	    "(%d VP win the game).", g->battle, pl->names[0], g->vp[0],
	    pl->names[1], g->vp[1], g->target);
	g->victor = SF_NONE;
	g->successes = 0;
	g->race[0] = g->race[1] = SF_NONE;
	g->active = SF_NONE;
	g->pending = SF_NONE;
	if (scorer != SF_NONE && g->vp[scorer] >= g->target) {
		/* Short: the core's report prints it on one line. */
		snprintf(g->reason, sizeof g->reason, "reached %d VP in battle "
		    "%d (the target is %d)", g->vp[scorer], g->battle,
		    g->target);
		sensoufuda_finish(g, pl, scorer, ev);
		return;
	}
	if (g->battles > 0 && g->battle >= g->battles) {
		int w = g->vp[0] > g->vp[1] ? 0 : g->vp[1] > g->vp[0] ? 1 :
		    SF_NONE;

		if (w == SF_NONE)
			snprintf(g->reason, sizeof g->reason, "%d VP each "
			    "after %d battle%s", g->vp[0], g->battles,
			    g->battles == 1 ? "" : "s");
		else
			snprintf(g->reason, sizeof g->reason, "%d VP to %d "
			    "after %d battle%s", g->vp[w], g->vp[1 - w],
			    g->battles, g->battles == 1 ? "" : "s");
		sensoufuda_finish(g, pl, w, ev);
		return;
	}
	g->battle++;
	sf_deal_battle(g, pl, keeper, kept, rng, ev);
	sensoufuda_begin(g, pl, rng, ev);
}

static void
sensoufuda_stalemate(struct sensoufuda *g, const struct game_players *pl,
    struct rng *rng, struct events *ev)
{
	events_add(ev, EVENT_ALL, "Both players are out of cards%s: the "
	    "battle is a stalemate.  Nobody scores in it, and the cards are "
	    "dealt again for a new battle.", g->victor == SF_NONE ?
	    " before anyone made a combo" : " and neither made a new or "
	    "better combo");
	sensoufuda_end(g, pl, SF_NONE, 0, SF_NONE, 0, rng, ev);
}

/* Play passes to first, or to the other player if first has no cards
 * left; a stalemate if neither has. */
static void
sensoufuda_next(struct sensoufuda *g, const struct game_players *pl,
    int first, struct rng *rng, struct events *ev)
{
	char who[80];

	for (int i = 0; i < 2; i++) {
		int p = i == 0 ? first : 1 - first;

		if (g->hand[p] == 0)
			continue;
		if (i == 1)
			events_add(ev, EVENT_ALL, "%s has no cards left and "
			    "passes; %s plays on.", sf_faction_who(pl, first,
			    who, sizeof who), pl->names[p]);
		g->active = p;
		g->phase = SF_P_TURN;
		return;
	}
	sensoufuda_stalemate(g, pl, rng, ev);
}

static void
sensoufuda_begin(struct sensoufuda *g, const struct game_players *pl,
    struct rng *rng, struct events *ev)
{
	char who[80];

	g->victor = SF_NONE;
	g->successes = 0;
	g->race[0] = g->race[1] = SF_NONE;
	g->active = SF_NONE;
	if (g->start == SF_START_RPS) {
		g->phase = SF_P_STRATEGY;
		events_add(ev, EVENT_ALL, "Strategic Phase of battle %d: each "
		    "player chooses assault, flank or fortify, sealed; the "
		    "winner starts the battle.", g->battle);
		return;
	}
	/* Without the Strategic Phase the Axis starts the first battle, as
	 * the rules say, and then the players take turns, or (strategy
	 * axis, the rule text read literally) the Axis starts every one. */
	g->starter = g->starter == SF_NONE || g->start == SF_START_AXIS ? 0 :
	    1 - g->starter;
	events_add(ev, EVENT_ALL, "%s starts battle %d.", sf_faction_who(pl,
	    g->starter, who, sizeof who), g->battle);
	sensoufuda_next(g, pl, g->starter, rng, ev);
}

static void
sensoufuda_strategy(struct sensoufuda *g, const struct game_players *pl,
    const int choice[2], struct rng *rng, struct events *ev)
{
	int c[2], w;
	char who[80];
	struct sbuf b;

	sbuf_init(&b);
	sbuf_printf(&b, "The sealed strategies of battle %d are revealed:",
	    g->battle);
	for (int p = 0; p < 2; p++) {
		c[p] = choice[p];
		if (c[p] == SF_G_RANDOM) {
			c[p] = (int)rng_below(rng, SF_STRATEGIES);
			sbuf_printf(&b, "%s %s chose at random (rng_below %d = "
			    "%d): %s", p ? ";" : "", pl->names[p],
			    SF_STRATEGIES, c[p],
			    sf_battle_strategies[c[p]].word);
		} else {
			sbuf_printf(&b, "%s %s chose %s", p ? ";" : "",
			    pl->names[p], sf_battle_strategies[c[p]].word);
		}
	}
	sbuf_puts(&b, ".");
	events_take(ev, EVENT_ALL, sbuf_take(&b));
	if (c[0] != c[1]) {
		w = (c[0] + 1) % SF_STRATEGIES == c[1] ? 0 : 1;
		events_add(ev, EVENT_ALL, "%c%s: %s starts the battle.",
		    sf_battle_strategies[c[w]].why[0] - 'a' + 'A',
		    sf_battle_strategies[c[w]].why + 1,
		    sf_faction_who(pl, w, who, sizeof who));
	} else if (g->starter == SF_NONE) {
		w = 0;
		events_add(ev, EVENT_ALL, "A tie: %s starts the first battle, "
		    "as the rules say.", sf_faction_who(pl, w, who,
		    sizeof who));
	} else {
		w = 1 - g->starter;
		events_add(ev, EVENT_ALL, "A tie: %s starts the battle, having "
		    "not started the previous one.", sf_faction_who(pl, w, who,
		    sizeof who));
	}
	g->starter = w;
	sensoufuda_next(g, pl, w, rng, ev);
}

/* The victor's combos and what declaring victory would score now. */
static void
sensoufuda_standing(const struct sensoufuda *g, const struct game_players *pl,
    struct sbuf *b)
{
	struct sf_combo_set s;

	sf_combo_of(g, g->victor, -1, &s);
	sbuf_printf(b, "%s's combos: ", pl->names[g->victor]);
	sf_combo_describe(&s, 0, b);
	sbuf_printf(b, "; %d VP x%d = %d VP.", sf_combo_total(&s),
	    sf_battle_multiplier(g), sf_battle_score(g));
}

/* The player who moved is victorious (again): the victory decision, or
 * with Four Atoms the end of the battle, scored as a victory declared.
 * b holds what made them victorious. */
static void
sensoufuda_victorious(struct sensoufuda *g, const struct game_players *pl,
    struct sbuf *b, struct rng *rng, struct events *ev)
{
	struct sf_combo_set s;
	int points;

	g->active = SF_NONE;
	g->race[0] = g->race[1] = SF_NONE;
	sbuf_puts(b, " ");
	sf_combo_of(g, g->victor, -1, &s);
	if (sf_combo_ends(&s)) {
		points = sf_battle_score(g);
		sbuf_printf(b, "%s holds all four Atomic cards: Four Atoms "
		    "ends the battle at once, so there is no press on. ",
		    pl->names[g->victor]);
		sensoufuda_standing(g, pl, b);
		sbuf_printf(b, " %s scores %d VP.", pl->names[g->victor],
		    points);
		events_add(ev, EVENT_ALL, "%s", b->p);
		sensoufuda_end(g, pl, g->victor, points, SF_NONE, 0, rng, ev);
		return;
	}
	g->phase = SF_P_VICTORY;
	sensoufuda_standing(g, pl, b);
	sbuf_printf(b, " %s decides: declare victory, or press on.",
	    pl->names[g->victor]);
	events_add(ev, EVENT_ALL, "%s", b->p);
}

/* Step 2: the counterattack going on; 1 if it has a result.  However
 * many combos the turn made new or better, it is one result. */
static int
sensoufuda_race(struct sensoufuda *g, const struct game_players *pl,
    int p, const struct sf_combo_set *now, struct rng *rng,
    struct events *ev)
{
	struct sf_combo_set before, better;
	char who[80], other[80];
	struct sbuf b, with;

	sf_combo_of(g, p, g->race[p], &before);
	if (sf_combo_improvements(&before, now, &better) == 0)
		return 0;
	sbuf_init(&with);
	sf_combo_describe(&better, 1, &with);
	sbuf_init(&b);
	sf_faction_who(pl, p, who, sizeof who);
	sf_faction_who(pl, 1 - p, other, sizeof other);
	if (p == g->victor) {
		g->successes++;
		if (g->successes == SF_ANNIHILATION) {
			snprintf(g->reason, sizeof g->reason, "Total "
			    "Annihilation in battle %d", g->battle);
			events_add(ev, EVENT_ALL, "%s's press on succeeds "
			    "again with %s: the fourth successful press on is "
			    "Total Annihilation.  The army of %s is "
			    "destroyed.", pl->names[p], with.p, other);
			sensoufuda_finish(g, pl, p, ev);
			sbuf_free(&with);
			sbuf_free(&b);
			return 1;
		}
		sbuf_printf(&b, "%s's press on succeeds with %s: %d "
		    "successful press on%s, so the multiplier is x%d.",
		    pl->names[p], with.p, g->successes,
		    g->successes > 1 ? "s" : "", sf_battle_multiplier(g));
	} else {
		g->victor = p;
		g->successes = 0;
		sbuf_printf(&b, "%s's counterattack succeeds with %s: the "
		    "tables are turned.  %s is victorious and %s is on the "
		    "back foot.", pl->names[p], with.p, who, other);
	}
	sensoufuda_victorious(g, pl, &b, rng, ev);
	sbuf_free(&with);
	sbuf_free(&b);
	return 1;
}

static void
sensoufuda_after_turn(struct sensoufuda *g, const struct game_players *pl,
    struct rng *rng, struct events *ev)
{
	int p = g->active;
	struct sf_combo_set now;
	char who[80];
	struct sbuf b;

	sf_combo_of(g, p, -1, &now);
	sf_faction_who(pl, p, who, sizeof who);
	if (g->victor == SF_NONE && sf_combo_made(&now) > 0) {
		g->victor = p;
		g->successes = 0;
		sbuf_init(&b);
		sbuf_printf(&b, "%s makes the first combo of the battle and "
		    "is victorious.", who);
		sensoufuda_victorious(g, pl, &b, rng, ev);
		sbuf_free(&b);
		return;
	}
	if (g->victor != SF_NONE && sensoufuda_race(g, pl, p, &now, rng,
	    ev))
		return;
	sensoufuda_next(g, pl, 1 - p, rng, ev);
}

static void
sensoufuda_retreat(struct sensoufuda *g, const struct game_players *pl,
    const struct sf_plan *plan, struct rng *rng, struct events *ev)
{
	int v = g->victor, d = 1 - v, points = sf_battle_score(g);
	uint64_t keep = plan->keep_given ? plan->keep :
	    sf_battle_default_keep(g, d);
	char who[80];
	struct sf_combo_set s;
	struct sbuf b;

	sf_combo_of(g, v, -1, &s);
	events_add(ev, EVENT_ALL, "%s retreats in good order: %s scores %d VP "
	    "(combos %d VP x%d).  %s keeps %d of %d unused hand card%s "
	    "for the next battle%s.", sf_faction_who(pl, d, who, sizeof who),
	    pl->names[v], points, sf_combo_total(&s),
	    sf_battle_multiplier(g), pl->names[d], sf_card_count(keep),
	    sf_card_count(g->hand[d]),
	    sf_card_count(g->hand[d]) == 1 ? "" : "s", plan->keep_given ? "" :
	    " (the default choice)");
	sbuf_init(&b);
	sbuf_puts(&b, "You keep ");
	sf_card_join_mask(&b, keep);
	sbuf_puts(&b, ".");
	events_take(ev, EVENT_TO(d), sbuf_take(&b));
	sensoufuda_end(g, pl, v, points, d, keep, rng, ev);
}

static void
sensoufuda_decide(struct sensoufuda *g, const struct game_players *pl,
    const struct sf_plan *plan, struct rng *rng, struct events *ev)
{
	int v = g->victor, d = 1 - v, points = sf_battle_score(g);
	char who[80];
	struct sf_combo_set s;

	sf_faction_who(pl, plan->player, who, sizeof who);
	switch (plan->decision) {
	case SF_DECLARE:
		sf_combo_of(g, v, -1, &s);
		events_add(ev, EVENT_ALL, "%s declares victory and scores %d "
		    "VP (combos %d VP x%d).", who, points,
		    sf_combo_total(&s), sf_battle_multiplier(g));
		sensoufuda_end(g, pl, v, points, SF_NONE, 0, rng, ev);
		break;
	case SF_PRESS:
		g->phase = SF_P_ANSWER;
		events_add(ev, EVENT_ALL, "%s presses on: %s must retreat, "
		    "conceding %d VP, or counterattack.", who, pl->names[d],
		    points);
		break;
	case SF_RETREAT:
		sensoufuda_retreat(g, pl, plan, rng, ev);
		break;
	default:
		if (g->hand[d] == 0)
			events_add(ev, EVENT_ALL, "%s counterattacks, but no "
			    "cards are left to play.", who);
		else
			events_add(ev, EVENT_ALL, "%s counterattacks: the "
			    "battle resumes, %s first.  A new or better combo "
			    "of %s is a successful press on; one of %s turns "
			    "the tables.", who, pl->names[d], pl->names[v],
			    pl->names[d]);
		for (int p = 0; p < 2; p++)
			g->race[p] = g->tableau[p].n;
		sensoufuda_next(g, pl, d, rng, ev);
		break;
	}
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
	sensoufuda_after_turn(g, pl, rng, ev);
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
		sensoufuda_strategy(g, pl, (int[2]){ plan[0].strategy,
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
		sensoufuda_after_turn(g, pl, rng, ev);
		break;
	default:
		sensoufuda_decide(g, pl, &plan[0], rng, ev);
		break;
	}
	return 0;
}

static struct outcome
sensoufuda_outcome(const void *vg)
{
	const struct sensoufuda *g = vg;

	return game_outcome(g->phase == SF_P_OVER, g->winner == SF_NONE ? 0 :
	    1u << g->winner, g->reason);
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

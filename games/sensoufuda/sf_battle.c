/* sf_battle.c - the battle after each turn, its resolution, the
 * Strategic Phase, and the end of the game.
 *
 * After each turn (sf_battle_after_turn), in this order:
 *   1. Four Atoms in the tableau of the player who moved ends the battle
 *      at once: made by the victor (pressing on), the victor scores as
 *      for declare victory; made by anyone else, nobody scores.
 *   2. Before any combo: the player's first combo makes that player
 *      victorious, who owes a victory decision: declare victory (score
 *      the combos, times the multiplier) or press on.  After a press on
 *      the other player owes an answer: retreat (the victor scores; the
 *      retreating player keeps up to half the unused hand) or
 *      counterattack (play resumes with the counterattacking player).
 *   3. During a counterattack: a new or better combo of the victor is a
 *      successful press on (the multiplier goes up; the fourth is Total
 *      Annihilation, and the game ends); one of the other player turns
 *      the tables (that player is victorious, multiplier 1).
 *   4. Otherwise the other player plays next; a player without cards
 *      passes; when neither has any, the battle is a stalemate.
 * A battle's end scores, checks the end of the game, and deals the next
 * battle. */
#include <stdio.h>

#include "sensoufuda.h"

const char *const sf_phase_words[SF_PHASES] = {
#define SF_BATTLE_PHASE(id, word) word,
	SF_PHASE_LIST(SF_BATTLE_PHASE)
#undef SF_BATTLE_PHASE
};

const struct sf_strategy_info sf_strategies[SF_STRATEGIES] = {
#define SF_BATTLE_STRATEGY(id, word, why) { word, why },
	SF_STRATEGY_LIST(SF_BATTLE_STRATEGY)
#undef SF_BATTLE_STRATEGY
};

int
sf_battle_multiplier(const struct sensoufuda *g)
{
	return g->successes + 1;
}

int
sf_battle_score(const struct sensoufuda *g)
{
	struct sf_combo_set s;

	if (g->victor == SF_NONE)
		return 0;
	sf_combo_of(g, g->victor, -1, &s);
	return sf_combo_total(&s) * sf_battle_multiplier(g);
}

int
sf_battle_keep_max(const struct sensoufuda *g, int player)
{
	return sf_card_count(g->hand[player]) / 2;
}

uint64_t
sf_battle_default_keep(const struct sensoufuda *g, int player)
{
	int cards[SF_CARDS], n = sf_card_list(g->hand[player], cards);
	int max = sf_battle_keep_max(g, player);
	uint64_t keep = 0;

	/* The best max cards by sf_card_rank: a selection sort is plenty
	 * for eight cards. */
	for (int k = 0; k < max; k++) {
		int best = -1;

		for (int i = 0; i < n; i++)
			if (!(keep & SF_BIT(cards[i])) && (best < 0 ||
			    sf_card_rank(cards[i]) < sf_card_rank(cards[best])))
				best = i;
		keep |= SF_BIT(cards[best]);
	}
	return keep;
}

static void
sf_battle_finish(struct sensoufuda *g, const struct game_players *pl,
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
sf_battle_end(struct sensoufuda *g, const struct game_players *pl,
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
		snprintf(g->reason, sizeof g->reason, "reached %d VP of %d in "
		    "battle %d", g->vp[scorer], g->target, g->battle);
		sf_battle_finish(g, pl, scorer, ev);
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
		sf_battle_finish(g, pl, w, ev);
		return;
	}
	g->battle++;
	sf_deal_battle(g, pl, keeper, kept, rng, ev);
	sf_battle_begin(g, pl, rng, ev);
}

static void
sf_battle_stalemate(struct sensoufuda *g, const struct game_players *pl,
    struct rng *rng, struct events *ev)
{
	events_add(ev, EVENT_ALL, "Both players are out of cards%s: the "
	    "battle is a stalemate.  Nobody scores in it, and the cards are "
	    "dealt again for a new battle.", g->victor == SF_NONE ?
	    " before anyone made a combo" : " and neither made a new or "
	    "better combo");
	sf_battle_end(g, pl, SF_NONE, 0, SF_NONE, 0, rng, ev);
}

/* Play passes to first, or to the other player if first has no cards
 * left; a stalemate if neither has. */
static void
sf_battle_next(struct sensoufuda *g, const struct game_players *pl,
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
	sf_battle_stalemate(g, pl, rng, ev);
}

void
sf_battle_begin(struct sensoufuda *g, const struct game_players *pl,
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
	sf_battle_next(g, pl, g->starter, rng, ev);
}

void
sf_battle_strategy(struct sensoufuda *g, const struct game_players *pl,
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
			    SF_STRATEGIES, c[p], sf_strategies[c[p]].word);
		} else {
			sbuf_printf(&b, "%s %s chose %s", p ? ";" : "",
			    pl->names[p], sf_strategies[c[p]].word);
		}
	}
	sbuf_puts(&b, ".");
	events_take(ev, EVENT_ALL, sbuf_take(&b));
	if (c[0] != c[1]) {
		w = (c[0] + 1) % SF_STRATEGIES == c[1] ? 0 : 1;
		events_add(ev, EVENT_ALL, "%c%s: %s starts the battle.",
		    sf_strategies[c[w]].why[0] - 'a' + 'A',
		    sf_strategies[c[w]].why + 1,
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
	sf_battle_next(g, pl, w, rng, ev);
}

/* The victor's combos and what declaring victory would score now. */
static void
sf_battle_standing(const struct sensoufuda *g, const struct game_players *pl,
    struct sbuf *b)
{
	struct sf_combo_set s;

	sf_combo_of(g, g->victor, -1, &s);
	sbuf_printf(b, "%s's combos: ", pl->names[g->victor]);
	sf_combo_describe(&s, b);
	sbuf_printf(b, "; %d VP x%d = %d VP.", sf_combo_total(&s),
	    sf_battle_multiplier(g), sf_battle_score(g));
}

/* The player who moved is victorious (again): the victory decision. */
static void
sf_battle_victorious(struct sensoufuda *g, const struct game_players *pl,
    struct sbuf *b, struct events *ev)
{
	g->phase = SF_P_VICTORY;
	g->active = SF_NONE;
	g->race[0] = g->race[1] = SF_NONE;
	sbuf_puts(b, " ");
	sf_battle_standing(g, pl, b);
	sbuf_printf(b, " %s decides: declare victory, or press on.",
	    pl->names[g->victor]);
	events_add(ev, EVENT_ALL, "%s", b->p);
}

/* Step 3: the counterattack going on; 1 if it has a result. */
static int
sf_battle_race(struct sensoufuda *g, const struct game_players *pl,
    int p, const struct sf_combo_set *now, struct events *ev)
{
	struct sf_combo_set before;
	char who[80], other[80];
	struct sbuf b;
	int k;

	sf_combo_of(g, p, g->race[p], &before);
	if ((k = sf_combo_improved(&before, now)) == SF_NONE)
		return 0;
	sbuf_init(&b);
	sf_faction_who(pl, p, who, sizeof who);
	sf_faction_who(pl, 1 - p, other, sizeof other);
	if (p == g->victor) {
		g->successes++;
		if (g->successes == SF_ANNIHILATION) {
			snprintf(g->reason, sizeof g->reason, "Total "
			    "Annihilation in battle %d", g->battle);
			events_add(ev, EVENT_ALL, "%s's press on succeeds "
			    "again with %s (%d VP): the fourth successful "
			    "press on is Total Annihilation.  The army of %s "
			    "is destroyed.", pl->names[p], sf_combos[k].title,
			    now->vp[k], other);
			sf_battle_finish(g, pl, p, ev);
			sbuf_free(&b);
			return 1;
		}
		sbuf_printf(&b, "%s's press on succeeds with %s (%d VP): %d "
		    "successful press on%s, so the multiplier is x%d.",
		    pl->names[p],
		    sf_combos[k].title, now->vp[k], g->successes,
		    g->successes > 1 ? "s" : "", sf_battle_multiplier(g));
	} else {
		g->victor = p;
		g->successes = 0;
		sbuf_printf(&b, "%s's counterattack succeeds with %s (%d VP): "
		    "the tables are turned.  %s is victorious and %s is on "
		    "the back foot.", pl->names[p], sf_combos[k].title,
		    now->vp[k], who, other);
	}
	sf_battle_victorious(g, pl, &b, ev);
	sbuf_free(&b);
	return 1;
}

void
sf_battle_after_turn(struct sensoufuda *g, const struct game_players *pl,
    struct rng *rng, struct events *ev)
{
	int p = g->active;
	struct sf_combo_set now;
	char who[80];
	struct sbuf b;

	sf_combo_of(g, p, -1, &now);
	sf_faction_who(pl, p, who, sizeof who);
	if (sf_combo_ends(&now) && g->victor == p) {
		int points = sf_battle_score(g);

		sf_combo_of(g, p, -1, &now);
		events_add(ev, EVENT_ALL, "%s holds all four Atomic cards: "
		    "Four Atoms (0 VP) ends the battle at once, and %s, "
		    "victorious, scores %d VP (combos %d VP x%d).", who,
		    pl->names[p], points, sf_combo_total(&now),
		    sf_battle_multiplier(g));
		sf_battle_end(g, pl, p, points, SF_NONE, 0, rng, ev);
		return;
	}
	if (sf_combo_ends(&now)) {
		events_add(ev, EVENT_ALL, "%s holds all four Atomic cards: "
		    "Four Atoms ends the battle at once, and nobody scores in "
		    "it.", who);
		sf_battle_end(g, pl, SF_NONE, 0, SF_NONE, 0, rng, ev);
		return;
	}
	if (g->victor == SF_NONE && sf_combo_made(&now) > 0) {
		g->victor = p;
		g->successes = 0;
		sbuf_init(&b);
		sbuf_printf(&b, "%s makes the first combo of the battle and "
		    "is victorious.", who);
		sf_battle_victorious(g, pl, &b, ev);
		sbuf_free(&b);
		return;
	}
	if (g->victor != SF_NONE && sf_battle_race(g, pl, p, &now, ev))
		return;
	sf_battle_next(g, pl, 1 - p, rng, ev);
}

static void
sf_battle_retreat(struct sensoufuda *g, const struct game_players *pl,
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
	sf_battle_end(g, pl, v, points, d, keep, rng, ev);
}

void
sf_battle_decide(struct sensoufuda *g, const struct game_players *pl,
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
		sf_battle_end(g, pl, v, points, SF_NONE, 0, rng, ev);
		break;
	case SF_PRESS:
		g->phase = SF_P_ANSWER;
		events_add(ev, EVENT_ALL, "%s presses on: %s must retreat, "
		    "conceding %d VP, or counterattack.", who, pl->names[d],
		    points);
		break;
	case SF_RETREAT:
		sf_battle_retreat(g, pl, plan, rng, ev);
		break;
	default:
		events_add(ev, EVENT_ALL, "%s counterattacks: the battle "
		    "resumes, %s first.  A new or better combo of %s is a "
		    "successful press on; one of %s turns the tables.", who,
		    pl->names[d], pl->names[v], pl->names[d]);
		for (int p = 0; p < 2; p++)
			g->race[p] = g->tableau[p].n;
		sf_battle_next(g, pl, d, rng, ev);
		break;
	}
}

/* Can player p's tableau be as it is, for a turn not yet over? */
static const char *
sf_battle_check_tableau(const struct sensoufuda *g, int p, char *why,
    size_t size)
{
	struct sf_combo_set now, before;

	sf_combo_of(g, p, -1, &now);
	if (sf_combo_ends(&now))
		game_why(why, size, "%s holds Four Atoms, which ends the "
		    "battle", sf_factions[p].word);
	else if (g->victor == SF_NONE && sf_combo_made(&now) > 0)
		game_why(why, size, "%s has a combo but nobody is victorious",
		    sf_factions[p].word);
	else if (g->victor != SF_NONE && (sf_combo_of(g, p, g->race[p],
	    &before), sf_combo_improved(&before, &now) != SF_NONE))
		game_why(why, size, "%s has a new or better combo since the "
		    "counterattack began, which ends it", sf_factions[p].word);
	else
		return NULL;
	return why;
}

const char *
sf_battle_check(const struct sensoufuda *g, char *why, size_t size)
{
	struct sf_combo_set s;

	switch (g->phase) {
	case SF_P_STRATEGY:
		for (int p = 0; p < 2; p++)
			if (g->tableau[p].n != 0 || g->ally[p].n != SF_DEAL ||
			    sf_card_count(g->hand[p]) != SF_DEAL) {
				game_why(why, size, "in the strategy phase the "
				    "cards are as dealt: 8 in each hand and "
				    "ally deck, no tableau");
				return why;
			}
		if (g->start != SF_START_RPS) {
			game_why(why, size, "there is no strategy phase with "
			    "strategy: %s", sf_start_words[g->start]);
			return why;
		}
		return NULL;
	case SF_P_TURN:
	case SF_P_COLLECT:
		if (g->hand[g->active] == 0 && g->phase == SF_P_TURN) {
			game_why(why, size, "%s is to play but has no cards",
			    sf_factions[g->active].word);
			return why;
		}
		for (int p = 0; p < 2; p++)
			if ((p != g->active || g->phase == SF_P_TURN) &&
			    sf_battle_check_tableau(g, p, why, size) != NULL)
				return why;
		return NULL;
	case SF_P_VICTORY:
	case SF_P_ANSWER:
		sf_combo_of(g, g->victor, -1, &s);
		if (sf_combo_made(&s) == 0 || sf_combo_ends(&s)) {
			game_why(why, size, "the victor %s has no combo that "
			    "scores", sf_factions[g->victor].word);
			return why;
		}
		return NULL;
	default:
		return NULL;
	}
}

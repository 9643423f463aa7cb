/* sf_battle.c - what a battle in progress is worth and whether it can
 * be: its phases, who starts it and the strategies, the victor's
 * multiplier and score, what a retreat keeps, and which positions the
 * rules can reach.
 *
 * Nothing here moves the game on; sensoufuda.c does, after asking these.
 * The report, the orders and the state ask them too, and so must not
 * depend on the sequence of decision points. */
#include <string.h>

#include "sensoufuda.h"

const char *const sf_battle_phase_words[SF_PHASES] = {
#define SF_BATTLE_PHASE(id, word) word,
	SF_PHASE_LIST(SF_BATTLE_PHASE)
#undef SF_BATTLE_PHASE
};

const struct sf_strategy_info sf_battle_strategies[SF_STRATEGIES] = {
#define SF_BATTLE_STRATEGY(id, word, why) { word, why },
	SF_STRATEGY_LIST(SF_BATTLE_STRATEGY)
#undef SF_BATTLE_STRATEGY
};

const char *const sf_battle_start_words[SF_STARTS] = {
#define SF_START_WORD(id, word) word,
	SF_START_LIST(SF_START_WORD)
#undef SF_START_WORD
};

int
sf_battle_start_find(const char *word)
{
	for (int s = 0; s < SF_STARTS; s++)
		if (strcmp(word, sf_battle_start_words[s]) == 0)
			return s;
	return -1;
}

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
			    "strategy: %s", sf_battle_start_words[g->start]);
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

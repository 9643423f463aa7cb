/* sf_order.c - orders: reading, checking, and listing the legal ones.
 *
 * An order is read into an action (sf_order_read: the words alone), then
 * checked against the decision owed and the orders accepted before it,
 * and added to the player's plan (sf_order_take).  validate, legal and
 * resolve all go through sf_order_take, so legal() lists only what
 * validate accepts and resolve plays exactly what validate accepted;
 * legal_pick checks the same candidates as legal with sf_order_apply,
 * sf_order_take without the reading. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/names.h"
#include "sensoufuda.h"

#define SF_ORDER_WORDS 12 /* more than any order has, to notice extra */
#define SF_PHASE_BIT(p) (1u << (p))
#define SF_ORDER_KEPT 64  /* legal_pick's candidates kept: most lists */

/* One order as read. */
struct sf_order_action {
	int kw;              /* its row in sf_order_keywords */
	int arg;             /* strategy: the choice; play, collect: card */
	int none;            /* ally none, keep none */
	struct sf_instr instr;
	uint64_t cards;      /* keep */
};

/* A decision being answered: the plan so far. */
struct sf_order_turn {
	const struct sensoufuda *g;
	struct sf_plan plan;
	int ally_none;
};

typedef int sf_order_reader(const struct util_words *,
    struct sf_order_action *, char *, size_t);
/* A checker changes the turn only when it accepts the order. */
typedef int sf_order_checker(struct sf_order_turn *,
    const struct sf_order_action *, char *, size_t);

static sf_order_reader sf_order_read_strategy, sf_order_read_card,
    sf_order_read_play,
    sf_order_read_ally, sf_order_read_bare, sf_order_read_keep;
static sf_order_checker sf_order_take_strategy, sf_order_take_play,
    sf_order_take_collect, sf_order_take_ally, sf_order_take_decision,
    sf_order_take_keep;

/* The rows of sf_order_keywords. */
enum { SF_O_STRATEGY, SF_O_PLAY, SF_O_COLLECT, SF_O_ALLY, SF_O_DECLARE,
	SF_O_PRESS, SF_O_RETREAT, SF_O_COUNTER, SF_O_KEEP };

/* Every order: its words, the decisions it answers, its syntax and what
 * it does (for help), how it is read and how it is taken. */
static const struct sf_order_keyword {
	const char *word;
	const char *second; /* a second word that must follow, or NULL */
	unsigned phases;
	int decision;       /* declare victory ... counterattack; SF_NONE */
	const char *usage;
	const char *help;
	sf_order_reader *read;
	sf_order_checker *take;
} sf_order_keywords[] = {
	[SF_O_STRATEGY] = { "strategy", NULL, SF_PHASE_BIT(SF_P_STRATEGY),
	    SF_NONE, "strategy CHOICE", "assault, flank, fortify or random",
	    sf_order_read_strategy, sf_order_take_strategy },
	[SF_O_PLAY] = { "play", NULL, SF_PHASE_BIT(SF_P_TURN), SF_NONE,
	    "play CARD", "a card from your hand, or random",
	    sf_order_read_play, sf_order_take_play },
	[SF_O_COLLECT] = { "collect", NULL, SF_PHASE_BIT(SF_P_TURN) |
	    SF_PHASE_BIT(SF_P_COLLECT), SF_NONE, "collect CARD",
	    "which of two matching options to take", sf_order_read_card,
	    sf_order_take_collect },
	[SF_O_ALLY] = { "ally", NULL, SF_PHASE_BIT(SF_P_TURN), SF_NONE,
	    "ally INSTRUCTION",
	    "for the ally card: take CARD, prefer KIND, none",
	    sf_order_read_ally, sf_order_take_ally },
	[SF_O_DECLARE] = { "declare", "victory", SF_PHASE_BIT(SF_P_VICTORY),
	    SF_DECLARE, "declare victory",
	    "score your combos; the battle ends", sf_order_read_bare,
	    sf_order_take_decision },
	[SF_O_PRESS] = { "press", "on", SF_PHASE_BIT(SF_P_VICTORY), SF_PRESS,
	    "press on", "play on for a bigger victory", sf_order_read_bare,
	    sf_order_take_decision },
	[SF_O_RETREAT] = { "retreat", NULL, SF_PHASE_BIT(SF_P_ANSWER),
	    SF_RETREAT, "retreat", "concede; keep up to half your hand",
	    sf_order_read_bare, sf_order_take_decision },
	[SF_O_COUNTER] = { "counterattack", NULL, SF_PHASE_BIT(SF_P_ANSWER),
	    SF_COUNTER, "counterattack", "play on, for a combo of your own",
	    sf_order_read_bare, sf_order_take_decision },
	[SF_O_KEEP] = { "keep", NULL, SF_PHASE_BIT(SF_P_ANSWER), SF_NONE,
	    "keep CARD ...", "the cards a retreat keeps; or keep none",
	    sf_order_read_keep, sf_order_take_keep },
};
#define SF_ORDER_NKEYWORDS \
	(int)(sizeof sf_order_keywords / sizeof sf_order_keywords[0])

/* Split text into lowercase words: orders are read without regard to
 * case. */
static int
sf_order_split(const char *text, struct util_words *w, char *why,
    size_t size)
{
	if (util_words(text, w) < 0) {
		game_why(why, size, "an order has at most %d characters",
		    UTIL_WORDS_CHARS);
		return -1;
	}
	/* Card names as printed ("Air Marshal") become one word: a join
	 * needs two words after the keyword. */
	if (w->n > 2)
		names_join(w, 1, sf_card_names, SF_CARDS);
	/* One written with a slip ("air marshall") too, for a reason that
	 * names the card meant (names.h). */
	if (w->n > 2 && size > 0)
		names_join_slips(w, 1, sf_card_names, SF_CARDS);
	if (w->n > SF_ORDER_WORDS) {
		game_why(why, size, "an order has at most %d words",
		    SF_ORDER_WORDS);
		return -1;
	}
	return 0;
}

/* The words after the keyword. */
static int
sf_order_nargs(const struct util_words *w, const struct sf_order_action *a)
{
	return w->n - (sf_order_keywords[a->kw].second != NULL ? 2 : 1);
}

static int
sf_order_usage(const struct sf_order_action *a, char *why, size_t size)
{
	game_why(why, size, "write %s", sf_order_keywords[a->kw].usage);
	return -1;
}

static int
sf_order_card(const char *word, int *card, char *why, size_t size)
{
	char q[SF_QUOTE];
	int alias;

	if ((*card = sf_card_find(word)) != SF_NONE)
		return 0;
	/* A part of one card's name only: "marshal". */
	if ((alias = names_find(word, sf_card_names, SF_CARDS)) >= 0) {
		*card = alias;
		return 0;
	}
	if (alias == -2) {
		game_why(why, size, "'%s' is part of the names of several "
		    "cards: write the whole name", sf_text_quote(word, q,
		    sizeof q));
		return -1;
	}
	game_why(why, size, "'%s' is not a card (the cards are listed in "
	    "gunbai-sensoufuda(6))", sf_text_quote(word, q, sizeof q));
	/* The nearest name, an edit distance to each card's, only for a
	 * reason that is written. */
	if (size > 0)
		names_hint(word, sf_card_names, SF_CARDS, why, size);
	return -1;
}

static int
sf_order_read_strategy(const struct util_words *w,
    struct sf_order_action *a, char *why, size_t size)
{
	char q[SF_QUOTE];

	if (sf_order_nargs(w, a) != 1)
		return sf_order_usage(a, why, size);
	for (int s = 0; s < SF_STRATEGIES; s++)
		if (strcmp(w->w[1], sf_battle_strategies[s].word) == 0) {
			a->arg = s;
			return 0;
		}
	if (strcmp(w->w[1], "random") == 0) {
		a->arg = SF_G_RANDOM;
		return 0;
	}
	game_why(why, size, "'%s' is not a strategy: assault, flank, "
	    "fortify or random", sf_text_quote(w->w[1], q, sizeof q));
	return -1;
}

static int
sf_order_read_card(const struct util_words *w, struct sf_order_action *a,
    char *why, size_t size)
{
	char joined[UTIL_WORDS_CHARS + 1] = "";
	size_t len = 0;

	if (sf_order_nargs(w, a) < 1)
		return sf_order_usage(a, why, size);
	char shown[UTIL_WORDS_CHARS + 1] = "", q[2 * SF_QUOTE];
	size_t slen = 0;
	int named = SF_NONE, names = 0;

	if (sf_order_nargs(w, a) == 1 || sf_card_find(w->w[1]) != SF_NONE ||
	    names_find(w->w[1], sf_card_names, SF_CARDS) >= 0)
		return sf_order_nargs(w, a) == 1 ? sf_order_card(w->w[1],
		    &a->arg, why, size) : sf_order_usage(a, why, size);
	/* Several words that are no card's name ("Air Marshall", "the
	 * virus"): looked up as one name, and said as the player wrote
	 * them, with spaces (a fresh reader was told "'the-virus' is not
	 * a card", a word they never wrote), with the one card a word of
	 * them names, or else the nearest card. */
	for (int i = 1; i < w->n && i < UTIL_WORDS_MAX; i++) {
		int c = sf_card_find(w->w[i]);

		if (c == SF_NONE && names_find(w->w[i], sf_card_names,
		    SF_CARDS) >= 0)
			c = names_find(w->w[i], sf_card_names, SF_CARDS);
		if (c != SF_NONE) {
			named = c;
			names++;
		}
		len += (size_t)snprintf(joined + len, sizeof joined - len,
		    "%s%s", i > 1 ? "-" : "", w->w[i]);
		slen += (size_t)snprintf(shown + slen, sizeof shown - slen,
		    "%s%s", i > 1 ? " " : "", w->w[i]);
	}
	if (sf_order_card(joined, &a->arg, NULL, 0) == 0)
		return 0;
	game_why(why, size, "'%s' is not a card (the cards are listed in "
	    "gunbai-sensoufuda(6))", sf_text_quote(shown, q, sizeof q));
	if (names == 1 && size > 0) {
		size_t used = strlen(why);

		if (used < size)
			snprintf(why + used, size - used, "; did you mean "
			    "%s?", sf_cards[named].name);
	} else if (size > 0) {
		names_hint(joined, sf_card_names, SF_CARDS, why, size);
	}
	return -1;
}

/* play CARD, or play random: a hand card drawn at random when the turn
 * is resolved (the default for a missed deadline). */
static int
sf_order_read_play(const struct util_words *w, struct sf_order_action *a,
    char *why, size_t size)
{
	if (sf_order_nargs(w, a) == 1 && strcmp(w->w[1], "random") == 0) {
		a->arg = SF_PLAY_RANDOM;
		return 0;
	}
	return sf_order_read_card(w, a, why, size);
}

static int
sf_order_read_ally(const struct util_words *w, struct sf_order_action *a,
    char *why, size_t size)
{
	if (w->n == 2 && strcmp(w->w[1], "none") == 0) {
		a->none = 1;
		return 0;
	}
	/* take CARD reads the card as any order does (names.h). */
	if (w->n == 3 && strcmp(w->w[1], "take") == 0) {
		a->instr.type = SF_INSTR_TAKE;
		return sf_order_card(w->w[2], &a->instr.arg, why, size);
	}
	return sf_table_instr_read(w->w + 1, w->n - 1, &a->instr, why, size);
}

static int
sf_order_read_bare(const struct util_words *w, struct sf_order_action *a,
    char *why, size_t size)
{
	return sf_order_nargs(w, a) != 0 ? sf_order_usage(a, why, size) : 0;
}

static int
sf_order_read_keep(const struct util_words *w, struct sf_order_action *a,
    char *why, size_t size)
{
	int c;

	if (w->n == 1)
		return sf_order_usage(a, why, size);
	if (w->n == 2 && strcmp(w->w[1], "none") == 0) {
		a->none = 1;
		return 0;
	}
	for (int i = 1; i < w->n; i++) {
		if (sf_order_card(w->w[i], &c, why, size) < 0)
			return -1;
		if (a->cards & SF_BIT(c)) {
			game_why(why, size, "%s is named twice",
			    sf_cards[c].name);
			return -1;
		}
		a->cards |= SF_BIT(c);
	}
	return 0;
}

/* The n strings of part run together, without hyphens, into out. */
static void
sf_order_squeeze(const char *const *part, int n, char *out, size_t size)
{
	size_t at = 0;

	for (int i = 0; i < n; i++)
		for (const char *c = part[i]; *c != '\0'; c++)
			if (*c != '-' && at + 1 < size)
				out[at++] = *c;
	out[at] = '\0';
}

static int sf_order_read(const char *text, struct sf_order_action *a,
    char *why, size_t size);

/* After a refused order: if w is two orders, each read alone, the
 * second starting at a keyword ("play virus, collect hacker": commas
 * part words, never orders), the reason says to write them on lines of
 * their own, naming them (a fresh reader was told "write play CARD"). */
static void
sf_order_two(const struct util_words *w, char *why, size_t size)
{
	struct sf_order_action alone;
	char one[UTIL_WORDS_CHARS + 1], two[UTIL_WORDS_CHARS + 1];
	char q1[2 * SF_QUOTE], q2[2 * SF_QUOTE];
	size_t a = 0, b = 0;
	int at = 0;

	for (int i = 1; i < w->n && i < UTIL_WORDS_MAX && at == 0; i++)
		for (int k = 0; k < SF_ORDER_NKEYWORDS && at == 0; k++)
			if (strcmp(w->w[i], sf_order_keywords[k].word) == 0)
				at = i;
	if (at == 0)
		return;
	one[0] = two[0] = '\0';
	for (int i = 0; i < w->n && i < UTIL_WORDS_MAX; i++) {
		if (i < at)
			sf_text_put(one, sizeof one, &a, i > 0 ? " " : "");
		else
			sf_text_put(two, sizeof two, &b, i > at ? " " : "");
		if (i < at)
			sf_text_put(one, sizeof one, &a, w->w[i]);
		else
			sf_text_put(two, sizeof two, &b, w->w[i]);
	}
	if (sf_order_read(one, &alone, NULL, 0) < 0 ||
	    sf_order_read(two, &alone, NULL, 0) < 0)
		return;
	game_why(why, size, "two orders on one line: write '%s' and '%s' "
	    "each on a line of its own, as '  - ORDER' under 'orders:'",
	    sf_text_quote(one, q1, sizeof q1),
	    sf_text_quote(two, q2, sizeof q2));
}

/* The keyword w starts with, its words written with spaces, hyphens or
 * neither ("press on", "press-on", "counter attack"): its row, with
 * *used the words of w it takes; -1 if none. */
static int
sf_order_keyword(const struct util_words *w, int *used)
{
	char have[UTIL_WORDS_CHARS + 1], want[UTIL_WORDS_CHARS + 1];

	for (int kw = 0; kw < SF_ORDER_NKEYWORDS; kw++) {
		const struct sf_order_keyword *k = &sf_order_keywords[kw];
		const char *words[2] = { k->word, k->second };

		/* The first letter settles most keywords without a copy. */
		if (w->w[0][0] != k->word[0])
			continue;
		sf_order_squeeze(words, k->second != NULL ? 2 : 1, want,
		    sizeof want);
		for (int n = 1; n <= 2 && n <= w->n; n++) {
			sf_order_squeeze((const char *const *)w->w, n, have,
			    sizeof have);
			if (strcmp(have, want) == 0) {
				*used = n;
				return kw;
			}
		}
	}
	return -1;
}

static int
sf_order_read(const char *text, struct sf_order_action *a, char *why,
    size_t size)
{
	struct util_words w;
	char q[SF_QUOTE], again[UTIL_WORDS_CHARS + 1];
	const struct sf_order_keyword *k;
	size_t at = 0;
	int used;

	memset(a, 0, sizeof *a);
	if (sf_order_split(text, &w, why, size) < 0)
		return -1;
	if (w.n == 0) {
		game_why(why, size, "an empty order");
		return -1;
	}
	if ((a->kw = sf_order_keyword(&w, &used)) >= 0) {
		k = &sf_order_keywords[a->kw];
		if (used == (k->second != NULL ? 2 : 1) &&
		    strcmp(w.w[0], k->word) == 0) {
			if (k->read(&w, a, why, size) == 0)
				return 0;
			sf_order_two(&w, why, size);
			return -1;
		}
		/* Spelled another way: read as if written with the
		 * keyword's own words. */
		sf_text_put(again, sizeof again, &at, k->word);
		if (k->second != NULL) {
			sf_text_put(again, sizeof again, &at, " ");
			sf_text_put(again, sizeof again, &at, k->second);
		}
		for (int i = used; i < w.n && i < UTIL_WORDS_MAX; i++) {
			sf_text_put(again, sizeof again, &at, " ");
			sf_text_put(again, sizeof again, &at, w.w[i]);
		}
		if (sf_order_split(again, &w, why, size) < 0)
			return -1;
		if (k->read(&w, a, why, size) == 0)
			return 0;
		sf_order_two(&w, why, size);
		return -1;
	}
	for (a->kw = 0; a->kw < SF_ORDER_NKEYWORDS; a->kw++)
		if (strcmp(w.w[0], sf_order_keywords[a->kw].word) == 0)
			return sf_order_usage(a, why, size);
	game_why(why, size, "unknown order '%s': orders are strategy, "
	    "play, collect, ally, declare victory, press on, retreat, "
	    "counterattack and keep", sf_text_quote(w.w[0], q, sizeof q));
	return -1;
}

int
sf_order_syntax(const char *text, char *why, size_t size)
{
	struct sf_order_action a;

	return sf_order_read(text, &a, why, size);
}

static int
sf_order_take_strategy(struct sf_order_turn *t,
    const struct sf_order_action *a, char *why, size_t size)
{
	if (t->plan.strategy != SF_NONE) {
		game_why(why, size, "one strategy only: %s is already chosen",
		    t->plan.strategy == SF_G_RANDOM ? "random" :
		    sf_battle_strategies[t->plan.strategy].word);
		return -1;
	}
	t->plan.strategy = a->arg;
	return 0;
}

static int
sf_order_take_play(struct sf_order_turn *t, const struct sf_order_action *a,
    char *why, size_t size)
{
	if (t->plan.play != SF_NONE) {
		game_why(why, size, "one card a turn: %s is already played",
		    t->plan.play == SF_PLAY_RANDOM ? "a random card" :
		    sf_cards[t->plan.play].name);
		return -1;
	}
	if (a->arg == SF_PLAY_RANDOM) {
		if (t->g->hand[t->plan.player] == 0) {
			game_why(why, size, "your hand is empty");
			return -1;
		}
	} else if (!(t->g->hand[t->plan.player] & SF_BIT(a->arg))) {
		game_why(why, size, "%s is not in your hand",
		    sf_cards[a->arg].name);
		return -1;
	}
	t->plan.play = a->arg;
	return 0;
}

/* Why collect has nothing to choose for card: it matches no option,
 * one or three, and names them. */
static int
sf_order_no_choice(const struct sensoufuda *g, int card, char *why,
    size_t size)
{
	int m[SF_PER_THEATRE], n = sf_table_matches(g, card, m);
	const char *name = sf_cards[card].name;

	if (n == 0)
		game_why(why, size, "%s matches no tactical option: it joins "
		    "them, and there is nothing to collect", name);
	else if (n == 1)
		game_why(why, size, "%s matches one tactical option, %s, and "
		    "collects it: there is nothing to choose", name,
		    sf_cards[m[0]].name);
	else
		game_why(why, size, "%s matches three tactical options, %s, "
		    "%s and %s, and collects all three: there is nothing to "
		    "choose", name, sf_cards[m[0]].name, sf_cards[m[1]].name,
		    sf_cards[m[2]].name);
	return -1;
}

static int
sf_order_take_collect(struct sf_order_turn *t,
    const struct sf_order_action *a, char *why, size_t size)
{
	int card = t->g->phase == SF_P_COLLECT ? t->g->pending : t->plan.play;
	int offer[2];

	if (t->plan.collect != SF_NONE) {
		game_why(why, size, "%s is already chosen",
		    sf_cards[t->plan.collect].name);
		return -1;
	}
	if (card == SF_NONE) {
		game_why(why, size, "collect comes after the play order it is "
		    "for");
		return -1;
	}
	if (card == SF_PLAY_RANDOM) {
		game_why(why, size, "play random is drawn when the turn is "
		    "resolved: if it matches two options, the default "
		    "choice applies");
		return -1;
	}
	sf_table_offer(t->g, card, offer);
	if (offer[0] == SF_NONE)
		return sf_order_no_choice(t->g, card, why, size);
	if (a->arg != offer[0] && a->arg != offer[1]) {
		game_why(why, size, "%s matches %s and %s; collect one of "
		    "them", sf_cards[card].name, sf_cards[offer[0]].name,
		    sf_cards[offer[1]].name);
		return -1;
	}
	t->plan.collect = a->arg;
	return 0;
}

static int
sf_order_take_ally(struct sf_order_turn *t, const struct sf_order_action *a,
    char *why, size_t size)
{
	struct sf_plan *p = &t->plan;

	if (t->ally_none || (a->none && p->instr_given)) {
		game_why(why, size, "ally none clears the standing "
		    "instructions: give it alone");
		return -1;
	}
	if (a->none) {
		t->ally_none = p->instr_given = 1;
		return 0;
	}
	if (p->ninstr == SF_MAX_INSTR) {
		game_why(why, size, "at most %d ally instructions",
		    SF_MAX_INSTR);
		return -1;
	}
	for (int i = 0; i < p->ninstr; i++)
		if (p->instr[i].type == a->instr.type &&
		    p->instr[i].arg == a->instr.arg) {
			game_why(why, size, "this instruction is already "
			    "given");
			return -1;
		}
	p->instr[p->ninstr++] = a->instr;
	p->instr_given = 1;
	return 0;
}

static int
sf_order_take_decision(struct sf_order_turn *t,
    const struct sf_order_action *a, char *why, size_t size)
{
	int d = sf_order_keywords[a->kw].decision;

	if (t->plan.decision != SF_NONE) {
		game_why(why, size, "the decision is already made");
		return -1;
	}
	if (d == SF_COUNTER && t->plan.keep_given) {
		game_why(why, size, "keep is for a retreat, not a "
		    "counterattack");
		return -1;
	}
	t->plan.decision = d;
	return 0;
}

static int
sf_order_take_keep(struct sf_order_turn *t, const struct sf_order_action *a,
    char *why, size_t size)
{
	const struct sensoufuda *g = t->g;
	int p = t->plan.player, max = sf_battle_keep_max(g, p);

	if (t->plan.keep_given) {
		game_why(why, size, "one keep order only");
		return -1;
	}
	if (t->plan.decision == SF_COUNTER) {
		game_why(why, size, "keep is for a retreat, not a "
		    "counterattack");
		return -1;
	}
	for (int c = 0; c < SF_CARDS; c++)
		if ((a->cards & SF_BIT(c)) && !(g->hand[p] & SF_BIT(c))) {
			game_why(why, size, "%s is not in your hand",
			    sf_cards[c].name);
			return -1;
		}
	if (sf_card_count(a->cards) > max) {
		game_why(why, size, "a retreat keeps at most half of your %d "
		    "hand card%s: %d", sf_card_count(g->hand[p]),
		    sf_card_count(g->hand[p]) == 1 ? "" : "s", max);
		return -1;
	}
	t->plan.keep_given = 1;
	t->plan.keep = a->cards;
	return 0;
}

int
sf_order_owner(const struct sensoufuda *g)
{
	switch (g->phase) {
	case SF_P_TURN:
	case SF_P_COLLECT:
		return g->active;
	case SF_P_VICTORY:
		return g->victor;
	case SF_P_ANSWER:
		return 1 - g->victor;
	default:
		return SF_NONE;
	}
}

static int
sf_order_owes(const struct sensoufuda *g, int player)
{
	return (g->phase == SF_P_STRATEGY && (player == 0 || player == 1)) ||
	    (g->phase != SF_P_OVER && player == sf_order_owner(g));
}

static void
sf_order_start(struct sf_order_turn *t, const struct sensoufuda *g,
    int player)
{
	memset(t, 0, sizeof *t);
	t->g = g;
	t->plan.player = player;
	t->plan.strategy = t->plan.play = t->plan.collect = SF_NONE;
	t->plan.decision = SF_NONE;
}

static int
sf_order_complete(const struct sf_order_turn *t)
{
	const struct sf_plan *p = &t->plan;
	int m[SF_PER_THEATRE];

	switch (t->g->phase) {
	case SF_P_STRATEGY:
		return p->strategy != SF_NONE;
	case SF_P_TURN:
		return p->play == SF_PLAY_RANDOM || (p->play != SF_NONE &&
		    (p->collect != SF_NONE ||
		    sf_table_matches(t->g, p->play, m) != 2));
	case SF_P_COLLECT:
		return p->collect != SF_NONE;
	case SF_P_VICTORY:
	case SF_P_ANSWER:
		return p->decision != SF_NONE;
	default:
		return 0;
	}
}

/* Check a read order against the decision owed and t's orders, and add
 * it to the plan: 0, or -1 with why set and the plan unchanged. */
static int
sf_order_apply(struct sf_order_turn *t, const struct sf_order_action *a,
    char *why, size_t size)
{
	const struct sf_order_keyword *k = &sf_order_keywords[a->kw];

	if (!(k->phases & SF_PHASE_BIT(t->g->phase))) {
		game_why(why, size, "%s%s%s is not an order for now: this "
		    "decision is %s", k->word, k->second ? " " : "",
		    k->second ? k->second : "",
		    sf_battle_phase_words[t->g->phase]);
		return -1;
	}
	return k->take(t, a, why, size);
}

/* Take one order into the plan: read, check, add.  0, or -1 with why
 * set and the plan unchanged. */
static int
sf_order_take(struct sf_order_turn *t, const char *text, char *why,
    size_t size)
{
	struct sf_order_action a;

	if (sf_order_read(text, &a, why, size) < 0)
		return -1;
	return sf_order_apply(t, &a, why, size);
}

int
sf_order_validate(const void *vg, int player, const struct order *orders,
    size_t n, struct verdict *v)
{
	const struct sensoufuda *g = vg;
	struct sf_order_turn t;
	int owes = sf_order_owes(g, player);

	sf_order_start(&t, g, player);
	for (size_t i = 0; i < n; i++) {
		v[i].reason[0] = '\0';
		if (g->phase == SF_P_OVER)
			snprintf(v[i].reason, sizeof v[i].reason,
			    "the game is over");
		else if (!owes)
			snprintf(v[i].reason, sizeof v[i].reason,
			    "you owe no decision now");
		else
			sf_order_take(&t, orders[i].text, v[i].reason,
			    sizeof v[i].reason);
		v[i].accepted = v[i].reason[0] == '\0';
	}
	return owes && sf_order_complete(&t);
}

int
sf_order_plan(const struct sensoufuda *g, int player,
    const struct order *orders, size_t n, struct sf_plan *plan, char *why,
    size_t size)
{
	struct sf_order_turn t;

	if (!sf_order_owes(g, player)) {
		game_why(why, size, "player %d owes no decision", player);
		return -1;
	}
	sf_order_start(&t, g, player);
	for (size_t i = 0; i < n; i++)
		if (sf_order_take(&t, orders[i].text, why, size) < 0)
			return -1;
	if (!sf_order_complete(&t)) {
		game_why(why, size, "the answer is not complete");
		return -1;
	}
	*plan = t.plan;
	return 0;
}

/* The candidate orders legal and legal_pick walk, each an action in
 * legal's documented order.  legal writes each as text and reads it
 * back like any order (sf_order_take), listing the accepted ones;
 * legal_pick checks the action itself (sf_order_apply, the same
 * checks) and writes only the text of the one picked.  test_harness
 * checks at every point of random games that the two agree. */
struct sf_order_walk {
	struct sf_order_turn t; /* the decision and the orders so far */
	struct strlist *out;    /* legal: the accepted orders' texts */
	size_t n;               /* legal_pick: accepted so far */
	size_t want;            /* legal_pick: the one to write, or
	                         * SIZE_MAX to count them all */
	char *buf;              /* legal_pick: where to write it */
	size_t size;
	/* legal_pick: the first accepted, so that the one chosen is
	 * written without a second walk when there are no more. */
	struct sf_order_action kept[SF_ORDER_KEPT];
};

/* The text of action a, as a player writes it, into buf (size > 0
 * bytes); returns its length, cut or not. */
static size_t
sf_order_text(const struct sf_order_action *a, char *buf, size_t size)
{
	const struct sf_order_keyword *k = &sf_order_keywords[a->kw];
	const char *arg = NULL; /* the last word */
	size_t at = 0;

	sf_text_put(buf, size, &at, k->word);
	if (k->second != NULL) {
		sf_text_put(buf, size, &at, " ");
		sf_text_put(buf, size, &at, k->second);
	}
	switch (a->kw) {
	case SF_O_STRATEGY:
		arg = a->arg == SF_G_RANDOM ? "random" :
		    sf_battle_strategies[a->arg].word;
		break;
	case SF_O_PLAY:
	case SF_O_COLLECT:
		arg = a->arg == SF_PLAY_RANDOM ? "random" :
		    sf_cards[a->arg].name;
		break;
	case SF_O_ALLY:
		if (!a->none)
			sf_text_put(buf, size, &at,
			    a->instr.type == SF_INSTR_TAKE ? " take" :
			    " prefer");
		arg = a->none ? "none" : a->instr.type == SF_INSTR_TAKE ?
		    sf_cards[a->instr.arg].name :
		    sf_card_kinds[a->instr.arg].word;
		break;
	case SF_O_KEEP:
		for (int c = 0; c < SF_CARDS; c++)
			if (a->cards & SF_BIT(c)) {
				sf_text_put(buf, size, &at, " ");
				sf_text_put(buf, size, &at, sf_cards[c].name);
			}
		arg = a->none ? "none" : NULL;
		break;
	default:
		break;
	}
	if (arg != NULL) {
		sf_text_put(buf, size, &at, " ");
		sf_text_put(buf, size, &at, arg);
	}
	return at;
}

/* Candidate a: listed (legal) or counted (legal_pick) if accepted. */
static void
sf_order_cand(struct sf_order_walk *w, const struct sf_order_action *a)
{
	struct sf_order_turn copy = w->t;
	char text[GAME_ORDER_MAX];

	if (w->out != NULL) {
		/* Longer than any order (a keep of many cards): refused
		 * as the reader refuses it. */
		if (sf_order_text(a, text, sizeof text) >= sizeof text)
			return;
		/* Only the verdict is wanted: no reason is written. */
		if (sf_order_take(&copy, text, NULL, 0) == 0)
			strlist_add(w->out, text);
		return;
	}
	if (w->n > w->want)
		return;
	/* Only keep has more than a few words: one too long for an order
	 * is refused when read (sf_order_split), so here too. */
	if (a->kw == SF_O_KEEP && (sf_card_count(a->cards) + 1 >
	    SF_ORDER_WORDS || sf_order_text(a, text, sizeof text) >
	    UTIL_WORDS_CHARS))
		return;
	if (sf_order_apply(&copy, a, NULL, 0) < 0)
		return;
	if (w->n < SF_ORDER_KEPT)
		w->kept[w->n] = *a;
	if (w->n++ == w->want)
		sf_order_text(a, w->buf, w->size);
}

/* The action of keyword kw with argument arg. */
static void
sf_order_cand_arg(struct sf_order_walk *w, int kw, int arg)
{
	struct sf_order_action a = { .kw = kw, .arg = arg };

	sf_order_cand(w, &a);
}

static void
sf_order_legal_collect(struct sf_order_walk *w)
{
	const struct sensoufuda *g = w->t.g;
	int card = g->phase == SF_P_COLLECT ? g->pending : w->t.plan.play;
	int offer[2];

	if (card == SF_NONE || card == SF_PLAY_RANDOM)
		return;
	sf_table_offer(g, card, offer);
	for (int i = 0; i < 2 && offer[0] != SF_NONE; i++)
		sf_order_cand_arg(w, SF_O_COLLECT, offer[i]);
}

/* Ally instructions: the kinds, then the cards on the table. */
static void
sf_order_legal_ally(struct sf_order_walk *w)
{
	struct sf_order_action a = { .kw = SF_O_ALLY };

	a.instr.type = SF_INSTR_PREFER;
	for (a.instr.arg = 0; a.instr.arg < SF_KINDS; a.instr.arg++)
		sf_order_cand(w, &a);
	a.instr.type = SF_INSTR_TAKE;
	for (int i = 0; i < w->t.g->table.n; i++) {
		a.instr.arg = w->t.g->table.c[i];
		sf_order_cand(w, &a);
	}
	a.instr.type = a.instr.arg = 0;
	a.none = 1;
	sf_order_cand(w, &a);
}

/* keep orders for every choice of 1 to max of the cards, by size, then
 * in card order: those of size, of which those chosen so far, picks
 * cards from the from-th on. */
static void
sf_order_legal_keep(struct sf_order_walk *w, const int *cards, int n,
    int size, int from, uint64_t chosen)
{
	if (size == 0) {
		struct sf_order_action a = { .kw = SF_O_KEEP,
		    .cards = chosen };

		sf_order_cand(w, &a);
		return;
	}
	for (int i = from; i <= n - size; i++)
		sf_order_legal_keep(w, cards, n, size - 1, i + 1,
		    chosen | SF_BIT(cards[i]));
}

/* Every candidate in legal()'s documented order; the first legal one is
 * the default for a missed deadline. */
static void
sf_order_each(struct sf_order_walk *w)
{
	const struct sensoufuda *g = w->t.g;
	int p = w->t.plan.player, cards[SF_CARDS], n;
	struct sf_order_action none = { .kw = SF_O_KEEP, .none = 1 };

	switch (g->phase) {
	case SF_P_STRATEGY:
		sf_order_cand_arg(w, SF_O_STRATEGY, SF_G_RANDOM);
		for (int s = 0; s < SF_STRATEGIES; s++)
			sf_order_cand_arg(w, SF_O_STRATEGY, s);
		break;
	case SF_P_TURN:
		if (w->t.plan.play == SF_NONE) {
			sf_order_cand_arg(w, SF_O_PLAY, SF_PLAY_RANDOM);
			n = sf_card_list(g->hand[p], cards);
			for (int i = 0; i < n; i++)
				sf_order_cand_arg(w, SF_O_PLAY, cards[i]);
		}
		sf_order_legal_collect(w);
		sf_order_legal_ally(w);
		break;
	case SF_P_COLLECT:
		sf_order_legal_collect(w);
		break;
	case SF_P_VICTORY:
		sf_order_cand_arg(w, SF_O_DECLARE, 0);
		sf_order_cand_arg(w, SF_O_PRESS, 0);
		break;
	case SF_P_ANSWER:
		sf_order_cand_arg(w, SF_O_RETREAT, 0);
		sf_order_cand_arg(w, SF_O_COUNTER, 0);
		sf_order_cand(w, &none);
		n = sf_card_list(g->hand[p], cards);
		for (int size = 1; size <= sf_battle_keep_max(g, p); size++)
			sf_order_legal_keep(w, cards, n, size, 0, 0);
		break;
	default:
		break;
	}
}

/* The walk's decision: player's, after the orders of prefix accepted.
 * 0, or -1 if there is nothing to walk: player owes nothing, or the
 * answer is complete. */
static int
sf_order_walk_start(struct sf_order_walk *w, const struct sensoufuda *g,
    int player, const struct order *prefix, size_t n)
{
	if (g->phase == SF_P_OVER || !sf_order_owes(g, player))
		return -1;
	sf_order_start(&w->t, g, player);
	/* Only the verdicts: the refused orders are skipped. */
	for (size_t i = 0; i < n; i++)
		sf_order_take(&w->t, prefix[i].text, NULL, 0);
	return sf_order_complete(&w->t) ? -1 : 0;
}

void
sf_order_legal(const void *vg, int player, const struct order *prefix,
    size_t n, struct strlist *out)
{
	struct sf_order_walk w = { .out = out };

	if (sf_order_walk_start(&w, vg, player, prefix, n) == 0)
		sf_order_each(&w);
}

/* One walk counts; the one chosen is written from those kept, or
 * found by a second walk that stops there. */
size_t
sf_order_legal_pick(const void *vg, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size)
{
	struct sf_order_walk w = { .want = SIZE_MAX, .buf = buf,
	    .size = size };
	size_t count;

	if (sf_order_walk_start(&w, vg, player, prefix, n) < 0)
		return 0;
	sf_order_each(&w);
	if ((count = w.n) == 0)
		return 0;
	w.want = choose(arg, count);
	if (count <= SF_ORDER_KEPT) {
		sf_order_text(&w.kept[w.want], buf, size);
		return count;
	}
	w.n = 0;
	sf_order_each(&w);
	return count;
}

void
sf_order_usage_lines(int phase, struct sbuf *out)
{
	for (int k = 0; k < SF_ORDER_NKEYWORDS; k++)
		if (sf_order_keywords[k].phases & SF_PHASE_BIT(phase))
			sbuf_printf(out, "#   %-18s %s\n",
			    sf_order_keywords[k].usage,
			    sf_order_keywords[k].help);
}

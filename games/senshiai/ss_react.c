/* ss_react.c - reactions by email: standing orders.
 *
 * Events may be cast in an opponent's turn and may interrupt.  Instead of
 * a decision point per reaction window (a mail round each, even when
 * nobody reacts) every player may hold standing orders, given in any of
 * his Draw or Main Stage answers and kept, hidden, in the state until
 * they fire or are withdrawn:
 *
 *   on attacked SQ|any cast ambush       a close combat against the
 *                                        player's company at SQ
 *   on attacked SQ|any cast CARD         a battle against it: Battle
 *                                        Cry, Native Barbarian, or any
 *                                        Event with Power Modifiers
 *                                        (Blessing, Rotten Provisions...)
 *   on attack SQ|any cast CARD           a battle the player's company
 *                                        at SQ starts: likewise
 *   on roll cast divine-wind             a die the player is to roll
 *   on cast CARD cast dispel             an opponent casts CARD, in
 *                                        his orders or by a standing
 *                                        order
 *   on draw N|any cast open-the-vaults   player N (any opponent) has
 *                                        drawn: he draws 2 more
 *   on move SQ|any cast earthquake       an opponent's company ends a
 *                                        move at SQ: Chaos strikes it
 *   on strike target CARD...             how the player distributes
 *                                        damage (never used up)
 *   standing draw [N]                    the player's own Draw Stage:
 *                                        it needs no file (never used
 *                                        up; a new one replaces it)
 *   standing draw off                    withdraws the standing draw
 *   standing clear                       withdraws them all
 *
 * Each "on ... cast CARD" may end with "pay CARD...", the cards it pays
 * with.  An order fires, once, at the first matching window in which its
 * card is in its player's hand and the cost can be paid: with the cards
 * it names, all in the hand, or else with the first other cards of the
 * hand (the default payment); otherwise it waits. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

#define SS_TRIGGER_WORD(id, w) [SS_ON_##id] = w,
const char *const ss_react_trigger_words[SS_ON_TRIGGERS] = {
	SS_TRIGGER_LIST(SS_TRIGGER_WORD)
};
#undef SS_TRIGGER_WORD

/* The abilities a card must have to answer each trigger; "draw" takes
 * the Events aimed at a player (Open the Vaults, whose ability is in the
 * long format). */
static const unsigned ss_react_abilities[SS_ON_TRIGGERS] = {
	[SS_ON_ATTACKED] = SS_AB(INTERRUPT) | SS_AB(CONTINGENCY) |
	    SS_AB(POWER_MOD) | SS_AB(ACTS_AS_UNIT),
	[SS_ON_ATTACK] = SS_AB(CONTINGENCY) | SS_AB(POWER_MOD),
	[SS_ON_ROLL] = SS_AB(INTERRUPTS_ROLL),
	[SS_ON_CAST] = SS_AB(ANNULS),
	[SS_ON_STRIKE] = 0,
	[SS_ON_DRAW] = 0,
	[SS_ON_MOVE] = SS_AB(CHAOS),
};

/* Does card answer trigger? */
static int
ss_react_answers(int trigger, int card)
{
	if (ss_cards[card].type != SS_EVENT)
		return 0;
	if (trigger == SS_ON_DRAW)
		return ss_cards[card].target == SS_TG_PLAYER;
	return (ss_cards[card].abilities & ss_react_abilities[trigger]) != 0;
}

int
ss_react_targets(const struct util_words *w, int at, int prio[SS_PRIO_MAX],
    char *why, size_t size)
{
	int n = 0;

	if (at >= w->n || strcmp(w->w[at], "target") != 0 ||
	    w->n - at - 1 < 1 || w->n - at - 1 > SS_PRIO_MAX) {
		snprintf(why, size, "expected 'target CARD...', 1 to %d Units",
		    SS_PRIO_MAX);
		return -1;
	}
	for (int i = at + 1; i < w->n; i++) {
		if ((prio[n] = ss_cards_find(w->w[i], why, size)) < 0)
			return -1;
		if (!ss_cards_is_unit(prio[n])) {
			snprintf(why, size, "%s is no Unit",
			    ss_cards[prio[n]].name);
			return -1;
		}
		n++;
	}
	return n;
}

/* The refusal of a standing order whose words do not fit: the form of
 * its trigger's orders, or with none known (SS_ON_TRIGGERS) the
 * triggers.  Each fits the reason a verdict holds. */
static void
ss_react_syntax(int trigger, char *why, size_t size)
{
	static const char *const form[SS_ON_TRIGGERS] = {
		[SS_ON_ATTACKED] = "on attacked SQ|any cast CARD [pay CARD...]",
		[SS_ON_ATTACK] = "on attack SQ|any cast CARD [pay CARD...]",
		[SS_ON_ROLL] = "on roll cast CARD [pay CARD...]",
		[SS_ON_CAST] = "on cast CARD cast CARD [pay CARD...]",
		[SS_ON_STRIKE] = "on strike target CARD...",
		[SS_ON_DRAW] = "on draw N|any cast CARD [pay CARD...]",
		[SS_ON_MOVE] = "on move SQ|any cast CARD [pay CARD...]",
	};

	if (trigger < SS_ON_TRIGGERS)
		snprintf(why, size, "expected '%s'", form[trigger]);
	else
		snprintf(why, size, "expected 'on WHEN ...', WHEN one of "
		    "attacked, attack, roll, cast, draw, move, strike, or "
		    "'standing draw [N|off]'");
}

int
ss_react_parse(const char *text, struct ss_standing *s, char *why,
    size_t size)
{
	struct util_words w;
	int i = 2, card, known = SS_ON_TRIGGERS;

	memset(s, 0, sizeof *s);
	s->at = s->card = s->draw = SS_NONE;
	if (util_words(text, &w) == 0 && w.n >= 2 && w.n <= 3 &&
	    strcmp(w.w[0], "standing") == 0 && strcmp(w.w[1], "draw") == 0) {
		long long k = SS_DRAW_FILL;

		s->trigger = SS_ON_OWN_DRAW;
		if (w.n == 3 && util_parse_int(w.w[2], 0, SS_HAND_CAP,
		    &k) < 0) {
			snprintf(why, size, "expected 'standing draw' or "
			    "'standing draw N' (N from 0 to %d)", SS_HAND_CAP);
			return -1;
		}
		s->draw = (int)k;
		return 0;
	}
	if (util_words(text, &w) < 0 || w.n < 2 ||
	    strcmp(w.w[0], "on") != 0)
		goto syntax;
	for (known = 0; known < SS_ON_TRIGGERS; known++)
		if (strcmp(w.w[1], ss_react_trigger_words[known]) == 0)
			break;
	if (w.n < 4)
		goto syntax;
	ss_cards_join(&w, 2);
	for (s->trigger = 0; s->trigger < SS_ON_TRIGGERS; s->trigger++)
		if (strcmp(w.w[1], ss_react_trigger_words[s->trigger]) == 0)
			break;
	if (s->trigger == SS_ON_TRIGGERS)
		goto syntax;
	if (s->trigger == SS_ON_STRIKE)
		return (s->nprio = ss_react_targets(&w, 2, s->prio, why,
		    size)) < 0 ? -1 : 0;
	if (s->trigger == SS_ON_DRAW) {
		long long who;

		if (strcmp(w.w[2], "any") != 0) {
			if (util_parse_int(w.w[2], 1, GAME_MAX_PLAYERS,
			    &who) < 0) {
				snprintf(why, size, "'%.20s' is neither a "
				    "player's number nor 'any'", w.w[2]);
				return -1;
			}
			s->at = (int)who - 1;
		}
		i = 3;
	} else if (s->trigger == SS_ON_ATTACKED ||
	    s->trigger == SS_ON_ATTACK || s->trigger == SS_ON_MOVE) {
		if (strcmp(w.w[2], "any") != 0 &&
		    (s->at = ss_board_parse(w.w[2])) < 0) {
			snprintf(why, size, "'%.20s' is neither a square nor "
			    "'any'", w.w[2]);
			return -1;
		}
		i = 3;
	} else if (s->trigger == SS_ON_CAST) {
		if ((s->at = ss_cards_find(w.w[2], why, size)) < 0)
			return -1;
		if (ss_cards[s->at].type != SS_EVENT) {
			snprintf(why, size, "%s is not an Event",
			    ss_cards[s->at].name);
			return -1;
		}
		i = 3;
	}
	if (w.n < i + 2 || strcmp(w.w[i], "cast") != 0 ||
	    (w.n > i + 2 && strcmp(w.w[i + 2], "pay") != 0))
		goto syntax;
	if ((card = ss_cards_find(w.w[i + 1], why, size)) < 0)
		return -1;
	if (!ss_react_answers(s->trigger, card)) {
		snprintf(why, size, "%s does not answer 'on %s' (see the "
		    "man page)", ss_cards[card].name, w.w[1]);
		return -1;
	}
	s->card = card;
	if (w.n > i + 2) {
		int cost = ss_cards[card].cost;

		if (w.n - i - 3 != cost) {
			snprintf(why, size, "%s costs %d card%s, %d named "
			    "after 'pay'", ss_cards[card].name, cost,
			    cost == 1 ? "" : "s", w.n - i - 3);
			return -1;
		}
		for (int k = i + 3; k < w.n; k++)
			if ((s->pay[s->npay++] = ss_cards_find(w.w[k], why,
			    size)) < 0)
				return -1;
	}
	return 0;
syntax:
	ss_react_syntax(known, why, size);
	return -1;
}

static void ss_react_format_on(const struct ss_standing *s, char *buf,
    size_t size);

void
ss_react_format(const struct ss_standing *s, char *buf, size_t size)
{
	size_t len;

	ss_react_format_on(s, buf, size);
	for (int i = 0; i < s->npay; i++) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s %s", i ? "" : " pay",
		    ss_cards[s->pay[i]].word);
	}
}

/* The order without its "pay" words. */
static void
ss_react_format_on(const struct ss_standing *s, char *buf, size_t size)
{
	char sq[12] = "";
	size_t len;

	if (s->trigger == SS_ON_OWN_DRAW) {
		if (s->draw == SS_DRAW_FILL)
			snprintf(buf, size, "standing draw");
		else
			snprintf(buf, size, "standing draw %d", s->draw);
		return;
	}
	if (s->trigger == SS_ON_STRIKE) {
		snprintf(buf, size, "on strike target");
		for (int i = 0; i < s->nprio; i++) {
			len = strlen(buf);
			snprintf(buf + len, size - len, " %s",
			    ss_cards[s->prio[i]].word);
		}
		return;
	}
	if (s->trigger == SS_ON_ROLL) {
		snprintf(buf, size, "on roll cast %s", ss_cards[s->card].word);
		return;
	}
	if (s->trigger == SS_ON_CAST) {
		snprintf(buf, size, "on cast %s cast %s",
		    ss_cards[s->at].word, ss_cards[s->card].word);
		return;
	}
	if (s->trigger == SS_ON_DRAW && s->at != SS_NONE)
		snprintf(sq, sizeof sq, "%d", s->at + 1);
	else if (s->at != SS_NONE)
		ss_board_name(s->at, sq);
	snprintf(buf, size, "on %s %s cast %s",
	    ss_react_trigger_words[s->trigger], s->at == SS_NONE ? "any" : sq,
	    ss_cards[s->card].word);
}

int
ss_react_check(const struct ss_game *g, int p, const char *text,
    struct ss_standing *s, char *why, size_t size)
{
	const struct ss_player *pl = &g->p[p];

	if (ss_react_parse(text, s, why, size) < 0)
		return -1;
	if (s->trigger == SS_ON_DRAW && s->at != SS_NONE &&
	    (s->at >= g->n || s->at == p))
		return game_why(why, size, "'on draw' waits for an opponent's "
		    "number (1 to %d, not yours, %d) or 'any'", g->n, p + 1);
	for (int i = 0; s->trigger == SS_ON_STRIKE && i < pl->nstanding; i++)
		if (strncmp(pl->standing[i], "on strike ", 10) == 0)
			return i;
	for (int i = 0; s->trigger == SS_ON_OWN_DRAW && i < pl->nstanding;
	    i++)
		if (strncmp(pl->standing[i], "standing draw", 13) == 0)
			return i;
	if (pl->nstanding >= SS_STANDING)
		return game_why(why, size, "at most %d standing orders; "
		    "'standing clear' withdraws them", SS_STANDING);
	return pl->nstanding;
}

int
ss_react_order(struct ss_game *g, int p, const char *text, char *why,
    size_t size)
{
	struct ss_player *pl = &g->p[p];
	struct ss_standing s;
	int i = ss_react_check(g, p, text, &s, why, size);

	if (i < 0)
		return -1;
	ss_react_format(&s, pl->standing[i], sizeof pl->standing[0]);
	if (i == pl->nstanding)
		pl->nstanding++;
	return 0;
}

/* Does the hand hold s's card and, besides it, every card s names to pay
 * with (a card named twice, twice)? */
static int
ss_react_can_pay(const struct ss_player *pl, const struct ss_standing *s)
{
	int need[SS_NCARDS] = { 0 };

	need[s->card]++;
	for (int i = 0; i < s->npay; i++)
		need[s->pay[i]]++;
	for (int i = 0; i < pl->hand.n; i++)
		need[pl->hand.card[i]]--;
	for (int c = 0; c < SS_NCARDS; c++)
		if (need[c] > 0)
			return 0;
	return 1;
}

int
ss_react_fire(struct ss_game *g, int p, int trigger, int at, unsigned abil,
    struct events *ev, const char *const *names)
{
	struct ss_player *pl = &g->p[p];
	char why[GAME_REASON_MAX];

	if (pl->out)
		return -1;
	for (int i = 0; i < pl->nstanding; i++) {
		struct ss_standing s;
		int k;

		if (ss_react_parse(pl->standing[i], &s, why, sizeof why) < 0 ||
		    s.trigger != trigger || s.card < 0 ||
		    (s.at != SS_NONE && s.at != at) ||
		    (abil != 0 && (ss_cards[s.card].abilities & abil) == 0) ||
		    (k = ss_pile_find(&pl->hand, s.card)) < 0 ||
		    pl->hand.n - 1 < ss_cards[s.card].cost ||
		    !ss_react_can_pay(pl, &s))
			continue;
		ss_pile_take(&pl->hand, k);
		for (int c = 0; c < s.npay; c++)
			ss_pile_push(&pl->discard, ss_pile_take(&pl->hand,
			    ss_pile_find(&pl->hand, s.pay[c])));
		if (s.npay == 0)
			ss_pile_pay_first(g, p, s.card, ev, names);
		memmove(pl->standing[i], pl->standing[i + 1],
		    (size_t)(pl->nstanding - i - 1) * sizeof pl->standing[0]);
		pl->nstanding--;
		return s.card;
	}
	return -1;
}

int
ss_react_draw(const struct ss_game *g, int p, char *buf, size_t size)
{
	const struct ss_player *pl = &g->p[p];
	int most = pl->hand.n < SS_HAND_CAP ? SS_HAND_CAP - pl->hand.n : 0;
	char why[GAME_REASON_MAX];

	for (int i = 0; i < pl->nstanding; i++) {
		struct ss_standing s;

		if (ss_react_parse(pl->standing[i], &s, why, sizeof why) < 0 ||
		    s.trigger != SS_ON_OWN_DRAW)
			continue;
		/* A count the player gave stays a count, cut to what the
		 * hand may take. */
		if (s.draw == SS_DRAW_FILL)
			snprintf(buf, size, "draw");
		else
			snprintf(buf, size, "draw %d", s.draw < most ? s.draw :
			    most);
		return 1;
	}
	return 0;
}

int
ss_react_waits(const struct ss_game *g, int p, const struct ss_standing *s,
    char *buf, size_t size)
{
	const struct ss_player *pl = &g->p[p];
	int most = pl->hand.n < SS_HAND_CAP ? SS_HAND_CAP - pl->hand.n : 0;

	buf[0] = '\0';
	if (s->trigger == SS_ON_OWN_DRAW) {
		int n = s->draw == SS_DRAW_FILL || s->draw > most ? most :
		    s->draw;

		if (n == 0 || n < pl->reserve.n)
			return 0;
		snprintf(buf, size, "would draw %d from a Reserve of %d and "
		    "empty it: an empty Reserve puts you out", n,
		    pl->reserve.n);
		return 1;
	}
	if (s->card < 0)
		return 0;
	if (ss_pile_find(&pl->hand, s->card) < 0) {
		snprintf(buf, size, "waits: no %s in your hand",
		    ss_cards[s->card].name);
		return 1;
	}
	for (int i = 0; i < s->npay; i++) {
		int c = s->pay[i], named = 0, held = c == s->card ? -1 : 0;

		for (int j = 0; j < s->npay; j++)
			named += s->pay[j] == c;
		for (int j = 0; j < pl->hand.n; j++)
			held += pl->hand.card[j] == c;
		if (held <= 0) {
			snprintf(buf, size, "waits: no %s%s in your hand to "
			    "pay with", c == s->card ? "other " : "",
			    ss_cards[c].name);
			return 1;
		}
		if (held < named) {
			snprintf(buf, size, "waits: it names %s %d times to "
			    "pay with, and your hand holds %d%s", ss_cards[c].name,
			    named, held, c == s->card ? " besides the one it "
			    "casts" : "");
			return 1;
		}
	}
	if (pl->hand.n - 1 < ss_cards[s->card].cost) {
		snprintf(buf, size, "waits: %s costs %d, and your hand holds "
		    "%d other card%s", ss_cards[s->card].name,
		    ss_cards[s->card].cost, pl->hand.n - 1,
		    pl->hand.n - 1 == 1 ? "" : "s");
		return 1;
	}
	return 0;
}

int
ss_react_prio(const struct ss_game *g, int p, int prio[SS_PRIO_MAX])
{
	char why[GAME_REASON_MAX];

	for (int i = 0; i < g->p[p].nstanding; i++) {
		struct ss_standing s;

		if (ss_react_parse(g->p[p].standing[i], &s, why,
		    sizeof why) == 0 && s.trigger == SS_ON_STRIKE) {
			memcpy(prio, s.prio, sizeof s.prio);
			return s.nprio;
		}
	}
	return 0;
}

int
ss_react_annul(struct ss_game *g, int caster, int card, struct events *ev,
    const char *const *names)
{
	for (int i = 1; i < g->n; i++) {
		int q = (caster + i) % g->n;
		int k = ss_react_fire(g, q, SS_ON_CAST, card, SS_AB(ANNULS),
		    ev, names);

		if (k < 0 || ss_react_annul(g, q, k, ev, names))
			continue;
		ss_pile_push(&g->p[q].discard, k);
		ss_pile_push(&g->p[caster].discard, card);
		/* Ruling: Annuls forces "the opponent to discard it before
		 * it even comes into play": a forced discard (Winning). */
		g->p[caster].forced_by = q;
		events_add(ev, EVENT_ALL, "%s casts %s (a standing order): "
		    "%s's %s is annulled before it comes into play.",
		    names[q], ss_cards[k].name, names[caster],
		    ss_cards[card].name);
		return 1;
	}
	return 0;
}

int
ss_react_die(struct ss_game *g, int p, struct rng *rng, struct events *ev,
    const char *const *names)
{
	int card;

	while ((card = ss_react_fire(g, p, SS_ON_ROLL, SS_NONE,
	    SS_AB(INTERRUPTS_ROLL), ev, names)) >= 0 &&
	    ss_react_annul(g, p, card, ev, names))
		;
	if (card < 0)
		return rng_die(rng, 6);
	ss_pile_push(&g->p[p].discard, card);
	events_add(ev, EVENT_ALL, "%s casts %s (a standing order) instead "
	    "of rolling: the die is %d.", names[p], ss_cards[card].name,
	    ss_cards[card].param);
	return ss_cards[card].param;
}

/* senshiai.c - Senshiai: the game entry and the turn sequence.
 *
 *   deck   every player owes a sealed deck list ("standard", or "N card"
 *          lines then "done"); then each Capital goes to its place, each
 *          Reserve is shuffled, and the first player is drawn;
 *   draw   the active player discards any cards, then draws up to 6
 *          ("draw", or "draw N" for fewer);
 *   main   the active player's orders, in order, until "end" or an order
 *          that rolls dice (an attack, a Tardy move): then the same player
 *          owes the Main Stage again, seeing the result;
 *   end    Effects of duration "turn" end; the next player still in
 *          begins: that player's Units' moves are counted afresh and the
 *          Effects he cast for a round end.
 * After every order an emptied Reserve puts its player out (ss_out.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "senshiai.h"

enum { SS_OPT_FIRST, SS_OPT_LIMIT };

static const struct game_option ss_options[] = {
	[SS_OPT_FIRST] = { .name = "first", .def = "random",
	    .help = "who plays first: random (a die) or a player's name" },
	[SS_OPT_LIMIT] = { .name = "turn-limit", .def = "200",
	    .help = "a draw after this many turns in all; 0 for no limit" },
	{ .name = NULL },
};

static void *
ss_setup(const struct game_players *pl, const char *const *optv,
    struct rng *rng, struct events *ev, struct gb_err *e)
{
	struct ss_game *g;
	long long limit;
	int first = -1;

	if (util_parse_int(optv[SS_OPT_LIMIT], 0, 1000000, &limit) < 0) {
		err_set(e, 0, 0, "option turn-limit: '%.40s' is not a number "
		    "of turns from 0 to 1000000", optv[SS_OPT_LIMIT]);
		return NULL;
	}
	if (strcmp(optv[SS_OPT_FIRST], "random") == 0) {
		first = (int)rng_below(rng, (uint64_t)pl->n);
		events_add(ev, EVENT_ALL, "Drawn to play first (rng_below %d "
		    "= %d): %s.", pl->n, first, pl->names[first]);
	}
	for (int p = 0; p < pl->n && first < 0; p++)
		if (strcmp(optv[SS_OPT_FIRST], pl->names[p]) == 0)
			first = p;
	if (first < 0) {
		err_set(e, 0, 0, "option first: '%.40s' is neither random nor "
		    "the name of a player", optv[SS_OPT_FIRST]);
		return NULL;
	}
	g = util_calloc(1, sizeof *g);
	g->n = pl->n;
	ss_state_names(g, pl);
	g->active = first;
	g->limit = (int)limit;
	g->stage = SS_STAGE_DECK;
	for (int s = 0; s < SS_SQUARES; s++)
		g->sq[s].terrain = g->sq[s].master = SS_NONE;
	for (int p = 0; p < g->n; p++)
		g->p[p].forced_by = SS_NONE;
	events_add(ev, EVENT_ALL, "Every player owes a deck list.");
	return g;
}

static void
ss_free(void *g)
{
	free(g);
}

static void *
ss_load(const struct node *sec, const struct game_players *pl,
    struct gb_err *e)
{
	struct ss_game *g = ss_state_load(sec, pl->n, e);

	if (g != NULL)
		ss_state_names(g, pl);
	return g;
}

static struct node *
ss_save(const void *g)
{
	return ss_state_save(g);
}

/* Does player owe a decision now?  The players ss_owed lists. */
static int
ss_owes(const struct ss_game *g, int player)
{
	switch (g->stage) {
	case SS_STAGE_DECK:
		return player >= 0 && player < g->n;
	case SS_STAGE_DRAW:
	case SS_STAGE_MAIN:
		return player == g->active;
	default:
		return 0;
	}
}

/* Without printf: owed() is asked at every decision point, several
 * times a turn. */
static size_t
ss_owed(const void *vg, struct owed *out)
{
	const struct ss_game *g = vg;
	size_t n = 0;

	for (int p = 0; p < g->n; p++) {
		char turn[UTIL_INT_MAX + 1];
		size_t d = 0, w = 0;

		if (!ss_owes(g, p))
			continue;
		out[n].player = p;
		if (g->stage == SS_STAGE_DECK) {
			ss_text_cat(out[n].decision, sizeof out[n].decision, &d,
			    "deck");
			ss_text_cat(out[n].what, sizeof out[n].what, &w,
			    "a deck list, sealed");
		} else {
			*util_fmt_int(turn, g->turn) = '\0';
			ss_text_cat(out[n].decision, sizeof out[n].decision, &d,
			    ss_state_stage_words[g->stage]);
			/* "stage" in lower case: the state file keeps
			 * these words (owed), and states already saved must
			 * still load. */
			ss_text_cat(out[n].what, sizeof out[n].what, &w,
			    g->stage == SS_STAGE_DRAW ? "the Draw stage of "
			    "turn " : "the Main stage of turn ");
			ss_text_cat(out[n].what, sizeof out[n].what, &w, turn);
		}
		n++;
	}
	return n;
}

static void
ss_game_note(const void *g, int player, const struct order *orders, size_t n,
    char *note, size_t size)
{
	ss_check_note(g, player, orders, n, note, size);
}

static int
ss_validate(const void *vg, int player, const struct order *orders,
    size_t n, struct verdict *v)
{
	const struct ss_game *after;
	struct ss_deck d;

	return ss_check(vg, player, ss_owes(vg, player), orders, n, v, &d, 0,
	    &after);
}

static void
ss_game_legal(const void *vg, int player, const struct order *prefix,
    size_t n, struct strlist *out)
{
	ss_legal(vg, player, ss_owes(vg, player), prefix, n, out);
}

static size_t
ss_game_legal_pick(const void *vg, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size)
{
	return ss_legal_pick(vg, player, ss_owes(vg, player), prefix, n,
	    choose, arg, buf, size);
}

static int
ss_game_legal_sample(const void *vg, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size)
{
	return ss_legal_sample(vg, player, ss_owes(vg, player), prefix, n,
	    choose, arg, buf, size);
}

/* Build every player's Reserve from the deck lists. */
static void
ss_deal(struct ss_game *g, const struct game_players *pl,
    const struct answer *answers, size_t n, struct rng *rng,
    struct events *ev)
{
	for (size_t a = 0; a < n; a++) {
		int p = answers[a].player, sq = ss_board_capital(g->n, p);
		const struct ss_game *after;
		struct ss_deck d;
		struct ss_pile *r = &g->p[p].reserve;

		ss_check(g, p, ss_owes(g, p), answers[a].orders, answers[a].n,
		    NULL, &d, 0, &after);
		for (int c = 0; c < SS_NCARDS; c++)
			for (int k = 0; k < d.count[c]; k++) {
				if (ss_cards[c].type == SS_CAPITAL) {
					g->sq[sq].terrain = c;
					g->sq[sq].master = p;
				} else {
					ss_pile_append(r, c);
				}
			}
		rng_shuffle(rng, r->card, (size_t)r->n, sizeof r->card[0]);
		events_add(ev, EVENT_ALL, "%s's %s stands at %c%c; the Reserve "
		    "holds %d cards, shuffled.", pl->names[p],
		    ss_cards[g->sq[sq].terrain].name, 'a' + sq % SS_SIDE,
		    '1' + sq / SS_SIDE, r->n);
	}
	g->stage = SS_STAGE_DRAW;
	g->turn = 1;
}

/* The active player has drawn: an opponent's standing order "on draw"
 * casts an Event aimed at a player (Open the Vaults) on him, asked in
 * turn order from him; each may fire once. */
static void
ss_drawn(struct ss_game *g, struct events *ev, const char *const *names)
{
	int p = g->active;

	for (int i = 1; i < g->n && !g->p[p].out; i++) {
		int q = (p + i) % g->n;
		int card = ss_react_fire(g, q, SS_ON_DRAW, p, 0, ev,
		    names);

		if (card < 0 || ss_react_annul(g, q, card, ev, names))
			continue;
		ss_pile_draw(g, p, 2);
		ss_pile_push(&g->p[q].discard, card);
		events_add(ev, EVENT_ALL, "%s casts %s (a standing order): %s "
		    "draws 2 cards.", names[q], ss_cards[card].name, names[p]);
		ss_out_check(g, ev, names);
	}
}

/* The active player's turn ends; the next one still in begins. */
static void
ss_next_turn(struct ss_game *g, struct events *ev, const char *const *names)
{
	ss_pile_effects_expire(g, SS_DUR_TURN, ev, names);
	ss_pile_effects_expire(g, SS_DUR_BATTLE, ev, names);
	do
		g->active = (g->active + 1) % g->n;
	while (g->p[g->active].out);
	for (int s = 0; s < SS_SQUARES; s++) {
		g->sq[s].activated = 0;
		g->sq[s].fought = 0;
		for (int k = 0; k < g->sq[s].nunits; k++) {
			g->sq[s].unit[k].moves = 0;
			g->sq[s].unit[k].flees = 0;
			g->sq[s].unit[k].acted = 0;
			g->sq[s].unit[k].held = 0;
		}
	}
	ss_pile_effects_expire(g, SS_DUR_ROUND, ev, names);
	ss_pile_zero(g, ev, names);
	g->turn++;
	g->stage = SS_STAGE_DRAW;
	events_add(ev, EVENT_ALL, "Turn %d: %s.", g->turn, names[g->active]);
	ss_out_draw_limit(g, ev);
}

/* The active player's Draw Stage ends, his "draw" order played
 * (ss_play.c): the opponents' "on draw" orders answer, and his Main
 * Stage begins (or, out by then, the next player's turn). */
static void
ss_draw(struct ss_game *g, struct events *ev, const char *const *names)
{
	g->stage = SS_STAGE_MAIN;
	ss_out_check(g, ev, names);
	if (g->stage != SS_STAGE_OVER)
		ss_drawn(g, ev, names);
	if (g->stage != SS_STAGE_OVER && g->p[g->active].out)
		ss_next_turn(g, ev, names);
}

/* Does p's order text, checked on g (no dice rolled), end the answer:
 * an order that rolls dice?  (Then an "end" after it ends the Main
 * Stage; after an order a reaction cut short, SS_PLAY_CUT, it lapses.) */
static int
ss_rolls(const struct ss_game *g, int p, const char *text)
{
	struct ss_game *t = util_malloc(sizeof *t);
	char why[GAME_REASON_MAX];
	int r;

	ss_state_copy(t, g);
	r = ss_play_order(t, p, text, NULL, NULL, NULL, why, sizeof why);
	free(t);
	return r == SS_PLAY_LAST;
}

static int
ss_resolve(void *vg, const struct game_players *pl,
    const struct answer *answers, size_t n, struct rng *rng,
    struct events *ev, struct gb_err *e)
{
	struct ss_game *g = vg;
	const struct answer *a = &answers[0];
	char why[GAME_REASON_MAX];
	int r = SS_PLAY_DONE;
	size_t i;

	if (g->stage == SS_STAGE_DECK) {
		ss_deal(g, pl, answers, n, rng, ev);
		events_add(ev, EVENT_ALL, "Turn 1: %s.", pl->names[g->active]);
		return 0;
	}
	if (n != 1 || a->player != g->active)
		return err_set(e, 0, 0, "senshiai: answer of the wrong player");
	if (g->stage == SS_STAGE_DRAW && a->n == 0) {
		/* No file: the standing draw answers (validate). */
		char text[16];

		if (!ss_react_draw(g, a->player, text, sizeof text))
			return err_set(e, 0, 0, "senshiai: no draw");
		events_add(ev, EVENT_TO(a->player), "Your standing draw "
		    "answers your Draw Stage: \"%s\".", text);
		if (ss_play_order(g, a->player, text, rng, ev, pl->names, why,
		    sizeof why) < 0)
			return err_set(e, 0, 0, "senshiai: standing draw "
			    "refused: %s", why);
		ss_out_check(g, ev, pl->names);
		if (g->stage != SS_STAGE_OVER)
			ss_draw(g, ev, pl->names);
		return 0;
	}
	for (i = 0; i < a->n && g->stage != SS_STAGE_OVER; i++) {
		/* An order that rolls dice, "end" after it (ss_check)? */
		int rolls = i + 2 == a->n && strcmp(a->orders[i + 1].text,
		    "end") == 0 && ss_rolls(g, a->player, a->orders[i].text);

		r = ss_play_order(g, a->player, a->orders[i].text, rng, ev,
		    pl->names, why, sizeof why);
		if (r < 0)
			return err_set(e, a->orders[i].line, a->orders[i].col,
			    "senshiai: accepted order refused: %s", why);
		ss_out_check(g, ev, pl->names);
		if (r == SS_PLAY_LAST && rolls) {
			/* "end" given after the dice (ss_check): the
			 * Main Stage ends whatever they showed. */
			i = a->n;
			break;
		}
		if (r > SS_PLAY_DONE && i + 1 < a->n) {
			int again = g->stage == SS_STAGE_MAIN &&
			    !g->p[a->player].out;

			events_add(ev, EVENT_ALL, "A reaction interrupts %s: "
			    "the %zu order%s after it lapse%s%s%s%s.",
			    pl->names[a->player], a->n - i - 1,
			    a->n - i - 1 == 1 ? "" : "s",
			    a->n - i - 1 == 1 ? "s" : "", again ? ", and " : "",
			    again ? pl->names[a->player] : "", again ?
			    " owes the Main Stage again" : "");
			/* Which ones, to him alone: an order not played may
			 * name a card of his hand. */
			for (size_t k = i + 1; k < a->n; k++)
				events_add(ev, EVENT_TO(a->player), "\"%s\" "
				    "(line %d): lapsed, not played.",
				    a->orders[k].text, a->orders[k].line);
			i++;
			break;
		}
	}
	if (g->stage == SS_STAGE_OVER)
		return 0;
	if (g->stage == SS_STAGE_DRAW) {
		ss_draw(g, ev, pl->names);
		return 0;
	}
	/* An answer cut short by dice leaves the Main Stage open: the same
	 * player owes it again, seeing the result. */
	if (g->p[g->active].out || (i > 0 && i == a->n &&
	    strcmp(a->orders[i - 1].text, "end") == 0))
		ss_next_turn(g, ev, pl->names);
	return 0;
}

static void
ss_game_view(const void *g, const struct game_players *pl, int player,
    struct sbuf *out)
{
	ss_view(g, pl->names, player, out);
}

static struct node *
ss_game_data(const void *g, const struct game_players *pl, int player)
{
	return ss_data(g, pl->names, player);
}

static void
ss_game_picture(const void *g, const struct game_players *pl, int player,
    struct sbuf *out)
{
	ss_picture(g, pl->names, player, out);
}

static void
ss_help(const void *vg, int player, struct sbuf *out)
{
	const struct ss_game *g = vg;

	(void)player;
	if (g->stage == SS_STAGE_DECK) {
		sbuf_puts(out, "# Your deck list, sealed: \"standard\" for the "
		    "standard deck, or\n# one \"N card\" per order then "
		    "\"done\" (exactly one Capital,\n# at most 200 cards).\n"
		    "# Example: [\"1 castle-town\", \"4 warriors\", "
		    "\"3 village\", \"done\"]\n");
	} else if (g->stage == SS_STAGE_DRAW) {
		sbuf_puts(out, "# Draw Stage: \"discard CARD\" any number of "
		    "times, then \"draw\"\n# (draws up to 6 cards in hand) "
		    "or \"draw N\" (N cards, fewer);\n# standing orders "
		    "(\"on ...\", \"standing clear\") may come before it.\n"
		    "# \"standing draw\" or \"standing draw N\" answers your "
		    "later Draw\n# Stages with no file (\"standing draw off\" "
		    "withdraws it).\n");
	} else {
		sbuf_puts(out, "# Main Stage, in order, then \"end\":\n"
		    "#   terrain CARD SQ [pay CARD...]   recruit CARD SQ "
		    "[pay CARD...]\n"
		    "#   move FROM TO [N...] [carry CARD...]    castle SQ SQ\n"
		    "#   attack FROM TO close|ranged [target CARD...] "
		    "[carry CARD...]\n"
		    "#   cast CARD SQ [N]   cast CARD PLAYER   cast "
		    "dispel SQ EVENT\n"
		    "#   activate SQ    produce SQ    seppuku\n"
		    "#   on attacked SQ|any cast CARD   (an opponent attacks "
		    "you there)\n"
		    "#   on attack SQ|any cast CARD     (you attack from "
		    "there)\n"
		    "#   on roll cast CARD    on cast CARD cast CARD\n"
		    "#   on draw N|any cast CARD    on move SQ|any cast CARD\n"
		    "#   on strike target CARD...    standing clear\n"
		    "#   standing draw [N]   (your Draw Stages, with no file)\n"
		    "#   (standing orders: they fire in any later turn; an\n"
		    "#   'on ... cast CARD' may end with 'pay CARD...')\n"
		    "# An attack, a Tardy move or Earthquake rolls dice and "
		    "ends the\n# orders (so may an opponent's reaction): "
		    "you then owe the\n# Main Stage again, seeing the "
		    "result, unless \"end\" follows it.\n");
	}
}

static struct outcome
ss_outcome(const void *vg)
{
	const struct ss_game *g = vg;

	return game_outcome(g->stage == SS_STAGE_OVER, g->winners, g->reason);
}

/* Draws from a copy of rng, moved on once per player, so that the
 * harness's stream is not moved (as in Japanese Swords).  It changes
 * the players' structures only, so only those are compared. */
static int
ss_perturb(void *vg, int player, struct rng *hr)
{
	struct ss_game *g = vg;
	struct ss_player before[GAME_MAX_PLAYERS];
	size_t players = (size_t)g->n * sizeof g->p[0];
	struct rng copy = *hr;
	char why[GAME_REASON_MAX];

	for (int i = 0; i <= player + 1; i++)
		rng_next(&copy);
	memcpy(before, g->p, players);
	for (int p = 0; p < g->n; p++) {
		struct ss_player *q = &g->p[p];

		rng_shuffle(&copy, q->reserve.card, (size_t)q->reserve.n,
		    sizeof q->reserve.card[0]);
		if (p == player)
			continue;
		if (q->nstanding > 0)
			q->nstanding = 0;
		else
			ss_react_order(g, p, "on roll cast divine-wind", why,
			    sizeof why);
		if (q->hand.n == 0 || q->reserve.n == 0)
			continue;
		{
			int i = (int)rng_below(&copy, (uint64_t)q->hand.n);
			int j = (int)rng_below(&copy, (uint64_t)q->reserve.n);
			int t = q->hand.card[i];

			q->hand.card[i] = q->reserve.card[j];
			q->reserve.card[j] = t;
		}
	}
	return memcmp(before, g->p, players) != 0;
}

const struct game_entry senshiai_game = {
	.id = "senshiai",
	.title = "Senshiai",
	.ruleset = "0",
	.min_players = 2,
	.max_players = 4,
	.options = ss_options,
	.setup = ss_setup,
	.free = ss_free,
	.load = ss_load,
	.save = ss_save,
	.owed = ss_owed,
	.validate = ss_validate,
	.note = ss_game_note,
	.legal = ss_game_legal,
	.legal_pick = ss_game_legal_pick,
	.legal_sample = ss_game_legal_sample,
	.resolve = ss_resolve,
	.view = ss_game_view,
	.view_data = ss_game_data,
	.picture = ss_game_picture,
	.picture_public = 1,
	/* A card played may draw cards (ss_play_order): the orders after
	 * it list what was drawn. */
	.answer_reveals = 1,
	.help = ss_help,
	.outcome = ss_outcome,
	.perturb = ss_perturb,
};

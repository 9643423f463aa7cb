/* ss_check.c - a player's orders checked, each played on a copy of the
 * game: what validate answers, what legal and legal_pick build on, and
 * how resolve reads the deck lists.  The position reached is kept
 * between calls (ss_memo, below). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "senshiai.h"

/* One order of a deck list into d: 1 when "standard" or a good "done"
 * ends it, 0 for a card line, -1 refused. */
static int
ss_check_deck_line(struct ss_deck *d, const char *text, char *why,
    size_t size)
{
	struct gb_err e = { 0 };

	if (strcmp(text, "standard") == 0) {
		ss_deck_standard(d);
		return 1;
	}
	if (strcmp(text, "done") == 0) {
		if (ss_deck_check(d, why, size) < 0)
			return -1;
		return 1;
	}
	if (strchr(text, '\n') != NULL ||
	    ss_deck_line(text, 1, d, &e) < 0) {
		snprintf(why, size, "%.150s", e.msg[0] ? e.msg : "one card "
		    "line expected");
		return -1;
	}
	return 0;
}

/* What validate, legal and legal_pick keep between calls (the memo):
 * they are asked again and again about the same game and player with the
 * same orders, or the same and one more (an answer picked order by order,
 * each pick checking the orders before it, then the whole answer and its
 * start validated, and adjudicate validating it once more), and each call
 * played every order again on a fresh copy of the game.  The memo is
 * keyed on the game (src, compared by ss_state_equal: a game changed in
 * place, or another at the same address, is a miss) and the player, and
 * holds the position after its n orders (pos), all accepted: their texts,
 * and whether the answer was complete after each.  A check whose orders
 * start with the memo's goes on from pos; any other starts again from
 * src.  The position after orders is a function of the game's used part
 * (what ss_state_copy copies), the player and the texts alone, so a hit
 * gives what playing afresh gives; test_senshiai checks it against
 * ss_check_forget.  An order refused, or one it has no room for, ends the
 * memo: pos is then the scratch position of the rest of that check.  Not
 * on the stack: under AddressSanitizer a frame of tens of kilobytes costs
 * the poisoning of its shadow at every call.  gunbai is single-threaded. */
static struct ss_memo {
	struct game_memo o; /* the orders, their texts (game.h) */
	struct ss_game src;
	struct ss_game pos;
} ss_memo;

void
ss_check_forget(void)
{
	ss_memo.o.valid = 0;
}

/* The memo made g's and player's, its position after the longest start
 * of o[0..n) it holds (after exactly n orders if exact, as a walk needs);
 * returns how many orders of o that is. */
static size_t
ss_memo_find(const struct ss_game *g, int player, const struct order *o,
    size_t n, int exact)
{
	struct ss_memo *m = &ss_memo;

	if (m->o.valid && m->o.player == player &&
	    ss_state_equal(&m->src, g)) {
		size_t k = game_memo_match(&m->o, o, n);
		if (k == m->o.n || (k == n && !exact))
			return k;
	} else {
		ss_state_copy(&m->src, g);
	}
	game_memo_restart(&m->o, player, 0);
	ss_state_copy(&m->pos, &m->src);
	return 0;
}

/* Order o, the memo's next, just played on its position: kept if
 * accepted (r >= 0) and there is room, else the memo ends. */
static void
ss_memo_take(const struct order *o, int r)
{
	game_memo_take(&ss_memo.o, o->text, r >= 0, r > 0);
}

/* The memo's position brought back to the one after the orders before i
 * that were accepted (ok[j]) from g: once an order is refused, it may be
 * half changed. */
static void
ss_check_redo(const struct ss_game *g, int player, const struct order *orders,
    size_t i, const unsigned char *ok)
{
	ss_state_copy(&ss_memo.pos, g);
	for (size_t j = 0; j < i; j++)
		if (ok[j])
			ss_play_order(&ss_memo.pos, player, orders[j].text,
			    NULL, NULL, NULL, NULL, 0);
}

/* A reason into a verdict, as snprintf "%s" would (cut to fit). */
static void
ss_check_reason(char *dst, size_t size, const char *why)
{
	size_t len = strlen(why);

	if (len >= size)
		len = size - 1;
	memcpy(dst, why, len);
	dst[len] = '\0';
}

/* Is orders[i] an "end" that may follow the order that completed the
 * Main Stage answer: one that rolls dice (not "end" or "seppuku"), right
 * before it?  The player decides in advance to end his turn after the
 * dice, whatever they show: no mail round to hear "end". */
static int
ss_check_end_after(const struct ss_game *g, const struct order *orders,
    size_t i, const unsigned char *ok)
{
	return g->stage == SS_STAGE_MAIN && i > 0 && ok[i - 1] &&
	    strcmp(orders[i].text, "end") == 0 &&
	    strcmp(orders[i - 1].text, "end") != 0 &&
	    strcmp(orders[i - 1].text, "seppuku") != 0;
}

/* Why orders[i] is refused, the answer complete with orders[done]
 * (checked on pos, the position after the accepted orders): says what
 * ended it, so that the player knows where the rest go. */
static int
ss_check_complete_why(const struct ss_game *g, const struct ss_game *pos,
    int player, const struct order *orders, size_t done, char *why,
    size_t size)
{
	const char *t = orders[done].text;

	if (g->stage == SS_STAGE_DECK)
		return game_why(why, size, "the orders are complete before "
		    "this one: '%.40s' (order %zu) ends the deck list", t,
		    done + 1);
	if (pos->stage == SS_STAGE_OVER || pos->p[player].out)
		return game_why(why, size, "the orders are complete before "
		    "this one: after '%.40s' (order %zu) you are out of the "
		    "game", t, done + 1);
	if (strcmp(t, "end") == 0)
		return game_why(why, size, "the orders are complete before "
		    "this one: 'end' (order %zu) ends them", done + 1);
	if (g->stage == SS_STAGE_DRAW)
		return game_why(why, size, "the orders are complete before "
		    "this one: '%.40s' (order %zu) ends the Draw Stage; the "
		    "Main Stage's orders go in your next file", t, done + 1);
	return game_why(why, size, "the orders are complete before this one: "
	    "'%.40s' (order %zu) rolls dice, which end the orders: only 'end' "
	    "may come right after it; the rest go in your next file", t,
	    done + 1);
}

/* The note on "attack FROM TO close|ranged ..." played on g: the
 * player's Units at FROM that stay out of the battle, and why. */
static void
ss_check_note_attack(const struct ss_game *g, int player,
    const struct util_words *w, char *note, size_t size)
{
	size_t len = 0;
	int a, b;

	if (w->n < 4 || (a = ss_board_parse(w->w[1])) < 0 ||
	    (b = ss_board_parse(w->w[2])) < 0)
		return;
	for (int k = 0; k < g->sq[a].nunits; k++) {
		const char *bar = ss_fight_bar(g, a, k, b, w->w[3][0] == 'r');

		if (g->sq[a].unit[k].owner != player || bar == NULL ||
		    len + 1 >= size)
			continue;
		snprintf(note + len, size - len, "%s%s (Unit %d) at %s stays "
		    "out of the battle: it %s", len > 0 ? "; " : "",
		    ss_cards[g->sq[a].unit[k].card].name, k + 1, w->w[1], bar);
		len += strlen(note + len);
	}
}

void
ss_check_note(const struct ss_game *g, int player, const struct order *orders,
    size_t n, char *note, size_t size)
{
	const struct ss_game *before;
	const char *text = n > 0 ? orders[n - 1].text : "";
	struct ss_game *t;
	struct ss_standing s;
	struct ss_deck d;
	struct util_words w;
	char why[GAME_REASON_MAX], mine[SS_STANDING_CHARS + 1];
	int same = 0;

	if (size == 0)
		return;
	note[0] = '\0';
	if (n == 0 || player != g->active || (g->stage != SS_STAGE_DRAW &&
	    g->stage != SS_STAGE_MAIN))
		return;
	ss_check(g, player, 1, orders, n - 1, NULL, &d, 1, &before);
	t = util_malloc(sizeof *t);
	ss_state_copy(t, before);
	if (util_words(text, &w) == 0 && w.n > 0 &&
	    strcmp(w.w[0], "attack") == 0) {
		ss_check_note_attack(t, player, &w, note, size);
	} else if (ss_react_parse(text, &s, why, sizeof why) == 0) {
		ss_react_format(&s, mine, sizeof mine);
		for (int i = 0; i < t->p[player].nstanding; i++)
			same |= s.trigger != SS_ON_OWN_DRAW &&
			    s.trigger != SS_ON_STRIKE &&
			    strcmp(t->p[player].standing[i], mine) == 0;
		ss_play_order(t, player, text, NULL, NULL, NULL, why,
		    sizeof why);
		if (same)
			snprintf(note, size, "the same order stands already: "
			    "each fires once, so this one waits for another "
			    "%s after the first is cast", ss_cards[s.card].name);
		else if (ss_react_waits(t, player, &s, why, sizeof why))
			snprintf(note, size, "as things stand, this order %s",
			    why);
	}
	free(t);
}

#define SS_CHECK_OK 64 /* orders whose verdicts ss_check keeps on the
                        * stack; more take the heap */

int
ss_check(const struct ss_game *g, int player, int owes,
    const struct order *orders, size_t n, struct verdict *v,
    struct ss_deck *deck, int exact, const struct ss_game **after)
{
	int complete = 0;
	size_t size = v != NULL ? GAME_REASON_MAX : 0, i = 0, refused = 0;
	size_t done = 0; /* the order that completed the answer */
	char why[GAME_REASON_MAX];
	unsigned char okbuf[SS_CHECK_OK];
	unsigned char *ok = n <= SS_CHECK_OK ? okbuf : util_malloc(n);

	*after = g;
	memset(deck, 0, sizeof *deck);
	/* Deck lines play nothing on the position: no memo for them. */
	if (owes && n > 0 && g->stage != SS_STAGE_DECK) {
		i = ss_memo_find(g, player, orders, n, exact);
		complete = ss_memo.o.complete[i];
		while (done < i && !ss_memo.o.complete[done + 1])
			done++;
		*after = &ss_memo.pos;
		memset(ok, 1, i);
		for (size_t j = 0; j < i && v != NULL; j++) {
			v[j].accepted = 1;
			v[j].reason[0] = '\0';
		}
	}
	for (; i < n; i++) {
		int r;

		why[0] = '\0';
		if (!owes) {
			r = game_why(why, size, "you owe no orders now");
		} else if (complete && ss_check_end_after(g, orders, i, ok)) {
			/* "end" after an order that rolls dice: the Main
			 * Stage ends once they are rolled (resolve). */
			r = SS_PLAY_LAST;
			ss_memo_take(&orders[i], r);
		} else if (complete) {
			r = ss_check_complete_why(g, &ss_memo.pos, player,
			    orders, done, why, size);
			ss_memo_take(&orders[i], r);
		} else if (g->stage == SS_STAGE_DECK && refused > 0 &&
		    strcmp(orders[i].text, "done") == 0) {
			/* Never seal a list over lines left out unseen. */
			r = game_why(why, size, "the line '%.40s' (order %zu) "
			    "was refused: correct or remove it before 'done', "
			    "or send 'standard' for the standard deck",
			    orders[refused - 1].text, refused);
		} else if (g->stage == SS_STAGE_DECK) {
			r = ss_check_deck_line(deck, orders[i].text, why, size);
			if (r < 0 && refused == 0)
				refused = i + 1;
		} else {
			r = ss_play_order(&ss_memo.pos, player,
			    orders[i].text, NULL, NULL, NULL, why, size);
			ss_memo_take(&orders[i], r);
			if (r < 0)
				ss_check_redo(g, player, orders, i, ok);
		}
		ok[i] = r >= 0;
		if (r > 0 && !complete)
			done = i;
		if (r > 0)
			complete = 1;
		if (v != NULL) {
			v[i].accepted = r >= 0;
			ss_check_reason(v[i].reason, sizeof v[i].reason,
			    r >= 0 ? "" : why);
		}
	}
	if (ok != okbuf)
		free(ok);
	/* No orders in the Draw Stage: a standing draw answers it. */
	if (n == 0 && owes && g->stage == SS_STAGE_DRAW) {
		char text[16];

		complete = ss_react_draw(g, player, text, sizeof text);
	}
	return owes && complete;
}

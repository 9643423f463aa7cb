/* js_view.c - what a player (or the public) sees: the map with terrain,
 * control and armies, every clan's public counts, the player's own hand
 * and offers, and what is owed; and the orders help of the template.
 *
 * Hidden from everyone but their owner: hands, the orders kept through an
 * Intrigue, trade offers (seen by the two players); from everyone: the
 * deck order.  Counts of cards are public. */
#include <stdio.h>
#include <string.h>

#include "js.h"

/* Five characters: terrain, holder of a fortress or keep, a space (or *
 * for an army on a Forced March), the army's player and experience.
 * Players are letters and experience a digit, so that no two numbers
 * stand side by side ("Fa a1", not "F1 11"). */
static char
js_view_letter(int p)
{
	return (char)('a' + p);
}

static void
js_view_cell(const struct js *g, const struct js_army *a, int sq,
    char out[6])
{
	int site = g->site_at[sq];

	memset(out, ' ', 5);
	out[5] = '\0';
	out[0] = js_map_terrains[g->map[sq]].letter;
	if (site != JS_NONE)
		out[1] = g->sites[site].control == JS_NONE ? '-' :
		    js_view_letter(g->sites[site].control);
	if (a != NULL) {
		if (a->march)
			out[2] = '*';
		out[3] = js_view_letter(a->owner);
		out[4] = a->exp > 9 ? '+' : (char)('0' + a->exp);
	}
}

static void
js_view_line(struct sbuf *out, struct sbuf *line)
{
	while (line->len > 0 && line->p[line->len - 1] == ' ')
		line->len--;
	sbuf_add(out, line->p, line->len);
	sbuf_putc(out, '\n');
	sbuf_clear(line); /* its room kept for the next line */
}

static void
js_view_map(const struct js *g, struct sbuf *out)
{
	const struct js_army *at[JS_SQUARES];
	struct sbuf line;
	char cell[7];

	js_army_table(g, at);
	sbuf_init(&line);
	sbuf_puts(&line, "   ");
	for (int c = 0; c < JS_SIDE; c++) {
		char head[6] = { ' ', (char)('A' + c), ' ', ' ', ' ', ' ' };
		sbuf_add(&line, head, sizeof head);
	}
	js_view_line(out, &line);
	for (int r = 0; r < JS_SIDE; r++) {
		/* "%2d " */
		if (r + 1 < 10)
			sbuf_putc(&line, ' ');
		sbuf_int(&line, r + 1);
		sbuf_putc(&line, ' ');
		for (int c = 0; c < JS_SIDE; c++) {
			/* " " and the five characters of the cell. */
			cell[0] = ' ';
			js_view_cell(g, at[r * JS_SIDE + c], r * JS_SIDE + c,
			    cell + 1);
			sbuf_add(&line, cell, 6);
		}
		sbuf_puts(&line, "  ");
		sbuf_int(&line, r + 1);
		js_view_line(out, &line);
	}
	sbuf_free(&line);
}

static void
js_view_legend(const struct js *g, struct sbuf *out)
{
	struct sbuf b;

	sbuf_init(&b);
	sbuf_puts(&b, "Each square: its terrain; who holds a fortress or "
	    "keep (- nobody); * for an army on a Forced March; an army's "
	    "player and experience (+ for 10 or more).  Terrain, movement "
	    "cost and defence:");
	for (int t = 0; t < JS_NTERRAINS; t++) {
		const struct js_terrain *x = &js_map_terrains[t];

		char letter[3] = { ' ', x->letter, ' ' };

		sbuf_add(&b, letter, sizeof letter);
		sbuf_puts(&b, x->word);
		if (x->cost == 0) {
			sbuf_puts(&b, ": no entry.");
			continue;
		}
		/* " %d (%+d)," */
		sbuf_putc(&b, ' ');
		sbuf_int(&b, x->cost);
		sbuf_puts(&b, x->defence < 0 ? " (" : " (+");
		sbuf_int(&b, x->defence);
		sbuf_puts(&b, "),");
	}
	sbuf_puts(&b, " Players:");
	for (int p = 0; p < g->nplayers; p++) {
		char letter[3] = { ' ', js_view_letter(p), ' ' };

		sbuf_add(&b, letter, sizeof letter);
		sbuf_puts(&b, g->names[p]);
		sbuf_putc(&b, p + 1 < g->nplayers ? ',' : '.');
	}
	util_wrap(out, JS_VIEW_WIDTH, "", "", b.p);
	sbuf_free(&b);
}

static void
js_view_clans(const struct js *g, struct sbuf *out)
{
	int w = 4;

	for (int p = 0; p < g->nplayers; p++)
		if ((int)strlen(g->names[p]) > w)
			w = (int)strlen(g->names[p]);
	/* "\n  %-*s  gold honor cards armies keeps  home\n" */
	sbuf_puts(out, "\n  ");
	sbuf_puts_pad(out, "clan", w);
	sbuf_puts(out, "  gold honor cards armies keeps  home\n");
	for (int p = 0; p < g->nplayers; p++) {
		const struct js_clan *c = &g->clans[p];
		int keeps = 0;
		char sq[4];

		for (int i = 0; i < g->nsites; i++)
			keeps += !g->sites[i].fortress &&
			    g->sites[i].control == p;
		/* "%c %-*s %5d %5d %5d %6d %5d  %s%s\n" */
		sbuf_putc(out, js_view_letter(p));
		sbuf_putc(out, ' ');
		sbuf_puts_pad(out, g->names[p], w);
		sbuf_putc(out, ' ');
		sbuf_int_pad(out, c->gold, 5);
		sbuf_putc(out, ' ');
		sbuf_int_pad(out, c->honor, 5);
		sbuf_putc(out, ' ');
		sbuf_int_pad(out, js_cards_count(c->hand), 5);
		sbuf_putc(out, ' ');
		sbuf_int_pad(out, js_army_count(g, p), 6);
		sbuf_putc(out, ' ');
		sbuf_int_pad(out, keeps, 5);
		sbuf_puts(out, "  ");
		sbuf_puts(out, js_map_name(g->sites[js_site_home(g, p)].sq,
		    sq));
		sbuf_puts(out, c->out ? " out\n" : "\n");
	}
	/* "Deck: %d card%s.  Discard pile: %d card%s.\n" */
	sbuf_puts(out, "Deck: ");
	sbuf_int(out, g->ndeck);
	sbuf_puts(out, g->ndeck == 1 ? " card.  Discard pile: " :
	    " cards.  Discard pile: ");
	sbuf_int(out, js_cards_count(g->discard));
	sbuf_puts(out, js_cards_count(g->discard) == 1 ? " card.\n" :
	    " cards.\n");
}

static void
js_view_sites(const struct js *g, struct sbuf *out)
{
	struct sbuf b;
	char sq[4];

	sbuf_puts(out, "\nFortresses and keeps, with their traits:\n");
	for (int i = 0; i < g->nsites; i++) {
		const struct js_site *s = &g->sites[i];

		sbuf_init(&b);
		sbuf_puts(&b, js_map_name(s->sq, sq));
		sbuf_puts(&b, s->fortress ? " fortress" : " keep");
		if (s->fortress) {
			sbuf_puts(&b, " (home of ");
			sbuf_puts(&b, g->names[s->home]);
			sbuf_putc(&b, ')');
		}
		sbuf_puts(&b, ", held by ");
		sbuf_puts(&b, s->control == JS_NONE ? "nobody" :
		    g->names[s->control]);
		sbuf_putc(&b, ':');
		for (int k = 0; k < s->ntraits; k++) {
			sbuf_puts(&b, k ? ", " : " ");
			sbuf_puts(&b, js_traits[s->traits[k]].name);
		}
		util_wrap(out, JS_VIEW_WIDTH, "  ", "      ", b.p);
		sbuf_free(&b);
	}
}

/* The gold the player will have at the start of the expense phase of
 * their next turn, before any order: revenue in, upkeep out. */
static void
js_view_gold(const struct js *g, int p, struct sbuf *out)
{
	int forts, keeps, tribute, income = js_turn_income(g, p, &forts,
	    &keeps, &tribute), upkeep = js_army_count(g, p);
	int gold = g->clans[p].gold + income;
	struct sbuf b;

	sbuf_init(&b);
	sbuf_puts(out, "\n");
	sbuf_printf(&b, "Your gold: %d now; your next revenue brings %d "
	    "(%d fortress%s, %d keep%s, %d Tribute), and upkeep takes %d for "
	    "%d arm%s: %d%s after upkeep, before your orders (Prosperity, "
	    "trades, raising).", g->clans[p].gold, income, forts,
	    forts == 1 ? "" : "es", keeps, keeps == 1 ? "" : "s", tribute,
	    upkeep < gold ? upkeep : gold, upkeep, upkeep == 1 ? "y" : "ies",
	    gold - upkeep > 0 ? gold - upkeep : 0, upkeep > gold ?
	    ", with unpaid armies disbanded" : "");
	util_wrap(out, JS_VIEW_WIDTH, "", "", b.p);
	sbuf_free(&b);
}

static void
js_view_hand(const struct js *g, int p, struct sbuf *out)
{
	const int *hand = g->clans[p].hand;

	if (js_cards_count(hand) == 0) {
		sbuf_puts(out, "\nYour hand is empty.\n");
		return;
	}
	sbuf_printf(out, "\nYour hand, %d card%s:\n", js_cards_count(hand),
	    js_cards_count(hand) == 1 ? "" : "s");
	for (int c = 0; c < JS_NCARDS; c++) {
		if (hand[c] <= 0)
			continue;
		/* "%2d %-21s %2d  %s\n" */
		sbuf_int_pad(out, hand[c], 2);
		sbuf_putc(out, ' ');
		sbuf_puts_pad(out, js_cards[c].name, 21);
		sbuf_putc(out, ' ');
		sbuf_int_pad(out, js_cards[c].force, 2);
		sbuf_puts(out, "  ");
		sbuf_puts(out, js_cards[c].notes);
		sbuf_putc(out, '\n');
	}
}

static void
js_view_offers(const struct js *g, int p, struct sbuf *out)
{
	struct sbuf b;
	char why[GAME_REASON_MAX];

	for (int i = 0; i < g->noffers; i++) {
		const struct js_offer *o = &g->offers[i];

		if (o->from != p && o->to != p)
			continue;
		sbuf_init(&b);
		sbuf_printf(&b, "Offer standing: %s gives ", g->names[o->from]);
		js_trade_items_write(o->give, o->ngive, &b);
		sbuf_printf(&b, "; %s gives ", g->names[o->to]);
		js_trade_items_write(o->get, o->nget, &b);
		sbuf_puts(&b, o->to == p ? ".  Repeat it the other way round "
		    "in your turn to take it up." : ".");
		/* One that cannot be met now, as far as p may know: its
		 * giver no longer holds what it gives (a fresh reader's
		 * offer of a card revealed in a battle since). */
		if (js_trade_offer_now(g, p, o, why, sizeof why) < 0)
			sbuf_printf(&b, "  It cannot be met now: %s.", why);
		util_wrap(out, JS_VIEW_WIDTH, "", "  ", b.p);
		sbuf_free(&b);
	}
}

static void
js_view_status(const struct js *g, int player, struct sbuf *out)
{
	struct sbuf b;
	char x[4], y[4];

	sbuf_init(&b);
	if (g->phase == JS_P_OVER) {
		sbuf_printf(&b, "The game is over: %s.", g->reason);
	} else if (g->phase == JS_P_RPS) {
		sbuf_puts(&b, "Rock, paper, scissors decides the turn order; "
		    "still to throw:");
		for (int i = 0, n = 0; i < g->ngroups; i++)
			for (int k = 0; g->groups[i].n > 1 &&
			    k < g->groups[i].n; k++) {
				sbuf_puts(&b, n++ ? ", " : " ");
				sbuf_puts(&b,
				    g->names[g->groups[i].members[k]]);
			}
		sbuf_puts(&b, ".");
	} else {
		/* Three numbers, three words: the round counts the turns
		 * of players, the decision point (the orders file's turn:)
		 * counts the deadlines; say which this is once. */
		sbuf_printf(&b, "Round %d (the game's player-turn %d; orders "
		    "files name the decision point, not the round): %s is "
		    "the active player%s.  Turn order:", g->round, g->round,
		    g->names[g->active], g->part == 2 ?
		    ", in the Forced March part" : "");
		for (int i = 0; i < g->nplayers; i++) {
			sbuf_puts(&b, i ? ", " : " ");
			sbuf_puts(&b, g->names[g->order[i]]);
			if (g->clans[g->order[i]].out)
				sbuf_puts(&b, " (out)");
		}
		sbuf_puts(&b, ".");
		for (int i = 0; i < g->nbattles; i++)
			sbuf_printf(&b, " %s: the attack on %s from %s.",
			    i == 0 ? "Now" : "Then",
			    js_map_name(g->battles[i].at, x),
			    js_map_name(g->battles[i].from, y));
		for (int i = 0; i < g->nintrigues; i++) {
			sbuf_putc(&b, ' ');
			sbuf_puts(&b, g->names[g->intrigues[i]]);
			sbuf_puts(&b, " answers an Intrigue.");
		}
	}
	util_wrap(out, JS_VIEW_WIDTH, "", "", b.p);
	sbuf_free(&b);
	if (player == g->active && g->nsteps > 0) {
		sbuf_init(&b);
		sbuf_puts(&b, "Your orders kept until the Intrigue is "
		    "answered:");
		for (int i = 0; i < g->nsteps; i++) {
			sbuf_puts(&b, i ? "; " : " ");
			js_order_step(&g->steps[i], &b);
		}
		sbuf_puts(&b, ".");
		util_wrap(out, JS_VIEW_WIDTH, "", "  ", b.p);
		sbuf_free(&b);
	}
}

void
js_view(const void *vg, const struct game_players *pl, int player,
    struct sbuf *out)
{
	const struct js *g = vg;

	(void)pl; /* the game keeps the names */
	js_view_map(g, out);
	sbuf_puts(out, "\n");
	js_view_legend(g, out);
	js_view_clans(g, out);
	js_view_sites(g, out);
	if (player >= 0 && !g->clans[player].out) {
		js_view_gold(g, player, out);
		js_view_hand(g, player, out);
	}
	sbuf_puts(out, "\n");
	if (player >= 0)
		js_view_offers(g, player, out);
	js_view_status(g, player, out);
}

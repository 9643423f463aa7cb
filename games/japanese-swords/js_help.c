/* js_help.c - the comment lines of the orders template: what the player
 * owes, the syntax, what a missed deadline does, and legal examples. */
#include <stdio.h>
#include <string.h>

#include "js.h"

#define JS_HELP_EXAMPLES 8

static void
js_help_text(struct sbuf *out, const char *text)
{
	util_wrap(out, JS_VIEW_WIDTH, "# ", "# ", text);
}

static void
js_help_examples(const struct js *g, int player, struct sbuf *out)
{
	struct strlist l = { 0 };
	struct sbuf ex, head;
	int shown = 0, wrapped = 0, kinds;

	js_legal_list(g, player, NULL, 0, &l);
	/* Orders of several kinds (a turn, a march) that do not all fit. */
	kinds = l.n > JS_HELP_EXAMPLES && (g->phase == JS_P_TURN ||
	    g->phase == JS_P_MARCH);
	sbuf_init(&ex);
	/* The first ones; with kinds, the default, then the first order of
	 * each kind. */
	for (size_t i = 0; i < l.n && shown < JS_HELP_EXAMPLES; i++) {
		size_t k = 0, w = strcspn(l.v[i], " ");

		if (strncmp(l.v[i], "play ", 5) == 0)
			w = 5 + strcspn(l.v[i] + 5, " ");
		while (k < i && strncmp(l.v[k], l.v[i], w) != 0)
			k++;
		if (k < i && i > 0 && kinds)
			continue;
		wrapped |= strlen(l.v[i]) + 4 > JS_VIEW_WIDTH;
		util_wrap(&ex, JS_VIEW_WIDTH, "#   ", "#       ", l.v[i]);
		shown++;
	}
	if (l.n > 0) {
		/* Say how many there are and where they all are: one of
		 * each kind here, and a long one on two lines is one. */
		sbuf_init(&head);
		sbuf_printf(&head, "Legal now: %zu order%s may come first; ",
		    l.n, l.n == 1 ? "" : "s");
		if ((size_t)shown == l.n)
			sbuf_puts(&head, "here they all are");
		else
			sbuf_printf(&head, "here the first %s, and the JSON "
			    "report's orders.legal lists them all", kinds ?
			    "of each kind" : "ones");
		sbuf_printf(&head, " (the first is the default if you send "
		    "nothing)%s:", wrapped ? "; an order too long for a line "
		    "goes on with a deeper indent, and is written on one line" :
		    "");
		js_help_text(out, head.p);
		sbuf_free(&head);
	}
	sbuf_puts(out, ex.p);
	sbuf_free(&ex);
	strlist_free(&l);
}

static const char js_help_turn[] =
    "# Your turn.  Orders go in phase order; end with done:\n"
    "#   trade with PLAYER give ITEMS get ITEMS       trade\n"
    "#     ITEMS: nothing, or gold N, honor N, card CARD, army SQ,\n"
    "#     keep SQ, joined by and.  It takes up PLAYER's offer of the\n"
    "#     same items the other way round, or stands as your offer.\n"
    "#   play prosperity                  revenue: 3 gold\n"
    "#   disband SQ                       expense, before upkeep\n"
    "#   raise army at SQ                 expense: 4 gold, one a turn,\n"
    "#                                    in or next to your home\n"
    "#                                    fortress\n"
    "#   draw N                           draw: N cards more than the\n"
    "#                                    free one, 2 gold each\n"
    "#   play much-honor                  honor: 4 honor\n"
    "#   honor N                          honor: buy up to N at 2 gold;\n"
    "#                                    a 2D6 roll caps it\n"
    "#   play ninja on SQ                 honor: enemy loses experience\n"
    "#   play shinobi-spies on PLAYER     honor: see the hand\n"
    "#   play intrigue on PLAYER          honor: 3 cards or 3 honor\n"
    "#   play forced-march on SQ          travel: it goes again\n"
    "#   move SQ to SQ [to SQ]            travel: 2 movement points\n"
    "#   attack SQ from SQ                battle (fought after done)\n"
    "#   done\n"
    "# Revenue, upkeep, the free draw and honor from traits happen even\n"
    "# without orders.  A card played after the draw (honor phase,\n"
    "# Forced March) may be ordered before it is drawn: if you do not\n"
    "# hold it then, the order does nothing.  So the legal orders below\n"
    "# list such plays of cards you do not hold, and check warns of\n"
    "# each one.\n"
    "# Missing orders: done.\n";

/* What trades may give before upkeep takes its gold: a trade is made
 * after revenue and before upkeep, so gold given away can leave armies
 * unpaid (check warns on such a trade once made: js_legal_note). */
static void
js_help_upkeep(const struct js *g, int p, struct sbuf *out)
{
	int forts, keeps, tribute, armies = js_army_count(g, p);
	int gold = g->clans[p].gold + js_turn_income(g, p, &forts, &keeps,
	    &tribute);
	struct sbuf b;

	sbuf_init(&b);
	sbuf_printf(&b, "Upkeep comes after trades: after revenue you will "
	    "have %d gold (before Prosperity) and your %d arm%s cost%s %d, ",
	    gold, armies, armies == 1 ? "y" : "ies", armies == 1 ? "s" : "",
	    armies);
	if (gold >= armies)
		sbuf_printf(&b, "so a trade giving more than %d gold disbands "
		    "armies (the least experienced first).", gold - armies);
	else
		sbuf_printf(&b, "so %d arm%s will be disbanded (the least "
		    "experienced first) unless you get gold or disband by "
		    "order.", armies - gold, armies - gold == 1 ? "y" : "ies");
	js_help_text(out, b.p);
	sbuf_free(&b);
}

/* After "the cards, +1 experience, +5 Keep" (why), what they add up to:
 * "alone" with no term, nothing more with one, the sum with several. */
static void
js_help_sum(struct sbuf *b, const char *why, int base)
{
	const char *c = strchr(why, ',');

	if (c == NULL)
		sbuf_puts(b, " alone");
	else if (strchr(c + 1, ',') != NULL)
		sbuf_printf(b, " (the cards %+d in all)", base);
}

/* The other side's public modifiers: what it adds to its cards, and its
 * card-type traits. */
static void
js_help_other_side(const struct js *g, int player, struct sbuf *b)
{
	const struct js_army *def = js_army_on(g, g->battles[0].at);
	int other = player == g->active ? def->owner : g->active, any = 0;
	int times[JS_NTRAITS] = { 0 };
	struct sbuf why;
	int base;

	sbuf_init(&why);
	base = js_battle_base(g, other, &why);
	sbuf_printf(b, " %s's force: %s", g->names[other], why.p);
	js_help_sum(b, why.p, base);
	for (int i = 0; i < g->nsites; i++) {
		const struct js_site *s = &g->sites[i];

		for (int k = 0; s->control == other && k < s->ntraits; k++)
			times[s->traits[k]]++;
	}
	/* Each trait once, with what its sites add up to ("Large Populace
	 * +4 (2 sites)"): identical traits add up, and a reader should not
	 * have to add them (a fresh reader's b5). */
	for (int t = 0; t < JS_NTRAITS; t++) {
		if (js_traits[t].effect != JS_E_TAG || times[t] == 0)
			continue;
		sbuf_printf(b, "%s %s %+d", any++ ? "," :
		    "; its cards gain from", js_traits[t].name,
		    js_traits[t].amount * times[t]);
		if (times[t] > 1)
			sbuf_printf(b, " (%d sites)", times[t]);
	}
	sbuf_puts(b, ".");
	sbuf_free(&why);
}

static void
js_help_battle(const struct js *g, int player, struct sbuf *out)
{
	struct sbuf b, why;
	int base;
	char x[4], y[4];

	sbuf_init(&b);
	sbuf_init(&why);
	base = js_battle_base(g, player, &why);
	sbuf_printf(&b, "Battle at %s: you %s %s.  Set aside 1 to 7 cards, "
	    "at most 5 of them peasant, soldier or samurai cards; they stay "
	    "sealed until both sides have "
	    "chosen.  Your force: %s", js_map_name(g->battles[0].at, x),
	    player == g->active ? "attack it from" :
	    "defend it against the army at",
	    js_map_name(g->battles[0].from, y), why.p);
	js_help_sum(&b, why.p, base);
	sbuf_puts(&b, ".");
	sbuf_puts(&b, "  Your cards count here: ");
	js_battle_values(g, player, &b);
	sbuf_puts(&b, ".");
	js_help_other_side(g, player, &b);
	js_help_text(out, b.p);
	sbuf_free(&why);
	sbuf_free(&b);
	sbuf_puts(out,
	    "#   battle cards CARD CARD ...       the cards set aside\n"
	    "#   keep CARD ...                    optional: cards to keep\n"
	    "#                                    first when discarding down\n"
	    "# Card names as printed (\"Warrior Monks\") or hyphenated, a\n"
	    "# word only one card has (\"monks\"), or a unique beginning.\n"
	    "# Missing orders: the best troops and Superior Tactics, as below.\n");
}

void
js_help(const void *vg, int player, struct sbuf *out)
{
	const struct js *g = vg;
	int n = js_flow_owes(g, player);
	struct sbuf b;

	if (n == 0) {
		sbuf_puts(out, "# You owe no orders now.\n");
		return;
	}
	switch (g->phase) {
	case JS_P_RPS:
		sbuf_puts(out, "# Rock, paper, scissors for the turn order.  "
		    "One order; it stays\n# sealed until everyone has thrown; "
		    "ties throw again, and lots\n# decide after 3 ties.  "
		    "Missing orders: rps rock.\n");
		break;
	case JS_P_TURN:
		sbuf_puts(out, js_help_turn);
		js_help_upkeep(g, player, out);
		break;
	case JS_P_MARCH:
		sbuf_puts(out, "# Forced March: a second travel and battle phase "
		    "for the armies\n# marked march; only move, attack and "
		    "done.  Missing orders: done.\n");
		break;
	case JS_P_INTRIGUE:
		sbuf_init(&b);
		sbuf_printf(&b, "%s played Intrigue on you%s.  For each, "
		    "lose honor (3 honor) or lose cards CARD CARD CARD (3 "
		    "cards, if you hold 3).  Missing orders: lose honor.",
		    g->names[g->active], n > 1 ? " more than once" : "");
		js_help_text(out, b.p);
		sbuf_free(&b);
		break;
	default:
		js_help_battle(g, player, out);
		break;
	}
	sbuf_puts(out, "# Squares are A1 to J10; case does not matter.\n");
	js_help_examples(g, player, out);
}

/* sf_view.c - the report's board, the owed lines and the orders help.
 *
 * Everything here is drawn from what the player may see: the tactical
 * options and both tableaus (everything played is public), the player's
 * own hand and standing instructions, and of the rest only counts.
 * Nothing reads the other hand, the ally decks or the out-of-play cards
 * but to count them, which is what perturb leaves alone. */
#include <stdio.h>
#include <string.h>

#include "sensoufuda.h"

#define SF_VIEW_WIDTH 72
#define SF_VIEW_LABEL "                " /* the label column: 16 wide */

static void
sf_view_wrap(struct sbuf *out, const char *first, const char *rest,
    const char *text)
{
	util_wrap(out, SF_VIEW_WIDTH, first, rest, text);
}

/* "  Label         items", wrapped under the items. */
static void
sf_view_row(struct sbuf *out, const char *label, const char *items)
{
	char first[40];

	snprintf(first, sizeof first, "  %-14s", label);
	sf_view_wrap(out, first, SF_VIEW_LABEL, items);
}

static void
sf_view_tagged_list(struct sbuf *b, const int *cards, int n)
{
	char buf[64];

	if (n == 0)
		sbuf_puts(b, "-");
	for (int i = 0; i < n; i++)
		sbuf_printf(b, "%s%s", i ? ", " : "", sf_card_tagged(cards[i],
		    buf, sizeof buf));
}

static void
sf_view_header(const struct sensoufuda *g, const struct game_players *pl,
    struct sbuf *out)
{
	struct sbuf b;
	int any = 0;

	sbuf_init(&b);
	sbuf_printf(&b, "Battle %d", g->battle);
	if (g->battles > 0)
		sbuf_printf(&b, " of %d", g->battles);
	sbuf_printf(&b, ".  The first to %d VP wins the game.", g->target);
	sf_view_wrap(out, "", "", b.p);
	for (int p = 0; p < 2; p++) {
		b.len = 0;
		sbuf_printf(&b, "%s: %s, %d VP; hand %d, ally deck %d",
		    sf_factions[p].name, pl->names[p], g->vp[p],
		    sf_card_count(g->hand[p]), g->ally[p].n);
		sf_view_wrap(out, "  ", "    ", b.p);
	}
	b.len = 0;
	sbuf_printf(&b, "Out of play: %d card%s, face down.  Optional "
	    "combos:", sf_card_count(g->out),
	    sf_card_count(g->out) == 1 ? "" : "s");
	for (int k = 0; k < SF_NCOMBOS; k++)
		if (sf_combos[k].optional && (g->combos & (1u << k)))
			sbuf_printf(&b, "%s %s", any++ ? "," : "",
			    sf_combos[k].title);
	sbuf_puts(&b, any ? "." : " none.");
	sf_view_wrap(out, "", "", b.p);
	sbuf_free(&b);
}

/* The tactical options by theatre, one row per theatre present. */
static void
sf_view_options(const struct sensoufuda *g, struct sbuf *out)
{
	char buf[64];
	struct sbuf b;

	sbuf_init(&b);
	for (int t = 0; t < SF_THEATRES; t++) {
		b.len = 0;
		for (int i = 0; i < g->table.n; i++)
			if (sf_cards[g->table.c[i]].theatre == t)
				sbuf_printf(&b, "%s%s", b.len ? ", " : "",
				    sf_card_tagged(g->table.c[i], buf,
				    sizeof buf));
		if (b.len > 0)
			sf_view_row(out, sf_card_theatres[t].name, b.p);
	}
	if (g->table.n == 0)
		sbuf_puts(out, "  none\n");
	sbuf_free(&b);
}

/* The hand, one card a row under its theatre, with what playing it
 * would do now. */
static void
sf_view_hand(const struct sensoufuda *g, int p, struct sbuf *out)
{
	int cards[SF_CARDS], n = sf_card_list(g->hand[p], cards), m[3], k;
	char buf[64];
	struct sbuf b;

	sbuf_printf(out, "\nYour hand (%d):\n", n);
	sbuf_init(&b);
	for (int i = 0; i < n; i++) {
		int t = sf_cards[cards[i]].theatre;

		b.len = 0;
		sbuf_printf(&b, "%s: ", sf_card_tagged(cards[i], buf,
		    sizeof buf));
		k = sf_table_matches(g, cards[i], m);
		if (k == 0)
			sbuf_puts(&b, "joins the tactical options");
		else if (k == 2)
			sbuf_printf(&b, "collect %s or %s", sf_cards[m[0]].name,
			    sf_cards[m[1]].name);
		else
			sbuf_printf(&b, "collects %s%s", k == 3 ?
			    "all three of " : "", sf_cards[m[0]].name);
		if (k == 3)
			sbuf_printf(&b, ", %s, %s", sf_cards[m[1]].name,
			    sf_cards[m[2]].name);
		sf_view_row(out, i > 0 && sf_cards[cards[i - 1]].theatre == t ?
		    "" : sf_card_theatres[t].name, b.p);
	}
	sbuf_free(&b);
}

static void
sf_view_tableau(const struct sensoufuda *g, const struct game_players *pl,
    int p, struct sbuf *out)
{
	const struct sf_pile *t = &g->tableau[p];
	struct sf_combo_set s;
	struct sbuf b;
	char who[80];

	sbuf_init(&b);
	sbuf_printf(&b, "Tableau of %s, %d card%s:", sf_faction_who(pl, p,
	    who, sizeof who), t->n, t->n == 1 ? "" : "s");
	sf_view_wrap(out, "", "  ", b.p);
	for (int k = 0; k < SF_KINDS; k++) {
		int cards[SF_CARDS], n = 0;

		for (int i = 0; i < t->n; i++)
			if (sf_card_kind(t->c[i]) == k)
				cards[n++] = t->c[i];
		b.len = 0;
		sf_view_tagged_list(&b, cards, n);
		sf_view_row(out, sf_card_kinds[k].title, b.p);
	}
	sf_combo_of(g, p, -1, &s);
	b.len = 0;
	sf_combo_describe(&s, 0, &b);
	if (sf_combo_made(&s) > 1)
		sbuf_printf(&b, ": %d VP", sf_combo_total(&s));
	if (p == g->victor)
		sbuf_printf(&b, "; victorious, x%d: %d VP",
		    sf_battle_multiplier(g), sf_battle_score(g));
	sf_view_row(out, "Combos", b.p);
	sbuf_free(&b);
}

static void
sf_view_own(const struct sensoufuda *g, int p, struct sbuf *out)
{
	char buf[64];
	struct sbuf b;

	sf_view_hand(g, p, out);
	sbuf_init(&b);
	sbuf_puts(&b, "Your standing ally instructions: ");
	for (int i = 0; i < g->ninstr[p]; i++) {
		sf_table_instr_write(&g->instr[p][i], buf, sizeof buf);
		sbuf_printf(&b, "%sally %s", i ? "; " : "", buf);
	}
	sbuf_puts(&b, g->ninstr[p] ? "." : "none.");
	sf_view_wrap(out, "", "  ", b.p);
	sbuf_free(&b);
}

/* What the victor's next successful press on brings: "x3", or the end. */
static const char *
sf_view_next_success(const struct sensoufuda *g, char *buf, size_t size)
{
	if (g->successes + 1 == SF_ANNIHILATION)
		snprintf(buf, size, "Total Annihilation");
	else
		snprintf(buf, size, "x%d", sf_battle_multiplier(g) + 1);
	return buf;
}

/* A press on that cannot succeed, said where it is decided (a fresh
 * reader pressed on with no cards left): the victor has none to make a
 * new combo with, and a counterattack ends in a stalemate, in which
 * nobody scores, unless the other turns the tables with a last card
 * (the player to play holds as many cards as the other or one more). */
static void
sf_view_futile(const struct sensoufuda *g, const struct game_players *pl,
    struct sbuf *b)
{
	int v = g->victor;

	if (g->hand[v] > 0)
		return;
	if (g->hand[1 - v] == 0)
		sbuf_printf(b, "  No cards are left to play: a press on cannot "
		    "succeed, and a counterattack makes the battle a "
		    "stalemate at once, in which nobody scores.");
	else
		sbuf_printf(b, "  %s has no cards left, so a press on cannot "
		    "succeed: a counterattack gives %s one more turn to turn "
		    "the tables, and then the battle is a stalemate, in "
		    "which nobody scores.", pl->names[v], pl->names[1 - v]);
}

/* Whether taking the victor's score now ends the game (declaring
 * victory, or a retreat after a press on), into buf ("" if not), the
 * victor named who: said where it is decided, in the report and the
 * template (a fresh reader declared victory unwarned that it ended the
 * game).  The VP target, or the last battle. */
static void
sf_view_ending(const struct sensoufuda *g, const char *who, char *buf,
    size_t size)
{
	int v = g->victor, total;
	const char *act = g->phase == SF_P_VICTORY ? "Declaring victory" :
	    "A retreat";

	buf[0] = '\0';
	if (v == SF_NONE || (g->phase != SF_P_VICTORY &&
	    g->phase != SF_P_ANSWER))
		return;
	total = g->vp[v] + sf_battle_score(g);
	if (total >= g->target)
		snprintf(buf, size, "%s ends the game: %s %d VP, and %d VP "
		    "win the game.", act, who, total, g->target);
	else if (g->battles > 0 && g->battle >= g->battles)
		snprintf(buf, size, "%s ends the game: battle %d is the last, "
		    "and the player with more VP wins (%s %d VP then).", act,
		    g->battle, who, total);
}

/* Where the battle stands and who decides what. */
static void
sf_view_now(const struct sensoufuda *g, const struct game_players *pl,
    struct sbuf *b)
{
	int v = g->victor, a = g->active, offer[2];
	char who[80], buf[64], next[32], end[160];

	switch (g->phase) {
	case SF_P_STRATEGY:
		sbuf_printf(b, "Strategic Phase of battle %d: each player "
		    "chooses a strategy, sealed.  Assault beats flank, flank "
		    "beats fortify, fortify beats assault; the winner starts "
		    "the battle, and on a tie %s does.", g->battle,
		    g->starter == SF_NONE ? pl->names[0] :
		    pl->names[1 - g->starter]);
		return;
	case SF_P_OVER:
		sbuf_printf(b, "The game is over: %s.", g->reason);
		return;
	case SF_P_VICTORY:
		sbuf_printf(b, "%s is victorious: declare victory for %d VP, "
		    "or press on for a bigger victory (%s on success).",
		    sf_faction_who(pl, v, who, sizeof who), sf_battle_score(g),
		    sf_view_next_success(g, next, sizeof next));
		snprintf(who, sizeof who, "%s has", pl->names[v]);
		sf_view_ending(g, who, end, sizeof end);
		if (end[0] != '\0')
			sbuf_printf(b, "  %s", end);
		sf_view_futile(g, pl, b);
		return;
	case SF_P_ANSWER:
		sbuf_printf(b, "%s pressed on.  %s decides: retreat (%s "
		    "scores %d VP and %s keeps up to %d hand card%s for "
		    "the next battle) or counterattack.", sf_faction_who(pl, v,
		    who, sizeof who), pl->names[1 - v], pl->names[v],
		    sf_battle_score(g), pl->names[1 - v],
		    sf_battle_keep_max(g, 1 - v),
		    sf_battle_keep_max(g, 1 - v) == 1 ? "" : "s");
		snprintf(who, sizeof who, "%s has", pl->names[v]);
		sf_view_ending(g, who, end, sizeof end);
		if (end[0] != '\0')
			sbuf_printf(b, "  %s", end);
		sf_view_futile(g, pl, b);
		return;
	default:
		break;
	}
	if (v != SF_NONE)
		sbuf_printf(b, "Counterattack: %s pressed on and %s "
		    "counterattacked.  A new or better combo of %s is a "
		    "successful press on (%s); one of %s turns the tables.  ",
		    pl->names[v], pl->names[1 - v], pl->names[v],
		    sf_view_next_success(g, next, sizeof next),
		    pl->names[1 - v]);
	if (g->phase == SF_P_COLLECT) {
		sf_table_offer(g, g->pending, offer);
		sbuf_printf(b, "The ally card of %s, %s, matches %s and %s: "
		    "%s chooses which to collect.", sf_faction_who(pl, a, who,
		    sizeof who), sf_card_brief(g->pending, buf, sizeof buf),
		    sf_cards[offer[0]].name, sf_cards[offer[1]].name,
		    pl->names[a]);
		return;
	}
	sbuf_printf(b, "%s to play: a card from the hand, then the top card "
	    "of the ally deck.", sf_faction_who(pl, a, who, sizeof who));
}

void
sf_view_board(const void *vg, const struct game_players *pl, int player,
    struct sbuf *out)
{
	const struct sensoufuda *g = vg;
	struct sbuf b;

	sf_view_header(g, pl, out);
	sbuf_printf(out, "\nTactical options (%d):\n", g->table.n);
	sf_view_options(g, out);
	for (int p = 0; p < 2; p++) {
		sbuf_puts(out, "\n");
		sf_view_tableau(g, pl, p, out);
	}
	if (player == 0 || player == 1)
		sf_view_own(g, player, out);
	sbuf_init(&b);
	sf_view_now(g, pl, &b);
	sbuf_puts(out, "\n");
	sf_view_wrap(out, "Now: ", "  ", b.p);
	sbuf_free(&b);
}

void
sf_view_what(const struct sensoufuda *g, int player, char *buf, size_t size)
{
	char n[24] = "";
	size_t at = 0;
	int offer[2];

	/* Without printf: owed() is asked at every decision point.  n is
	 * the line's number: the battle, or what the victory scores. */
	(void)player;
	if (g->phase == SF_P_STRATEGY || g->phase == SF_P_TURN)
		*util_fmt_int(n, g->battle) = '\0';
	else if (g->phase != SF_P_COLLECT)
		*util_fmt_int(n, sf_battle_score(g)) = '\0';
	switch (g->phase) {
	case SF_P_STRATEGY:
		sf_text_put(buf, size, &at, "battle ");
		sf_text_put(buf, size, &at, n);
		sf_text_put(buf, size, &at, ": a sealed strategy, assault, "
		    "flank or fortify");
		break;
	case SF_P_TURN:
		sf_text_put(buf, size, &at, "battle ");
		sf_text_put(buf, size, &at, n);
		sf_text_put(buf, size, &at, g->victor != SF_NONE ?
		    ", counterattack" : "");
		sf_text_put(buf, size, &at, ": play a card; then the ally deck "
		    "plays its top card");
		break;
	case SF_P_COLLECT:
		sf_table_offer(g, g->pending, offer);
		sf_text_put(buf, size, &at, "which option the ally card ");
		sf_text_put(buf, size, &at, sf_cards[g->pending].name);
		sf_text_put(buf, size, &at, " collects: ");
		sf_text_put(buf, size, &at, sf_cards[offer[0]].name);
		sf_text_put(buf, size, &at, " or ");
		sf_text_put(buf, size, &at, sf_cards[offer[1]].name);
		break;
	case SF_P_VICTORY:
		sf_text_put(buf, size, &at, "victorious: declare victory for ");
		sf_text_put(buf, size, &at, n);
		sf_text_put(buf, size, &at, " VP, or press on");
		break;
	default:
		sf_text_put(buf, size, &at, "after a press on: retreat, "
		    "conceding ");
		sf_text_put(buf, size, &at, n);
		sf_text_put(buf, size, &at, " VP, or counterattack");
		break;
	}
}

static const char *const sf_view_notes[SF_PHASES] = {
	[SF_P_STRATEGY] =
	    "# One order.  'random' draws one of the three when both\n"
	    "# choices are revealed; it is the default for a missed\n"
	    "# deadline.\n",
	[SF_P_TURN] =
	    "# Play one card.  If it matches two tactical options, add\n"
	    "# collect CARD.  Ally instructions (optional, kept until you\n"
	    "# give new ones) choose for the ally card when it matches\n"
	    "# two, first that decides wins: 'ally take ace' takes ace if\n"
	    "# offered; 'ally prefer hero' takes the hero if only one is\n"
	    "# (kinds: strategist, hero, resource, plain).  Otherwise you\n"
	    "# owe a collect decision.  'play random' plays a card of your\n"
	    "# hand drawn when the turn is resolved; it is the default for a\n"
	    "# missed deadline.  Card names as printed (\"Air Marshal\") or\n"
	    "# hyphenated (air-marshal).\n",
	[SF_P_COLLECT] =
	    "# One order: the option the ally card collects.  The default\n"
	    "# is the first listed: strategist, hero, resource, plain.\n",
	[SF_P_VICTORY] =
	    "# One order.  The default is declare victory.\n",
	[SF_P_ANSWER] =
	    "# retreat or counterattack; with retreat, keep CARD ... names\n"
	    "# the cards you keep (up to half your hand, rounded down).\n"
	    "# Without keep, the best cards are kept: strategists, heroes,\n"
	    "# resources, plain, in card order.  The default is retreat.\n",
};

/* A few legal orders: the default first, then up to two of each verb
 * (one ally instruction; for keep the first and the widest); each is
 * legal alone.  Then, for a turn with a choice to make, a play and the
 * collect it needs, in their sequence under a heading of their own. */
static void
sf_view_examples(const struct sensoufuda *g, int player, struct sbuf *out)
{
	struct strlist legal = { 0 }, then = { 0 };
	int m[SF_PER_THEATRE], card, shown = 0;
	const char *pair = NULL;

	sf_order_legal(g, player, NULL, 0, &legal);
	for (size_t i = 0; i < legal.n; i++) {
		const char *o = legal.v[i], *prev = i ? legal.v[i - 1] : "";
		size_t w = strcspn(o, " ");
		int same = strncmp(o, prev, w + 1) == 0;
		struct order first = { o, 0, 0 };

		if (strncmp(o, "play ", 5) == 0 &&
		    (card = sf_card_find(o + 5)) != SF_NONE &&
		    sf_table_matches(g, card, m) == 2) {
			if (pair == NULL) {
				pair = o;
				sf_order_legal(g, player, &first, 1, &then);
			}
			continue;
		}
		if (!same)
			shown = 0;
		if (shown >= (strncmp(o, "ally ", 5) == 0 ? 1 : 2) &&
		    !(strncmp(o, "keep ", 5) == 0 && i + 1 == legal.n))
			continue;
		sbuf_printf(out, "#   %s\n", o);
		shown++;
	}
	if (pair != NULL)
		sbuf_printf(out, "# A card that matches two options needs "
		    "collect after it:\n#   %s\n#   %s\n", pair, then.v[0]);
	strlist_free(&then);
	strlist_free(&legal);
}

void
sf_view_help(const void *vg, int player, struct sbuf *out)
{
	const struct sensoufuda *g = vg;
	char end[160];

	if (g->phase == SF_P_OVER) {
		sbuf_puts(out, "# The game is over: no orders are due.\n");
		return;
	}
	sbuf_printf(out, "# Orders for the %s decision (case does not "
	    "matter):\n", sf_battle_phase_words[g->phase]);
	sf_order_usage_lines(g->phase, out);
	sbuf_puts(out, sf_view_notes[g->phase]);
	sf_view_ending(g, g->phase == SF_P_VICTORY ? "you have" :
	    "the victor has", end, sizeof end);
	if (end[0] != '\0')
		sf_view_wrap(out, "# ", "# ", end);
	sbuf_puts(out, "# Cards are named as in the report; plain cards are "
	    "THEATRE-3\n# and THEATRE-4.  Legal now, for example:\n");
	sf_view_examples(g, player, out);
}

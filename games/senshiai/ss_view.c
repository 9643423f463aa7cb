/* ss_view.c - the board and the piles drawn in text for one player or
 * the public.  Each square is four characters: "." empty, "T1" a
 * Terrain of player 1, "C1" player 1's Capital, ":3" after it the number
 * of Units there (9 for 9 or more); the list under the board says what stands on every
 * square.  Hidden: other players' hands and standing orders, and the
 * order and contents of every Reserve (only their sizes are shown). */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

static void
ss_view_cell(const struct ss_square *q, char cell[5])
{
	cell[0] = ' ';
	cell[1] = '.';
	cell[2] = cell[3] = ' ';
	cell[4] = '\0';
	if (q->terrain == SS_NONE)
		return;
	cell[0] = ss_cards[q->terrain].type == SS_CAPITAL ? 'C' : 'T';
	cell[1] = (char)('1' + q->master);
	if (q->nunits > 0) {
		cell[2] = ':';
		cell[3] = (char)('0' + (q->nunits > 9 ? 9 : q->nunits));
	}
}

/* Append a line without its trailing spaces. */
static void
ss_view_line(struct sbuf *out, char *line, size_t len)
{
	while (len > 0 && line[len - 1] == ' ')
		len--;
	sbuf_add(out, line, len);
	sbuf_putc(out, '\n');
}

static void
ss_view_board(const struct ss_game *g, struct sbuf *out)
{
	char line[8 + 5 * SS_SIDE], cell[5];
	size_t len;

	for (int r = SS_SIDE - 1; r >= 0; r--) {
		line[0] = (char)('1' + r);
		line[1] = ' ';
		len = 2;
		for (int f = 0; f < SS_SIDE; f++) {
			ss_view_cell(&g->sq[r * SS_SIDE + f], cell);
			line[len++] = ' ';
			memcpy(line + len, cell, 4);
			len += 4;
		}
		ss_view_line(out, line, len);
	}
	len = 2;
	memset(line, ' ', 2);
	for (int f = 0; f < SS_SIDE; f++) {
		memcpy(line + len, "  a  ", 5);
		line[len + 2] = (char)('a' + f);
		len += 5;
	}
	ss_view_line(out, line, len);
}

/* One square's line: terrain, master, then each Unit with its traits as
 * modified now, and the Effects in play there. */
static void
ss_view_square(const struct ss_game *g, const char *const *names, int s,
    struct sbuf *out)
{
	const struct ss_square *q = &g->sq[s];
	struct sbuf line;
	char name[3], pw[40];
	int v[SS_TRAITS];

	sbuf_init(&line);
	ss_board_name(s, name);
	/* The text: a Terrain's master is who played it if it is empty,
	 * or the one controlling the company over it. */
	if (q->nunits > 0 && q->unit[0].owner != q->master)
		sbuf_printf(&line, "%s %s (played by %s, held by %s)", name,
		    ss_cards[q->terrain].name, names[q->master],
		    names[q->unit[0].owner]);
	else
		sbuf_printf(&line, "%s %s (%s)", name,
		    ss_cards[q->terrain].name, names[q->master]);
	if (ss_cards[q->terrain].type == SS_CAPITAL) {
		ss_mods_traits(g, s, SS_NONE, v);
		ss_power_format(v, 0, pw, sizeof pw);
		sbuf_printf(&line, " %s", pw);
	}
	for (int k = 0; k < q->nunits; k++) {
		ss_mods_traits(g, s, k, v);
		ss_power_format(v, 1, pw, sizeof pw);
		sbuf_printf(&line, "%s %s of %s %s, moved %d", k == 0 ? ":" :
		    ";", ss_cards[q->unit[k].card].name,
		    names[q->unit[k].owner], pw, q->unit[k].moves);
		if (q->unit[k].held > 0)
			sbuf_printf(&line, " (Move Restriction: at most %d "
			    "this turn)", q->unit[k].held);
		if (q->unit[k].acted & SS_ACT_STAYED)
			sbuf_printf(&line, " (failed its Tardy roll: stays)");
	}
	for (int i = 0; i < g->neffects; i++)
		if (g->effect[i].sq == s)
			sbuf_printf(&line, "; %s on %s", ss_cards[g->effect[i].card]
			    .name, g->effect[i].unit == SS_NONE ? "the company" :
			    ss_cards[q->unit[g->effect[i].unit].card].name);
	sbuf_putc(&line, '.');
	util_wrap(out, 72, "", "    ", line.p);
	sbuf_free(&line);
}

/* One of player p's standing orders, for p's eyes only, with what would
 * keep it from doing what he may expect now (ss_react_waits). */
static void
ss_view_standing(const struct ss_game *g, int p, const char *text,
    struct sbuf *out)
{
	struct ss_standing s;
	char why[GAME_REASON_MAX];
	struct sbuf line;

	sbuf_init(&line);
	sbuf_printf(&line, "Standing: %s", text);
	if (ss_react_parse(text, &s, why, sizeof why) == 0 &&
	    ss_react_waits(g, p, &s, why, sizeof why))
		sbuf_printf(&line, " (%s)", why);
	util_wrap(out, 72, "  ", "    ", line.p);
	sbuf_free(&line);
}

static void
ss_view_pile(const char *what, const struct ss_pile *pl, struct sbuf *out)
{
	struct sbuf line;

	sbuf_init(&line);
	sbuf_printf(&line, "%s (%d):", what, pl->n);
	for (int i = 0; i < pl->n; i++)
		sbuf_printf(&line, "%s %s", i == 0 ? "" : ",",
		    ss_cards[pl->card[i]].name);
	if (pl->n == 0)
		sbuf_puts(&line, " none");
	util_wrap(out, 72, "  ", "    ", line.p);
	sbuf_free(&line);
}

void
ss_view(const struct ss_game *g, const char *const *names, int player,
    struct sbuf *out)
{
	if (g->stage == SS_STAGE_OVER) {
		sbuf_printf(out, "Turn %d: the game is over.\n\n", g->turn);
	} else if (g->stage == SS_STAGE_DECK) {
		sbuf_puts(out, "Before turn 1: every player owes a sealed deck "
		    "list.\n\n");
	} else {
		sbuf_printf(out, "Turn %d, %s's %s.\n(Orders files count "
		    "points, not turns: see Next.)\n\n", g->turn,
		    names[g->active], ss_state_stage_names[g->stage]);
	}
	ss_view_board(g, out);
	sbuf_putc(out, '\n');
	for (int s = 0; s < SS_SQUARES; s++)
		if (g->sq[s].terrain != SS_NONE)
			ss_view_square(g, names, s, out);
	for (int i = 0; i < g->n; i++) {
		const struct ss_player *p = &g->p[i];

		sbuf_printf(out, "\n%d %s%s: Reserve %d, hand %d.\n", i + 1,
		    names[i], p->out ? " (out)" : "", p->reserve.n,
		    p->hand.n);
		if (i == player) {
			ss_view_pile("Hand", &p->hand, out);
			for (int k = 0; k < p->nstanding; k++)
				ss_view_standing(g, i, p->standing[k], out);
		}
		ss_view_pile("Discard Pile, top first", &p->discard, out);
	}
}

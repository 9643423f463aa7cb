/* ss_picture.c - the board as an SVG picture (reports/<player>.svg): the
 * 9 x 9 squares with coordinates, each Terrain framed in its master's
 * colour with its name (a Capital in bold), each company a disc of its
 * owner's colour with its number of Units, and a legend with every
 * player's public counts.  Nothing hidden is drawn. */
#include <stdio.h>

#include "senshiai.h"
#include "base/svg.h"

#define CELL 60
#define MARGIN 28
#define BOARD (CELL * SS_SIDE)

static void
ss_picture_square(const struct ss_game *g, int s, struct sbuf *out)
{
	const struct ss_square *q = &g->sq[s];
	int x = MARGIN + (s % SS_SIDE) * CELL;
	int y = MARGIN + (SS_SIDE - 1 - s / SS_SIDE) * CELL;

	svg_rect(out, x, y, CELL, CELL, "#f7f7f2", "#888888");
	if (q->terrain == SS_NONE)
		return;
	sbuf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"#fffbe6\" stroke=\"%s\" stroke-width=\"4\"/>\n", x + 3,
	    y + 3, CELL - 6, CELL - 6, svg_player_colours[q->master]);
	svg_text(out, x + CELL / 2, y + 17, 9, "middle",
	    ss_cards[q->terrain].type == SS_CAPITAL, ss_cards[q->terrain].name);
	if (q->nunits == 0)
		return;
	svg_circle(out, x + CELL / 2, y + CELL / 2 + 10, 12,
	    svg_player_colours[q->unit[0].owner], "#222222");
	svg_textf(out, x + CELL / 2, y + CELL / 2 + 15, 13, "middle", 1, "%d",
	    q->nunits);
}

void
ss_picture(const struct ss_game *g, const char *const *names, int player,
    struct sbuf *out)
{
	int y = MARGIN * 2 + BOARD + 8;

	(void)player; /* the board and the counts are public */
	svg_begin(out, MARGIN * 2 + BOARD, y + 40 + 22 * g->n, "Senshiai");
	svg_coords(out, MARGIN, CELL, SS_SIDE, SS_SIDE, 'a', 1);
	for (int s = 0; s < SS_SQUARES; s++)
		ss_picture_square(g, s, out);
	svg_text(out, MARGIN, y + 10, 12, "start", 0, "Framed: a Terrain in "
	    "its master's colour (a Capital in bold).  Discs: a company, with "
	    "its number of Units.");
	for (int i = 0; i < g->n; i++) {
		const struct ss_player *p = &g->p[i];

		y += 22;
		svg_circle(out, MARGIN + 8, y + 5, 8, svg_player_colours[i],
		    "#222222");
		svg_textf(out, MARGIN + 24, y + 10, 13, "start", i == g->active,
		    "%s%s: Reserve %d, hand %d, Discard Pile %d%s", names[i],
		    i == g->active ? " (to play)" : "", p->reserve.n, p->hand.n,
		    p->discard.n, p->out ? "; out" : "");
	}
	svg_end(out);
}

/* senjin_picture.c - the board as an SVG picture (reports/<player>.svg):
 * the 9 x 9 squares with coordinates on all sides, each Bakufu tinted in
 * its army's colour, every piece a disc of its player's colour with its
 * kind, a token as a badge, and a legend with the tokens off the board.
 * Perfect information: every
 * player sees the same picture. */
#include <stdio.h>

#include "senjin.h"
#include "base/svg.h"

#define CELL 48
#define MARGIN 28
#define BOARD (CELL * SENJIN_FILES)

static const char *const senjin_tints[2] = { "#fbe3cf", "#d3efe6" };

static void
senjin_picture_square(const struct senjin *g, int sq, struct sbuf *out)
{
	const struct senjin_piece *pc = &g->board[sq];
	const struct senjin_token *t = senjin_board_token_on(g, sq);
	int x = MARGIN + (sq % SENJIN_FILES) * CELL;
	int y = MARGIN + (SENJIN_RANKS - 1 - sq / SENJIN_FILES) * CELL;
	const char *fill = SVG_NOBODY;

	for (int p = 0; p < 2; p++)
		if (senjin_board_is_bakufu(p, sq))
			fill = senjin_tints[p];
	svg_rect(out, x, y, CELL, CELL, fill, "#555555");
	if (pc->owner == SENJIN_NOBODY)
		return;
	svg_circle(out, x + CELL / 2, y + CELL / 2, CELL / 2 - 6,
	    svg_player_colours[pc->owner], "#222222");
	svg_text(out, x + CELL / 2, y + CELL / 2 + 5, 14, "middle", 1,
	    senjin_kinds[pc->kind].name);
	if (t != NULL) {
		svg_rect(out, x + CELL - 18, y + 1, 17, 15, "#222222", NULL);
		sbuf_puts(out, "<g fill=\"#ffffff\">");
		svg_text(out, x + CELL - 10, y + 13, 11, "middle", 1,
		    t->side == SENJIN_SWORD ? "Sw" : "Sh");
		sbuf_puts(out, "</g>\n");
	}
}

static void
senjin_picture_legend(const struct senjin *g, const struct game_players *pl,
    int y, struct sbuf *out)
{
	for (int p = 0; p < 2; p++) {
		int row = y + p * 24;
		int lost = 0;

		for (int k = 0; k < SENJIN_KINDS; k++)
			lost += senjin_kinds[k].count -
			    senjin_board_count(g, p, k);
		svg_circle(out, MARGIN + 8, row - 5, 8, svg_player_colours[p],
		    "#222222");
		svg_rect(out, MARGIN + 22, row - 13, 16, 16, senjin_tints[p],
		    "#555555");
		svg_textf(out, MARGIN + 46, row, 14, "start", 0,
		    "%s (%s): pieces, and Bakufu tinted; %d lost",
		    pl->names[p], senjin_armies[p].name, lost);
	}
	{
		/* The tokens off the board, as the text report says them. */
		struct sbuf off;

		sbuf_init(&off);
		sbuf_puts(&off, "Off the board: ");
		for (int p = 0; p < 2; p++) {
			sbuf_printf(&off, "%s%s: ", p ? "; " : "",
			    senjin_armies[p].name);
			senjin_board_off_write(g, p, &off);
		}
		sbuf_putc(&off, '.');
		svg_text(out, MARGIN, y + 48, 13, "start", 0, off.p);
		sbuf_free(&off);
	}
	y += 20;
	/* The kinds as the text report's key names them (senjin_kinds). */
	svg_textf(out, MARGIN, y + 48, 13, "start", 0,
	    "%s (%s), %s (%s); badge Sw = Sword, Sh = Shield.",
	    senjin_kinds[SENJIN_SHO].name, senjin_kinds[SENJIN_SHO].gloss,
	    senjin_kinds[SENJIN_SHI].name, senjin_kinds[SENJIN_SHI].gloss);
	if (g->finished)
		svg_textf(out, MARGIN, y + 68, 13, "start", 1,
		    "The game is over: %s.", g->reason);
	else
		svg_textf(out, MARGIN, y + 68, 13, "start", 1,
		    "Turn %d: %s to play.", g->turn + 1,
		    pl->names[senjin_board_to_move(g)]);
}

void
senjin_picture(const void *vg, const struct game_players *pl, int player,
    struct sbuf *out)
{
	const struct senjin *g = vg;
	int h = MARGIN * 2 + BOARD + 100;

	(void)player; /* perfect information */
	svg_begin(out, MARGIN * 2 + BOARD, h, "Senjin");
	svg_coords(out, MARGIN, CELL, SENJIN_FILES, SENJIN_RANKS, 'a', 1);
	for (int sq = 0; sq < SENJIN_SQUARES; sq++)
		senjin_picture_square(g, sq, out);
	senjin_picture_legend(g, pl, MARGIN * 2 + BOARD + 8, out);
	svg_end(out);
}

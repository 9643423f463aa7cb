/* js_picture.c - the map as an SVG picture (reports/<player>.svg): the
 * 10 x 10 squares tinted by terrain with its letter, each fortress and
 * keep framed in its holder's colour, each army a disc of its player's
 * colour with its experience (a star after it on a Forced March), the
 * coordinates as in orders (A-J, 1-10), and a legend of terrains, players
 * and the clans' public counts.  Nothing hidden is drawn: hands and
 * offers are in the text and JSON reports only. */
#include <stdio.h>
#include <string.h>

#include "js.h"
#include "base/svg.h"

#define CELL 44
#define MARGIN 28
#define BOARD (CELL * JS_SIDE)

/* Tints of the terrains, in the order of JS_TERRAIN_LIST. */
static const char *const js_picture_tints[JS_NTERRAINS] = {
	"#f4f1de", "#d8d8d8", "#e6e6e6", "#eddcb1", "#b5d99c", "#a9d6e5",
	"#7d8491"
};

static void
js_picture_square(const struct js *g, const struct js_army *a, int sq,
    struct sbuf *out)
{
	const struct js_terrain *t = &js_map_terrains[g->map[sq]];
	int x = MARGIN + (sq % JS_SIDE) * CELL, y = MARGIN + (sq / JS_SIDE) *
	    CELL, site = g->site_at[sq];
	char letter[2] = { t->letter, '\0' }, exp[UTIL_INT_MAX + 2];

	svg_rect(out, x, y, CELL, CELL, js_picture_tints[g->map[sq]],
	    "#777777");
	if (site != JS_NONE) {
		int holder = g->sites[site].control;

		svg_frame(out, x + 3, y + 3, CELL - 6, CELL - 6,
		    holder == JS_NONE ? "#333333" : svg_player_colours[holder],
		    4);
	}
	svg_text(out, x + 6, y + 15, 11, "start", 1, letter);
	if (a == NULL)
		return;
	svg_circle(out, x + CELL / 2 + 4, y + CELL / 2 + 4, 13,
	    svg_player_colours[a->owner], "#222222");
	/* "%d%s" */
	*util_fmt_int(exp, a->exp) = '\0';
	if (a->march)
		strcat(exp, "*");
	svg_text(out, x + CELL / 2 + 4, y + CELL / 2 + 9, 13, "middle", 1,
	    exp);
}

static void
js_picture_legend(const struct js *g, int y, struct sbuf *out)
{
	int x = MARGIN;
	struct sbuf name;

	sbuf_init(&name);
	for (int t = 0; t < JS_NTERRAINS; t++) {
		const struct js_terrain *tr = &js_map_terrains[t];

		svg_rect(out, x, y - 12, 14, 14, js_picture_tints[t],
		    "#777777");
		/* "%c %s" */
		name.len = 0;
		sbuf_putc(&name, tr->letter);
		sbuf_putc(&name, ' ');
		sbuf_puts(&name, tr->word);
		svg_text(out, x + 18, y, 12, "start", 0, name.p);
		x += 96;
		if (t == 3) {
			x = MARGIN;
			y += 20;
		}
	}
	sbuf_free(&name);
	y += 24;
	svg_text(out, MARGIN, y, 12, "start", 0, "Framed: a fortress or "
	    "keep, in its holder's colour (dark grey: nobody holds it).");
	y += 18;
	svg_text(out, MARGIN, y, 12, "start", 0, "Discs: armies in their "
	    "player's colour, with their experience; * on a Forced March.");
	for (int p = 0; p < g->nplayers; p++) {
		const struct js_clan *c = &g->clans[p];

		y += 22;
		svg_circle(out, MARGIN + 8, y - 5, 8, svg_player_colours[p],
		    "#222222");
		svg_textf(out, MARGIN + 24, y, 13, "start", 0, "%s: %d gold, "
		    "%d honor, %d cards, %d arm%s%s", g->names[p], c->gold,
		    c->honor, js_cards_count(c->hand), js_army_count(g, p),
		    js_army_count(g, p) == 1 ? "y" : "ies", c->out ?
		    " (out)" : "");
	}
}

void
js_picture(const void *vg, const struct game_players *pl, int player,
    struct sbuf *out)
{
	const struct js *g = vg;
	const struct js_army *at[JS_SQUARES];
	int h = MARGIN * 2 + BOARD + 114 + 22 * g->nplayers;

	(void)pl; /* the game keeps the names */
	(void)player; /* the map and counts are public */
	svg_begin(out, MARGIN * 2 + BOARD + 40, h, "Japanese Swords");
	svg_coords(out, MARGIN, CELL, JS_SIDE, JS_SIDE, 'A', 0);
	js_army_table(g, at);
	for (int sq = 0; sq < JS_SQUARES; sq++)
		js_picture_square(g, at[sq], sq, out);
	js_picture_legend(g, MARGIN * 2 + BOARD + 10, out);
	svg_end(out);
}

/* sf_picture.c - the battle as an SVG picture (reports/<player>.svg): the
 * tactical options, both tableaus and, in a player's own picture, their
 * hand; each card a tile tinted by its theatre with its printed name and
 * its kind's marker, every face-down pile as a count, and a legend.  Hidden exactly as in sf_view.c: the
 * other hand, the ally decks and the out-of-play cards are only counted. */
#include <stdio.h>

#include "sensoufuda.h"
#include "base/svg.h"

#define W 780
#define TILE_W 92
#define TILE_H 40
#define GAP 4
#define PER_ROW 8
#define LEFT 12

/* Tints of the twelve theatres, in the order of SF_THEATRE_LIST. */
static const char *const sf_picture_tints[SF_THEATRES] = {
	"#cfe8fc", "#e3d5b8", "#9ecae1", "#d9d9d9", "#fcd5b5", "#dadaeb",
	"#fff2ae", "#c7e9c0", "#e0ecf4", "#d4b9da", "#fdd0a2", "#ccebc5"
};

static int
sf_picture_heading(struct sbuf *out, int y, const char *text)
{
	svg_text(out, LEFT, y + 16, 14, "start", 1, text);
	return y + 24;
}

/* The marker of card kind k centred on x, y: its initial in a ring. */
static void
sf_picture_marker(struct sbuf *out, int x, int y, int k)
{
	char initial[2] = { (char)(sf_card_kinds[k].word[0] - 'a' + 'A'),
		'\0' };

	svg_circle(out, x, y, 6, "#ffffff", "#333333");
	svg_text(out, x, y + 3, 8, "middle", 1, initial);
}

/* The legend from y: the markers of the kinds and what a tile shows;
 * returns the y below it. */
static int
sf_picture_legend(struct sbuf *out, int y)
{
	int x = LEFT + 8;

	y = sf_picture_heading(out, y, "Legend");
	for (int k = 0; k < SF_KINDS; k++) {
		sf_picture_marker(out, x, y + 6, k);
		svg_text(out, x + 10, y + 10, 12, "start", 0,
		    sf_card_kinds[k].title);
		x += 130;
	}
	svg_text(out, LEFT, y + 30, 12, "start", 0, "Each tile: the card's "
	    "name, its theatre (the tint), its kind (the marker).");
	return y + 38;
}

/* Cards as tiles from y; returns the y below them. */
static int
sf_picture_tiles(struct sbuf *out, const int *cards, int n, int y)
{
	for (int i = 0; i < n; i++) {
		int x = LEFT + (i % PER_ROW) * (TILE_W + GAP);
		int ty = y + (i / PER_ROW) * (TILE_H + GAP);
		const struct sf_card *c = &sf_cards[cards[i]];

		svg_rect(out, x, ty, TILE_W, TILE_H,
		    sf_picture_tints[c->theatre], "#555555");
		svg_text(out, x + TILE_W / 2, ty + 16, 10, "middle", 1,
		    c->title);
		svg_text(out, x + TILE_W / 2, ty + 31, 9, "middle", 0,
		    sf_card_theatres[c->theatre].name);
		sf_picture_marker(out, x + TILE_W - 8, ty + TILE_H - 8,
		    sf_card_kind(cards[i]));
	}
	if (n == 0) {
		svg_text(out, LEFT, y + 16, 12, "start", 0, "none");
		return y + TILE_H / 2 + 8;
	}
	return y + ((n + PER_ROW - 1) / PER_ROW) * (TILE_H + GAP) + 6;
}

/* The picture, or only its height when out is NULL. */
static int
sf_picture_draw(const struct sensoufuda *g, const struct game_players *pl,
    int player, struct sbuf *out)
{
	struct sbuf scratch, line;
	struct sf_combo_set s;
	int cards[SF_CARDS], y = 4, n;

	sbuf_init(&scratch);
	sbuf_init(&line);
	if (out == NULL)
		out = &scratch;
	sbuf_printf(&line, "Battle %d: the first to %d VP wins.  Out of "
	    "play: %d face down.", g->battle, g->target,
	    sf_card_count(g->out));
	y = sf_picture_heading(out, y, line.p);
	sbuf_free(&line);
	sbuf_init(&line);
	sbuf_printf(&line, "Tactical options (%d)", g->table.n);
	y = sf_picture_heading(out, y, line.p);
	for (int i = 0; i < g->table.n; i++)
		cards[i] = g->table.c[i];
	y = sf_picture_tiles(out, cards, g->table.n, y);
	for (int p = 0; p < 2; p++) {
		sf_combo_of(g, p, -1, &s);
		sbuf_free(&line);
		sbuf_init(&line);
		sbuf_printf(&line, "%s (%s): %d VP; hand %d, ally deck %d; "
		    "tableau %d, combos %d VP%s", pl->names[p],
		    sf_factions[p].name, g->vp[p], sf_card_count(g->hand[p]),
		    g->ally[p].n, g->tableau[p].n, sf_combo_total(&s),
		    p == g->victor ? ", victorious" : "");
		svg_circle(out, LEFT + 6, y + 11, 6, svg_player_colours[p],
		    "#222222");
		svg_text(out, LEFT + 18, y + 16, 14, "start", 1, line.p);
		y += 24;
		for (int i = 0; i < g->tableau[p].n; i++)
			cards[i] = g->tableau[p].c[i];
		y = sf_picture_tiles(out, cards, g->tableau[p].n, y);
	}
	if (player == 0 || player == 1) {
		n = sf_card_list(g->hand[player], cards);
		y = sf_picture_heading(out, y, "Your hand");
		y = sf_picture_tiles(out, cards, n, y);
	}
	y = sf_picture_legend(out, y);
	sbuf_free(&line);
	sbuf_free(&scratch);
	return y + 4;
}

void
sf_picture(const void *vg, const struct game_players *pl, int player,
    struct sbuf *out)
{
	const struct sensoufuda *g = vg;

	svg_begin(out, W, sf_picture_draw(g, pl, player, NULL), "Sensoufuda");
	sf_picture_draw(g, pl, player, out);
	svg_end(out);
}

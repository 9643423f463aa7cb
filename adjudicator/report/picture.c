/* picture.c - the band above a game's picture (picture.h).  The band is
 * made of the state's public facts and the report's player only, so the
 * picture stays hidden exactly as the game drew it. */
#include <stdlib.h>
#include <string.h>

#include "base/svg.h"
#include "report/picture.h"

#define PICTURE_LINE 20   /* px from one line of the band to the next */
#define PICTURE_CHAR 8    /* px a character of 14 px text may take */

/* The width and height the game's picture declares on its <svg> line
 * (svg_begin), and where its content starts (after its </title> line)
 * and ends (before its closing </svg>).  -1 when pic is not one. */
static int
picture_parse(const char *pic, size_t len, int *w, int *h, size_t *from,
    size_t *to)
{
	const char *s = pic, *e = pic + len, *t;
	long long v;
	char num[16];

	for (int i = 0; i < 2; i++) {
		const char *key = i == 0 ? " width=\"" : "\" height=\"";
		size_t n = 0;

		if ((s = strstr(s, key)) == NULL)
			return -1;
		s += strlen(key);
		while (s + n < e && n + 1 < sizeof num && s[n] != '"')
			n++;
		memcpy(num, s, n);
		num[n] = '\0';
		if (util_parse_int(num, 1, 100000, &v) == -1)
			return -1;
		*(i == 0 ? w : h) = (int)v;
	}
	if ((t = strstr(s, "</title>\n")) == NULL || len < 7 ||
	    memcmp(e - 7, "</svg>\n", 7) != 0)
		return -1;
	*from = (size_t)(t - pic) + strlen("</title>\n");
	*to = len - 7;
	return *from <= *to ? 0 : -1;
}

/* The band's lines, each ending in a newline, wrapped to cols. */
static void
picture_band(const struct state *st, int player, size_t cols,
    struct sbuf *out)
{
	struct owed owed[GAME_MAX_PLAYERS];
	struct outcome oc = st->game->outcome(st->g);
	struct sbuf line;

	sbuf_init(&line);
	sbuf_printf(&line, "%s %s, ", st->game->title, st->id);
	state_point(st, &line);
	sbuf_printf(&line, ": %s%s", player < 0 ? "the public report" :
	    "the report of ", player < 0 ? "" : st->names[player]);
	util_wrap(out, cols, "", "", line.p);
	if (oc.finished) {
		line.len = 0;
		sbuf_printf(&line, "The game is over: %s.", oc.reason);
		util_wrap(out, cols, "", "", line.p);
	} else {
		size_t n = st->game->owed(st->g, owed);
		for (size_t i = 0; i < n; i++) {
			line.len = 0;
			sbuf_printf(&line, "Waiting for %s (%s): %s",
			    owed[i].player == player ? "you" :
			    st->names[owed[i].player], owed[i].decision,
			    owed[i].what);
			util_wrap(out, cols, "", "  ", line.p);
		}
	}
	sbuf_free(&line);
}

void
picture_report(const struct state *st, int player, const char *pic,
    size_t len, struct sbuf *out)
{
	struct sbuf band;
	size_t from = 0, to = 0, lines = 0;
	int w = 0, h = 0, y;

	if (picture_parse(pic, len, &w, &h, &from, &to) == -1) {
		sbuf_add(out, pic, len); /* not svg_begin's: left as it is */
		return;
	}
	sbuf_init(&band);
	picture_band(st, player, (size_t)w / PICTURE_CHAR, &band);
	for (size_t i = 0; i < band.len; i++)
		lines += band.p[i] == '\n';
	y = (int)lines * PICTURE_LINE + 12;
	svg_begin(out, w, h + y, st->game->title);
	/* The first line, whose report, in bold. */
	y = 20;
	for (char *l = band.p, *nl; (nl = strchr(l, '\n')) != NULL;
	    l = nl + 1, y += PICTURE_LINE) {
		*nl = '\0';
		svg_text(out, 8, y, 14, "start", l == band.p, l);
	}
	y = (int)lines * PICTURE_LINE + 12;
	sbuf_free(&band);
	svg_rect(out, 0, y - 4, w, 1, "#767676", NULL);
	sbuf_printf(out, "<g transform=\"translate(0 %d)\">\n", y);
	sbuf_add(out, pic + from, to - from);
	sbuf_puts(out, "</g>\n");
	svg_end(out);
}

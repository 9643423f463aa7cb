/* js_map.c - the terrains, squares, the built-in maps, map files and
 * the rules a map must keep.
 *
 * Squares are named by a column letter A to J and a row number 1 to 10,
 * row 1 at the top as the map is drawn; square index = row * 10 + column.
 * Squares are next to each other when they share a side. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js.h"

#define JS_TERRAIN_ROW(id, l, w, nm, cost, def, ex) \
	[JS_TER_##id] = { l, w, nm, cost, def, ex },
const struct js_terrain js_map_terrains[JS_NTERRAINS] = {
	JS_TERRAIN_LIST(JS_TERRAIN_ROW)
};
#undef JS_TERRAIN_ROW

int
js_map_terrain(char letter)
{
	for (int t = 0; t < JS_NTERRAINS; t++)
		if (js_map_terrains[t].letter == letter)
			return t;
	return -1;
}

#define JS_MAP_EDGE 2      /* a fortress stands within 2 rows of an edge */
#define JS_MAP_APART 7     /* two fortresses stand at least 7 apart */

/* Rows from the top, in terrain letters.  Each keeps every rule of
 * js_map_check for its player count (the tests check it). */
static const char *const js_map_two[JS_SIDE] = {
	"CHCCFCCDCC",
	"CKCHCCCHKC",
	"HCCCCTCCCH",
	"CCXCCTCXCC",
	"DCCKTTCCCD",
	"DCCCTTKCCD",
	"CCXCCTCXCC",
	"HCCCCTCCCH",
	"CKCHCCCHKC",
	"CCDCCFCCHC",
};

static const char *const js_map_three[JS_SIDE] = {
	"CCDCFCCHCC",
	"HKCCCCCCKC",
	"CCCHCCTCCC",
	"CXCCCCTCXD",
	"CCCKCCTCKC",
	"DCCCCXXCCC",
	"CKCTTCCKCH",
	"CCCTCCCHCC",
	"FCHCKCCCCF",
	"CKCCDCCCKC",
};

static const char *const js_map_four[JS_SIDE] = {
	"CCHCFCCDCC",
	"CDKCCCKCCH",
	"HCCCTCCCKC",
	"CKCXTCCXCC",
	"CCCCKTCCCF",
	"FCCCTKCCCC",
	"CCXCCTXCKC",
	"CKCCCTCCCH",
	"HCCKCCCKDC",
	"CCDCCFCHCC",
};

const char *
js_map_name(int sq, char buf[4])
{
	int r = sq / JS_SIDE + 1;

	buf[0] = (char)('A' + sq % JS_SIDE);
	buf[1] = r < 10 ? (char)('0' + r) : '1';
	buf[2] = r < 10 ? '\0' : '0';
	buf[3] = '\0';
	return buf;
}

int
js_map_square(const char *s)
{
	int c = toupper((unsigned char)s[0]) - 'A';
	long long r;

	if (c < 0 || c >= JS_SIDE || util_parse_int(s + 1, 1, JS_SIDE, &r) < 0 ||
	    s[1] == '0' || s[1] == '+' || s[1] == '-')
		return JS_NONE;
	return (int)(r - 1) * JS_SIDE + c;
}

int
js_map_distance(int a, int b)
{
	return abs(a / JS_SIDE - b / JS_SIDE) + abs(a % JS_SIDE - b % JS_SIDE);
}

int
js_map_adjacent(int a, int b)
{
	return js_map_distance(a, b) == 1;
}

int
js_map_neighbours(int sq, int out[4])
{
	int r = sq / JS_SIDE, c = sq % JS_SIDE, n = 0;

	if (r > 0)
		out[n++] = sq - JS_SIDE;
	if (r < JS_SIDE - 1)
		out[n++] = sq + JS_SIDE;
	if (c > 0)
		out[n++] = sq - 1;
	if (c < JS_SIDE - 1)
		out[n++] = sq + 1;
	return n;
}

void
js_map_builtin(int nplayers, int map[JS_SQUARES])
{
	const char *const *rows = nplayers <= 2 ? js_map_two :
	    nplayers == 3 ? js_map_three : js_map_four;

	for (int sq = 0; sq < JS_SQUARES; sq++)
		map[sq] = js_map_terrain(rows[sq / JS_SIDE][sq % JS_SIDE]);
}

void
js_map_row(const int map[JS_SQUARES], int row, char out[JS_SIDE + 1])
{
	for (int c = 0; c < JS_SIDE; c++)
		out[c] = js_map_terrains[map[row * JS_SIDE + c]].letter;
	out[JS_SIDE] = '\0';
}

static void
js_map_letters(struct sbuf *b)
{
	for (int t = 0; t < JS_NTERRAINS; t++)
		sbuf_printf(b, "%s%c", t ? " " : "", js_map_terrains[t].letter);
}

/* One line of a map file: up to 10 letters, spaces between allowed, '#'
 * to the end of the line a comment.  Returns the squares read, or -1. */
static int
js_map_line(const char *s, size_t len, int lineno, int row,
    int map[JS_SQUARES], int line[JS_SQUARES], int col[JS_SQUARES],
    struct gb_err *e)
{
	int n = 0;
	struct sbuf b;

	for (size_t i = 0; i < len && s[i] != '#'; i++) {
		int t;

		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')
			continue;
		t = js_map_terrain((char)toupper((unsigned char)s[i]));
		if (t < 0) {
			sbuf_init(&b);
			js_map_letters(&b);
			err_set(e, lineno, (int)i + 1, "map: '%c' is not a "
			    "terrain letter (%s)", isprint((unsigned char)s[i]) ?
			    s[i] : '?', b.p);
			sbuf_free(&b);
			return -1;
		}
		if (n == JS_SIDE)
			return err_set(e, lineno, (int)i + 1, "map: a row has "
			    "more than %d squares", JS_SIDE);
		if (row < JS_SIDE) {
			map[row * JS_SIDE + n] = t;
			line[row * JS_SIDE + n] = lineno;
			col[row * JS_SIDE + n] = (int)i + 1;
		}
		n++;
	}
	if (n > 0 && n < JS_SIDE)
		return err_set(e, lineno, 1, "map: a row has %d squares, not "
		    "%d", n, JS_SIDE);
	return n;
}

int
js_map_parse(const char *text, int map[JS_SQUARES], int line[JS_SQUARES],
    int col[JS_SQUARES], struct gb_err *e)
{
	const char *p = text;
	int rows = 0, lineno = 0;

	while (*p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		int n;

		lineno++;
		if ((n = js_map_line(p, len, lineno, rows, map, line, col,
		    e)) < 0)
			return -1;
		if (n > 0 && ++rows > JS_SIDE)
			return err_set(e, lineno, 1, "map: more than %d rows",
			    JS_SIDE);
		p += len + (nl != NULL);
	}
	if (rows < JS_SIDE)
		return err_set(e, lineno, 0, "map: %d rows of squares, not %d",
		    rows, JS_SIDE);
	return 0;
}

/* Are all passable squares one region? */
static int
js_map_connected(const int map[JS_SQUARES], int *where)
{
	int seen[JS_SQUARES] = { 0 }, stack[JS_SQUARES], n = 0, first = -1;

	for (int sq = 0; sq < JS_SQUARES && first < 0; sq++)
		if (js_map_terrains[map[sq]].cost > 0)
			first = sq;
	if (first < 0)
		return 0;
	seen[first] = 1;
	stack[n++] = first;
	while (n > 0) {
		int nb[4], k = js_map_neighbours(stack[--n], nb);

		for (int i = 0; i < k; i++)
			if (!seen[nb[i]] && js_map_terrains[map[nb[i]]].cost > 0) {
				seen[nb[i]] = 1;
				stack[n++] = nb[i];
			}
	}
	for (int sq = 0; sq < JS_SQUARES; sq++)
		if (js_map_terrains[map[sq]].cost > 0 && !seen[sq]) {
			*where = sq;
			return -1;
		}
	return 0;
}

int
js_map_start(const int map[JS_SQUARES], int sq)
{
	int nb[4], k = js_map_neighbours(sq, nb), best = JS_NONE, bd = 0;

	/* Nearest the centre of the map, then first in reading order. */
	for (int i = 0; i < k; i++) {
		int t = map[nb[i]], d = abs(2 * (nb[i] / JS_SIDE) - 9) +
		    abs(2 * (nb[i] % JS_SIDE) - 9);

		if (js_map_terrains[t].cost == 0 || t == JS_TER_FORTRESS ||
		    t == JS_TER_KEEP)
			continue;
		if (best == JS_NONE || d < bd || (d == bd && nb[i] < best)) {
			best = nb[i];
			bd = d;
		}
	}
	return best;
}

/* Each keep goes to the fortress strictly nearest it; every fortress
 * needs 2 keeps or more, and no fortress 2 more than another. */
static int
js_map_spread(const int map[JS_SQUARES], const int *forts, int n,
    int *where, char *why, size_t size)
{
	int got[GAME_MAX_PLAYERS] = { 0 }, lo = JS_SQUARES, hi = 0, lo_f = 0;
	char a[4];

	for (int sq = 0; sq < JS_SQUARES; sq++) {
		int best = -1, bd = JS_SQUARES, tie = 0;

		if (map[sq] != JS_TER_KEEP)
			continue;
		for (int f = 0; f < n; f++) {
			int d = js_map_distance(sq, forts[f]);

			if (d < bd) {
				bd = d;
				best = f;
				tie = 0;
			} else if (d == bd)
				tie = 1;
		}
		if (!tie)
			got[best]++;
	}
	for (int f = 0; f < n; f++) {
		if (got[f] < lo) {
			lo = got[f];
			lo_f = f;
		}
		if (got[f] > hi)
			hi = got[f];
	}
	if (lo >= 2 && hi - lo <= 1)
		return 0;
	*where = forts[lo_f];
	game_why(why, size, "keeps are not spread evenly: the fortress at "
	    "%s is nearest to %d keep%s and another to %d; each needs 2 or "
	    "more, within 1 of the others", js_map_name(forts[lo_f], a), lo,
	    lo == 1 ? "" : "s", hi);
	return -1;
}

static int
js_map_fortresses(const int map[JS_SQUARES], const int *forts, int n,
    int *where, char *why, size_t size)
{
	char a[4], b[4];

	for (int f = 0; f < n; f++) {
		int r = forts[f] / JS_SIDE, c = forts[f] % JS_SIDE;

		*where = forts[f];
		if (r >= JS_MAP_EDGE && r < JS_SIDE - JS_MAP_EDGE &&
		    c >= JS_MAP_EDGE && c < JS_SIDE - JS_MAP_EDGE) {
			game_why(why, size, "the fortress at %s is not on a side "
			    "of the map: fortresses stand in the outer %d rows "
			    "or columns", js_map_name(forts[f], a), JS_MAP_EDGE);
			return -1;
		}
		if (js_map_start(map, forts[f]) == JS_NONE) {
			game_why(why, size, "the fortress at %s has no square "
			    "next to it for its second army: one must be "
			    "passable and neither a fortress nor a keep",
			    js_map_name(forts[f], a));
			return -1;
		}
		for (int k = 0; k < f; k++)
			if (js_map_distance(forts[k], forts[f]) < JS_MAP_APART) {
				game_why(why, size, "the fortresses at %s and %s "
				    "are %d squares apart; opposite sides means "
				    "at least %d", js_map_name(forts[k], a),
				    js_map_name(forts[f], b),
				    js_map_distance(forts[k], forts[f]),
				    JS_MAP_APART);
				return -1;
			}
	}
	return 0;
}

int
js_map_check(const int map[JS_SQUARES], int nplayers, int *where, char *why,
    size_t size)
{
	int count[JS_NTERRAINS] = { 0 }, forts[JS_SQUARES], nf = 0;
	char a[4];

	*where = JS_NONE;
	for (int sq = 0; sq < JS_SQUARES; sq++) {
		count[map[sq]]++;
		if (map[sq] == JS_TER_FORTRESS)
			forts[nf++] = sq;
	}
	if (nf != nplayers) {
		game_why(why, size, "the map has %d fortresses; %d players need "
		    "one each", nf, nplayers);
		return -1;
	}
	if (count[JS_TER_KEEP] < 2 * nplayers ||
	    count[JS_TER_KEEP] > 3 * nplayers) {
		game_why(why, size, "the map has %d keeps; %d players need 2 or "
		    "3 each, %d to %d", count[JS_TER_KEEP], nplayers,
		    2 * nplayers, 3 * nplayers);
		return -1;
	}
	for (int t = 0; t < JS_NTERRAINS; t++)
		if (count[t] == 0) {
			game_why(why, size, "the map has no %s terrain (%c): "
			    "every terrain type must be present",
			    js_map_terrains[t].word, js_map_terrains[t].letter);
			return -1;
		}
	if (js_map_fortresses(map, forts, nf, where, why, size) < 0 ||
	    js_map_spread(map, forts, nf, where, why, size) < 0)
		return -1;
	if (js_map_connected(map, where) < 0) {
		game_why(why, size, "the square %s cannot be reached: every "
		    "passable square must be reachable from every other",
		    js_map_name(*where, a));
		return -1;
	}
	*where = JS_NONE;
	return 0;
}

void
js_map_sites(struct js *g)
{
	int forts = 0;

	g->nsites = 0;
	for (int sq = 0; sq < JS_SQUARES; sq++) {
		struct js_site *s;

		g->site_at[sq] = JS_NONE;
		if (g->map[sq] != JS_TER_FORTRESS && g->map[sq] != JS_TER_KEEP)
			continue;
		if (g->nsites == JS_MAX_SITES)
			continue; /* js_map_check refuses such a map first */
		g->site_at[sq] = g->nsites;
		s = &g->sites[g->nsites++];
		memset(s, 0, sizeof *s);
		s->sq = sq;
		s->fortress = g->map[sq] == JS_TER_FORTRESS;
		s->home = s->fortress ? forts++ : JS_NONE;
		s->control = JS_NONE;
	}
}

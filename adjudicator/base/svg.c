/* svg.c - the SVG primitives of the pictured reports. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/escape.h"
#include "base/svg.h"

const char *const svg_player_colours[4] = { "#d95f02", "#1b9e77",
	"#7570b3", "#e7298a" };

void
svg_end(struct sbuf *out)
{
	sbuf_puts(out, "</svg>\n");
}

/* The markup of an element is written straight into out: room for all
 * of it made once (svg_room), then each piece copied (svg_cpy, svg_num),
 * then the length set (svg_done).  A picture has hundreds of elements,
 * and printf costs more than the bytes. */
#define SVG_INT_MAX 12 /* "-2147483648" */

static char *
svg_room(struct sbuf *out, size_t n)
{
	sbuf_reserve(out, n);
	return out->p + out->len;
}

static void
svg_done(struct sbuf *out, char *end)
{
	*end = '\0';
	out->len = (size_t)(end - out->p);
}

static char *
svg_cpy(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

/* v in decimal, as "%d" prints it. */
static char *
svg_num(char *p, int v)
{
	return util_fmt_int(p, v);
}

/* Room for an element of at most k numbers, fixed markup and strings s1,
 * s2 (either NULL). */
static char *
svg_room_for(struct sbuf *out, int k, const char *s1, const char *s2)
{
	return svg_room(out, 128 + (size_t)k * SVG_INT_MAX +
	    (s1 != NULL ? strlen(s1) : 0) + (s2 != NULL ? strlen(s2) : 0));
}

/* A rectangle; stroke NULL for none, width 0 for the default. */
static void
svg_rect_width(struct sbuf *out, int x, int y, int w, int h,
    const char *fill, const char *stroke, int width)
{
	char *p = svg_room_for(out, 5, fill, stroke);

	p = svg_num(svg_cpy(p, "<rect x=\""), x);
	p = svg_num(svg_cpy(p, "\" y=\""), y);
	p = svg_num(svg_cpy(p, "\" width=\""), w);
	p = svg_num(svg_cpy(p, "\" height=\""), h);
	p = svg_cpy(svg_cpy(p, "\" fill=\""), fill);
	if (stroke != NULL)
		p = svg_cpy(svg_cpy(p, "\" stroke=\""), stroke);
	if (width != 0)
		p = svg_num(svg_cpy(p, "\" stroke-width=\""), width);
	svg_done(out, svg_cpy(p, "\"/>\n"));
}

void
svg_rect(struct sbuf *out, int x, int y, int w, int h, const char *fill,
    const char *stroke)
{
	svg_rect_width(out, x, y, w, h, fill, stroke, 0);
}

void
svg_frame(struct sbuf *out, int x, int y, int w, int h, const char *stroke,
    int width)
{
	svg_rect_width(out, x, y, w, h, "none", stroke, width);
}

void
svg_begin(struct sbuf *out, int w, int h, const char *title)
{
	char *p = svg_room(out, 256 + 4 * SVG_INT_MAX);

	p = svg_cpy(p, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"");
	p = svg_num(svg_cpy(svg_num(p, w), "\" height=\""), h);
	p = svg_num(svg_cpy(p, "\" viewBox=\"0 0 "), w);
	p = svg_num(svg_cpy(p, " "), h);
	svg_done(out, svg_cpy(p, "\" font-family=\"sans-serif\">\n<title>"));
	svg_text(out, 0, 0, 0, NULL, 0, title);
	sbuf_puts(out, "</title>\n");
	svg_rect(out, 0, 0, w, h, "#ffffff", NULL);
}

void
svg_circle(struct sbuf *out, int x, int y, int r, const char *fill,
    const char *stroke)
{
	char *p = svg_room_for(out, 3, fill, stroke);

	p = svg_num(svg_cpy(p, "<circle cx=\""), x);
	p = svg_num(svg_cpy(p, "\" cy=\""), y);
	p = svg_num(svg_cpy(p, "\" r=\""), r);
	p = svg_cpy(svg_cpy(p, "\" fill=\""), fill);
	if (stroke != NULL)
		p = svg_cpy(svg_cpy(svg_cpy(p, "\" stroke=\""), stroke),
		    "\" stroke-width=\"2");
	svg_done(out, svg_cpy(p, "\"/>\n"));
}

/* Text as XML character data: first the one escaping rule (escape.h), so
 * controls (which XML 1.0 does not allow), bidi overrides and invisible
 * characters show as "\u202e" and the like, as they do in the text
 * report; then the markup characters as entities. */
static void
svg_escape(struct sbuf *out, const char *s)
{
	struct sbuf shown;
	const char *c;

	/* Printable ASCII but the markup characters passes both steps
	 * unchanged: the common case, copied as it is. */
	for (c = s; *c >= 0x20 && *c < 0x7f && *c != '&' && *c != '<' &&
	    *c != '>' && *c != '"'; c++)
		;
	if (*c == '\0') {
		sbuf_add(out, s, (size_t)(c - s));
		return;
	}
	sbuf_init(&shown);
	escape_puts(&shown, s);
	for (c = shown.p ? shown.p : ""; *c != '\0'; c++) {
		switch (*c) {
		case '&': sbuf_puts(out, "&amp;"); break;
		case '<': sbuf_puts(out, "&lt;"); break;
		case '>': sbuf_puts(out, "&gt;"); break;
		case '"': sbuf_puts(out, "&quot;"); break;
		default: sbuf_putc(out, *c);
		}
	}
	sbuf_free(&shown);
}

void
svg_text(struct sbuf *out, int x, int y, int size, const char *anchor,
    int bold, const char *text)
{
	char *p;

	if (anchor == NULL) { /* bare character data */
		svg_escape(out, text);
		return;
	}
	p = svg_room_for(out, 3, anchor, NULL);
	p = svg_num(svg_cpy(p, "<text x=\""), x);
	p = svg_num(svg_cpy(p, "\" y=\""), y);
	p = svg_num(svg_cpy(p, "\" font-size=\""), size);
	if (strcmp(anchor, "start") != 0)
		p = svg_cpy(svg_cpy(p, "\" text-anchor=\""), anchor);
	if (bold)
		p = svg_cpy(p, "\" font-weight=\"bold");
	svg_done(out, svg_cpy(p, "\">"));
	svg_escape(out, text);
	sbuf_puts(out, "</text>\n");
}

void
svg_textf(struct sbuf *out, int x, int y, int size, const char *anchor,
    int bold, const char *fmt, ...)
{
	char small[128];
	struct sbuf b;
	va_list ap;
	int n;

	/* Most texts fit on the stack: no allocation for them. */
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < sizeof small) {
		svg_text(out, x, y, size, anchor, bold, small);
		return;
	}
	sbuf_init(&b);
	va_start(ap, fmt);
	sbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	svg_text(out, x, y, size, anchor, bold, b.p ? b.p : "");
	sbuf_free(&b);
}

void
svg_coords(struct sbuf *out, int margin, int cell, int files, int ranks,
    char first, int bottom_up)
{
	for (int f = 0; f < files; f++) {
		int x = margin + f * cell + cell / 2;
		char letter[2] = { (char)(first + f), '\0' };

		svg_text(out, x, margin - 8, 14, "middle", 0, letter);
		svg_text(out, x, margin + ranks * cell + 20, 14, "middle", 0,
		    letter);
	}
	for (int r = 0; r < ranks; r++) {
		int y = margin + (bottom_up ? ranks - 1 - r : r) * cell +
		    cell / 2 + 5;
		char num[SVG_INT_MAX];

		*svg_num(num, r + 1) = '\0';
		svg_text(out, margin / 2, y, 14, "middle", 0, num);
		svg_text(out, margin + files * cell + margin / 2, y, 14,
		    "middle", 0, num);
	}
}

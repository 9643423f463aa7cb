/* svg.c - the SVG primitives of the pictured reports. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "svg.h"

const char *const svg_player_colours[4] = { "#d95f02", "#1b9e77",
	"#7570b3", "#e7298a" };

void
svg_begin(struct sbuf *out, int w, int h, const char *title)
{
	sbuf_printf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "font-family=\"sans-serif\">\n<title>", w, h, w, h);
	svg_text(out, 0, 0, 0, NULL, 0, title);
	sbuf_puts(out, "</title>\n");
	svg_rect(out, 0, 0, w, h, "#ffffff", NULL);
}

void
svg_end(struct sbuf *out)
{
	sbuf_puts(out, "</svg>\n");
}

/* v in decimal, as "%d" prints it, at the end of buf (returned): a
 * picture has hundreds of numbers, printf costs more than them. */
#define SVG_INT_MAX 12
static const char *
svg_itoa(char buf[SVG_INT_MAX], int v)
{
	char *p = buf + SVG_INT_MAX - 1;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;

	*p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	return p;
}

/* Append before, v in decimal, and a closing quote: one attribute of
 * the form ' x="12"' whose before is ' x="'. */
static void
svg_attr(struct sbuf *out, const char *before, int v)
{
	char buf[SVG_INT_MAX];

	sbuf_puts(out, before);
	sbuf_puts(out, svg_itoa(buf, v));
	sbuf_putc(out, '"');
}

/* Append before, s and a closing quote: ' fill="#ffffff"'. */
static void
svg_attr_s(struct sbuf *out, const char *before, const char *s)
{
	sbuf_puts(out, before);
	sbuf_puts(out, s);
	sbuf_putc(out, '"');
}

void
svg_rect(struct sbuf *out, int x, int y, int w, int h, const char *fill,
    const char *stroke)
{
	svg_attr(out, "<rect x=\"", x);
	svg_attr(out, " y=\"", y);
	svg_attr(out, " width=\"", w);
	svg_attr(out, " height=\"", h);
	svg_attr_s(out, " fill=\"", fill);
	if (stroke != NULL)
		svg_attr_s(out, " stroke=\"", stroke);
	sbuf_puts(out, "/>\n");
}

void
svg_circle(struct sbuf *out, int x, int y, int r, const char *fill,
    const char *stroke)
{
	svg_attr(out, "<circle cx=\"", x);
	svg_attr(out, " cy=\"", y);
	svg_attr(out, " r=\"", r);
	svg_attr_s(out, " fill=\"", fill);
	if (stroke != NULL) {
		svg_attr_s(out, " stroke=\"", stroke);
		sbuf_puts(out, " stroke-width=\"2\"");
	}
	sbuf_puts(out, "/>\n");
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
	if (anchor == NULL) { /* bare character data */
		svg_escape(out, text);
		return;
	}
	svg_attr(out, "<text x=\"", x);
	svg_attr(out, " y=\"", y);
	svg_attr(out, " font-size=\"", size);
	if (strcmp(anchor, "start") != 0)
		svg_attr_s(out, " text-anchor=\"", anchor);
	if (bold)
		sbuf_puts(out, " font-weight=\"bold\"");
	sbuf_putc(out, '>');
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
		char buf[SVG_INT_MAX];
		const char *num = svg_itoa(buf, r + 1);

		svg_text(out, margin / 2, y, 14, "middle", 0, num);
		svg_text(out, margin + files * cell + margin / 2, y, 14,
		    "middle", 0, num);
	}
}

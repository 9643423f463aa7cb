/* svg.c - the SVG primitives of the pictured reports. */
#include <stdarg.h>
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

void
svg_rect(struct sbuf *out, int x, int y, int w, int h, const char *fill,
    const char *stroke)
{
	sbuf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"%s\"", x, y, w, h, fill);
	if (stroke != NULL)
		sbuf_printf(out, " stroke=\"%s\"", stroke);
	sbuf_puts(out, "/>\n");
}

void
svg_circle(struct sbuf *out, int x, int y, int r, const char *fill,
    const char *stroke)
{
	sbuf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\"",
	    x, y, r, fill);
	if (stroke != NULL)
		sbuf_printf(out, " stroke=\"%s\" stroke-width=\"2\"", stroke);
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

	sbuf_init(&shown);
	escape_puts(&shown, s);
	for (const char *c = shown.p ? shown.p : ""; *c != '\0'; c++) {
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
	sbuf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\"", x, y,
	    size);
	if (strcmp(anchor, "start") != 0)
		sbuf_printf(out, " text-anchor=\"%s\"", anchor);
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
	struct sbuf b;
	va_list ap;

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

		svg_textf(out, x, margin - 8, 14, "middle", 0, "%c", first + f);
		svg_textf(out, x, margin + ranks * cell + 20, 14, "middle", 0,
		    "%c", first + f);
	}
	for (int r = 0; r < ranks; r++) {
		int y = margin + (bottom_up ? ranks - 1 - r : r) * cell +
		    cell / 2 + 5;

		svg_textf(out, margin / 2, y, 14, "middle", 0, "%d", r + 1);
		svg_textf(out, margin + files * cell + margin / 2, y, 14,
		    "middle", 0, "%d", r + 1);
	}
}

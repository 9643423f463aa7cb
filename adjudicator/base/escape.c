/* escape.c - the one escaping rule (escape.h). */
#include <stdio.h>
#include <string.h>

#include "base/escape.h"

/* The longest escape, "\U0010ffff", with room to spare. */
#define ESCAPE_ONE_MAX 24

/* Characters that show nothing, or change how the text around them is
 * shown: Unicode's format characters (Cf), Default_Ignorable_Code_Point,
 * the line and paragraph separators, and the Hangul fillers that render
 * as blanks.  Sorted, not overlapping. */
static const struct { unsigned long lo, hi; } escape_ranges[] = {
	{ 0x0080, 0x009f },   /* C1 controls: CSI, OSC, NEL */
	{ 0x00ad, 0x00ad },   /* soft hyphen */
	{ 0x034f, 0x034f },   /* combining grapheme joiner */
	{ 0x0600, 0x0605 },   /* Arabic number signs */
	{ 0x061c, 0x061c },   /* Arabic letter mark (bidi) */
	{ 0x06dd, 0x06dd },
	{ 0x070f, 0x070f },
	{ 0x08e2, 0x08e2 },
	{ 0x115f, 0x1160 },   /* Hangul fillers */
	{ 0x17b4, 0x17b5 },
	{ 0x180b, 0x180f },   /* Mongolian selectors, vowel separator */
	{ 0x200b, 0x200f },   /* zero width space/joiners, LRM, RLM */
	{ 0x2028, 0x202e },   /* line/paragraph separators, LRE..RLO */
	{ 0x2060, 0x206f },   /* word joiner, invisible operators, LRI..PDI */
	{ 0x3164, 0x3164 },   /* Hangul filler */
	{ 0xfe00, 0xfe0f },   /* variation selectors */
	{ 0xfeff, 0xfeff },   /* zero width no-break space, BOM */
	{ 0xffa0, 0xffa0 },   /* halfwidth Hangul filler */
	{ 0xfff0, 0xfffb },   /* interlinear annotation */
	{ 0x110bd, 0x110bd },
	{ 0x110cd, 0x110cd },
	{ 0x13430, 0x1343f },
	{ 0x1bca0, 0x1bca3 },
	{ 0x1d173, 0x1d17a },
	{ 0xe0000, 0xe0fff }, /* tags, variation selectors supplement */
};

int
escape_invisible(unsigned long cp)
{
	size_t lo = 0, hi = sizeof escape_ranges / sizeof escape_ranges[0];

	if (cp < 0x20 || cp == 0x7f)
		return 1;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cp < escape_ranges[mid].lo)
			hi = mid;
		else if (cp > escape_ranges[mid].hi)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

/* A byte that passes as it is, and alone, whatever follows it: printable
 * ASCII, and a newline with ESCAPE_LINES. */
static inline int
escape_plain(unsigned char c, int flags)
{
	return (c >= 0x20 && c < 0x7f) || (c == '\n' && (flags & ESCAPE_LINES));
}

/* The escape for the character at s (n bytes left): written to esc,
 * returns the bytes consumed; esc is "" when the character passes. */
static size_t
escape_one(const unsigned char *s, size_t n, int flags,
    char esc[ESCAPE_ONE_MAX])
{
	unsigned long cp;
	size_t k = util_utf8(s, n, &cp);

	esc[0] = '\0';
	if (k == 0) {
		snprintf(esc, ESCAPE_ONE_MAX, "\\x%02x", s[0]);
		return 1;
	}
	if (!escape_invisible(cp))
		return k;
	if (cp == '\n' && (flags & ESCAPE_LINES))
		return k;
	if (cp == '\n')
		snprintf(esc, ESCAPE_ONE_MAX, "\\n");
	else if (cp == '\r')
		snprintf(esc, ESCAPE_ONE_MAX, "\\r");
	else if (cp == '\t')
		snprintf(esc, ESCAPE_ONE_MAX, "\\t");
	else if (cp < 0x80)
		snprintf(esc, ESCAPE_ONE_MAX, "\\x%02lx", cp);
	else if (cp <= 0xffff)
		snprintf(esc, ESCAPE_ONE_MAX, "\\u%04lx", cp);
	else
		snprintf(esc, ESCAPE_ONE_MAX, "\\U%08lx", cp);
	return k;
}

void
escape_add(struct sbuf *out, const char *s, size_t n, int flags)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, run = 0;
	char esc[ESCAPE_ONE_MAX];

	while (i < n) {
		size_t k;
		/* Printable ASCII passes (escape_one would say so): the
		 * common case without decoding. */
		if (escape_plain(p[i], flags)) {
			i++;
			continue;
		}
		k = escape_one(p + i, n - i, flags, esc);
		if (esc[0] == '\0') {
			i += k;
			continue;
		}
		sbuf_add(out, s + run, i - run);
		sbuf_puts(out, esc);
		i += k;
		run = i;
	}
	sbuf_add(out, s + run, n - run);
}

void
escape_puts(struct sbuf *out, const char *s)
{
	escape_add(out, s, strlen(s), 0);
}

void
escape_copy(const char *s, char *out, size_t size)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, o = 0;
	char esc[ESCAPE_ONE_MAX];

	if (size == 0)
		return;
	while (i < n) {
		size_t k, len;
		const char *from;

		if (escape_plain(p[i], 0)) {
			if (o + 1 >= size)
				break;
			out[o++] = s[i++];
			continue;
		}
		k = escape_one(p + i, n - i, 0, esc);
		from = esc[0] != '\0' ? esc : s + i;
		len = esc[0] != '\0' ? strlen(esc) : k;
		if (o + len >= size)
			break;
		memcpy(out + o, from, len);
		o += len;
		i += k;
	}
	out[o] = '\0';
}

int
escape_needed(const char *s, int flags)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0;
	char esc[ESCAPE_ONE_MAX];

	while (i < n) {
		if (escape_plain(p[i], flags)) {
			i++;
			continue;
		}
		i += escape_one(p + i, n - i, flags, esc);
		if (esc[0] != '\0')
			return 1;
	}
	return 0;
}

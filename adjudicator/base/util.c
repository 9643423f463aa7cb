/* util.c - errors, allocation, growable strings, hex and small parsers. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static void
nomem(void)
{
	fputs("gunbai: out of memory\n", stderr);
	exit(EXIT_NOMEM);
}

/* malloc(0) and realloc(p, 0) may return NULL on success; asking for one
 * byte instead keeps "NULL means failure" true everywhere. */
void *
util_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
util_calloc(size_t n, size_t size)
{
	void *p = calloc(n && size ? n : 1, n && size ? size : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
util_realloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL)
		nomem();
	return q;
}

void *
util_reallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		nomem();
	return util_realloc(p, n * size);
}

char *
util_strdup(const char *s)
{
	return util_strndup(s, strlen(s));
}

char *
util_strndup(const char *s, size_t n)
{
	const char *end = memchr(s, '\0', n);
	size_t len = end ? (size_t)(end - s) : n;
	char *p;

	if (len == SIZE_MAX)
		nomem();
	p = util_malloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

/* As in git's strbuf: an empty sbuf points at this shared empty string
 * (cap 0 means "not owned"), so b->p is a valid string right after
 * sbuf_init without allocating. */
static char sbuf_empty[1];

struct arena_block {
	struct arena_block *next;
	size_t size, used;
	max_align_t data[]; /* size bytes */
};

#define ARENA_BLOCK (256u << 10)

/* Under ASan (make check SAN=1, the fuzz targets) each piece is followed
 * by a poisoned redzone, as malloc's blocks are: a read past the end of
 * a node's string or a fuzzed order's text is reported, not taken from
 * the next piece. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif
#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define ARENA_REDZONE 16
#else
#define ARENA_REDZONE 0
#endif

void *
arena_alloc(struct arena *a, size_t n)
{
	struct arena_block *b = a->head;
	size_t align = _Alignof(max_align_t), want = n;
	char *p;

	if (n > SIZE_MAX - align - ARENA_REDZONE - sizeof *b)
		nomem();
	n = (n + ARENA_REDZONE + align - 1) / align * align;
	if (b == NULL || b->size - b->used < n) {
		size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;

		b = util_malloc(sizeof *b + size);
		b->size = size;
		b->used = 0;
		b->next = a->head;
		a->head = b;
	}
	b->used += n;
	p = (char *)b->data + b->used - n;
#ifdef ARENA_ASAN
	ASAN_UNPOISON_MEMORY_REGION(p, want);
	ASAN_POISON_MEMORY_REGION(p + want, n - want);
#endif
	(void)want;
	return p;
}

void
arena_reset(struct arena *a)
{
	while (a->head != NULL && a->head->next != NULL) {
		struct arena_block *b = a->head;
		a->head = b->next;
		free(b);
	}
	if (a->head != NULL) {
#ifdef ARENA_ASAN
		/* What the block kept handed out is poisoned until handed out
		 * again: a piece used after the reset is reported, as one in a
		 * freed block is.  (Only that part: the fuzz targets reset an
		 * arena at every step.) */
		ASAN_POISON_MEMORY_REGION(a->head->data, a->head->used);
#endif
		a->head->used = 0;
	}
}

void
sbuf_init(struct sbuf *b)
{
	b->p = sbuf_empty;
	b->len = 0;
	b->cap = 0;
}

struct sbuf *
sbuf_clear(struct sbuf *b)
{
	if (b->cap == 0) {
		/* Nothing owned yet: also a zeroed static buffer. */
		sbuf_init(b);
		return b;
	}
	b->len = 0;
	b->p[0] = '\0';
	return b;
}

void
sbuf_free(struct sbuf *b)
{
	if (b->cap != 0)
		free(b->p);
	sbuf_init(b);
}

/* Make room for n more bytes and the NUL.  Works on a zeroed sbuf too. */
static void
sbuf_grow(struct sbuf *b, size_t n)
{
	size_t need, cap;
	char *p;

	if (n > SIZE_MAX - b->len - 1)
		nomem();
	need = b->len + n + 1;
	if (need <= b->cap)
		return;
	cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	if (b->cap == 0) {
		p = util_malloc(cap);
		if (b->len > 0)
			memcpy(p, b->p, b->len);
		p[b->len] = '\0';
	} else
		p = util_realloc(b->p, cap);
	b->p = p;
	b->cap = cap;
}

void
sbuf_reserve(struct sbuf *b, size_t n)
{
	sbuf_grow(b, n);
}

/* sbuf_add and sbuf_putc are called millions of times a fuzz_game
 * session (the state writer, reports, events): the room is checked here
 * and sbuf_grow called only when there is none (n < cap - len: room for
 * the bytes and the NUL), and a single byte is stored, not copied by
 * memcpy (under ASan, a call of its interceptor with its range checks
 * for every character written). */
void
sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	if (n == 0)
		return;
	if (b->cap == 0 || n >= b->cap - b->len)
		sbuf_grow(b, n);
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void
sbuf_puts(struct sbuf *b, const char *s)
{
	sbuf_add(b, s, strlen(s));
}

void
sbuf_putc(struct sbuf *b, char c)
{
	if (b->cap == 0 || b->cap - b->len < 2)
		sbuf_grow(b, 1);
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

void
sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	/* Format into the room there is; only when it does not fit, grow
	 * and format again (one pass in the common case). */
	if (b->cap == 0)
		sbuf_grow(b, 64);
	va_copy(ap2, ap);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap2);
	va_end(ap2);
	if (n <= 0) {
		b->p[b->len] = '\0';
		return;
	}
	if ((size_t)n >= b->cap - b->len) {
		sbuf_grow(b, (size_t)n);
		vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

char *
util_fmt_int(char *p, long long v)
{
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v :
	    (unsigned long long)v, t;
	size_t n = 1;

	if (v < 0)
		*p++ = '-';
	/* Most numbers in a report are small: coordinates, counts. */
	if (u < 10) {
		*p = (char)('0' + u);
		return p + 1;
	}
	if (u < 100) {
		p[0] = (char)('0' + u / 10);
		p[1] = (char)('0' + u % 10);
		return p + 2;
	}
	for (t = u; t >= 10; t /= 10)
		n++;
	p += n;
	for (char *d = p; n-- > 0; u /= 10)
		*--d = (char)('0' + u % 10);
	return p;
}

void
sbuf_int(struct sbuf *b, long long v)
{
	char buf[UTIL_INT_MAX];

	sbuf_add(b, buf, (size_t)(util_fmt_int(buf, v) - buf));
}

void
sbuf_int_pad(struct sbuf *b, long long v, int width)
{
	char buf[UTIL_INT_MAX];
	size_t n = (size_t)(util_fmt_int(buf, v) - buf);

	for (size_t i = n; width > 0 && i < (size_t)width; i++)
		sbuf_putc(b, ' ');
	sbuf_add(b, buf, n);
}

void
sbuf_puts_pad(struct sbuf *b, const char *s, int width)
{
	size_t n = strlen(s);

	sbuf_add(b, s, n);
	for (size_t i = n; width > 0 && i < (size_t)width; i++)
		sbuf_putc(b, ' ');
}

char *
sbuf_take(struct sbuf *b)
{
	char *p;

	if (b->cap == 0)
		p = util_strdup("");
	else
		p = b->p;
	sbuf_init(b);
	return p;
}

void
strlist_add(struct strlist *l, const char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->v = util_reallocarray(l->v, l->cap, sizeof *l->v);
	}
	l->v[l->n++] = util_strdup(s);
}

void
strlist_addf(struct strlist *l, const char *fmt, ...)
{
	struct sbuf b;
	va_list ap;
	char *s;

	sbuf_init(&b);
	va_start(ap, fmt);
	sbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	s = sbuf_take(&b);
	strlist_add(l, s);
	free(s);
}

void
strlist_free(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
	l->cap = 0;
}

void
util_join(char *buf, size_t size, const char *const *piece, size_t n)
{
	size_t len = 0;

	if (size == 0)
		return;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(piece[i]);

		if (k > size - 1 - len)
			k = size - 1 - len;
		memcpy(buf + len, piece[i], k);
		len += k;
	}
	buf[len] = '\0';
}

void
util_hex(const uint8_t *in, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 0xf];
	}
	out[2 * n] = '\0';
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The string must end right after the 2n digits: a longer or shorter
 * value is refused rather than silently cut. */
void
util_cut(struct sbuf *out, const char *prefix, const char *text, size_t width)
{
	size_t pl = strlen(prefix), room = width - pl - 1;

	for (const char *p = text; *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);

		while (len > room + 1) {
			sbuf_puts(out, prefix);
			sbuf_add(out, p, room);
			sbuf_puts(out, "\\\n");
			p += room;
			len -= room;
		}
		sbuf_puts(out, prefix);
		sbuf_add(out, p, len);
		sbuf_putc(out, '\n');
		p += len + (nl != NULL);
	}
}

char *
util_uncut(const char *text, size_t len, const char *prefix)
{
	size_t pl = strlen(prefix);
	struct sbuf b;

	sbuf_init(&b);
	for (const char *p = text; p < text + len;) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		size_t l = nl != NULL ? (size_t)(nl - p) : (size_t)(text +
		    len - p);

		if (l >= pl && memcmp(p, prefix, pl) == 0) {
			if (l > pl && p[l - 1] == '\\')
				sbuf_add(&b, p + pl, l - pl - 1);
			else {
				sbuf_add(&b, p + pl, l - pl);
				sbuf_putc(&b, '\n');
			}
		}
		p += l + 1;
	}
	if (b.p == NULL)
		sbuf_puts(&b, "");
	return sbuf_take(&b);
}

void
util_base64(const uint8_t *in, size_t n, struct sbuf *out)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/";

	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)in[i] << 16;
		size_t k = n - i;

		if (k > 1)
			v |= (unsigned)in[i + 1] << 8;
		if (k > 2)
			v |= in[i + 2];
		sbuf_putc(out, a[(v >> 18) & 63]);
		sbuf_putc(out, a[(v >> 12) & 63]);
		sbuf_putc(out, k > 1 ? a[(v >> 6) & 63] : '=');
		sbuf_putc(out, k > 2 ? a[v & 63] : '=');
	}
}

int
util_unhex(const char *s, uint8_t *out, size_t n)
{
	size_t i;
	int hi, lo;

	for (i = 0; i < n; i++) {
		if ((hi = hexval(s[2 * i])) < 0)
			return -1;
		if ((lo = hexval(s[2 * i + 1])) < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return s[2 * n] == '\0' ? 0 : -1;
}

/* Only the canonical spelling is accepted ("7", "-7", "0"; not "+7",
 * "07", "-0", " 7"), so a number in a file has one way to be written. */
int
util_parse_int(const char *s, long long min, long long max,
    long long *out)
{
	unsigned long long v = 0, limit;
	long long r;
	int neg = 0;
	const char *p = s;

	if (*p == '-') {
		neg = 1;
		p++;
	}
	if (*p < '0' || *p > '9')
		return -1;
	if (*p == '0' && (p[1] != '\0' || neg))
		return -1;
	/* The magnitude of LLONG_MIN is LLONG_MAX + 1. */
	limit = neg ? (unsigned long long)LLONG_MAX + 1 :
	    (unsigned long long)LLONG_MAX;
	for (; *p != '\0'; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		if (v > (limit - (unsigned long long)(*p - '0')) / 10)
			return -1;
		v = v * 10 + (unsigned long long)(*p - '0');
	}
	if (!neg)
		r = (long long)v;
	else if (v == (unsigned long long)LLONG_MAX + 1)
		r = LLONG_MIN;
	else
		r = -(long long)v;
	if (r < min || r > max)
		return -1;
	*out = r;
	return 0;
}

static int
name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-';
}

int
util_valid_name(const char *s)
{
	size_t i;

	if (s[0] == '_' || s[0] == '-')
		return 0;
	for (i = 0; s[i] != '\0'; i++)
		if (i >= 32 || !name_char(s[i]))
			return 0;
	return i > 0;
}

void
util_wrap(struct sbuf *out, size_t width, const char *first,
    const char *rest, const char *text)
{
	const char *prefix = first, *p = text;

	while (*p == ' ')
		p++;
	do {
		size_t used = strlen(prefix), n = 0, cut = 0;
		size_t room = used < width ? width - used : 1;

		/* The longest run of whole words that fits. */
		while (p[n] != '\0' && n <= room) {
			if (p[n] == ' ')
				cut = n;
			n++;
		}
		if (p[n] == '\0' && n <= room) {
			cut = n;
		} else if (cut == 0) {
			/* A word cut, between characters: a cut inside
			 * one would show as escaped bytes. */
			cut = room;
			while (cut > 0 && ((unsigned char)p[cut] & 0xc0) ==
			    0x80)
				cut--;
			while (cut == 0 || ((unsigned char)p[cut] & 0xc0) ==
			    0x80)
				cut++;
		}
		sbuf_puts(out, prefix);
		sbuf_add(out, p, cut);
		sbuf_putc(out, '\n');
		p += cut;
		while (*p == ' ')
			p++;
		prefix = rest;
	} while (*p != '\0');
}

/* Is c between the words of an order: white space, or a comma, which
 * players put between card names ("keep scientist, cyberspace-4"). */
static int
util_words_gap(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\f' || c == '\v' || c == ',';
}

int
util_words(const char *text, struct util_words *w)
{
	size_t len = strlen(text);
	char *p = w->buf;

	w->n = 0;
	if (len > UTIL_WORDS_CHARS)
		return -1;
	for (size_t i = 0; i <= len; i++) {
		char c = text[i];
		w->buf[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
	}
	for (;;) {
		while (*p != '\0' && util_words_gap(*p))
			*p++ = '\0';
		if (*p == '\0')
			return 0;
		if (w->n < UTIL_WORDS_MAX)
			w->w[w->n] = p;
		w->n++;
		while (*p != '\0' && !util_words_gap(*p))
			p++;
	}
}

size_t
util_utf8(const unsigned char *s, size_t n, unsigned long *cp)
{
	size_t k;
	unsigned long c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		k = 2, c = s[0] & 0x1fu;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		k = 3, c = s[0] & 0x0fu;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		k = 4, c = s[0] & 0x07u;
	else
		return 0;
	if (k > n)
		return 0;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3fu);
	}
	if ((k == 3 && c < 0x800) || (k == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return k;
}

void
util_utf8_fix(char *s)
{
	unsigned char *p = (unsigned char *)s;
	size_t left = strlen(s), i = 0;
	unsigned long cp;

	/* Most texts are ASCII: nothing to do, found eight bytes at a time
	 * (under ASan one check for each eight, not one a byte: this runs
	 * on every event of every turn). */
	for (; left - i >= 8; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, sizeof w);
		if (w & UINT64_C(0x8080808080808080))
			break;
	}
	p += i;
	left -= i;
	while (*p != '\0') {
		size_t n;

		if (*p < 0x80) { /* the common case, without the call */
			p++;
			left--;
			continue;
		}
		n = util_utf8(p, left, &cp);
		left -= n == 0 ? 1 : n;
		if (n == 0)
			*p++ = '?';
		else
			p += n;
	}
}

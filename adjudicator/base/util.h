/* util.h - errors, growable strings and allocation used by every part of
 * gunbai.  Engine and game code never exit the process, with one exception:
 * allocation failure, where util_* allocators print a message and exit with
 * EXIT_NOMEM before anything is written (see gunbai(1), EXIT STATUS). */
#ifndef GUNBAI_UTIL_H
#define GUNBAI_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define GB_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* Exit statuses of the gunbai command; documented in man/gunbai.1. */
enum {
	EXIT_OK = 0,
	EXIT_REFUSED = 1, /* check: a file was refused whole */
	EXIT_USAGE = 2,   /* bad command line */
	EXIT_WAITING = 3, /* adjudicate: nothing could be applied yet */
	EXIT_INPUT = 4,   /* an input file is unreadable or invalid */
	EXIT_OUTPUT = 5,  /* an output could not be written or exists */
	EXIT_ORDER = 6,   /* check: an order was refused */
	EXIT_INCOMPLETE = 7, /* check: the orders are not a whole answer;
			      * evidence: a chain with a report missing */
	EXIT_NOT_DUE = 8, /* check: a file is for a later turn */
	EXIT_OVER = 9,    /* check: the game is over */
	EXIT_UNFIT = 10,  /* evidence, check-seed: an input is not the
			   * organiser's word (a signature that does not
			   * verify, a report changed), or the inputs do
			   * not fit together: nothing is proven */
	EXIT_NOPROG = 69, /* mail-in, mail-out: gunbai-mail could not be run */
	EXIT_NOMEM = 70,  /* out of memory */
	EXIT_TEMPFAIL = 75 /* mail-in: the organiser's set-up is at fault
			    * (a missing or wrong --key); nothing filed or
			    * answered: try again later (sysexits'
			    * EX_TEMPFAIL, which an MTA defers) */
};

/* An error: what is wrong, and where.  line and col are 1-based; 0 means
 * the position is unknown or the error is about the whole file. */
struct gb_err {
	char file[256];
	int line;
	int col;
	char msg[512];
	size_t hint; /* msg + hint is what to do about it (hints.h); 0: none */
};

/* (err.c) Set e (if not NULL) to a message at line:col; returns -1 for chaining. */
int err_set(struct gb_err *e, int line, int col, const char *fmt, ...)
    GB_PRINTF(4, 5);
/* Record the file the error is about (keeps line, col and msg). */
void err_file(struct gb_err *e, const char *file);
/* Format "file:line:col: msg" (parts that are unknown are left out). */
void err_format(const struct gb_err *e, char *buf, size_t size);

/* Allocation that never returns NULL: on failure prints
 * "gunbai: out of memory" and exits with EXIT_NOMEM. */
void *util_malloc(size_t n);
void *util_calloc(size_t n, size_t size);
void *util_realloc(void *p, size_t n);
void *util_reallocarray(void *p, size_t n, size_t size);
char *util_strdup(const char *s);
char *util_strndup(const char *s, size_t n);

/* An arena: memory handed out by bumping a pointer in large blocks and
 * given back all at once (arena_reset), for trees of thousands of small
 * values made and dropped together (a report's view, its JSON).  Zero
 * initialised ({ 0 }) is an empty arena. */
struct arena_block;
struct arena {
	struct arena_block *head;
};

/* n bytes aligned for any type, not zeroed; exits when memory runs out. */
void *arena_alloc(struct arena *a, size_t n);
/* Everything allocated is given back: every block freed but one, kept
 * for the next use. */
void arena_reset(struct arena *a);

/* A growable NUL-terminated byte string. */
struct sbuf {
	char *p;
	size_t len;
	size_t cap;
};

void sbuf_init(struct sbuf *b);
void sbuf_free(struct sbuf *b);
/* Emptied, its room kept for what is written next (a buffer used again
 * and again without allocating; a zeroed static one is made empty as
 * sbuf_init makes it); returns b. */
struct sbuf *sbuf_clear(struct sbuf *b);
void sbuf_add(struct sbuf *b, const char *s, size_t n);
/* Room for n more bytes (and the NUL) at b->p + b->len, for a caller
 * that writes them itself and then adds them to b->len. */
void sbuf_reserve(struct sbuf *b, size_t n);
void sbuf_puts(struct sbuf *b, const char *s);
void sbuf_putc(struct sbuf *b, char c);
void sbuf_printf(struct sbuf *b, const char *fmt, ...) GB_PRINTF(2, 3);
void sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap)
    GB_PRINTF(2, 0);
/* v in decimal as "%lld" prints it, written at p (at most UTIL_INT_MAX
 * bytes, no NUL); returns the end. */
#define UTIL_INT_MAX 20 /* "-9223372036854775808" */
char *util_fmt_int(char *p, long long v);
/* v in decimal appended to b, as sbuf_printf(b, "%lld", v) would. */
void sbuf_int(struct sbuf *b, long long v);
/* The same padded with spaces on the left to width bytes ("%*lld"). */
void sbuf_int_pad(struct sbuf *b, long long v, int width);
/* s padded with spaces on the right to width bytes ("%-*s"). */
void sbuf_puts_pad(struct sbuf *b, const char *s, int width);
/* Hand over the string (caller frees) and reset b. */
char *sbuf_take(struct sbuf *b);

/* A list of owned strings. */
struct strlist {
	char **v;
	size_t n;
	size_t cap;
};

void strlist_add(struct strlist *l, const char *s);
void strlist_addf(struct strlist *l, const char *fmt, ...) GB_PRINTF(2, 3);
void strlist_free(struct strlist *l);

/* The n pieces joined into buf (size bytes), cut as snprintf("%s%s...")
 * would cut them: for texts made at every decision point (owed, a
 * picked order), where printf cost more than the rest. */
void util_join(char *buf, size_t size, const char *const *piece, size_t n);
/* The same with the pieces listed: UTIL_JOIN(buf, "a", b, "c"), buf an
 * array. */
#define UTIL_JOIN(buf, ...) util_join(buf, sizeof buf, \
	(const char *const[]){ __VA_ARGS__ }, \
	sizeof (const char *const[]){ __VA_ARGS__ } / sizeof (const char *))

/* Lowercase hex of n bytes into out (2n+1 bytes). */
void util_hex(const uint8_t *in, size_t n, char *out);
/* Parse exactly 2n hex digits; returns 0 or -1. */
int util_unhex(const char *s, uint8_t *out, size_t n);
/* Each line of text (every line ending in a newline) added to out after
 * prefix, cut so that no line is wider than width: a line too long ends
 * its pieces with a backslash and goes on in the next line, after prefix
 * again.  For texts without backslashes (hex, names, base64), which
 * util_uncut gives back whole. */
struct sbuf;
void util_cut(struct sbuf *out, const char *prefix, const char *text,
    size_t width);
/* The lines after prefix, from text, each cut line joined again; lines
 * without prefix are skipped.  Caller frees; "" if none. */
char *util_uncut(const char *text, size_t len, const char *prefix);
/* Standard base64 (RFC 4648, with padding) of n bytes, added to out. */
struct sbuf;
void util_base64(const uint8_t *in, size_t n, struct sbuf *out);

/* Parse a decimal integer in [min,max] filling the whole string; 0 or -1. */
int util_parse_int(const char *s, long long min, long long max,
    long long *out);

/* A name that may be a player name or a game id: 1 to 32 characters of
 * [A-Za-z0-9_-], starting with a letter or digit.  Such a name is always
 * safe as a file name component. */
int util_valid_name(const char *s);

/* Append text word-wrapped to width columns: the first line starts with
 * first, the others with rest (both count in the width).  A word longer
 * than a line is cut.  Reports and game views share it. */
void util_wrap(struct sbuf *out, size_t width, const char *first,
    const char *rest, const char *text);

/* An order split into words: ASCII letters lowercased, words separated by
 * white space or commas (players list card names with commas, in every
 * game).  n counts every word; only the first UTIL_WORDS_MAX are stored
 * in w. */
#define UTIL_WORDS_MAX 64
#define UTIL_WORDS_CHARS 200
struct util_words {
	char buf[UTIL_WORDS_CHARS + 1];
	char *w[UTIL_WORDS_MAX];
	int n;
};

/* Split text into w.  Returns 0, or -1 if text is longer than
 * UTIL_WORDS_CHARS bytes. */
int util_words(const char *text, struct util_words *w);

/* Decode the valid UTF-8 sequence at s (at most n bytes) into *cp: its
 * length, or 0 if the bytes are not one (overlong, surrogate, past
 * U+10FFFF, cut short). */
size_t util_utf8(const unsigned char *s, size_t n, unsigned long *cp);
/* Replace, in place, every byte of s that is not part of a valid UTF-8
 * sequence (no overlong forms, surrogates or code points past U+10FFFF)
 * with '?'. */
void util_utf8_fix(char *s);

#endif

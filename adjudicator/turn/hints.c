/* hints.c - what a player can do about a refused orders file (hints.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "turn/hints.h"

/* Add "; hint" to e's message (cut if it does not fit); e->hint says
 * where it starts, for programs (`gunbai check --json`). */
static void
hints_add(struct gb_err *e, const char *hint)
{
	char msg[sizeof e->msg];
	size_t at = e->hint ? e->hint : strlen(e->msg) + 2;

	memcpy(msg, e->msg, sizeof msg);
	err_set(e, e->line, e->col, "%s; %s", msg, hint);
	if (strlen(e->msg) > at)
		e->hint = at;
}

void
hints_unsigned(const char *path, const char *sigpath, struct gb_err *e)
{
	struct stat sb;
	const char *base = strrchr(path, '/');

	if (lstat(sigpath, &sb) == 0 || errno != ENOENT)
		return;
	base = base ? base + 1 : path;
	err_set(e, 0, 0, "not signed: there is no '%s.sig' beside it; sign "
	    "it with 'openssl pkeyutl -sign -rawin -inkey YOURNAME.key -in "
	    "%s -out %s.sig' and send both files", base, base, base);
	if (strstr(e->msg, "; sign it") != NULL)
		e->hint = (size_t)(strstr(e->msg, "; sign it") + 2 - e->msg);
}

/* The mail damage tried, in order: how to undo it, and what to say. */
enum hints_fix { FIX_CRLF_TO_LF, FIX_LF_TO_CRLF, FIX_DROP_BOM, FIX_ADD_BOM,
	FIX_DROP_END_BLANKS, FIX_DROP_LAST_LF, FIX_ADD_LF, FIX_ADD_BLANK,
	FIX_DROP_END_SPACES, FIX_COUNT };

#define HINTS_ATTACH "attach the file instead of pasting it"
static const struct {
	const char *what, *advice;
} hints_said[FIX_COUNT] = {
	[FIX_CRLF_TO_LF] = { "line endings were changed (LF to CRLF)",
	    HINTS_ATTACH },
	[FIX_LF_TO_CRLF] = { "line endings were changed (CRLF to LF)",
	    HINTS_ATTACH },
	[FIX_DROP_BOM] = { "a byte-order mark (BOM) was added at the start",
	    "save as UTF-8 without BOM, sign, and attach the file" },
	[FIX_ADD_BOM] = { "the byte-order mark (BOM) at the start was "
	    "removed", "sign the file as it is sent, and attach it" },
	[FIX_DROP_END_BLANKS] = { "blank lines were added at the end",
	    HINTS_ATTACH },
	[FIX_DROP_LAST_LF] = { "a line end was added at the end",
	    HINTS_ATTACH },
	[FIX_ADD_LF] = { "the line end of the last line was removed",
	    HINTS_ATTACH },
	[FIX_ADD_BLANK] = { "a blank line at the end was removed",
	    HINTS_ATTACH },
	[FIX_DROP_END_SPACES] = { "spaces were added at the ends of lines",
	    HINTS_ATTACH },
};

/* buf with the damage fix undone, into out; 0, or -1 if buf does not
 * show that damage. */
static int
hints_undo(enum hints_fix fix, const char *buf, size_t len, struct sbuf *out)
{
	size_t end = len;
	int changed = 0;

	switch (fix) {
	case FIX_CRLF_TO_LF:
	case FIX_LF_TO_CRLF:
	case FIX_DROP_END_SPACES:
		for (size_t i = 0; i < len; i++) {
			int crlf = buf[i] == '\r' && i + 1 < len &&
			    buf[i + 1] == '\n';
			if (fix == FIX_CRLF_TO_LF && crlf) {
				changed = 1;
				continue;
			}
			if (fix == FIX_LF_TO_CRLF && buf[i] == '\n' &&
			    (i == 0 || buf[i - 1] != '\r')) {
				sbuf_putc(out, '\r');
				changed = 1;
			}
			if (fix == FIX_DROP_END_SPACES &&
			    (buf[i] == ' ' || buf[i] == '\t')) {
				size_t j = i;
				while (j < len && (buf[j] == ' ' ||
				    buf[j] == '\t'))
					j++;
				if (j == len || buf[j] == '\n' ||
				    buf[j] == '\r') {
					changed = 1;
					i = j - 1;
					continue;
				}
			}
			sbuf_putc(out, buf[i]);
		}
		return changed ? 0 : -1;
	case FIX_DROP_BOM:
		if (len < 3 || memcmp(buf, "\xef\xbb\xbf", 3) != 0)
			return -1;
		sbuf_add(out, buf + 3, len - 3);
		return 0;
	case FIX_ADD_BOM:
		if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
			return -1;
		sbuf_puts(out, "\xef\xbb\xbf");
		sbuf_add(out, buf, len);
		return 0;
	case FIX_DROP_END_BLANKS:
		while (end > 0 && (buf[end - 1] == '\n' ||
		    buf[end - 1] == '\r' || buf[end - 1] == ' '))
			end--;
		if (end == len || end + 1 == len)
			return -1;
		sbuf_add(out, buf, end);
		sbuf_putc(out, '\n');
		return len - end > 1 ? 0 : -1;
	case FIX_DROP_LAST_LF:
		if (len == 0 || buf[len - 1] != '\n')
			return -1;
		sbuf_add(out, buf, len - 1);
		return 0;
	case FIX_ADD_LF:
	case FIX_ADD_BLANK:
		sbuf_add(out, buf, len);
		sbuf_puts(out, fix == FIX_ADD_LF ? "\n" : "\n\n");
		return 0;
	case FIX_COUNT:
		break;
	}
	return -1;
}

/* The player whose key verifies sig over buf with damage a, then b (or
 * -1: none) undone; -1 if none does or the damage is not there.  With a
 * budget, only the key of the player the text names (every key if it
 * names none), one verification taken from *budget each, none past 0. */
static int
hints_undone_signer(const struct state *st, const char *buf, size_t len,
    const uint8_t sig[CRYPTO_SIG_BYTES], int a, int b, int named,
    size_t *budget)
{
	struct sbuf one, two, *try = &one;
	int who = -1, r;

	sbuf_init(&one);
	sbuf_init(&two);
	sbuf_puts(&one, "");
	sbuf_puts(&two, "");
	r = hints_undo((enum hints_fix)a, buf, len, &one);
	if (r == 0 && b >= 0) {
		r = hints_undo((enum hints_fix)b, one.p, one.len, &two);
		try = &two;
	}
	for (int p = 0; r == 0 && p < st->nplayers && who < 0; p++) {
		if (budget != NULL && named >= 0 && p != named)
			continue;
		if (budget != NULL && *budget == 0)
			break;
		if (budget != NULL)
			(*budget)--;
		if (crypto_verify(st->players[p].key, try->p, try->len, sig,
		    NULL) == 1)
			who = p;
	}
	sbuf_free(&one);
	sbuf_free(&two);
	return who;
}

void
hints_sig_damage(const struct state *st, const char *buf, size_t len,
    const uint8_t sig[CRYPTO_SIG_BYTES], size_t *budget, struct gb_err *e)
{
	int named = budget != NULL ? hints_named(st, buf, len) : -1;

	/* One damage, then two together (a pasted file gets CRLF and a
	 * BOM at once). */
	for (int pairs = 0; pairs < 2; pairs++)
		for (int a = 0; a < FIX_COUNT; a++)
			for (int b = pairs ? a + 1 : -1;
			    b < (pairs ? FIX_COUNT : 0) &&
			    (budget == NULL || *budget > 0); b++) {
				char hint[400];
				int who = hints_undone_signer(st, buf, len,
				    sig, a, b, named, budget);
				if (who < 0)
					continue;
				snprintf(hint, sizeof hint, "it was signed by "
				    "%s, but %s%s%s after signing: %s",
				    st->names[who], hints_said[a].what,
				    b >= 0 ? " and " : "",
				    b >= 0 ? hints_said[b].what : "",
				    hints_said[a].advice);
				hints_add(e, hint);
				return;
			}
}

/* Does a line of buf satisfy pred? */
static int
hints_any_line(const char *buf, size_t len,
    int (*pred)(const char *line, size_t n))
{
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (buf + i)) : len - i;
		if (pred(buf + i, n))
			return 1;
		i += n + 1;
	}
	return 0;
}

static int
hints_tab_indent(const char *line, size_t n)
{
	for (size_t i = 0; i < n && (line[i] == ' ' || line[i] == '\t'); i++)
		if (line[i] == '\t')
			return 1;
	return 0;
}

static int
hints_cut_mark(const char *line, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++)
		if (line[i] == '8' && (line[i + 1] == '<' ||
		    (i > 0 && line[i - 1] == '>')))
			return 1;
		else if (line[i] == '>' && line[i + 1] == '8')
			return 1;
	return 0;
}

static int
hints_orders_key(const char *line, size_t n)
{
	return n >= 7 && memcmp(line, "orders:", 7) == 0;
}

/* The envelope's first line, where it belongs: the file is an envelope. */
static int
hints_envelope_key(const char *line, size_t n)
{
	return n >= 7 && memcmp(line, "gunbai:", 7) == 0;
}

static int
hints_order_item(const char *line, size_t n)
{
	size_t i = 0;

	while (i < n && line[i] == ' ')
		i++;
	return i + 1 < n && line[i] == '-' && line[i + 1] == ' ';
}

/* The number (from 1) of the first line after the line "orders:" that
 * holds something other than an order item ("  - ORDER") and its more
 * indented lines, a comment or another top-level key; 0 if none. */
static int
hints_bare_order(const char *buf, size_t len)
{
	size_t i = 0;
	int no = 0, in_orders = 0, dash = -1;

	while (i < len) {
		const char *line = buf + i, *nl = memchr(line, '\n', len - i);
		size_t n = nl ? (size_t)(nl - line) : len - i, k = 0, w;

		no++;
		i += n + 1;
		if (hints_orders_key(line, n)) {
			in_orders = 1;
			continue;
		}
		while (k < n && line[k] == ' ')
			k++;
		if (!in_orders || k == n || line[k] == '#' ||
		    line[k] == '\r' || (dash >= 0 && k > (size_t)dash))
			continue; /* not an order, or an item's next line */
		if (line[k] == '-' && (k + 1 == n || line[k + 1] == ' ' ||
		    line[k + 1] == '\r')) {
			dash = (int)k;
			continue;
		}
		for (w = k; w < n && (line[w] == '_' ||
		    (line[w] >= 'a' && line[w] <= 'z')); w++)
			;
		if (k == 0 && w > 0 && w < n && line[w] == ':')
			continue; /* a key of the envelope after the orders */
		return no;
	}
	return 0;
}

void
hints_paste(const char *buf, size_t len, struct gb_err *e)
{
	char hint[128];
	int bare;

	if (hints_any_line(buf, len, hints_cut_mark))
		hints_add(e, "remove the cut mark lines ('-- 8< --'): save "
		    "only the lines between them");
	else if (hints_any_line(buf, len, hints_tab_indent))
		hints_add(e, "indent with spaces, not tabs");
	else if (hints_any_line(buf, len, hints_envelope_key) &&
	    !hints_any_line(buf, len, hints_orders_key) &&
	    hints_any_line(buf, len, hints_order_item))
		hints_add(e, "the '  - ORDER' lines need the line 'orders:' "
		    "above them");
	else if ((bare = hints_bare_order(buf, len)) > 0) {
		snprintf(hint, sizeof hint, "write each order on a line of its "
		    "own as '  - ORDER' under 'orders:' (line %d has no '- ')",
		    bare);
		hints_add(e, hint);
	}
}

/* The value of the top-level line "key: VALUE" of buf, plain or quoted
 * and without trailing spaces or CR, copied to out; 0, or -1 if there is
 * no such line or it is too long. */
static int
hints_value(const char *buf, size_t len, const char *key, char *out,
    size_t size)
{
	size_t k = strlen(key), i = 0;

	while (i < len) {
		const char *line = buf + i, *nl = memchr(line, '\n', len - i);
		size_t n = nl ? (size_t)(nl - line) : len - i, a, b;

		i += n + 1;
		if (n <= k || memcmp(line, key, k) != 0 || line[k] != ':')
			continue;
		for (a = k + 1; a < n && line[a] == ' '; a++)
			;
		for (b = n; b > a && (line[b - 1] == ' ' ||
		    line[b - 1] == '\r'); b--)
			;
		if (b - a >= 2 && (line[a] == '"' || line[a] == '\'') &&
		    line[b - 1] == line[a])
			a++, b--;
		if (b - a >= size)
			return -1;
		memcpy(out, line + a, b - a);
		out[b - a] = '\0';
		return 0;
	}
	return -1;
}

int
hints_named(const struct state *st, const char *buf, size_t len)
{
	char game[64], player[64];

	if (hints_value(buf, len, "game", game, sizeof game) == -1 ||
	    strcmp(game, st->id) != 0 ||
	    hints_value(buf, len, "player", player, sizeof player) == -1)
		return -1;
	return state_player(st, player);
}

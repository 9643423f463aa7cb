/* mail_in.c - orders files found in mail (mail_in.h).
 *
 * 1. bound the message: its size, then the lines that could open a part
 *    (MAIL_IN_MARKS_MAX), before GMime reads it;
 * 2. GMime parses it; the walk refuses more than MAIL_IN_PARTS_MAX parts
 *    or MAIL_IN_DEPTH_MAX nested multiparts;
 * 3. each part is decoded (base64, quoted-printable) and sorted by what
 *    it holds: a signature, an orders document (a line "gunbai: ..."),
 *    and, in text, signature lines pasted in a body;
 * 4. each document is tried with each signature and every player's key:
 *    as a whole part, then (pasted in a body) as runs of lines, each as
 *    it came and with CRLF line ends made LF (a text part's line ends
 *    are the mail's, not the file's).  Whatever verifies is exactly the
 *    bytes the player signed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gmime/gmime.h>

#include "base/crypto.h"
#include "base/escape.h"
#include "base/fileio.h"
#include "mail/mail_in.h"
#include "turn/hints.h"
#include "turn/orders.h"

#define MAIL_IN_HEADER_MAX (64u << 10) /* header bytes read from a message
					  refused whole, for its From: */
#define MAIL_IN_STARTS_MAX 4           /* pasted documents in one part */
#define MAIL_IN_ENDS_MAX 64            /* places one may end */

static int mail_in_ready;

void
mail_in_shutdown(void)
{
	if (mail_in_ready) {
		g_mime_shutdown();
		mail_in_ready = 0;
	}
}

static void
mail_in_init(void)
{
	static int registered;

	if (mail_in_ready)
		return;
	g_mime_init();
	mail_in_ready = 1;
	if (!registered && atexit(mail_in_shutdown) == 0)
		registered = 1;
}

size_t
mail_in_split(const char *buf, size_t len, struct mail_in_span **spans)
{
	struct mail_in_span *v = NULL;
	size_t n = 0, cap = 0, i = 0, start;

	*spans = NULL;
	if (len == 0)
		return 0;
	if (len < 5 || memcmp(buf, "From ", 5) != 0) {
		v = util_malloc(sizeof *v);
		v->off = 0;
		v->len = len;
		*spans = v;
		return 1;
	}
	/* An mbox: each "From " line opens a message and is not part of it
	 * (writers of mbox files quote body lines that start so). */
	while (i < len) {
		const char *nl = memchr(buf + i, '\n', len - i);
		start = nl ? (size_t)(nl - buf) + 1 : len;
		i = start;
		while (i < len) {
			nl = memchr(buf + i, '\n', len - i);
			if (len - i >= 5 && memcmp(buf + i, "From ", 5) == 0)
				break;
			i = nl ? (size_t)(nl - buf) + 1 : len;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			v = util_reallocarray(v, cap, sizeof *v);
		}
		v[n].off = start;
		v[n].len = i - start;
		n++;
	}
	*spans = v;
	return n;
}

/* Does the line at s (n bytes) start with key, ASCII case ignored? */
static int
mail_in_starts(const char *s, size_t n, const char *key)
{
	size_t k = strlen(key);

	if (n < k)
		return 0;
	for (size_t i = 0; i < k; i++) {
		char c = s[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != key[i])
			return 0;
	}
	return 1;
}

/* The lines of buf that could open a MIME part. */
static size_t
mail_in_marks(const char *buf, size_t len)
{
	size_t i = 0, marks = 0;

	while (i < len) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (buf + i)) : len - i;
		if (mail_in_starts(buf + i, n, "--") ||
		    mail_in_starts(buf + i, n, "content-type:"))
			marks++;
		i += n + 1;
	}
	return marks;
}

/* A NUL-terminated copy of n bytes that may hold NUL bytes (a raw
 * signature). */
static char *
mail_in_memdup(const char *s, size_t n)
{
	char *p = util_malloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static char *
mail_in_strdup(const char *s)
{
	return s != NULL ? util_strdup(s) : NULL;
}

/* A header's value with the spaces around it taken off, compared with
 * word, ASCII case ignored. */
static int
mail_in_header_is(const char *v, const char *word)
{
	size_t n = strlen(word);

	if (v == NULL)
		return 0;
	while (*v == ' ' || *v == '\t')
		v++;
	return strncasecmp(v, word, n) == 0 && (v[n] == '\0' ||
	    v[n] == ' ' || v[n] == '\t' || v[n] == ';' || v[n] == '(' ||
	    v[n] == '\r' || v[n] == '\n');
}

/* Is a Return-Path null: "<>", with spaces or not, or the daemon's own
 * "<MAILER-DAEMON>" some MTAs write for it? */
static int
mail_in_null_path(const char *rp)
{
	char w[16];
	size_t n = 0;

	for (; *rp != '\0' && n + 1 < sizeof w; rp++)
		if (*rp != ' ' && *rp != '\t' && *rp != '\r' && *rp != '\n')
			w[n++] = *rp;
	w[n] = '\0';
	return *rp == '\0' && (strcmp(w, "<>") == 0 ||
	    strcasecmp(w, "<MAILER-DAEMON>") == 0);
}

/* Why a message whose header is obj, whose body is part (or NULL) and
 * whose From: address is from
 * must not be answered (RFC 3834, section 2), or NULL. */
static const char *
mail_in_automatic(GMimeObject *obj, GMimeObject *part, const char *from)
{
	const char *as = g_mime_object_get_header(obj, "Auto-Submitted");
	const char *prec = g_mime_object_get_header(obj, "Precedence");
	const char *rp = g_mime_object_get_header(obj, "Return-Path");
	const char *at;

	if (as != NULL && !mail_in_header_is(as, "no"))
		return "it says a program sent it (Auto-Submitted)";
	/* The older marks of vacation programs that predate RFC 3834. */
	if (mail_in_header_is(prec, "auto_reply") ||
	    g_mime_object_get_header(obj, "X-Autoreply") != NULL ||
	    g_mime_object_get_header(obj, "X-Autorespond") != NULL)
		return "it says a program sent it (an autoreply header)";
	if (mail_in_header_is(prec, "bulk") || mail_in_header_is(prec,
	    "junk") || mail_in_header_is(prec, "list"))
		return "it is bulk or list mail (Precedence)";
	if (g_mime_object_get_header(obj, "List-Id") != NULL ||
	    g_mime_object_get_header(obj, "List-Unsubscribe") != NULL)
		return "it came through a mailing list (List-Id or "
		    "List-Unsubscribe)";
	if (rp != NULL && mail_in_null_path(rp))
		return "it is a bounce (a null Return-Path)";
	if (part != NULL && g_mime_content_type_is_type(
	    g_mime_object_get_content_type(part), "multipart", "report"))
		return "it is a bounce (a delivery report)";
	if (from != NULL && (at = strchr(from, '@')) != NULL &&
	    ((at - from == 13 && strncasecmp(from, "mailer-daemon", 13) ==
	    0) || (at - from == 10 && strncasecmp(from, "postmaster", 10) ==
	    0)))
		return "it is a bounce (From: MAILER-DAEMON or postmaster)";
	return NULL;
}

const char *
mail_in_no_reply(const struct mail_in_msg *m, const char *self)
{
	if (m->automatic != NULL)
		return m->automatic;
	if (m->from != NULL && self != NULL && strcasecmp(m->from, self) == 0)
		return "it is from the address gunbai answers from (its own "
		    "mail come back)";
	return NULL;
}

int
mail_in_known(const char *addr, const struct state *const *sts, size_t n)
{
	int any = 0;

	for (size_t i = 0; i < n; i++)
		for (int p = 0; p < sts[i]->nplayers; p++) {
			const char *a = sts[i]->players[p].address;

			any |= a != NULL;
			if (a != NULL && addr != NULL &&
			    strcasecmp(a, addr) == 0)
				return 1;
		}
	return !any;
}

/* From:, Subject: and Message-ID: of msg into m. */
static void
mail_in_headers(struct mail_in_msg *m, GMimeMessage *msg)
{
	InternetAddressList *from = g_mime_message_get_from(msg);
	int n = from != NULL ? internet_address_list_length(from) : 0;

	for (int i = 0; i < n && m->from == NULL; i++) {
		InternetAddress *ia = internet_address_list_get_address(from,
		    i);
		if (INTERNET_ADDRESS_IS_MAILBOX(ia))
			m->from = mail_in_strdup(internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(ia)));
	}
	m->subject = mail_in_strdup(g_mime_message_get_subject(msg));
	m->message_id = mail_in_strdup(g_mime_message_get_message_id(msg));
	m->automatic = mail_in_automatic(GMIME_OBJECT(msg),
	    g_mime_message_get_mime_part(msg), m->from);
}

/* GMime's message of len bytes of buf, or NULL. */
static GMimeMessage *
mail_in_parse(const char *buf, size_t len)
{
	GMimeStream *s = g_mime_stream_mem_new_with_buffer(buf, len);
	GMimeParser *p = g_mime_parser_new_with_stream(s);
	GMimeMessage *msg;

	g_mime_parser_set_format(p, GMIME_FORMAT_MESSAGE);
	msg = g_mime_parser_construct_message(p, NULL);
	g_object_unref(p);
	g_object_unref(s);
	return msg;
}

/* For a message refused whole: its headers only (at most
 * MAIL_IN_HEADER_MAX bytes), for whom to answer. */
static void
mail_in_headers_only(struct mail_in_msg *m, const char *buf, size_t len)
{
	size_t end = len < MAIL_IN_HEADER_MAX ? len : MAIL_IN_HEADER_MAX;
	GMimeMessage *msg;

	for (size_t i = 0; i + 1 < end; i++)
		if (buf[i] == '\n' && (buf[i + 1] == '\n' ||
		    (buf[i + 1] == '\r' && i + 2 < end && buf[i + 2] == '\n'))) {
			end = i + 1;
			break;
		}
	if ((msg = mail_in_parse(buf, end)) != NULL) {
		mail_in_headers(m, msg);
		g_object_unref(msg);
	}
}

/* A part's decoded bytes, its name and what kind it is. */
struct mail_in_part {
	char *buf;
	size_t len;
	char hint[MAIL_IN_HINT_MAX];
	int attachment; /* named, or Content-Disposition: attachment */
	int text;       /* a text type: signature lines may be pasted in it */
	int variant;    /* another reading of the part after it (format=
	                 * flowed undone): said nothing of if nothing in it
	                 * verifies */
	const char *original; /* a variant's: the buf of the part it reads */
};

struct mail_in_sig {
	char *buf;      /* the signature file's bytes */
	size_t len;
	uint8_t raw[CRYPTO_SIG_BYTES];
	uint8_t sha[CRYPTO_SHA256_BYTES]; /* of raw: the rule's order */
	char hint[MAIL_IN_HINT_MAX];
};

struct mail_in_walk {
	struct mail_in_msg *m;
	const struct state *const *sts; /* the games a document may be of */
	size_t nst;
	struct mail_in_part *docs;
	size_t ndocs;
	struct mail_in_sig sigs[MAIL_IN_SIGS_MAX];
	size_t nsigs;
	/* The signatures in the order they are tried: by the SHA-256 of
	 * their 64 bytes, smallest first, so that of several that verify
	 * one file the first found is the one run uses (formats/orders.md:
	 * one rule for run and mail-in). */
	size_t order[MAIL_IN_SIGS_MAX];
	struct mail_in_part *parts; /* every part kept, for the hints */
	size_t nkept;
	size_t tries, tried;        /* MAIL_IN_VERIFY_MAX, _TRIED_BYTES_MAX */
};

static char *
mail_in_decode(GMimePart *part, size_t *len)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	GMimeStream *mem;
	GByteArray *a;
	char *out;

	*len = 0;
	if (w == NULL)
		return util_strdup("");
	mem = g_mime_stream_mem_new();
	g_mime_data_wrapper_write_to_stream(w, mem);
	a = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	out = util_malloc(a->len + 1);
	/* An empty part has no data at all (NULL). */
	if (a->len > 0)
		memcpy(out, a->data, a->len);
	out[a->len] = '\0';
	*len = a->len;
	g_object_unref(mem);
	return out;
}

/* The offset of the next line after the one at i, or len. */
static size_t
mail_in_next(const char *buf, size_t len, size_t i)
{
	const char *nl = memchr(buf + i, '\n', len - i);

	return nl ? (size_t)(nl - buf) + 1 : len;
}

/* Does the line at buf[i, end) open an orders document ("gunbai:", after
 * a byte-order mark if it is the first)? */
static int
mail_in_envelope_line(const char *buf, size_t i, size_t end)
{
	if (i == 0 && end >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	return end - i >= 7 && memcmp(buf + i, "gunbai:", 7) == 0;
}

/* Is buf[i, end) a line holding only a base64 signature (with spaces
 * around)?  If so and raw is not NULL, the signature goes there. */
static int
mail_in_sig_line(const char *buf, size_t i, size_t end,
    uint8_t raw[CRYPTO_SIG_BYTES])
{
	uint8_t tmp[CRYPTO_SIG_BYTES];
	size_t a = i, b = end;

	while (a < b && (buf[a] == ' ' || buf[a] == '\t'))
		a++;
	while (b > a && (buf[b - 1] == ' ' || buf[b - 1] == '\t' ||
	    buf[b - 1] == '\r' || buf[b - 1] == '\n'))
		b--;
	/* base64 of 64 bytes: 86 characters and its padding. */
	if (b - a < 86 || b - a > 88)
		return 0;
	for (size_t k = a; k < b; k++) {
		char c = buf[k];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '+' || c == '/' ||
		    c == '='))
			return 0;
	}
	return crypto_sig_decode((const uint8_t *)buf + a, b - a,
	    raw != NULL ? raw : tmp, NULL) == 0;
}

static void
mail_in_add_sig(struct mail_in_walk *w, const char *buf, size_t len,
    const uint8_t raw[CRYPTO_SIG_BYTES], const char *hint)
{
	struct mail_in_sig *s;

	for (size_t i = 0; i < w->nsigs; i++)
		if (w->sigs[i].len == len && memcmp(w->sigs[i].buf, buf,
		    len) == 0)
			return;
	if (w->nsigs == MAIL_IN_SIGS_MAX)
		return;
	s = &w->sigs[w->nsigs];
	s->buf = mail_in_memdup(buf, len);
	s->len = len;
	memcpy(s->raw, raw, CRYPTO_SIG_BYTES);
	crypto_sha256(raw, CRYPTO_SIG_BYTES, s->sha);
	/* Into the order, before the first with a greater SHA-256. */
	{
		size_t at = w->nsigs;

		while (at > 0 && memcmp(w->sigs[w->order[at - 1]].sha,
		    s->sha, sizeof s->sha) > 0) {
			w->order[at] = w->order[at - 1];
			at--;
		}
		w->order[at] = w->nsigs;
	}
	w->nsigs++;
	memcpy(s->hint, hint, sizeof s->hint);
}

/* Sort one decoded part: a signature, a document, and signature lines
 * pasted in a text. */
static void
mail_in_sort(struct mail_in_walk *w, struct mail_in_part *p)
{
	uint8_t raw[CRYPTO_SIG_BYTES];
	int doc = 0;

	for (size_t i = 0; i < p->len && !doc; i = mail_in_next(p->buf,
	    p->len, i))
		doc = mail_in_envelope_line(p->buf, i, mail_in_next(p->buf,
		    p->len, i));
	if (doc) {
		w->docs = util_reallocarray(w->docs, w->ndocs + 1,
		    sizeof *w->docs);
		w->docs[w->ndocs++] = *p;
	} else if (p->len <= FILEIO_SIG_MAX && crypto_sig_decode(
	    (const uint8_t *)p->buf, p->len, raw, NULL) == 0) {
		mail_in_add_sig(w, p->buf, p->len, raw, p->hint);
	}
	if (!p->text && !doc)
		return;
	for (size_t i = 0; i < p->len; i = mail_in_next(p->buf, p->len, i)) {
		size_t end = mail_in_next(p->buf, p->len, i);
		if (mail_in_sig_line(p->buf, i, end, raw))
			mail_in_add_sig(w, p->buf + i, end - i, raw, p->hint);
	}
}

/* The text of a format=flowed part as it was before the mail client
 * flowed it (RFC 3676): a space starting a line was stuffed and goes; a
 * line ending in a space is joined to the next (the space deleted too
 * with delsp=yes), except the signature separator "-- " and quoted
 * lines, left as they are.  Lines end in LF.  NULL if nothing changes. */
static char *
mail_in_unflow(const char *buf, size_t len, int delsp, size_t *outlen)
{
	struct sbuf b;
	int changed = 0;

	sbuf_init(&b);
	sbuf_puts(&b, "");
	for (size_t i = 0; i < len; i = mail_in_next(buf, len, i)) {
		size_t a = i, e = mail_in_next(buf, len, i), end = e;
		int nl = end > a && buf[end - 1] == '\n';

		if (nl)
			end--;
		if (end > a && buf[end - 1] == '\r')
			end--;
		if (end - a == 3 && memcmp(buf + a, "-- ", 3) == 0) {
			sbuf_add(&b, buf + a, end - a);
			sbuf_putc(&b, '\n');
			continue;
		}
		if (end > a && buf[a] == ' ' && buf[a] != '>') {
			a++;
			changed = 1;
		}
		if (end > a && buf[end - 1] == ' ' && buf[i] != '>' && nl) {
			changed = 1;
			sbuf_add(&b, buf + a, end - a - (delsp ? 1 : 0));
			continue;
		}
		sbuf_add(&b, buf + a, end - a);
		if (nl)
			sbuf_putc(&b, '\n');
	}
	if (!changed) {
		sbuf_free(&b);
		return NULL;
	}
	*outlen = b.len;
	return sbuf_take(&b);
}

/* The first line of text that is not blank, spaces around it taken off,
 * if it is short (a mail command: "status"), else NULL. */
static char *
mail_in_first_line(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i = mail_in_next(buf, len, i)) {
		size_t a = i, b = mail_in_next(buf, len, i);

		while (a < b && (buf[a] == ' ' || buf[a] == '\t'))
			a++;
		while (b > a && (buf[b - 1] == ' ' || buf[b - 1] == '\t' ||
		    buf[b - 1] == '\r' || buf[b - 1] == '\n'))
			b--;
		if (a == b)
			continue;
		return b - a <= 32 ? util_strndup(buf + a, b - a) : NULL;
	}
	return NULL;
}

/* Walk obj (at depth); -1 with m->err set if the message is refused. */
static int
mail_in_walk(struct mail_in_walk *w, GMimeObject *obj, int depth)
{
	GMimeContentType *ct = g_mime_object_get_content_type(obj);
	struct mail_in_part p;

	if (depth > MAIL_IN_DEPTH_MAX)
		return err_set(&w->m->err, 0, 0, "multiparts nested deeper "
		    "than %d levels", MAIL_IN_DEPTH_MAX);
	if (GMIME_IS_MULTIPART(obj)) {
		GMimeMultipart *mp = GMIME_MULTIPART(obj);
		int n = g_mime_multipart_get_count(mp);
		for (int i = 0; i < n; i++)
			if (mail_in_walk(w, g_mime_multipart_get_part(mp, i),
			    depth + 1) == -1)
				return -1;
		return 0;
	}
	if (++w->m->nparts > MAIL_IN_PARTS_MAX)
		return err_set(&w->m->err, 0, 0, "more than %d parts",
		    MAIL_IN_PARTS_MAX);
	/* A forwarded message is not looked into, nor is HTML: an orders
	 * file is plain text. */
	if (!GMIME_IS_PART(obj) || (ct != NULL &&
	    g_mime_content_type_is_type(ct, "text", "html")))
		return 0;
	memset(&p, 0, sizeof p);
	{
		const char *name = g_mime_part_get_filename(GMIME_PART(obj));
		GMimeContentDisposition *d =
		    g_mime_object_get_content_disposition(obj);
		if (name != NULL)
			escape_copy(name, p.hint, sizeof p.hint);
		p.attachment = name != NULL || (d != NULL &&
		    g_mime_content_disposition_is_attachment(d));
		p.text = ct == NULL || g_mime_content_type_is_type(ct, "text",
		    "*");
	}
	p.buf = mail_in_decode(GMIME_PART(obj), &p.len);
	if (w->m->first_line == NULL && p.text && !p.attachment)
		w->m->first_line = mail_in_first_line(p.buf, p.len);
	w->parts = util_reallocarray(w->parts, w->nkept + 2, sizeof *w->parts);
	/* Pasted text a client sent format=flowed: also read as it was
	 * before (space-stuffed order lines, long lines broken), and first:
	 * that reading is the one a flowing client's text was signed in,
	 * and the verifications a message may cost are few. */
	if (p.text && ct != NULL) {
		const char *fmt = g_mime_content_type_get_parameter(ct,
		    "format");
		const char *delsp = g_mime_content_type_get_parameter(ct,
		    "delsp");
		struct mail_in_part v = p;

		if (fmt != NULL && g_ascii_strcasecmp(fmt, "flowed") == 0 &&
		    (v.buf = mail_in_unflow(p.buf, p.len, delsp != NULL &&
		    g_ascii_strcasecmp(delsp, "yes") == 0, &v.len)) != NULL) {
			v.variant = 1;
			v.original = p.buf;
			w->parts[w->nkept++] = v;
			mail_in_sort(w, &w->parts[w->nkept - 1]);
		}
	}
	w->parts[w->nkept++] = p;
	mail_in_sort(w, &w->parts[w->nkept - 1]);
	return 0;
}

/* The value of the top-level key "KEY:" of the document buf (its first
 * such line, spaces and one pair of quotes around it taken off) into
 * out; 0, or -1 if there is none or it does not fit. */
static int
mail_in_field(const char *buf, size_t len, const char *key, char *out,
    size_t size)
{
	size_t k = strlen(key);

	for (size_t i = 0; i < len; i = mail_in_next(buf, len, i)) {
		size_t end = mail_in_next(buf, len, i), a = i + k, b = end;

		if (end - i <= k || memcmp(buf + i, key, k) != 0)
			continue;
		while (a < b && (buf[a] == ' ' || buf[a] == '\t'))
			a++;
		while (b > a && (buf[b - 1] == ' ' || buf[b - 1] == '\t' ||
		    buf[b - 1] == '\r' || buf[b - 1] == '\n'))
			b--;
		if (b - a >= 2 && (buf[a] == '\'' || buf[a] == '"') &&
		    buf[b - 1] == buf[a]) {
			a++;
			b--;
		}
		if (b - a >= size)
			return -1;
		memcpy(out, buf + a, b - a);
		out[b - a] = '\0';
		return 0;
	}
	return -1;
}

int
mail_in_route(const struct state *const *sts, size_t n, const char *buf,
    size_t len)
{
	char uid[128], id[128], hex[2 * COMMIT_UID_BYTES + 1];
	int has_uid, has_id, found = -1;

	if (n == 1)
		return 0;
	has_uid = mail_in_field(buf, len, "uid:", uid, sizeof uid) == 0;
	has_id = mail_in_field(buf, len, "game:", id, sizeof id) == 0;
	/* The game whose uid and id the file names; without a uid (an
	 * orders 1 file, a line lost), the one game with that id; of games
	 * with the same uid (made with the same --seed), the one with the
	 * id; else none. */
	for (int pass = 0; pass < 2 && found < 0; pass++) {
		for (size_t i = 0; i < n; i++) {
			int uid_ok, id_ok;

			util_hex(sts[i]->uid, COMMIT_UID_BYTES, hex);
			uid_ok = has_uid && strcmp(hex, uid) == 0;
			id_ok = has_id && strcmp(sts[i]->id, id) == 0;
			/* Pass 0: uid and id; pass 1: the uid alone, or
			 * the id alone without a uid. */
			if (pass == 0 ? !(uid_ok && id_ok) :
			    has_uid ? !uid_ok : !id_ok)
				continue;
			if (found >= 0)
				return -1;
			found = (int)i;
		}
	}
	return found;
}

/* Who signed buf with signature s, within the budget, in the game the
 * document names (*game); -1 if nobody.  A document that names no game
 * of the league costs no verification. */
static int
mail_in_signer(struct mail_in_walk *w, const char *buf, size_t len,
    const struct mail_in_sig *s, int *game)
{
	int r;

	const struct state *st;
	int named, cost;

	*game = mail_in_route(w->sts, w->nst, buf, len);
	if (*game < 0)
		return -1;
	st = w->sts[*game];
	/* Every try costs one verification at least: once they are spent,
	 * the text is not looked at further. */
	if (w->tries >= MAIL_IN_VERIFY_MAX) {
		w->m->over_budget = 1;
		return -1;
	}
	/* The key of the player the text names, alone: a text that names
	 * a player is that player's or no one's (the envelope requires the
	 * signer), so one verification, not one per player, each time. */
	named = hints_named(st, buf, len);
	cost = named >= 0 ? 1 : st->nplayers;
	if (w->tries + (size_t)cost > MAIL_IN_VERIFY_MAX ||
	    len > MAIL_IN_TRIED_BYTES_MAX - w->tried) {
		w->m->over_budget = 1;
		return -1;
	}
	w->tries += (size_t)cost;
	w->tried += len;
	if (named >= 0)
		return crypto_verify(st->players[named].key, buf, len, s->raw,
		    NULL) == 1 ? named : -1;
	r = orders_signer(st, buf, len, s->raw, NULL);
	return r >= 0 ? r : -1;
}

/* buf with every CRLF made LF, into out; 0, or -1 if it holds none. */
static int
mail_in_lf(const char *buf, size_t len, struct sbuf *out)
{
	int changed = 0;

	sbuf_init(out);
	sbuf_puts(out, "");
	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\r' && i + 1 < len && buf[i + 1] == '\n') {
			changed = 1;
			continue;
		}
		sbuf_putc(out, buf[i]);
	}
	if (!changed)
		sbuf_free(out);
	return changed ? 0 : -1;
}

static void
mail_in_add_doc(struct mail_in_walk *w, const char *buf, size_t len,
    const struct mail_in_sig *s, int signer, int pasted,
    const struct mail_in_part *p)
{
	struct mail_in_msg *m = w->m;
	struct mail_in_doc *d;

	/* The same document twice (as a part and pasted) counts once. */
	for (size_t i = 0; i < m->ndocs; i++)
		if (m->docs[i].len == len && memcmp(m->docs[i].buf, buf,
		    len) == 0)
			return;
	m->docs = util_reallocarray(m->docs, m->ndocs + 1, sizeof *m->docs);
	d = &m->docs[m->ndocs++];
	memset(d, 0, sizeof *d);
	d->buf = mail_in_memdup(buf, len);
	d->len = len;
	if (s != NULL) {
		d->sig = mail_in_memdup(s->buf, s->len);
		d->siglen = s->len;
		memcpy(d->sighint, s->hint, sizeof d->sighint);
	}
	d->signer = signer;
	d->game = mail_in_route(w->sts, w->nst, buf, len);
	d->pasted = pasted;
	memcpy(d->hint, p->hint, sizeof d->hint);
}

/* Try buf as it is and with LF line ends, with every signature; the
 * document is added and 1 returned if one verifies. */
static int
mail_in_try(struct mail_in_walk *w, const char *buf, size_t len, int pasted,
    const struct mail_in_part *p)
{
	struct sbuf lf;
	int has_lf = mail_in_lf(buf, len, &lf) == 0;

	for (int v = 0; v < 1 + has_lf; v++)
		for (size_t i = 0; i < w->nsigs; i++) {
			const char *b = v ? lf.p : buf;
			size_t n = v ? lf.len : len, k = w->order[i];
			int game, who = mail_in_signer(w, b, n, &w->sigs[k],
			    &game);
			if (who >= 0) {
				mail_in_add_doc(w, b, n, &w->sigs[k], who,
				    pasted, p);
				if (has_lf)
					sbuf_free(&lf);
				return 1;
			}
		}
	if (has_lf)
		sbuf_free(&lf);
	return 0;
}

/* Is the line at i of p blank, a signature, a mail signature's "--" or
 * another document's start: a place a pasted document may end before? */
static int
mail_in_stop_line(const struct mail_in_part *p, size_t i)
{
	size_t end = mail_in_next(p->buf, p->len, i), k = i;

	while (k < end && (p->buf[k] == ' ' || p->buf[k] == '\t' ||
	    p->buf[k] == '\r' || p->buf[k] == '\n'))
		k++;
	return k == end || mail_in_sig_line(p->buf, i, end, NULL) ||
	    mail_in_starts(p->buf + i, end - i, "--") ||
	    mail_in_envelope_line(p->buf, i, end);
}

/* Documents pasted in p from the line at start, whose "gunbai:" line is
 * at doc (start itself, or after the comment lines above it): each run
 * of lines up to a stop line, with and without its last line end. */
static int
mail_in_pasted(struct mail_in_walk *w, const struct mail_in_part *p,
    size_t start, size_t doc)
{
	size_t ends = 0, i = mail_in_next(p->buf, p->len, doc);

	for (; ends < MAIL_IN_ENDS_MAX; i = mail_in_next(p->buf, p->len, i)) {
		if (i < p->len && !mail_in_stop_line(p, i))
			continue;
		ends++;
		if (mail_in_try(w, p->buf + start, i - start, 1, p))
			return 1;
		if (i > start && p->buf[i - 1] == '\n' &&
		    mail_in_try(w, p->buf + start, i - start - 1, 1, p))
			return 1;
		if (i >= p->len)
			break;
	}
	return 0;
}

/* The pasted document most likely meant at start, for the refusal: up to
 * the last line before a signature line, a "--" line or the end that is
 * not blank. */
static size_t
mail_in_guess_end(const struct mail_in_part *p, size_t start)
{
	size_t end = mail_in_next(p->buf, p->len, start), i = end;

	for (; i < p->len; i = mail_in_next(p->buf, p->len, i)) {
		size_t e = mail_in_next(p->buf, p->len, i), k = i;
		if (mail_in_sig_line(p->buf, i, e, NULL) ||
		    mail_in_starts(p->buf + i, e - i, "--") ||
		    mail_in_envelope_line(p->buf, i, e))
			break;
		while (k < e && (p->buf[k] == ' ' || p->buf[k] == '\t' ||
		    p->buf[k] == '\r' || p->buf[k] == '\n'))
			k++;
		if (k < e)
			end = e;
	}
	return end;
}

/* The signature most likely meant for p when none verifies: the one
 * named after it ("NAME.sig"), else the first. */
static const struct mail_in_sig *
mail_in_guess_sig(const struct mail_in_walk *w, const struct mail_in_part *p)
{
	for (size_t k = 0; k < w->nsigs; k++) {
		size_t n = strlen(p->hint);
		if (n > 0 && strncmp(w->sigs[k].hint, p->hint, n) == 0 &&
		    strcmp(w->sigs[k].hint + n, ".sig") == 0)
			return &w->sigs[k];
	}
	return w->nsigs > 0 ? &w->sigs[0] : NULL;
}

/* Does the text of p hold a signature line: orders pasted above one at
 * the top of a body are pasted text, not a file? */
static int
mail_in_has_sig(const struct mail_in_part *p)
{
	for (size_t i = 0; i < p->len; i = mail_in_next(p->buf, p->len, i))
		if (mail_in_sig_line(p->buf, i, mail_in_next(p->buf, p->len,
		    i), NULL))
			return 1;
	return 0;
}

/* The start of the comment lines ("#...") just above the line at doc in
 * p (doc if there are none): a pasted template signed whole, as the
 * report gives it, starts there. */
static size_t
mail_in_comments(const struct mail_in_part *p, size_t doc)
{
	size_t c = doc;

	while (c > 0) {
		size_t prev = c - 1;

		while (prev > 0 && p->buf[prev - 1] != '\n')
			prev--;
		if (p->buf[prev] != '#')
			break;
		c = prev;
	}
	return c;
}

/* Match document p with the signatures; add it, verified or not.
 * Returns 1 if a signature verified it. */
static int
mail_in_match(struct mail_in_walk *w, const struct mail_in_part *p)
{
	size_t starts[MAIL_IN_STARTS_MAX], nstarts = 0, from = 0, to = p->len;
	const struct mail_in_sig *s;
	struct sbuf lf;
	int whole;

	for (size_t i = 0; i < p->len && nstarts < MAIL_IN_STARTS_MAX;
	    i = mail_in_next(p->buf, p->len, i))
		if (mail_in_envelope_line(p->buf, i, mail_in_next(p->buf,
		    p->len, i)))
			starts[nstarts++] = i;
	if (mail_in_try(w, p->buf, p->len, 0, p))
		return 1;
	for (size_t k = 0; k < nstarts; k++) {
		size_t c = mail_in_comments(p, starts[k]);

		if (mail_in_pasted(w, p, starts[k], starts[k]) ||
		    (c < starts[k] && mail_in_pasted(w, p, c, starts[k])))
			return 1;
	}
	/* Another reading of a part says nothing more when nothing in it
	 * verifies. */
	if (p->variant)
		return 0;
	/* Nothing verifies: the part as a whole if it is a file, else the
	 * pasted text; line ends made LF if the mail made them CRLF, so
	 * that the hints speak of what the player did. */
	whole = p->attachment || (starts[0] == 0 && !mail_in_has_sig(p));
	if (!whole) {
		from = starts[0];
		to = mail_in_guess_end(p, from);
	}
	s = mail_in_guess_sig(w, p);
	if (!whole && mail_in_lf(p->buf + from, to - from, &lf) == 0) {
		mail_in_add_doc(w, lf.p, lf.len, s, -1, 1, p);
		sbuf_free(&lf);
	} else {
		mail_in_add_doc(w, p->buf + from, to - from, s, -1, !whole,
		    p);
	}
	return 0;
}

/* A document not verified is dropped when another is: only attachments
 * are worth a word then (a body that only mentions "gunbai:" is not).
 * At most MAIL_IN_DOCS_MAX verified and MAIL_IN_UNVERIFIED_MAX others are
 * kept: each is checked again as run checks it, so each costs
 * verifications too (m->over_budget says some were left). */
static void
mail_in_prune(struct mail_in_msg *m, const unsigned char *attached)
{
	size_t k = 0, verified = 0, kept_v = 0, kept_u = 0;

	for (size_t i = 0; i < m->ndocs; i++)
		verified += m->docs[i].signer >= 0;
	for (size_t i = 0; i < m->ndocs; i++) {
		int v = m->docs[i].signer >= 0;

		if ((verified > 0 && !v && !attached[i]) ||
		    (v && kept_v == MAIL_IN_DOCS_MAX) ||
		    (!v && kept_u == MAIL_IN_UNVERIFIED_MAX)) {
			if ((v && kept_v == MAIL_IN_DOCS_MAX) ||
			    (!v && kept_u == MAIL_IN_UNVERIFIED_MAX))
				m->over_budget = 1;
			free(m->docs[i].buf);
			free(m->docs[i].sig);
			continue;
		}
		kept_v += v;
		kept_u += !v;
		m->docs[k++] = m->docs[i];
	}
	m->ndocs = k;
}

static void
mail_in_look(struct mail_in_msg *m, GMimeMessage *msg,
    const struct state *const *sts, size_t nst)
{
	struct mail_in_walk w;
	unsigned char *attached;

	memset(&w, 0, sizeof w);
	w.m = m;
	w.sts = sts;
	w.nst = nst;
	if (mail_in_walk(&w, g_mime_message_get_mime_part(msg), 0) == -1) {
		m->refused = 1;
	} else {
		attached = util_calloc(w.ndocs + 1, 1);
		for (size_t i = 0; i < w.ndocs; i++) {
			size_t before = m->ndocs;
			int found = mail_in_match(&w, &w.docs[i]);

			if (m->ndocs > before)
				attached[m->ndocs - 1] = (unsigned char)
				    w.docs[i].attachment;
			/* The part as it came, after its unflowed reading
			 * (mail_in_walk puts that first) held the signed
			 * text: not tried again, which spent the message's
			 * verifications on a text already found. */
			if (found && w.docs[i].variant && i + 1 < w.ndocs &&
			    !w.docs[i + 1].variant &&
			    w.docs[i + 1].buf == w.docs[i].original)
				i++;
		}
		mail_in_prune(m, attached);
		free(attached);
	}
	m->tries = w.tries;
	for (size_t i = 0; i < w.nkept; i++)
		free(w.parts[i].buf);
	free(w.parts);
	free(w.docs);
	for (size_t i = 0; i < w.nsigs; i++)
		free(w.sigs[i].buf);
}

void
mail_in_read(struct mail_in_msg *m, const char *buf, size_t len,
    const struct state *st)
{
	mail_in_read_games(m, buf, len, &st, 1);
}

void
mail_in_read_games(struct mail_in_msg *m, const char *buf, size_t len,
    const struct state *const *sts, size_t nst)
{
	GMimeMessage *msg;
	size_t marks;

	memset(m, 0, sizeof *m);
	mail_in_init();
	if (len > MAIL_IN_MESSAGE_MAX) {
		m->refused = 1;
		err_set(&m->err, 0, 0, "the message is %zu bytes; at most %u "
		    "are read", len, MAIL_IN_MESSAGE_MAX);
		mail_in_headers_only(m, buf, len);
		return;
	}
	if ((marks = mail_in_marks(buf, len)) > MAIL_IN_MARKS_MAX) {
		m->refused = 1;
		err_set(&m->err, 0, 0, "the message has %zu lines that could "
		    "open a MIME part; at most %d are read", marks,
		    MAIL_IN_MARKS_MAX);
		mail_in_headers_only(m, buf, len);
		return;
	}
	if ((msg = mail_in_parse(buf, len)) == NULL) {
		m->refused = 1;
		err_set(&m->err, 0, 0, "not a mail message");
		return;
	}
	mail_in_headers(m, msg);
	mail_in_look(m, msg, sts, nst);
	g_object_unref(msg);
}

void
mail_in_free(struct mail_in_msg *m)
{
	for (size_t i = 0; i < m->ndocs; i++) {
		free(m->docs[i].buf);
		free(m->docs[i].sig);
	}
	free(m->docs);
	free(m->from);
	free(m->subject);
	free(m->message_id);
	free(m->first_line);
	memset(m, 0, sizeof *m);
}

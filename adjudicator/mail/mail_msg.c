/* mail_msg.c - one outgoing message, composed with GMime (mail_msg.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmime/gmime.h>

#include "base/crypto.h"
#include "base/escape.h"
#include "base/mail_addr.h"
#include "mail/mail_msg.h"

#define MAIL_MSG_LINE_MAX 78 /* a line sent as it is (RFC 5322's SHOULD) */
#define MAIL_MSG_SUBJECT_MAX 200

static int mail_msg_gmime_ready;

static void
mail_msg_gmime_init(void)
{
	if (!mail_msg_gmime_ready) {
		g_mime_init();
		mail_msg_gmime_ready = 1;
	}
}

static int
mail_msg_token(char c, const char *extra)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || (c != '\0' && strchr(extra, c) != NULL);
}

static int
mail_msg_valid_name(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > MAIL_MSG_NAME_MAX || s[0] == '.')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!mail_msg_token(s[i], "._-"))
			return 0;
	return 1;
}

static int
mail_msg_valid_type(const char *s)
{
	const char *slash = strchr(s, '/');
	size_t n = strlen(s);

	if (slash == NULL || slash == s || slash[1] == '\0' || n > 100 ||
	    strchr(slash + 1, '/') != NULL)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] != '/' && !mail_msg_token(s[i], ".+-"))
			return 0;
	return 1;
}

/* One "<id>": printable ASCII without space, <, > or '"' inside. */
static const char *
mail_msg_one_id(const char *p)
{
	if (*p++ != '<')
		return NULL;
	const char *start = p;
	while (*p > ' ' && *p < 0x7f && *p != '<' && *p != '>' && *p != '"')
		p++;
	return *p == '>' && p > start ? p + 1 : NULL;
}

static int
mail_msg_valid_ids(const char *s, size_t max, int many)
{
	const char *p = s;

	if (strlen(s) > max)
		return 0;
	for (;;) {
		if ((p = mail_msg_one_id(p)) == NULL)
			return 0;
		if (*p == '\0')
			return 1;
		if (!many || *p != ' ')
			return 0;
		p++;
	}
}

static int
mail_msg_check(const struct mail_msg *m, struct gb_err *e)
{
	struct gb_err ae;

	if (mail_addr_check(m->from, &ae) == -1)
		return err_set(e, 0, 0, "From: %s", ae.msg);
	if (mail_addr_check(m->to, &ae) == -1)
		return err_set(e, 0, 0, "To: %s", ae.msg);
	if (strlen(m->subject) > MAIL_MSG_SUBJECT_MAX ||
	    escape_needed(m->subject, 0))
		return err_set(e, 0, 0, "the subject is longer than %d bytes "
		    "or not printable text", MAIL_MSG_SUBJECT_MAX);
	if (m->in_reply_to != NULL &&
	    !mail_msg_valid_ids(m->in_reply_to, MAIL_MSG_ID_MAX, 0))
		return err_set(e, 0, 0, "In-Reply-To is not one message id "
		    "'<...>' of at most %d printable characters",
		    MAIL_MSG_ID_MAX);
	if (m->references != NULL &&
	    !mail_msg_valid_ids(m->references, MAIL_MSG_REFS_MAX, 1))
		return err_set(e, 0, 0, "References is not message ids "
		    "'<...>' separated by spaces, at most %d characters",
		    MAIL_MSG_REFS_MAX);
	if (memchr(m->body, '\0', m->body_len) != NULL ||
	    escape_needed(m->body, ESCAPE_LINES))
		return err_set(e, 0, 0, "the body is not text the escaping "
		    "rule leaves as it is");
	if (m->body_len > 0 && m->body[m->body_len - 1] != '\n')
		return err_set(e, 0, 0, "the body does not end with a "
		    "newline");
	for (size_t i = 0; i < m->natt; i++) {
		if (!mail_msg_valid_name(m->att[i].filename))
			return err_set(e, 0, 0, "attachment %zu: invalid file "
			    "name", i + 1);
		if (!mail_msg_valid_type(m->att[i].type))
			return err_set(e, 0, 0, "attachment %zu: invalid "
			    "content type", i + 1);
	}
	return 0;
}

/* Feed one field to the content hash: its length, then its bytes. */
static void
mail_msg_field(struct sbuf *b, const char *s, size_t n)
{
	sbuf_printf(b, "%zu:", s != NULL ? n : (size_t)0);
	if (s != NULL)
		sbuf_add(b, s, n);
}

static void
mail_msg_hash(const struct mail_msg *m, char hex[2 * CRYPTO_SHA256_BYTES + 1])
{
	uint8_t sha[CRYPTO_SHA256_BYTES];
	struct sbuf b;

	sbuf_init(&b);
	sbuf_puts(&b, "gunbai-mail-1\n");
	mail_msg_field(&b, m->from, strlen(m->from));
	mail_msg_field(&b, m->to, strlen(m->to));
	mail_msg_field(&b, m->subject, strlen(m->subject));
	mail_msg_field(&b, m->in_reply_to,
	    m->in_reply_to ? strlen(m->in_reply_to) : 0);
	mail_msg_field(&b, m->references,
	    m->references ? strlen(m->references) : 0);
	mail_msg_field(&b, m->body, m->body_len);
	for (size_t i = 0; i < m->natt; i++) {
		mail_msg_field(&b, m->att[i].filename,
		    strlen(m->att[i].filename));
		mail_msg_field(&b, m->att[i].type, strlen(m->att[i].type));
		mail_msg_field(&b, m->att[i].data, m->att[i].len);
	}
	crypto_sha256(b.p, b.len, sha);
	util_hex(sha, sizeof sha, hex);
	sbuf_free(&b);
}

/* The transfer encoding of the body (which ends in a newline): as it is
 * (7bit) when it is ASCII in short lines without trailing blanks; base64 when a
 * line starts "From " (an mbox would change it, and quoted-printable
 * leaves it); quoted-printable otherwise. */
static GMimeContentEncoding
mail_msg_body_encoding(const char *s, size_t n)
{
	size_t col = 0;
	int plain = 1;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n') {
			if (col > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
				plain = 0;
			col = 0;
			continue;
		}
		if (col++ == 0 && n - i >= 5 && memcmp(s + i, "From ", 5) == 0)
			return GMIME_CONTENT_ENCODING_BASE64;
		if (c >= 0x80 || c == '\r' || col > MAIL_MSG_LINE_MAX)
			plain = 0;
	}
	return plain ? GMIME_CONTENT_ENCODING_7BIT :
	    GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE;
}

/* A leaf part holding n bytes at data, in the transfer encoding enc. */
static GMimePart *
mail_msg_part(const char *type, const char *sub, const char *data, size_t n,
    GMimeContentEncoding enc)
{
	GMimePart *part = g_mime_part_new_with_type(type, sub);
	GMimeStream *st = g_mime_stream_mem_new_with_buffer(data, n);
	GMimeDataWrapper *w = g_mime_data_wrapper_new_with_stream(st,
	    GMIME_CONTENT_ENCODING_DEFAULT);

	g_mime_part_set_content(part, w);
	g_mime_part_set_content_encoding(part, enc);
	g_object_unref(w);
	g_object_unref(st);
	return part;
}

static GMimePart *
mail_msg_body(const struct mail_msg *m)
{
	GMimePart *part = mail_msg_part("text", "plain", m->body, m->body_len,
	    mail_msg_body_encoding(m->body, m->body_len));

	g_mime_object_set_content_type_parameter(GMIME_OBJECT(part),
	    "charset", "utf-8");
	return part;
}

static GMimeObject *
mail_msg_tree(const struct mail_msg *m, const char *boundary)
{
	GMimeMultipart *mp;

	if (m->natt == 0)
		return GMIME_OBJECT(mail_msg_body(m));
	mp = g_mime_multipart_new_with_subtype("mixed");
	g_mime_multipart_set_boundary(mp, boundary);
	GMimePart *body = mail_msg_body(m);
	g_mime_multipart_add(mp, GMIME_OBJECT(body));
	g_object_unref(body);
	for (size_t i = 0; i < m->natt; i++) {
		const struct mail_attach *a = &m->att[i];
		char *type = util_strdup(a->type), *sub = strchr(type, '/');
		GMimePart *part;

		*sub++ = '\0';
		part = mail_msg_part(type, sub, a->data, a->len,
		    GMIME_CONTENT_ENCODING_BASE64);
		g_mime_part_set_filename(part, a->filename);
		g_mime_multipart_add(mp, GMIME_OBJECT(part));
		g_object_unref(part);
		free(type);
	}
	return GMIME_OBJECT(mp);
}

int
mail_msg_render(const struct mail_msg *m, struct sbuf *out, char **id,
    struct gb_err *e)
{
	char hex[2 * CRYPTO_SHA256_BYTES + 1], boundary[64];
	struct sbuf mid;
	GMimeMessage *msg;
	GMimeObject *obj, *tree;
	GMimeFormatOptions *fo;
	GMimeStream *st;
	GByteArray *bytes;

	if (mail_msg_check(m, e) == -1)
		return -1;
	mail_msg_gmime_init();
	mail_msg_hash(m, hex);
	/* The first half names the message, the second the boundary: a
	 * boundary of "=_" and hex can be in no base64 or quoted-printable
	 * text, and in a 7bit body only by quoting the hash of itself. */
	sbuf_init(&mid);
	sbuf_printf(&mid, "%.32s.gunbai@%s", hex, mail_addr_domain(m->from));
	snprintf(boundary, sizeof boundary, "=_gunbai_%s", hex + 32);

	msg = g_mime_message_new(FALSE);
	obj = GMIME_OBJECT(msg);
	g_mime_object_append_header(obj, "From", m->from, NULL);
	g_mime_object_append_header(obj, "To", m->to, NULL);
	g_mime_object_append_header(obj, "Subject", m->subject, "utf-8");
	g_mime_message_set_message_id(msg, mid.p);
	if (m->in_reply_to != NULL)
		g_mime_object_append_header(obj, "In-Reply-To",
		    m->in_reply_to, NULL);
	if (m->references != NULL)
		g_mime_object_append_header(obj, "References", m->references,
		    NULL);
	g_mime_object_append_header(obj, "Auto-Submitted", m->reply ?
	    "auto-replied" : "auto-generated", NULL);
	g_mime_object_append_header(obj, "MIME-Version", "1.0", NULL);
	tree = mail_msg_tree(m, boundary);
	g_mime_message_set_mime_part(msg, tree);
	g_object_unref(tree);

	fo = g_mime_format_options_new();
	g_mime_format_options_set_newline_format(fo, GMIME_NEWLINE_FORMAT_UNIX);
	g_mime_format_options_set_param_encoding_method(fo,
	    GMIME_PARAM_ENCODING_METHOD_RFC2231);
	st = g_mime_stream_mem_new();
	g_mime_object_write_to_stream(obj, fo, st);
	bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(st));
	sbuf_add(out, (const char *)bytes->data, bytes->len);
	g_object_unref(st);
	g_mime_format_options_free(fo);
	g_object_unref(msg);
	if (id != NULL) {
		*id = util_malloc(mid.len + 3);
		snprintf(*id, mid.len + 3, "<%s>", mid.p);
	}
	sbuf_free(&mid);
	return 0;
}

int
mail_msg_write(const struct mail_msg *m, const char *path, struct gb_err *e)
{
	struct sbuf b;
	int r;

	sbuf_init(&b);
	if ((r = mail_msg_render(m, &b, NULL, e)) == 0)
		r = fileio_create(path, b.p, b.len, e);
	sbuf_free(&b);
	return r;
}

int
mail_msg_stage(const struct mail_msg *m, struct fileio_stage *s,
    const char *relpath, struct gb_err *e)
{
	struct sbuf b;
	int r;

	sbuf_init(&b);
	if ((r = mail_msg_render(m, &b, NULL, e)) == 0)
		r = fileio_stage_write(s, relpath, b.p, b.len, e);
	sbuf_free(&b);
	return r;
}

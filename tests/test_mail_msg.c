/* test_mail_msg.c - outgoing messages (mail_msg.h): parsed back, the
 * same bytes every time, lines any MTA takes, hostile fields refused. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gmime/gmime.h>

#include "mail/mail_msg.h"

static const char report[] = "Senjin, game club-7, turn 3\n\nYour hand:\n"
    "  Shi, Sho\n\nOrders template:\nturn: 3\norders:\n  - \n";
static const char json[] = "{\"game\": \"senjin\", \"turn\": 3}\n";
static const char svg[] = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n";

static struct mail_msg
msg_sample(const struct mail_attach *att, size_t natt)
{
	struct mail_msg m = {
		.from = "gm@example.org",
		.to = "alice@example.com",
		.subject = "club-7 turn 3: your report, alice",
		.body = report,
		.body_len = sizeof report - 1,
		.att = att,
		.natt = natt,
	};
	return m;
}

static const struct mail_attach sample_att[] = {
	{ "alice.json", "application/json", json, sizeof json - 1 },
	{ "alice.svg", "image/svg+xml", svg, sizeof svg - 1 },
};

static char *
msg_render(const struct mail_msg *m, char **id)
{
	struct sbuf b;
	struct gb_err e;

	sbuf_init(&b);
	if (mail_msg_render(m, &b, id, &e) != 0)
		fail_msg("refused: %s", e.msg);
	return sbuf_take(&b);
}

static GMimeMessage *
msg_parse(const char *bytes)
{
	GMimeStream *st = g_mime_stream_mem_new_with_buffer(bytes,
	    strlen(bytes));
	GMimeParser *p = g_mime_parser_new_with_stream(st);
	GMimeMessage *msg = g_mime_parser_construct_message(p, NULL);

	assert_non_null(msg);
	g_object_unref(p);
	g_object_unref(st);
	return msg;
}

/* The decoded content of a leaf part, NUL-terminated (caller frees). */
static char *
msg_content(GMimeObject *obj, size_t *len)
{
	GMimeStream *st = g_mime_stream_mem_new();
	GByteArray *a;
	char *s;

	assert_true(GMIME_IS_PART(obj));
	g_mime_data_wrapper_write_to_stream(
	    g_mime_part_get_content(GMIME_PART(obj)), st);
	a = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(st));
	s = util_malloc(a->len + 1);
	if (a->len > 0)
		memcpy(s, a->data, a->len);
	s[a->len] = '\0';
	*len = a->len;
	g_object_unref(st);
	return s;
}

static void
msg_assert_part(GMimeObject *obj, const char *data, size_t n)
{
	size_t len;
	char *s = msg_content(obj, &len);

	assert_int_equal(len, n);
	assert_memory_equal(s, data, n);
	free(s);
}

static void
test_mail_msg_round_trip(void **ctx)
{
	struct mail_msg m = msg_sample(sample_att, 2);
	char *id, *bytes, *type;
	GMimeMessage *msg;
	GMimeMultipart *mp;
	GMimeObject *part;

	(void)ctx;
	m.in_reply_to = "<orders.1@mail.example.com>";
	m.references = "<a@b> <orders.1@mail.example.com>";
	bytes = msg_render(&m, &id);
	msg = msg_parse(bytes);
	assert_string_equal(g_mime_object_get_header(GMIME_OBJECT(msg),
	    "From"), "gm@example.org");
	assert_string_equal(g_mime_object_get_header(GMIME_OBJECT(msg),
	    "To"), "alice@example.com");
	assert_string_equal(g_mime_message_get_subject(msg), m.subject);
	assert_string_equal(g_mime_object_get_header(GMIME_OBJECT(msg),
	    "In-Reply-To"), m.in_reply_to);
	assert_string_equal(g_mime_object_get_header(GMIME_OBJECT(msg),
	    "References"), m.references);
	/* The MTA dates the message, not gunbai. */
	assert_null(g_mime_object_get_header(GMIME_OBJECT(msg), "Date"));
	assert_int_equal(strlen(id), 1 + 32 + strlen(".gunbai@example.org") + 1);
	assert_non_null(strstr(id, ".gunbai@example.org>"));
	assert_memory_equal(g_mime_message_get_message_id(msg), id + 1,
	    strlen(id) - 2);

	assert_true(GMIME_IS_MULTIPART(g_mime_message_get_mime_part(msg)));
	mp = GMIME_MULTIPART(g_mime_message_get_mime_part(msg));
	assert_int_equal(g_mime_multipart_get_count(mp), 3);
	msg_assert_part(g_mime_multipart_get_part(mp, 0), report,
	    sizeof report - 1);
	part = g_mime_multipart_get_part(mp, 1);
	assert_string_equal(g_mime_part_get_filename(GMIME_PART(part)),
	    "alice.json");
	type = g_mime_content_type_get_mime_type(
	    g_mime_object_get_content_type(part));
	assert_string_equal(type, "application/json");
	g_free(type);
	msg_assert_part(part, json, sizeof json - 1);
	part = g_mime_multipart_get_part(mp, 2);
	assert_string_equal(g_mime_part_get_filename(GMIME_PART(part)),
	    "alice.svg");
	msg_assert_part(part, svg, sizeof svg - 1);
	g_object_unref(msg);
	free(bytes);
	free(id);
}

/* Same message, same bytes; any change of content, another Message-ID
 * and boundary. */
static void
test_mail_msg_deterministic(void **ctx)
{
	struct mail_msg m = msg_sample(sample_att, 2);
	struct mail_attach att2[2];
	char *a, *b, *c, *ida, *idb, *idc;

	(void)ctx;
	a = msg_render(&m, &ida);
	b = msg_render(&m, &idb);
	assert_string_equal(a, b);
	assert_string_equal(ida, idb);
	memcpy(att2, sample_att, sizeof att2);
	att2[1].len--; /* one byte less of the picture */
	m.att = att2;
	c = msg_render(&m, &idc);
	assert_string_not_equal(ida, idc);
	assert_non_null(strstr(a, "boundary=\"=_gunbai_"));
	assert_null(strstr(c, strstr(a, "=_gunbai_")));
	free(a);
	free(b);
	free(c);
	free(ida);
	free(idb);
	free(idc);
}

static void
msg_assert_lines(const char *s)
{
	for (const char *p = s; *p != '\0';) {
		const char *nl = strchr(p, '\n');

		assert_non_null(nl);
		if (nl - p > 78)
			fail_msg("line of %d bytes: %.*s", (int)(nl - p),
			    (int)(nl - p), p);
		for (const char *q = p; q < nl; q++)
			assert_true((*q >= ' ' && *q < 0x7f) || *q == '\t');
		p = nl + 1;
	}
}

/* Long lines, non-ASCII text and a "From " line: every line of the
 * message short printable ASCII, the body decoded exactly. */
static void
test_mail_msg_encodings(void **ctx)
{
	static const char *const bodies[] = {
		report, /* a trailing blank in "  - " */
		"Senjin, turn 3\n\nmove e2 e3\n",
		"caf\xc3\xa9 \xe6\x88\xa6\n",
		"a line of more than seventy-eight characters, a line of more "
		    "than seventy-eight characters\n",
		"trailing blanks   \nand a last line\n",
		"orders\nFrom alice: move e2 e3\n",
		"",
	};
	static const char *const enc[] = { "quoted-printable", "7bit",
		"quoted-printable", "quoted-printable", "quoted-printable", "base64", "7bit" };

	(void)ctx;
	for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
		struct mail_msg m = msg_sample(sample_att, i % 2 ? 2 : 0);
		char *bytes, hdr[64];
		GMimeMessage *msg;
		GMimeObject *body;

		m.body = bodies[i];
		m.body_len = strlen(bodies[i]);
		m.subject = "turn 3 \xe6\x88\xa6 caf\xc3\xa9 and a subject long "
		    "enough to need folding over more than one line";
		bytes = msg_render(&m, NULL);
		msg_assert_lines(bytes);
		snprintf(hdr, sizeof hdr, "Content-Transfer-Encoding: %s\n",
		    enc[i]);
		if (strstr(bytes, hdr) == NULL)
			fail_msg("body %zu: no %s in\n%s", i, hdr, bytes);
		msg = msg_parse(bytes);
		assert_string_equal(g_mime_message_get_subject(msg), m.subject);
		body = g_mime_message_get_mime_part(msg);
		if (GMIME_IS_MULTIPART(body))
			body = g_mime_multipart_get_part(GMIME_MULTIPART(body),
			    0);
		msg_assert_part(body, bodies[i], strlen(bodies[i]));
		g_object_unref(msg);
		free(bytes);
	}
}

/* Nothing from a field can add a header or a part. */
static void
test_mail_msg_refused(void **ctx)
{
	static const char esc_body[] = "hello \x1b[2J\n";
	struct mail_attach att[1];
	struct mail_msg m;
	struct sbuf b;
	struct gb_err e;

	(void)ctx;
	sbuf_init(&b);
#define REFUSED(field, value, why)                                   \
	do {                                                          \
		m = msg_sample(NULL, 0);                              \
		m.field = value;                                      \
		assert_int_equal(mail_msg_render(&m, &b, NULL, &e), -1); \
		assert_non_null(strstr(e.msg, why));                  \
		assert_int_equal(b.len, 0);                           \
	} while (0)
	REFUSED(to, "alice@example.com\nBcc: eve@example.net", "To: address");
	REFUSED(from, "Organiser <gm@example.org>", "From: address");
	REFUSED(subject, "report\nBcc: eve@example.net", "subject");
	REFUSED(subject, "report \xe2\x80\xae", "subject");
	REFUSED(in_reply_to, "<a@b>\nBcc: eve@example.net", "In-Reply-To");
	REFUSED(in_reply_to, "<a@b> <c@d>", "In-Reply-To");
	REFUSED(in_reply_to, "a@b", "In-Reply-To");
	REFUSED(references, "<a@b>  <c@d>", "References");
	REFUSED(references, "<a@b>\r\n <c@d>", "References");
	m = msg_sample(NULL, 0);
	m.body = esc_body;
	m.body_len = sizeof esc_body - 1;
	assert_int_equal(mail_msg_render(&m, &b, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "body"));
	m = msg_sample(NULL, 0);
	m.body_len--; /* the last newline */
	assert_int_equal(mail_msg_render(&m, &b, NULL, &e), -1);
	assert_string_equal(e.msg, "the body does not end with a newline");
	m = msg_sample(NULL, 0);
	m.body_len = sizeof report; /* the NUL too */
	assert_int_equal(mail_msg_render(&m, &b, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "body"));

	att[0] = sample_att[0];
	att[0].filename = "../../etc/passwd";
	m = msg_sample(att, 1);
	assert_int_equal(mail_msg_render(&m, &b, NULL, &e), -1);
	assert_string_equal(e.msg, "attachment 1: invalid file name");
	att[0].filename = ".hidden";
	assert_int_equal(mail_msg_render(&m, &b, NULL, &e), -1);
	att[0] = sample_att[0];
	att[0].type = "text/plain\nBcc: eve@example.net";
	assert_int_equal(mail_msg_render(&m, &b, NULL, &e), -1);
	assert_string_equal(e.msg, "attachment 1: invalid content type");
	att[0].type = "json";
	assert_int_equal(mail_msg_render(&m, &b, NULL, &e), -1);
	assert_int_equal(b.len, 0);
	sbuf_free(&b);
#undef REFUSED
}

/* Written whole or not at all, never over a file. */
static void
test_mail_msg_write(void **ctx)
{
	char dir[] = "/tmp/gunbai-mailmsg.XXXXXX", path[64], *want, *got;
	struct mail_msg m = msg_sample(sample_att, 2);
	struct gb_err e;
	size_t len;

	(void)ctx;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/alice.eml", dir);
	assert_int_equal(mail_msg_write(&m, path, &e), 0);
	want = msg_render(&m, NULL);
	assert_int_equal(fileio_read(path, 1 << 20, &got, &len, &e), 0);
	assert_string_equal(got, want);
	assert_int_equal(mail_msg_write(&m, path, &e), -1);
	assert_non_null(strstr(e.msg, "exists"));
	free(got);
	free(want);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* Staged with a run's other outputs: there only when committed. */
static void
test_mail_msg_stage(void **ctx)
{
	char dir[] = "/tmp/gunbai-mailstage.XXXXXX", out[64], path[96];
	char *want, *got;
	struct mail_msg m = msg_sample(sample_att, 1);
	struct fileio_stage s;
	struct gb_err e;
	size_t len;

	(void)ctx;
	assert_non_null(mkdtemp(dir));
	snprintf(out, sizeof out, "%s/outbox", dir);
	snprintf(path, sizeof path, "%s/alice.eml", out);
	assert_int_equal(fileio_stage_begin(&s, out, &e), 0);
	assert_int_equal(mail_msg_stage(&m, &s, "alice.eml", &e), 0);
	m.to = "not an address";
	assert_int_equal(mail_msg_stage(&m, &s, "bob.eml", &e), -1);
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(fileio_stage_commit(&s, &e), 0);
	fileio_stage_end(&s);
	m.to = "alice@example.com";
	want = msg_render(&m, NULL);
	assert_int_equal(fileio_read(path, 1 << 20, &got, &len, &e), 0);
	assert_string_equal(got, want);
	snprintf(path, sizeof path, "%s/bob.eml", out);
	assert_int_equal(access(path, F_OK), -1);
	free(got);
	free(want);
	snprintf(path, sizeof path, "rm -r '%s'", dir);
	assert_int_equal(system(path), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mail_msg_round_trip),
		cmocka_unit_test(test_mail_msg_deterministic),
		cmocka_unit_test(test_mail_msg_encodings),
		cmocka_unit_test(test_mail_msg_refused),
		cmocka_unit_test(test_mail_msg_write),
		cmocka_unit_test(test_mail_msg_stage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

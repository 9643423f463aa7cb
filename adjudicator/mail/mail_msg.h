/* mail_msg.h - one outgoing mail message, composed with GMime as bytes
 * ready for `sendmail -t` (formats/mail.md).  mail-out writes the reports
 * with it; mail-in its replies.
 *
 * The bytes are a function of the message alone: no Date: header (the
 * MTA adds one), a Message-ID and MIME boundary made from the SHA-256 of
 * the content instead of GMime's random ones, headers in a fixed order,
 * LF line ends, every line within 78 characters: the text body as it is
 * when it is short ASCII lines, base64 when a line starts "From " (mbox
 * files change such lines), quoted-printable otherwise; attachments
 * base64, so that their bytes arrive exactly.  Every message says it was
 * written by a program (RFC 3834's Auto-Submitted), so that autoresponders
 * do not answer it and mail-in can tell its own mail from a player's. */
#ifndef GUNBAI_MAIL_MSG_H
#define GUNBAI_MAIL_MSG_H

#include <stddef.h>

#include "base/fileio.h"
#include "base/util.h"

/* From: when the organiser gives none: the user a mail robot runs as,
 * on the machine it runs on. */
#define MAIL_MSG_FROM_DEFAULT "gunbai@localhost"
#define MAIL_MSG_NAME_MAX 100  /* bytes in an attachment's file name */
#define MAIL_MSG_ID_MAX 250    /* bytes in one In-Reply-To message id */
#define MAIL_MSG_REFS_MAX 4000 /* bytes in References */

/* One attachment.  filename: 1 to MAIL_MSG_NAME_MAX letters, digits, '.',
 * '_' or '-', not starting with '.'; type: "type/subtype" (letters,
 * digits, '.', '+', '-'). */
struct mail_attach {
	const char *filename;
	const char *type;
	const char *data;
	size_t len;
};

/* A message.  from and to are addresses mail_addr_check accepts; subject
 * is one line of UTF-8 the escaping rule leaves as it is; in_reply_to
 * (NULL for none) is one message id "<...>" and references (NULL for
 * none) one or more separated by single spaces, printable ASCII; body is
 * UTF-8 text the escaping rule (ESCAPE_LINES) leaves as it is, empty or
 * ending in a newline. */
struct mail_msg {
	const char *from;
	const char *to;
	const char *subject;
	const char *in_reply_to;
	const char *references;
	const char *body;
	size_t body_len;
	const struct mail_attach *att;
	size_t natt;
	/* 1: an answer to a message (Auto-Submitted: auto-replied); 0: a
	 * report or notice (auto-generated).  Not in the Message-ID's hash:
	 * it follows from what the message is. */
	int reply;
};

/* Compose m: its bytes to out (appended; sbuf_init it first) and, if id
 * is not NULL, its Message-ID "<...>" (caller frees).  Returns 0, or -1
 * with e->msg saying which field is refused. */
int mail_msg_render(const struct mail_msg *m, struct sbuf *out, char **id,
    struct gb_err *e);

/* Compose m and create the file path with it (fileio_create: temporary
 * file, flushed, linked into place, never replacing a file). */
int mail_msg_write(const struct mail_msg *m, const char *path,
    struct gb_err *e);

/* Compose m and write it as relpath in the stage s. */
int mail_msg_stage(const struct mail_msg *m, struct fileio_stage *s,
    const char *relpath, struct gb_err *e);

#endif

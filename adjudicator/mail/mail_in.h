/* mail_in.h - orders files found in mail (gunbai mail-in, formats/mail.md).
 *
 * A message is parsed with GMime, never by hand.  Its parts are looked at
 * by content: a part (or, pasted in a text body, a run of lines) that is
 * an orders document, and a part (or a body line) that is a signature;
 * file names are hints only.  The signature decides who sent the orders:
 * a document is matched with the signature that verifies it with a
 * player's key.  Every cost is bounded before or while GMime walks the
 * message (the MAIL_IN_*_MAX below, documented in gunbai(1)). */
#ifndef GUNBAI_MAIL_IN_H
#define GUNBAI_MAIL_IN_H

#include <stddef.h>

#include "turn/state.h"
#include "base/util.h"

#define MAIL_IN_INPUT_MAX (64u << 20)   /* bytes of one input (an mbox) */
#define MAIL_IN_MESSAGE_MAX (2u << 20)  /* bytes of one message */
#define MAIL_IN_MESSAGES_MAX 1000       /* messages in one input */
/* Lines starting with "--" (a MIME boundary) or "Content-Type:" in one
 * message, counted before GMime parses it: every part needs one, so this
 * bounds GMime's work on a multipart bomb. */
#define MAIL_IN_MARKS_MAX 1000
#define MAIL_IN_PARTS_MAX 100           /* parts of one message */
#define MAIL_IN_DEPTH_MAX 8             /* multiparts nested */
#define MAIL_IN_SIGS_MAX 16             /* signatures looked at */
/* Signature verifications in one message (a text naming a player is
 * tried with that player's key alone, one without with every key), and
 * the bytes verified in all: what a hostile message can cost, whatever
 * it holds (bench section 8). */
#define MAIL_IN_VERIFY_MAX 32
/* Orders files of one message checked and answered: those that verify,
 * and those that do not (to say why). */
#define MAIL_IN_DOCS_MAX 16
#define MAIL_IN_UNVERIFIED_MAX 2
#define MAIL_IN_TRIED_BYTES_MAX (32u << 20)
#define MAIL_IN_HINT_MAX 128            /* bytes of a part's name shown */

/* An orders document found in a message, with the signature that
 * verifies it, or (when none does) the one that most likely belongs to
 * it. */
struct mail_in_doc {
	char *buf;          /* the document's bytes */
	size_t len;
	char *sig;          /* the signature file's bytes, or NULL: none */
	size_t siglen;
	int signer;         /* whose key verified sig over buf, or -1 */
	int game;           /* the game it names (mail_in_route), or -1 */
	int pasted;         /* found in a text body, not as a whole part */
	char hint[MAIL_IN_HINT_MAX]; /* the part's file name, escaped, or "" */
	char sighint[MAIL_IN_HINT_MAX];
};

struct mail_in_msg {
	char *from;         /* the first address of From:, or NULL */
	char *subject;      /* decoded, or NULL */
	char *message_id;   /* without <>, or NULL */
	char *first_line;   /* the body's first line of text if short (a
	                     * mail command), or NULL */
	/* Why the message is not to be answered (RFC 3834): it says a
	 * program wrote it (Auto-Submitted other than "no", Precedence bulk,
	 * junk or list, a List-Id), or it is a bounce (a null Return-Path,
	 * From: MAILER-DAEMON or postmaster); NULL: none of these.  mail_in_no_reply adds the sender's own address. */
	const char *automatic;
	int refused;        /* the message was not looked into: err says why */
	int over_budget;    /* texts were left untried: MAIL_IN_VERIFY_MAX */
	size_t tries;       /* verifications spent finding the documents */
	struct gb_err err;
	size_t nparts;      /* parts looked at */
	struct mail_in_doc *docs;
	size_t ndocs;
};

/* One message of an input: its bytes are buf[off, off + len). */
struct mail_in_span {
	size_t off, len;
};

/* Split an input into messages: an mbox (it starts with "From ") at each
 * line starting with "From ", the envelope line left out; else one
 * message.  Returns the count and *spans (caller frees); 0 for an empty
 * input. */
size_t mail_in_split(const char *buf, size_t len, struct mail_in_span **spans);

/* Parse one message of len bytes and find its orders documents and
 * signatures, matched with the keys of st's players.  Never fails as a
 * call: a message too big, too deep, with too many parts or that GMime
 * cannot read gets m->refused and m->err (From: and Subject: are still
 * read when they can be).  Free with mail_in_free. */
void mail_in_read(struct mail_in_msg *m, const char *buf, size_t len,
    const struct state *st);
void mail_in_free(struct mail_in_msg *m);

/* Why m gets no answer at all, or NULL: m->automatic, or its From: is
 * self (the address gunbai answers from: its own mail come back).  Its
 * signed orders files are still filed (formats/mail.md, Mail not
 * answered). */
const char *mail_in_no_reply(const struct mail_in_msg *m, const char *self);

/* Is addr (case ignored) a registered address of a player of one of
 * sts[0..n), or has no player there an address at all?  A message with
 * nothing gunbai can use (no orders file, no signature, no mail command)
 * is answered only then: anything else would answer spam, to forged
 * senders (backscatter). */
int mail_in_known(const char *addr, const struct state *const *sts,
    size_t n);

/* What mail-in says of a message it does not answer for that reason. */
#define MAIL_IN_STRANGER "it holds nothing gunbai can use and comes from " \
	"no player's registered address"

/* The same for a league: each document is of the game its "uid:" line
 * names (or, without one, its "game:" line, when one game has that id),
 * never of the sender's; its signature is tried with that game's keys
 * only, and d->game says which of sts[0..n) it is (-1: none). */
void mail_in_read_games(struct mail_in_msg *m, const char *buf, size_t len,
    const struct state *const *sts, size_t n);

/* Which of sts[0..n) the orders document buf names (always 0 when n is
 * 1), or -1. */
int mail_in_route(const struct state *const *sts, size_t n, const char *buf,
    size_t len);

/* Release GMime's global state (registered with atexit by the first
 * mail_in_read; for leak checkers). */
void mail_in_shutdown(void);

#endif

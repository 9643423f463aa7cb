/* cmd_mail_in.c - gunbai mail-in GAMEDIR [--from ADDR] [MESSAGE ...]:
 * the orders mailed to a game directory (formats/mail.md).
 *
 * For each message of each input (a message or an mbox; standard input
 * when none is named):
 * 1. find its orders files and signatures (mail_in.c);
 * 2. check each exactly as `gunbai check` does, against the newest state
 *    of the game directory (orders_read_mem, adjudicate_check);
 * 3. file each one `run` would take in GAMEDIR/inbox/ under a name made
 *    from its player, turn and SHA-256, its .sig first, each written to
 *    a temporary file, flushed and linked into place; the same bytes are
 *    filed once, and a file a higher revision in the inbox replaces, or
 *    that differs from one of the same revision there, is not filed;
 * 4. write the replies to GAMEDIR/outbox/mail-in/, ready for
 *    `sendmail -t`.
 *
 * The signature decides who sent a file, never From:.  A file signed by
 * a player is answered at that player's registered address when the game
 * has one, so that nobody can have another player's verdicts and receipt
 * sent elsewhere; everything else is answered to the sender. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "turn/adjudicate.h"
#include "turn/hints.h"
#include "archive/cmd.h"
#include "mail/mail.h"
#include "base/escape.h"
#include "archive/evidence.h"
#include "archive/gamedir.h"
#include "base/mail_addr.h"
#include "mail/mail_in.h"
#include "mail/mailin.h"
#include "mail/outbox.h"
#include "mail/mail_msg.h"
#include "report/report.h"

#define MAILIN_SHA_SHOWN 24 /* hex digits of the SHA-256 in a file name */
#define MAILIN_SIG_SHOWN 16 /* ... and of a second signature's */
#define MAILIN_OUTBOX "mail-in" /* in GAMEDIR/outbox: the replies */


/* A reply being written: to a player (by their signature) or to the
 * sender (mailin_reply_of). */
struct mailin_reply {
	struct sbuf body;
	int used;
};

/* The orders files of the inbox, read as run reads them. */
static struct orders_file *
mailin_inbox(struct mailin *mi, size_t *n)
{
	return gamedir_inbox(mi->dir, &mi->st, n);
}

/* Create path with data, or find it there with the same bytes (*had
 * set): 0, or -1 with e set. */
static int
mailin_create(const char *path, const char *data, size_t len, int *had,
    struct gb_err *e)
{
	*had = access(path, F_OK) == 0;
	if (!*had && fileio_create(path, data, len, e) == 0)
		return 0;
	/* There already, or made meanwhile by another mail-in. */
	if (access(path, F_OK) == 0 && fileio_same(path, data, len)) {
		*had = 1;
		return 0;
	}
	if (*had)
		err_set(e, 0, 0, "'%s' exists with other bytes", path);
	return -1;
}

/* File d as inbox/NAME: the .sig first, so that `run` never sees the
 * file without it.  The file there already with the same bytes is filed
 * (*had set); a .sig left alone by a killed mail-in is replaced.  0, or
 * -1 with e set. */
static int
mailin_store(struct mailin *mi, const char *name, const struct mail_in_doc *d,
    int *had, struct gb_err *e)
{
	char *path = gamedir_path(mi->dir, 0, "inbox"), *yaml, *sig;
	int r = 0, sighad;

	yaml = gamedir_path(path, 0, name);
	sig = util_malloc(strlen(yaml) + 5);
	strcat(strcpy(sig, yaml), ".sig");
	free(path);
	*had = access(yaml, F_OK) == 0 && fileio_same(yaml, d->buf, d->len);
	if (!*had) {
		if (access(sig, F_OK) == 0 && access(yaml, F_OK) == -1 &&
		    !fileio_same(sig, d->sig, d->siglen))
			unlink(sig);
		r = mailin_create(sig, d->sig, d->siglen, &sighad, e);
		if (r == 0)
			r = mailin_create(yaml, d->buf, d->len, had, e);
	}
	free(yaml);
	free(sig);
	return r;
}

/* Where f (read from d) stands among the inbox's files, as run would
 * sort them: NULL if run would take it, else why not.  *same is set if
 * run would use these very bytes filed already with a signature whose
 * SHA-256 is no greater (sig gets that signature's SHA-256); *second if
 * the inbox holds these bytes with a signature whose SHA-256 is greater,
 * which this one replaces as the one used (formats/orders.md: one rule
 * for run and mail-in). */
static char *
mailin_against_inbox(struct mailin *mi, const struct orders_file *f,
    const struct mail_in_doc *d, int *same, int *second,
    char sig[COMMIT_HEX + 1])
{
	struct orders_file *files;
	size_t n, k;
	char *why = NULL, mine[COMMIT_HEX + 1], theirs[COMMIT_HEX + 1];

	*same = *second = 0;
	files = mailin_inbox(mi, &n);
	files = util_reallocarray(files, n + 1, sizeof *files);
	orders_read_mem(&files[n], f->path, d->buf, d->len, d->sig, d->siglen,
	    &mi->st);
	files[n].arg = n;
	n++;
	orders_sort(files, n);
	for (k = 0; files[k].arg != n - 1; k++)
		;
	/* These bytes in the inbox already: with this signature, or with
	 * one run would use instead (filed: "already"), or with one this
	 * one replaces as the one used (*second). */
	orders_sig_sha256(&files[k], mine);
	for (size_t j = 0; j < n; j++) {
		if (j == k || strcmp(files[j].sha256, f->sha256) != 0)
			continue;
		orders_sig_sha256(&files[j], theirs);
		if (strcmp(theirs, mine) == 0 || files[j].ok) {
			*same = 1;
			memcpy(sig, theirs, sizeof theirs);
		} else if (files[k].ok && files[j].copy) {
			*second = 1;
		}
	}
	if (*same)
		*second = 0;
	else if (files[k].copy)
		why = util_strdup(files[k].err.msg);
	else if (!files[k].ok) {
		struct sbuf b;

		sbuf_init(&b);
		sbuf_printf(&b, "the inbox holds another file of %s for point "
		    "%lld with revision %lld, and run would refuse both: send "
		    "this one again with 'revision: %lld'",
		    mi->st.names[f->player], f->turn, f->revision,
		    f->revision + 1);
		why = sbuf_take(&b);
	}
	for (k = 0; k < n; k++)
		orders_free(&files[k]);
	free(files);
	return why;
}

/* The name a file is filed and shown under: PLAYER-tTURN-SHA.yaml for a
 * good envelope, SHA.yaml otherwise; never a name from the mail. */
static void
mailin_name(const struct state *st, const struct orders_file *f, char *out,
    size_t size)
{
	if (f->ok)
		snprintf(out, size, "%s-t%lld-%.*s.yaml", st->names[f->player],
		    f->turn, MAILIN_SHA_SHOWN, f->sha256);
	else
		snprintf(out, size, "%.*s.yaml", MAILIN_SHA_SHOWN, f->sha256);
}

/* How a player signs an orders file, in a reply. */
#define MAILIN_SIGN_CMD "openssl pkeyutl -sign -rawin -inkey " \
	"YOURNAME.key -in orders.yaml -out orders.yaml.sig"

/* Read d as an orders file called by the name it is filed under (from
 * its envelope); a document without a signature is refused as not
 * signed.  The hints on a signature that fails cost at most *budget
 * verifications, taken from it: what is left of the message's. */
static void
mailin_read_doc(struct mailin *mi, const struct mail_in_doc *d,
    struct orders_file *f, char *name, size_t size, size_t *budget)
{
	/* A document no key verified has no good envelope: its name is
	 * SHA.yaml, and it is read once, not twice (each read verifies). */
	if (d->signer < 0) {
		char hex[2 * CRYPTO_SHA256_BYTES + 1];

		crypto_sha256_hex(d->buf, d->len, hex);
		snprintf(name, size, "%.*s.yaml", MAILIN_SHA_SHOWN, hex);
	} else {
		orders_read_mem(f, "orders.yaml", d->buf, d->len, d->sig ?
		    d->sig : "", d->siglen, &mi->st);
		mailin_name(&mi->st, f, name, size);
		orders_free(f);
	}
	orders_read_bounded(f, name, d->buf, d->len, d->sig ? d->sig : "",
	    d->siglen, &mi->st, budget);
	if (d->sig == NULL) {
		err_file(&f->err, name);
		err_set(&f->err, 0, 0, "not signed: the message holds no "
		    "signature (the .sig file, or its base64 text on a line "
		    "of its own); sign the file with '" MAILIN_SIGN_CMD "' "
		    "and attach both files");
	} else if (d->len > FILEIO_ORDERS_MAX) {
		/* What run would refuse to read is not filed. */
		f->ok = 0;
		err_file(&f->err, name);
		err_set(&f->err, 0, 0, "the file is %zu bytes; at most %u "
		    "allowed", d->len, FILEIO_ORDERS_MAX);
	}
}

/* Where d came from, for the reply. */
static void
mailin_where(const struct mail_in_doc *d, struct sbuf *b)
{
	if (d->pasted)
		sbuf_puts(b, "pasted in the text of the message");
	else if (d->hint[0] != '\0')
		sbuf_printf(b, "the attachment '%s'", d->hint);
	else
		sbuf_puts(b, "a part of the message");
	if (d->sig == NULL)
		sbuf_puts(b, ", with no signature");
	else if (d->sighint[0] != '\0')
		sbuf_printf(b, ", signed by the part '%s'", d->sighint);
}

/* The organiser's signed receipt for the good file f, filed with the
 * signature whose SHA-256 is sig (formats/evidence.md), or (declined)
 * its signed word that f was not filed. */
static void
mailin_sign(struct mailin *mi, const struct orders_file *f, const char *sig,
    int declined, struct sbuf *out)
{
	struct sbuf text;
	uint8_t s[CRYPTO_SIG_BYTES];

	sbuf_init(&text);
	if (declined)
		evidence_declined_text(&mi->st, mi->sha, f, sig, &text);
	else
		evidence_receipt_text(&mi->st, mi->sha, f, sig, &text);
	crypto_sign(mi->key, text.p, text.len, s);
	sbuf_puts(out, declined ? "The organiser's signed word that this file "
	    "was not filed (formats/evidence.md; keep it):\n" : "The "
	    "organiser's signed receipt (formats/evidence.md; keep it):\n");
	evidence_block(out, text.p, s);
	sbuf_free(&text);
}

/* Note that d, naming a player of the game, was refused whole (f's
 * error): a line of outbox/refused.  Only a record for the reminders:
 * a failure to write it is said, not fatal. */
static void
mailin_refused_note(struct mailin *mi, const struct mail_in_doc *d,
    const struct orders_file *f)
{
	int p = d->signer >= 0 ? d->signer : hints_named(&mi->st, d->buf,
	    d->len);
	char *ob, *path;
	struct sbuf line;
	int fd;

	if (p < 0)
		return;
	ob = gamedir_path(mi->dir, 0, GAMEDIR_OUTBOX);
	path = gamedir_path(ob, 0, MAILIN_REFUSED);
	sbuf_init(&line);
	sbuf_printf(&line, "%lld %s ", mi->st.turn, mi->st.names[p]);
	escape_puts(&line, f->err.msg);
	sbuf_putc(&line, '\n');
	if ((mkdir(ob, 0777) == -1 && errno != EEXIST) ||
	    (fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
	    0666)) == -1) {
		cmd_fail(0, "%s: cannot write: %s", path, strerror(errno));
	} else {
		if (write(fd, line.p, line.len) != (ssize_t)line.len)
			cmd_fail(0, "%s: cannot write: %s", path,
			    strerror(errno));
		close(fd);
	}
	sbuf_free(&line);
	free(ob);
	free(path);
}

int
mailin_refused_said(const char *dir, long long turn, const char *player,
    struct sbuf *why)
{
	char *path = gamedir_path(dir, 0, GAMEDIR_OUTBOX "/" MAILIN_REFUSED);
	char *buf = NULL, head[160];
	struct gb_err e = { 0 };
	size_t len, hl;
	int found = 0;

	snprintf(head, sizeof head, "%lld %s ", turn, player);
	hl = strlen(head);
	if (access(path, F_OK) == 0 && fileio_read(path, FILEIO_STATE_MAX,
	    &buf, &len, &e) == 0) {
		for (size_t i = 0; i < len; ) {
			const char *nl = memchr(buf + i, '\n', len - i);
			size_t end = nl != NULL ? (size_t)(nl - buf) : len;

			if (end - i > hl && memcmp(buf + i, head, hl) == 0) {
				why->len = 0;
				sbuf_add(why, buf + i + hl, end - i - hl);
				found = 1;
			}
			i = end + 1;
		}
	}
	free(buf);
	free(path);
	return found;
}

/* Check, file and describe document d in the reply r.  Returns 1 if it
 * was filed (or already was), 0 if not, -1 if filing failed. */
static int
mailin_doc(struct mailin *mi, const struct mail_in_doc *d, size_t k,
    struct mailin_reply *r, size_t *budget)
{
	char name[GAMEDIR_NAME_MAX + 1], sig[COMMIT_HEX + 1];
	struct orders_file f;
	struct sbuf lines;
	enum adjudicate_verdict v;
	char *why = NULL;
	int same = 0, second = 0, had = 0, filed = 0;
	long long next;

	mailin_read_doc(mi, d, &f, name, sizeof name, budget);
	f.arg = 0;
	sbuf_init(&lines);
	v = adjudicate_check(&mi->st, &f, 1, &lines);
	sbuf_printf(&r->body, "Orders file %zu: ", k + 1);
	mailin_where(d, &r->body);
	sbuf_puts(&r->body, ".\n\n");
	escape_add(&r->body, lines.p ? lines.p : "", lines.len, ESCAPE_LINES);
	sbuf_free(&lines);
	sbuf_putc(&r->body, '\n');
	/* What `run` would take: a good envelope, while the game goes on,
	 * from a player who owes a decision at its turn or a later one. */
	if (v == VERDICT_FILE || v == VERDICT_OVER) {
		sbuf_puts(&r->body, "Not filed: the file is refused whole.\n");
		mailin_refused_note(mi, d, &f);
		/* No key verified it: it has no name of its own, and the
		 * player a way to find what broke. */
		if (d->sig != NULL && d->signer < 0)
			sbuf_printf(&r->body, "%s above is this file, named "
			    "by its SHA-256 as it is not filed.  Sign exactly "
			    "the file you send, with your own key: '"
			    MAILIN_SIGN_CMD "'; check it as "
			    "gunbai will with 'openssl pkeyutl -verify -pubin "
			    "-inkey YOURNAME.pub -rawin -in orders.yaml "
			    "-sigfile orders.yaml.sig' (it says 'Signature "
			    "Verified Successfully'); then attach both files "
			    "unchanged (a mail client that rewraps a pasted "
			    "file breaks its signature).\n", name);
	} else if ((why = mailin_against_inbox(mi, &f, d, &same, &second,
	    sig)) != NULL) {
		sbuf_puts(&r->body, "Not filed: ");
		escape_add(&r->body, why, strlen(why), 0);
		sbuf_puts(&r->body, ".\n");
		free(why);
		/* A good file declined: the organiser's word for it, so
		 * that a run that takes it after all can be shown. */
		if (mi->key != NULL) {
			struct gb_err e = { 0 };

			if (gamedir_receipt_note(mi->dir, mi->sha, &e) == -1) {
				cmd_fail_err(0, &e);
				orders_free(&f);
				return -1;
			}
			orders_sig_sha256(&f, sig);
			mailin_sign(mi, &f, sig, 1, &r->body);
		}
	} else {
		struct gb_err e = { 0 };

		if (!same)
			orders_sig_sha256(&f, sig);
		/* These bytes filed already with a signature whose SHA-256
		 * is greater: this one is filed beside it, under a name of
		 * its own, and is the one run uses. */
		if (second)
			snprintf(name + strlen(name) - 5, sizeof name -
			    (strlen(name) - 5), "-s%.*s.yaml",
			    MAILIN_SIG_SHOWN, sig);
		/* Filed already, maybe by another name: not again.  A
		 * signed receipt names the state: noted first, so that undo
		 * never takes back a run whose state a receipt names. */
		if ((mi->key != NULL && gamedir_receipt_note(mi->dir, mi->sha,
		    &e) == -1) || (!same && mailin_store(mi, name, d, &had,
		    &e) == -1)) {
			cmd_fail_err(0, &e);
			orders_free(&f);
			return -1;
		}
		filed = 1;
		sbuf_printf(&r->body, "%s in the inbox as %s.\nReceipt: "
		    "sha256 %s\nSignature: sha256 %s\n", same || had ?
		    "Already filed" : "Filed", name, f.sha256, sig);
		if (mi->key != NULL)
			mailin_sign(mi, &f, sig, 0, &r->body);
		next = gamedir_revisions(mi->dir, &mi->st, &f, &r->body);
		if (next > f.revision + 1)
			sbuf_printf(&r->body, "To change your orders again, "
			    "send the whole file with 'revision: %lld'.\n",
			    next);
		else if (v == VERDICT_INCOMPLETE || v == VERDICT_ORDER)
			sbuf_printf(&r->body, "To correct it, send the whole "
			    "file again with 'revision: %lld'.\n", next);
	}
	sbuf_putc(&r->body, '\n');
	orders_free(&f);
	return filed;
}

/* The reply of audience player (-1: the sender) among r[0..GAME_MAX_
 * PLAYERS]: r[0] is the sender's, r[1 + p] player p's. */
static struct mailin_reply *
mailin_reply_of(struct mailin_reply *r, int player)
{
	struct mailin_reply *x = &r[player + 1];

	x->used = 1;
	return x;
}

/* Who is told about d: the player whose key signed it, at their
 * registered address; the sender otherwise. */
static int
mailin_audience(const struct mailin *mi, const struct mail_in_doc *d)
{
	if (d->signer >= 0 && mi->st.players[d->signer].address != NULL)
		return d->signer;
	return -1;
}

/* The message id of m for In-Reply-To ("<...>"), or NULL if it has none
 * that can be written back, or if the reply goes to another address
 * than its From: (a player's registered one): the id is the sender's,
 * and may name them. */
static char *
mailin_msgid(const struct mail_in_msg *m, const char *to)
{
	struct sbuf b;

	if (m->from == NULL || strcasecmp(m->from, to) != 0 ||
	    m->message_id == NULL || strlen(m->message_id) == 0 ||
	    strlen(m->message_id) + 2 > MAIL_MSG_ID_MAX)
		return NULL;
	for (const char *p = m->message_id; *p != '\0'; p++)
		if (*p <= ' ' || *p > '~' || *p == '<' || *p == '>')
			return NULL;
	sbuf_init(&b);
	sbuf_printf(&b, "<%s>", m->message_id);
	return sbuf_take(&b);
}

/* Write reply r as GAMEDIR/outbox/mail-in/reply-NNNNNN-SHA.eml (outbox.h):
 * 0, or -1. */
static int
mailin_send(struct mailin *mi, const struct mail_in_msg *m,
    struct mailin_reply *r, const char *to, struct sbuf *said)
{
	struct mail_msg msg;
	struct gb_err e = { 0 };
	struct sbuf bytes, subject;
	char rel[256], *id = mailin_msgid(m, to);
	int had, rc = 0;

	sbuf_init(&subject);
	sbuf_printf(&subject, "gunbai %s: point %lld, your orders", mi->st.id,
	    mi->st.turn);
	memset(&msg, 0, sizeof msg);
	msg.from = mi->from_opt;
	msg.to = to;
	msg.subject = subject.p;
	msg.reply = 1;
	msg.in_reply_to = id;
	msg.references = id;
	msg.body = r->body.p;
	msg.body_len = r->body.len;
	sbuf_init(&bytes);
	if (mail_msg_render(&msg, &bytes, NULL, &e) == -1 ||
	    outbox_put(mi->dir, MAILIN_OUTBOX, "reply", bytes.p, bytes.len,
	    rel, sizeof rel, &had, &e) == -1)
		rc = cmd_fail_err(-1, &e);
	else
		sbuf_printf(said, "; reply to %s: %s", to, rel);
	free(id);
	sbuf_free(&bytes);
	sbuf_free(&subject);
	return rc;
}

/* The replies' opening and closing words. */
static void
mailin_open(const struct mailin *mi, struct mailin_reply *r)
{
	sbuf_init(&r->body);
	sbuf_printf(&r->body, "gunbai mail-in, game %s (%s), at point %lld.\n\n",
	    mi->st.id, mi->st.game->title, mi->st.turn);
}

/* The status told in a reply to viewer (a player, or GAMEDIR_VIEW_NONE
 * for an address that is no player's): of the others only what every
 * player may see. */
static void
mailin_close(const struct mailin *mi, struct mailin_reply *r, int status,
    int viewer)
{
	struct sbuf b;

	if (!status)
		return;
	sbuf_init(&b);
	report_status(&mi->st, &b);
	gamedir_filed(mi->dir, &mi->st, viewer, &b);
	sbuf_puts(&r->body, "The game now (gunbai status):\n\n");
	escape_add(&r->body, b.p, b.len, ESCAPE_LINES);
	sbuf_free(&b);
}

/* One message: check and file its documents, then write the replies.
 * said gets a line for standard output. */
static void
mailin_message(struct mailin *mi, const char *buf, size_t len,
    struct sbuf *said)
{
	struct mail_in_msg m;

	mail_in_read(&m, buf, len, &mi->st);
	mailin_answer(mi, &m, said);
	mail_in_free(&m);
}

void
mailin_answer(struct mailin *mi, const struct mail_in_msg *mp,
    struct sbuf *said)
{
	struct mailin_reply r[GAME_MAX_PLAYERS + 1];
	int signed_by[GAME_MAX_PLAYERS + 1] = { 0 };
	const struct mail_in_msg m = *mp;
	size_t filed = 0;
	/* What finding the documents left of the message's verifications,
	 * for the hints on those whose signature fails. */
	size_t budget = m.tries < MAIL_IN_VERIFY_MAX ?
	    MAIL_IN_VERIFY_MAX - m.tries : 0;
	const char *quiet = mail_in_no_reply(&m, mi->from_opt);
	const struct state *st = &mi->st;
	int failed = 0;
	size_t head;

	/* Nothing to use, from a stranger: not answered (backscatter). */
	if (quiet == NULL && m.ndocs == 0 && m.from != NULL &&
	    !mail_in_known(m.from, &st, 1))
		quiet = MAIL_IN_STRANGER;
	memset(r, 0, sizeof r);
	for (int a = 0; a <= GAME_MAX_PLAYERS; a++)
		mailin_open(mi, &r[a]);
	head = r[0].body.len;
	if (m.refused) {
		struct mailin_reply *x = mailin_reply_of(r, -1);
		sbuf_puts(&x->body, "Your message was not read: ");
		escape_add(&x->body, m.err.msg, strlen(m.err.msg), 0);
		sbuf_printf(&x->body, ".  Mail the orders file and its "
		    ".sig file as attachments, in a message of at most %u "
		    "bytes.\n", MAIL_IN_MESSAGE_MAX);
		sbuf_puts(said, "not read: ");
		escape_add(said, m.err.msg, strlen(m.err.msg), 0);
	} else if (m.ndocs == 0) {
		struct mailin_reply *x = mailin_reply_of(r, -1);
		sbuf_puts(&x->body, "No orders file was found in your "
		    "message.  Attach the orders file (the template at the end "
		    "of your latest report, filled in: it starts with "
		    "'gunbai: orders 2') and its signature file (.sig).\n");
		sbuf_puts(said, "no orders file");
	}
	for (size_t k = 0; k < m.ndocs; k++) {
		int a = mailin_audience(mi, &m.docs[k]);
		int got = mailin_doc(mi, &m.docs[k], k, mailin_reply_of(r, a),
		    &budget);
		if (got == -1)
			failed = 1;
		filed += got == 1;
		signed_by[a + 1] |= m.docs[k].signer >= 0;
	}
	if (m.ndocs > 0)
		sbuf_printf(said, "%zu orders file%s, %zu filed", m.ndocs,
		    m.ndocs == 1 ? "" : "s", filed);
	/* The work a message may cost is bounded: said to its sender. */
	if (m.over_budget) {
		sbuf_printf(&mailin_reply_of(r, -1)->body, "Not every text of "
		    "your message was tried: gunbai makes at most %d "
		    "signature verifications and checks at most %d orders "
		    "files in one message.  Mail each orders file with its "
		    "own signature, attached, one or a few to a message.\n\n",
		    MAIL_IN_VERIFY_MAX, MAIL_IN_DOCS_MAX);
		sbuf_puts(said, m.ndocs > 0 ? "; not all tried" :
		    "not all tried");
	}
	/* Nothing is said of a message not filed whole: it is to be given
	 * again (the MTA defers it). */
	if (failed) {
		sbuf_puts(said, "; not all filed: no reply");
		mi->status = EXIT_OUTPUT;
	}
	/* Nothing is said to mail a program wrote, a bounce or gunbai's
	 * own mail come back: answering it could loop (RFC 3834). */
	if (!failed && quiet != NULL) {
		sbuf_printf(said, "%snot answered: %s", said->len ? "; " : "",
		    quiet);
	}
	/* One reply to one address: what is said to the sender joins the
	 * reply of the player whose registered address the sender wrote
	 * from. */
	for (int a = 1; a <= GAME_MAX_PLAYERS && r[0].used; a++) {
		const char *to = mi->st.players[a - 1].address;

		if (!r[a].used || to == NULL || m.from == NULL ||
		    strcasecmp(to, m.from) != 0)
			continue;
		sbuf_add(&r[a].body, r[0].body.p + head, r[0].body.len - head);
		r[0].used = 0;
	}
	for (int a = 0; a <= GAME_MAX_PLAYERS && !failed && quiet == NULL;
	    a++) {
		const char *to = a > 0 ? mi->st.players[a - 1].address :
		    m.from;
		struct gb_err e = { 0 };
		if (!r[a].used)
			continue;
		mailin_close(mi, &r[a], signed_by[a],
		    a > 0 ? a - 1 : GAMEDIR_VIEW_NONE);
		if (to == NULL || mail_addr_check(to, &e) == -1) {
			sbuf_puts(said, "; no reply: ");
			escape_puts(said, to == NULL ? "no From: address" :
			    e.msg);
		} else if (mailin_send(mi, &m, &r[a], to, said) == -1) {
			mi->status = EXIT_OUTPUT;
		}
	}
	for (int a = 0; a <= GAME_MAX_PLAYERS; a++)
		sbuf_free(&r[a].body);
}

/* One input: a message or an mbox of them; fn answers each message. */
static int
mailin_input(const char *name, const char *buf, size_t len, mailin_fn fn,
    void *ctx)
{
	struct mail_in_span *spans;
	size_t n = mail_in_split(buf, len, &spans);
	int status = EXIT_OK;

	if (n == 0) {
		cmd_fail(0, "%s: empty: no mail message in it", name);
		status = EXIT_INPUT;
	} else if (n > MAIL_IN_MESSAGES_MAX) {
		cmd_fail(0, "%s: %zu messages; at most %d in one input", name,
		    n, MAIL_IN_MESSAGES_MAX);
		status = EXIT_INPUT;
		n = 0;
	}
	for (size_t i = 0; i < n; i++) {
		struct sbuf said, line;
		sbuf_init(&said);
		fn(ctx, buf + spans[i].off, spans[i].len, &said);
		/* The input's name through the escaping rule: one line. */
		sbuf_init(&line);
		escape_puts(&line, name);
		sbuf_printf(&line, ": message %zu: %s\n", i + 1,
		    said.p ? said.p : "");
		fwrite(line.p, 1, line.len, stdout);
		sbuf_free(&line);
		sbuf_free(&said);
	}
	free(spans);
	return status;
}

int
mailin_inputs(int n, char **names, mailin_fn fn, void *ctx)
{
	struct gb_err e = { 0 };
	int status = EXIT_OK;

	/* Standard input when no MESSAGE is named. */
	for (int i = 0; i < n || (i == 0 && n == 0); i++) {
		const char *name = i < n ? names[i] : "-";
		char *buf;
		size_t len;

		if ((i < n ? fileio_read(name, MAIL_IN_INPUT_MAX, &buf, &len,
		    &e) : fileio_read_fd(0, "standard input",
		    MAIL_IN_INPUT_MAX, &buf, &len, &e)) == -1) {
			cmd_fail_err(0, &e);
			status = EXIT_INPUT;
			continue;
		}
		if (mailin_input(name, buf, len, fn, ctx) != EXIT_OK)
			status = EXIT_INPUT;
		free(buf);
	}
	return status;
}

/* mailin_fn of mail-in GAMEDIR. */
static void
mailin_one(void *ctx, const char *buf, size_t len, struct sbuf *said)
{
	mailin_message(ctx, buf, len, said);
}

int
cmd_mail_in(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "key", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct mailin mi;
	struct gb_err e = { 0 };
	long long run;
	const char *keypath = NULL;
	char *path;
	int c, lock;

	memset(&mi, 0, sizeof mi);
	mi.from_opt = MAIL_MSG_FROM_DEFAULT;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'f': mi.from_opt = optarg; break;
		case 'k': keypath = optarg; break;
		case 'h':
			printf("usage: gunbai mail-in %s\n", CMD_MAIL_IN_USAGE);
			return EXIT_OK;
		default:
			cmd_fail(0, "unknown option or missing argument: '%s'",
			    argv[optind - 1]);
			fprintf(stderr, "usage: gunbai mail-in %s\n",
			    CMD_MAIL_IN_USAGE);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: gunbai mail-in %s\n",
		    CMD_MAIL_IN_USAGE);
		return EXIT_USAGE;
	}
	if (mail_addr_check(mi.from_opt, &e) == -1)
		return cmd_fail(EXIT_USAGE, "--from: %s", e.msg);
	mi.dir = argv[optind++];
	/* Held to the end: no run starts from the state read here while
	 * files are filed against it (formats/archive.md, the lock). */
	if ((lock = gamedir_lock(mi.dir, &e)) == -1)
		return cmd_fail_err(EXIT_INPUT, &e);
	if (gamedir_runs(mi.dir, &run, &e) == -1) {
		gamedir_unlock(lock);
		return cmd_fail_err(EXIT_INPUT, &e);
	}
	path = gamedir_state_path(mi.dir, run);
	if (gamedir_load(path, &mi.st, mi.sha, &e) == -1) {
		free(path);
		gamedir_unlock(lock);
		return cmd_fail_err(EXIT_INPUT, &e);
	}
	free(path);
	/* The organiser's set-up at fault, not the message: the MTA is to
	 * give it again once the key is right. */
	if (evidence_key_load(&mi.st, keypath, &mi.key, &e) == -1) {
		state_free(&mi.st);
		gamedir_unlock(lock);
		return cmd_fail_err(EXIT_TEMPFAIL, &e);
	}
	if (mailin_inputs(argc - optind, argv + optind, mailin_one, &mi) !=
	    EXIT_OK && mi.status == EXIT_OK)
		mi.status = EXIT_INPUT;
	crypto_key_free(mi.key);
	state_free(&mi.st);
	gamedir_unlock(lock);
	return mi.status;
}

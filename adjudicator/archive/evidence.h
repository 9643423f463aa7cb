/* evidence.h - the organiser's signed word (formats/evidence.md): the
 * text signed for each report and each mail-in receipt, the block that
 * carries it and its signature in a report or a reply, and reading it
 * back.  `run` and `new -d` sign, `verify` checks the archive's
 * signatures against its replay, `gunbai evidence` checks what a player
 * was mailed. */
#ifndef GUNBAI_EVIDENCE_H
#define GUNBAI_EVIDENCE_H

#include "turn/orders.h"
#include "turn/state.h"

#define EVIDENCE_BEGIN "-----BEGIN GUNBAI EVIDENCE-----"
#define EVIDENCE_END "-----END GUNBAI EVIDENCE-----"
#define EVIDENCE_REPORT "gunbai-report-v3"
#define EVIDENCE_RECEIPT "gunbai-receipt-v3"
/* mail-in's signed word that it did not file a file (formats/
 * evidence.md): the receipt's fields under another first line. */
#define EVIDENCE_DECLINED "gunbai-declined-v1"
#define EVIDENCE_JSON_KEY "signed"
/* What a text report says before its signed block. */
#define EVIDENCE_PREAMBLE "\nThe organiser's signature over this " \
	"report (formats/evidence.md;\n'gunbai evidence' checks it):\n"
/* What the JSON twin holds before the signed text. */
#define EVIDENCE_JSON_OPEN ",\n \"" EVIDENCE_JSON_KEY "\": {\n  \"text\": \""

/* What the run that made a state took, for the signed text of its
 * reports: the state it started from (its turn; -1 for the start) and
 * the files it took, orders_sort()ed (each file's fate is judged against
 * the state made, as gamedir_place does). */
struct evidence_run {
	long long from_turn;
	const struct orders_file *files;
	size_t n;
};

/* The organiser's key for st from the file at path: *key is NULL when
 * st names no organiser and path is NULL.  -1 with e set if st names an
 * organiser and path is NULL, or the key is not st's organiser's, or st
 * names none and a key is given. */
int evidence_key_load(const struct state *st, const char *path,
    struct crypto_key **key, struct gb_err *e);

/* The text signed for the report of player (-1: the public report) of
 * st, whose state file hashes to state_hex; run NULL for the start.
 * body[0] (blen[0] bytes) is the text report and body[1] its JSON twin,
 * both as made before they are signed: the text names their SHA-256, so
 * the signature covers the whole of each. */
void evidence_report_text(const struct state *st, const char *state_hex,
    int player, const struct evidence_run *run, char *const body[],
    const size_t blen[], struct sbuf *out);

/* The body of a signed report (text or JSON, the n bytes at buf): the
 * bytes it was made with before evidence_append added the signed block,
 * into *body (caller frees).  0, or -1 if buf holds no signed block. */
int evidence_body(const char *buf, size_t n, char **body, size_t *len);

/* Say, on standard output, the organiser's key (the PEM key) the
 * verdicts are judged under, in hex, for a third party to compare with
 * the key the organiser announced: anyone can sign a whole game under a
 * key of their own. */
void evidence_say_key(const char *key);

/* Is the report in the n bytes at buf (text or JSON twin) the whole
 * report the signed text names (its body hashes to the text's
 * `body-text`, or for a JSON twin `body-json`)?  1 or 0. */
int evidence_body_ok(const char *buf, size_t n, const char *text);

/* The text signed for the receipt of the good file f, checked against
 * st (whose state file hashes to state_hex) and filed in its inbox with
 * the signature whose SHA-256 (orders_sig_sha256) is sig. */
void evidence_receipt_text(const struct state *st, const char *state_hex,
    const struct orders_file *f, const char *sig, struct sbuf *out);

/* The same fields under EVIDENCE_DECLINED: mail-in's word that it did
 * not file the good file f (a higher revision, or another file of the
 * same revision, in the inbox). */
void evidence_declined_text(const struct state *st, const char *state_hex,
    const struct orders_file *f, const char *sig, struct sbuf *out);

/* The block of text and its signature as a text report or reply ends
 * with it, added to out. */
void evidence_block(struct sbuf *out, const char *text,
    const uint8_t sig[CRYPTO_SIG_BYTES]);

/* Add the signed block to a report's bytes (*bytes, *len: malloc'd):
 * the text report ends with the block, the JSON report gets the key
 * "signed" with "text" and "signature" (base64). */
void evidence_append(char **bytes, size_t *len, int json, const char *text,
    const uint8_t sig[CRYPTO_SIG_BYTES]);

/* Sign every text and JSON report of out (report_make_all's) with key
 * over text, or with sig when key is NULL (verify: the archive's). */
void evidence_sign_reports(char *out[], size_t len[], const char *text,
    struct crypto_key *key, const uint8_t *sig);

/* The signed block in the n bytes at buf (a text report, a reply, or a
 * JSON report): *text (caller frees) and sig.  Returns 1 if found, 0 if
 * there is none, -1 with e set if it is damaged. */
int evidence_find(const char *buf, size_t n, char **text,
    uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e);

/* The value of the line "KEY VALUE" of a signed text, into out (at most
 * cap - 1 bytes); "" if there is none.  The first such line. */
void evidence_field(const char *text, const char *key, char *out,
    size_t cap);

#endif

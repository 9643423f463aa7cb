/* orders.h - orders files: read, check the signature on the raw bytes,
 * then parse and check the envelope (formats/orders.md). */
#ifndef GUNBAI_ORDERS_H
#define GUNBAI_ORDERS_H

#include <stddef.h>

#include "base/crypto.h"
#include "game/game.h"
#include "base/node.h"
#include "turn/state.h"

#define ORDERS_FORMAT "orders 2"
#define ORDERS_REVISION_MAX 1000000
#define ORDERS_MAX 100        /* orders in one file */
#define ORDERS_TEXT_MAX 200   /* bytes in one order */

struct orders_file {
	char *path;
	char sha256[2 * CRYPTO_SHA256_BYTES + 1];
	int ok;             /* the envelope is good */
	struct gb_err err;  /* why not, if !ok */
	int signer;         /* whose key verified the signature, or -1 */
	int copy;           /* refused only as a copy of another file */
	int named;          /* signature failed: the player its text names,
			       or -1 (hints_named) */
	size_t arg;         /* its place among the files given (caller's) */
	int player;         /* -1 until known */
	long long turn;
	long long revision; /* 0 when the file names none */
	long long replaced_by; /* the revision that replaced it, or 0 */
	uint8_t sig[CRYPTO_SIG_BYTES]; /* its signature, once verified */
	struct order *orders;
	size_t n;
	struct node *root;  /* owns the order texts */
};

/* Read path and path.sig and check them against st: the signature is
 * verified on the raw bytes with the players' keys before anything is
 * parsed; the file must then name this game's id and uid, a turn not yet
 * adjudicated, and the player whose key signed it.  Never fails as a
 * call: a refusal sets of->ok = 0 and of->err. */
void orders_read(struct orders_file *of, const char *path,
    const struct state *st);
/* orders_read on bytes already read: buf (len bytes) the file, sig (siglen)
 * its signature file; path is only shown. */
void orders_read_mem(struct orders_file *of, const char *path,
    const char *buf, size_t len, const char *sig, size_t siglen,
    const struct state *st);
/* orders_read_mem whose hints on a signature that fails (hints_sig_
 * damage) cost at most *budget verifications, *budget lessened by them
 * (mail-in's bound on one message); budget NULL: no bound. */
void orders_read_bounded(struct orders_file *of, const char *path,
    const char *buf, size_t len, const char *sig, size_t siglen,
    const struct state *st, size_t *budget);
void orders_free(struct orders_file *of);

/* The SHA-256 (hex) of the 64 bytes of a verified file's signature (not
 * of its .sig file, which may be base64): shown beside the file's own
 * hash in reports and receipts. */
void orders_sig_sha256(const struct orders_file *of, char out[COMMIT_HEX + 1]);

/* Which player's key verifies sig over buf (len bytes): the player's
 * index, -1 if none, -2 if a key cannot be used (e set).  Every key is
 * tried, the one of the player buf's lines name first. */
int orders_signer(const struct state *st, const char *buf, size_t len,
    const uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e);

/* Sort files by (turn, player, revision, sha256, the signature's SHA-256,
 * path) and keep one file per (turn, player): the highest revision wins
 * and lower ones are set aside; copies of the same bytes count once,
 * whatever their signatures, the one whose signature has the smallest
 * SHA-256 used; two different files of the highest
 * revision are all refused.  The result does not depend on the order
 * files were given. */
void orders_sort(struct orders_file *files, size_t n);

/* The indexes 0..n-1 of files into idx, in the order the files were
 * given: by arg, files of the same arg in their order in files.  Every
 * file is listed once, whatever the args (a subset of a run's files, or
 * files whose caller set no arg), so that what is made from the list
 * never depends on where a file stood among the arguments. */
void orders_given(const struct orders_file *files, size_t n, size_t *idx);

#endif
